const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe both as element text and inside a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export type AttrValue = string | number | boolean | undefined;

/**
 * ` name="value"` pairs for an opening tag, escaped; `true` writes a bare boolean attribute and
 * `false`/`undefined` leave it out, so optional constraints need no conditionals at the call site.
 */
export function attrs(list: Record<string, AttrValue>): string {
  let out = '';
  for (const [name, value] of Object.entries(list)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/**
 * Plain text someone typed, as escaped `<p>` elements: a blank line starts a new paragraph and a
 * single line break is kept as `<br>`, so what the author laid out is what the reader sees.
 */
export function textToParagraphs(
  text: string,
  paragraphAttrs: Record<string, AttrValue> = {},
): string {
  const open = `<p${attrs(paragraphAttrs)}>`;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `${open}${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}
