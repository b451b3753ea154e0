import { CsvError, parse } from 'csv-parse/sync';
import { validationFailed } from '../errors';

/** The largest file an import reads (docs/api-decisions.md, "Patient import"). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows an import takes in one transaction. */
export const IMPORT_MAX_ROWS = 10_000;

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

/** A data row of the file with the line of the file it starts on (as a text editor counts). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvTable {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  headers: string[];
  records: CsvRecord[];
}

/** A whole-file refusal: nothing of the file is read further (pointer /file). */
function refuse(code: string, detail: string) {
  return validationFailed([{ pointer: '/file', code, detail }], detail);
}

/**
 * A spreadsheet's CSV as text. UTF-8 (with or without a byte order mark) is read as such; a file
 * that is not UTF-8 and holds no UTF-8 sequence at all is read as Windows-1252, the code page
 * Spanish and Catalan Excel writes ("CSV (delimitado por comas)"), so its accents come through;
 * UTF-16 with its byte order mark (Excel's "Unicode text") is read too. A file that mixes UTF-8
 * with bytes UTF-8 cannot hold is damaged, and is refused with the line of the first bad byte
 * rather than guessed at; so is a file with NUL bytes (not a text file).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes.includes(0)) {
    throw refuse('not_text', 'The file holds NUL bytes: it is not a text (CSV) file.');
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252 unless the file also holds UTF-8 sequences (then it is damaged).
  }
  const { valid, firstInvalid } = utf8Sequences(bytes);
  if (valid > 0) {
    const line = 1 + bytes.subarray(0, firstInvalid).filter((b) => b === 0x0a).length;
    throw refuse(
      'invalid_encoding',
      `The file is UTF-8 with bytes UTF-8 cannot hold (first on line ${line}); save it again as CSV UTF-8.`,
    );
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}

/** How many well-formed multi-byte UTF-8 sequences the bytes hold, and where the first bad byte is. */
function utf8Sequences(bytes: Uint8Array): { valid: number; firstInvalid: number } {
  let valid = 0;
  let firstInvalid = -1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const length =
      b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += length - 1;
    } else if (firstInvalid < 0) firstInvalid = i;
  }
  return { valid, firstInvalid: Math.max(firstInvalid, 0) };
}

/**
 * The delimiter of the header line: the one of `;` (what Spanish and Catalan Excel writes, the
 * comma being their decimal mark), `,` and tab that it holds most, comma on a tie.
 */
function delimiterOf(text: string): CsvDelimiter {
  const header = text.split('\n', 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  const candidates: CsvDelimiter[] = [',', ';', '\t'];
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/**
 * The file as a table: decoded, the delimiter found, parsed by csv-parse (RFC 4180: quoted fields
 * may hold delimiters, quotes and line breaks), the first non-empty row as the headers. Empty lines
 * and rows of empty cells are skipped; a quote left open is refused with its line; more rows than
 * IMPORT_MAX_ROWS or more bytes than IMPORT_MAX_BYTES refuse the whole file.
 */
export function readCsv(bytes: Uint8Array): CsvTable {
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw refuse(
      'file_too_large',
      `The file is ${bytes.length} bytes; an import reads at most ${IMPORT_MAX_BYTES} (5 MiB).`,
    );
  }
  const { encoding, text: raw } = decodeCsv(bytes);
  // One line end everywhere (a line break inside a quoted field included), so lines count alike.
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const delimiter = delimiterOf(text);
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as unknown as { lines?: number }).lines;
      throw refuse(
        'malformed_csv',
        `The file cannot be read as CSV${line ? ` (line ${line})` : ''}: ${error.message}`,
      );
    }
    throw error;
  }
  const rows = parsed
    .map(({ record, info }) => {
      // csv-parse counts the line a record ends on; its own line breaks move the start back.
      const breaks = record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
      return { line: info.lines - breaks, cells: record };
    })
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const [head, ...records] = rows;
  if (!head) throw refuse('empty_file', 'The file has no rows.');
  if (records.length > IMPORT_MAX_ROWS) {
    throw refuse(
      'too_many_rows',
      `The file has ${records.length} rows; an import takes at most ${IMPORT_MAX_ROWS}. Split it into smaller files.`,
    );
  }
  return { encoding, delimiter, headers: head.cells.map((h) => h.trim()), records };
}
