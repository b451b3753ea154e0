/** Lower case, no accents, straight apostrophes, single spaces: what every matcher reads. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stable 32-bit hash (FNV-1a), so the assistant's choice of words is the same on every run. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One of the variants, picked by `key`. */
export function choose<T>(variants: readonly T[], key: string): T {
  return variants[hash(key) % variants.length]!;
}

/**
 * Fills a phrase: `{name}` placeholders from `values`, and `{informal|formal}` register choices
 * (tú/usted, tu/vostè) from `formal`.
 */
export function fill(
  template: string,
  values: Record<string, string | number>,
  formal: boolean,
): string {
  return template.replace(/\{([^{}]*)\}/g, (whole, inner: string) => {
    const bar = inner.indexOf('|');
    if (bar >= 0) return formal ? inner.slice(bar + 1) : inner.slice(0, bar);
    const value = values[inner];
    return value === undefined ? whole : String(value);
  });
}

/** Capitalises the first letter (a phrase may start with a register choice in lower case). */
export function sentence(text: string): string {
  const trimmed = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Upper-cases the first letter, after an opening ¿ or ¡. */
export function upperFirst(text: string): string {
  return text.replace(
    /^([¿¡]?)(\p{L})/u,
    (_, mark: string, letter: string) => mark + letter.toUpperCase(),
  );
}

/** Catalan elides "de" before a vowel or mute h: "l'assistent d'Engage Desk", not "de Engage Desk". */
export function elide(language: string, clinicName: string, text: string): string {
  if (language !== 'ca' || !/^[aeiouàèéíòóúh]/i.test(clinicName)) return text;
  return text.split(`de ${clinicName}`).join(`d'${clinicName}`);
}
