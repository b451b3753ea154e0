import type { FieldError } from '../errors';
import { validationFailed } from '../errors';
import type { ImportTarget, PatientImportInput } from '../schemas/patient-import';
import type { CreatePatient } from '../schemas/patient';
import type {
  ImportProblem,
  ImportReason,
  PatientImportPreview,
  PatientImportReport,
} from '../contract';
import { readCsv, type CsvRecord } from './csv-read';
import { guessColumns } from './import-columns';
import type { createPatients } from './patients';

type Patients = Pick<ReturnType<typeof createPatients>, 'problemsOf' | 'identities' | 'createMany'>;

/** Rows the preview shows as they will be imported. */
const SAMPLE_ROWS = 10;
/** The columns a file must map: a patient has a first and a last name. */
const REQUIRED: readonly ImportTarget[] = ['firstName', 'lastName'];

/**
 * A phone as the service stores it (E.164): spaces, dots, dashes and brackets dropped, a leading
 * 00 read as +, and a Spanish national number (nine digits from 6 to 9) given its +34, the one
 * country code a Spanish or Catalan clinic's list leaves out. Anything else is passed on as
 * written, for the patient schema to accept or refuse.
 */
export function importPhone(raw: string): string {
  const compact = raw.replace(/[\s.\-()/]/g, '');
  if (/^00[1-9]/.test(compact)) return `+${compact.slice(2)}`;
  if (/^[6-9]\d{8}$/.test(compact)) return `+34${compact}`;
  return compact;
}

/**
 * A birth date as the service stores it (YYYY-MM-DD), from that or from day/month/year as Spanish
 * and Catalan spreadsheets write it (31/12/1980, 1-2-1980, 31.12.1980). Anything else is passed
 * on as written, for the schema to refuse.
 */
export function importDate(raw: string): string {
  const text = raw.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  // A spreadsheet that kept the time of a date cell: 1980-12-31 00:00:00.
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00)?)?$/.exec(text);
  return iso ? iso[1]! : text;
}

/**
 * One row as the patient it would create. Cells are kept as text, exactly as written (trimmed):
 * a cell that starts with = + - @ is a name or a note, never a formula, and exports protect it
 * (csv-file.ts). Empty cells are left out, so a missing name is the schema's "required".
 */
function patientOf(record: CsvRecord, columns: readonly ImportTarget[]): CreatePatient {
  const values: Partial<Record<ImportTarget, string>> = {};
  columns.forEach((target, i) => {
    const cell = record.cells[i]?.trim() ?? '';
    if (target !== 'ignore' && cell !== '') values[target] ??= cell;
  });
  const input: Record<string, unknown> = {};
  if (values.firstName) input.firstName = values.firstName;
  if (values.lastName) input.lastName = values.lastName;
  if (values.email) input.email = values.email;
  if (values.phone) input.phone = importPhone(values.phone);
  if (values.dateOfBirth) input.dateOfBirth = importDate(values.dateOfBirth);
  if (values.tags) {
    const tags = [...new Set(values.tags.split(/[,;|]/).map((t) => t.trim()))].filter(Boolean);
    if (tags.length) input.tags = tags;
  }
  const metadata: Record<string, string> = {};
  if (values.mrn) metadata.mrn = values.mrn;
  if (values.sex) metadata.sex = values.sex;
  if (Object.keys(metadata).length) input.metadata = metadata;
  return input as unknown as CreatePatient;
}

/** The identity keys duplicates are found by: the E.164 phone, the e-mail in lower case, the MRN. */
function keysOf(p: { phone?: string | null; email?: string | null; mrn?: unknown }) {
  const keys: { by: 'phone' | 'email' | 'mrn'; key: string }[] = [];
  if (p.phone) keys.push({ by: 'phone', key: `phone:${p.phone}` });
  if (p.email) keys.push({ by: 'email', key: `email:${p.email.trim().toLowerCase()}` });
  if (typeof p.mrn === 'string' && p.mrn.trim())
    keys.push({ by: 'mrn', key: `mrn:${p.mrn.trim()}` });
  return keys;
}

