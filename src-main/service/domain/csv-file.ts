import { stringify } from 'csv-stringify/sync';

/** A cell of an exported table: text, or a number that stays a number in a spreadsheet. */
export type CsvCell = string | number;

/**
 * Every CSV the desk writes (docs/api-decisions.md, "CSV exports"): csv-stringify with RFC 4180
 * quoting and CRLF line ends, a UTF-8 byte order mark so that Excel reads accents right, and
 * `escape_formulas`, which prefixes with ' every text cell that a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR); numbers stay numbers, a negative one included.
 */
export function csvText(header: readonly CsvCell[], rows: readonly CsvCell[][]): string {
  return stringify([[...header], ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}

/** What an export operation answers: the file's name, its text and how many data rows it has. */
export interface CsvFile {
  filename: string;
  csv: string;
  rows: number;
}

// The patients each file holds, for the audit trail (domain/audit-rules.ts): beside the file, not
// in it, so the window's answer stays what the contract says and nothing is kept once it is gone.
const patientsInFile = new WeakMap<CsvFile, readonly string[]>();

/** Marks `file` as holding these patients' records (an export, audited per patient). */
export function holdingPatients(file: CsvFile, patientIds: Iterable<string>): CsvFile {
  patientsInFile.set(file, [...new Set(patientIds)]);
  return file;
}

/** The patients a file holds, each once (none for a file not marked). */
export function patientsIn(file: CsvFile): readonly string[] {
  return patientsInFile.get(file) ?? [];
}

/** `<parts>-<YYYY-MM-DD>.csv`, each part slugged, empty ones left out. */
export function csvFilename(parts: readonly string[], nowMs: number): string {
  const date = new Date(nowMs).toISOString().slice(0, 10);
  return `${[...parts.map(slug), date].filter(Boolean).join('-')}.csv`;
}

/** Lower-case ASCII letters, digits and hyphens: safe on every file system, readable. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
