import type { SubmittedAnswer } from '../domain/form-answers';
import type { FormField } from '../schemas/clinical-form';
import { textProblem } from '../schemas/text-rules';

export interface ParsedFormPost {
  /** For checkAnswers: typed values in form order, then any names the form does not have. */
  submitted: SubmittedAnswer[];
  /** The raw strings by name, to fill the page in again when it has to be shown with errors. */
  values: Record<string, string | string[]>;
}

/**
 * Turns the page's urlencoded post into answers for the shared validator. It only converts what
 * the page's controls produce; everything else (a word in a number box, a repeated name, a name
 * that is not a question) is passed on unchanged for checkAnswers to refuse, so the page and the
 * API refuse the same things with the same codes.
 */
export function parseFormPost(
  fields: readonly FormField[],
  params: URLSearchParams,
): ParsedFormPost {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const names = [...new Set(params.keys())];

  // fromEntries defines own properties, so a posted "__proto__" is just a key.
  const values: Record<string, string | string[]> = Object.fromEntries(
    names.map((name) => [
      name,
      byId.get(name)?.type === 'multiselect' ? params.getAll(name) : (params.get(name) ?? ''),
    ]),
  );

  const submitted: SubmittedAnswer[] = [];
  for (const field of fields) {
    const posted = params.getAll(field.id);
    if (field.type === 'multiselect') {
      // No box ticked posts nothing at all, which is how the patient says "none of these".
      if (posted.length > 0) submitted.push({ fieldId: field.id, value: posted });
      continue;
    }
    // A blank box is an unanswered question. A name posted twice is sent twice, so the validator
    // reports duplicate_field rather than this code silently picking one.
    for (const raw of posted.filter((v) => /\S/.test(v))) {
      submitted.push({ fieldId: field.id, value: convert(field, raw) });
    }
  }
  for (const name of names) {
    if (byId.has(name)) continue;
    const posted = params.getAll(name);
    submitted.push({ fieldId: name, value: posted.length === 1 ? posted[0] : posted });
  }
  return { submitted, values };
}

function convert(field: FormField, raw: string): unknown {
  switch (field.type) {
    case 'number':
    case 'slider':
      return parseDecimal(raw) ?? raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'text':
      // U+0000 and the other control characters but tab and line breaks are refused in every
      // string of the API (the `multiline` text rule; the sandbox submit answers 422), and no
      // control of this page produces them. checkAnswers reads any text as an answer, so such
      // a post goes on as what it is not, a string: refused as `type`, nothing stored.
      if (textProblem(raw, 'multiline')) return { notText: raw };
      // Browsers send a textarea's line breaks as CRLF, but count them as one character against
      // maxlength: without this a patient at the limit would be told their answer is too long.
      return raw.replace(/\r\n/g, '\n');
    case 'select':
    case 'date':
    case 'multiselect':
      return raw;
  }
}

/**
 * A number as a person types it: decimal point or, as Spanish and Catalan write it, a decimal
 * comma ("7,5"). Only plain decimal notation: Number() alone would also take "0x10" or "".
 */
export function parseDecimal(raw: string): number | undefined {
  const text = raw.trim().replace(/^([+-]?\d*),(\d+)$/, '$1.$2');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