/** A field error of the patient rules as a reason of the import, by the column's target. */
function reasonOf(error: FieldError): ImportReason {
  const [, head, key] = (error.pointer ?? '').split('/');
  const target =
    head === 'metadata' ? (key === 'sex' ? 'sex' : key === 'mrn' ? 'mrn' : undefined) : head;
  return {
    ...(target ? { target: target as ImportTarget } : {}),
    code: error.code,
    detail: error.detail,
  };
}

/**
 * The patient import (docs/api-decisions.md, "Patient import"): a spreadsheet's CSV read
 * (csv-read.ts), its columns guessed from their headers or given by the coordinator, each row
 * held to the rules of POST /patients (patients.problemsOf, never a copy), duplicates found
 * against the clinic's patients and the file's earlier rows. `preview` writes nothing; `run`
 * checks everything again and creates the rows that passed in one transaction, so a failure
 * leaves no patient of the file behind.
 */
export function createPatientImport(deps: { patients: Patients }) {
  const { patients } = deps;

  async function plan(input: PatientImportInput) {
    const table = readCsv(Buffer.from(input.file, 'base64'));
    const columns = input.columns
      ? table.headers.map((_, i) => input.columns![i] ?? 'ignore')
      : guessColumns(table.headers);
    const missing = REQUIRED.filter((t) => !columns.includes(t));

    const existing = new Map<string, { id: string; firstName: string; lastName: string }>();
    for (const p of await patients.identities()) {
      const ref = { id: p.id, firstName: p.first_name, lastName: p.last_name };
      for (const { key } of keysOf(p)) if (!existing.has(key)) existing.set(key, ref);
    }
    const seen = new Map<string, number>();
    const ready: { line: number; patient: CreatePatient }[] = [];
    const problems: ImportProblem[] = [];
    for (const record of table.records) {
      const patient = patientOf(record, columns);
      const reasons = patients.problemsOf(patient).map(reasonOf);
      if (reasons.length === 0) {
        const keys = keysOf({ ...patient, mrn: patient.metadata?.mrn });
        for (const { by, key } of keys) {
          const known = existing.get(key);
          const earlier = seen.get(key);
          if (known) {
            reasons.push({
              target: by,
              code: 'duplicate_patient',
              detail: `A patient with this ${by} exists: ${known.firstName} ${known.lastName}.`,
              patient: known,
            });
          } else if (earlier !== undefined) {
            reasons.push({
              target: by,
              code: 'duplicate_row',
              detail: `Line ${earlier} of the file has the same ${by}.`,
              line: earlier,
            });
          }
        }
        if (reasons.length === 0) for (const { key } of keys) seen.set(key, record.line);
      }
      if (reasons.length) problems.push({ line: record.line, reasons });
      else ready.push({ line: record.line, patient });
    }
    return { table, columns, missing, ready, problems };
  }

  return {
    /** What the file would import, with every refusal and duplicate; writes nothing. */
    async preview(input: PatientImportInput): Promise<PatientImportPreview> {
      const { table, columns, missing, ready, problems } = await plan(input);
      return {
        encoding: table.encoding,
        delimiter: table.delimiter,
        headers: table.headers,
        columns,
        missing,
        total: table.records.length,
        ready: missing.length ? 0 : ready.length,
        sample: ready.slice(0, SAMPLE_ROWS),
        problems: missing.length ? [] : problems,
      };
    },

    /**
     * Imports the rows that pass, in one transaction; the others are reported with their lines
     * and reasons. A file without a first or last name column is refused whole.
     */
    async run(input: PatientImportInput): Promise<PatientImportReport> {
      const { table, missing, ready, problems } = await plan(input);
      if (missing.length) {
        throw validationFailed(
          [
            {
              pointer: '/columns',
              code: 'missing_columns',
              detail: `No column is imported as ${missing.join(' or ')}.`,
            },
          ],
          `No column is imported as ${missing.join(' or ')}.`,
        );
      }
      const imported = (await patients.createMany(ready.map((r) => r.patient))).length;
      return { total: table.records.length, imported, problems };
    },
  };
}
