/**
 * Folds text for search: lower case, accents and other combining marks removed, a few letters that
 * do not decompose spelled out, and the Catalan middle dot dropped, so "Núria", "NURIA" and
 * "nuria" are one, and "Gal·la" is found by "galla". Patients' search text and search queries both
 * go through this one function.
 */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '·': '',
  '•': '',
};

export function foldForSearch(text: string): string {
  // Control characters are refused at the door (http/validation.ts) and never reach a MATCH or
  // LIKE pattern from here either: a NUL ended SQLite's pattern (`%\0%` matched everyone) and
  // broke the FTS5 query syntax.
  return text
    .normalize('NFKD')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı·•]/g, (c) => SPELLED[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a patient is found by: full name, e-mail and the digits of the phone number. */
export function patientSearchText(p: {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
}): string {
  // Fields are joined by a line break, which a folded query never contains, so a search matches
  // within the full name, the e-mail or the phone digits, never across two of them.
  return [
    foldForSearch(`${p.first_name} ${p.last_name}`),
    foldForSearch(p.email ?? ''),
    p.phone ? p.phone.replace(/\D/g, '') : '',
  ].join('\n');
}
