import type { Clock } from '../jobs/clock';
import type { Answer, FormField } from '../schemas/clinical-form';
import type { Language } from '../schemas/form-schedule';
import type { ResponseExport, ResponseExportInput } from '../schemas/response-analysis';
import type { Queries } from '../store/queries';
import { csvFilename, csvText, holdingPatients, slug, type CsvCell } from './csv-file';
import { scoreResponse, type SeverityBand } from './instrument-scores';
import type { ResponseViews } from './response-analysis';

/** The words of the export that are not the form's own, in the app's languages. */
const WORDS: Record<
  Language,
  {
    responseId: string;
    completedAt: string;
    patient: string;
    patientId: string;
    severity: (instrument: string) => string;
    yes: string;
    no: string;
    bands: Record<SeverityBand, string>;
  }
> = {
  es: {
    responseId: 'ID de respuesta',
    completedAt: 'Completada (UTC)',
    patient: 'Paciente',
    patientId: 'ID de paciente',
    severity: (name) => `${name}: gravedad`,
    yes: 'Sí',
    no: 'No',
    bands: {
      minimal: 'Mínima',
      mild: 'Leve',
      moderate: 'Moderada',
      moderately_severe: 'Moderadamente grave',
      severe: 'Grave',
    },
  },
  ca: {
    responseId: 'ID de resposta',
    completedAt: 'Completada (UTC)',
    patient: 'Pacient',
    patientId: 'ID de pacient',
    severity: (name) => `${name}: gravetat`,
    yes: 'Sí',
    no: 'No',
    bands: {
      minimal: 'Mínima',
      mild: 'Lleu',
      moderate: 'Moderada',
      moderately_severe: 'Moderadament greu',
      severe: 'Greu',
    },
  },
  en: {
    responseId: 'Response ID',
    completedAt: 'Completed (UTC)',
    patient: 'Patient',
    patientId: 'Patient ID',
    severity: (name) => `${name}: severity`,
    yes: 'Yes',
    no: 'No',
    bands: {
      minimal: 'Minimal',
      mild: 'Mild',
      moderate: 'Moderate',
      moderately_severe: 'Moderately severe',
      severe: 'Severe',
    },
  },
};

/** Between the options of a multiselect answer (commas would read as the column separator). */
export const MULTISELECT_JOINER = '; ';

type Cell = CsvCell;

/**
 * A form's responses as CSV (docs/api-decisions.md): one row per response, oldest first; the
 * response id, completedAt (ISO 8601, UTC), the patient's name and id, then one column per field
 * in form order headed by its label (answers to fields since removed from the form follow, headed
 * by their id, the only name left), then the total and severity of each scored instrument.
 * Written by csv-file.ts like every export (RFC 4180, CRLF, BOM, formula protection).
 */
export function createResponseExport(deps: {
  q: Queries;
  views: ResponseViews;
  clock: Clock;
  appLanguage: () => Promise<Language>;
}) {
  const { q, views, clock } = deps;

  return async function exportCsv(input: ResponseExportInput): Promise<ResponseExport> {
    const { lens: form, scope } = await views.scopeOf(input);
    const words = WORDS[input.language ?? (await deps.appLanguage())];
    const rows = await q.formResponses.allInScope(scope);

    const current = new Set(form.fields.map((f) => f.id));
    const answered = await q.formAnsweredFields.ofForm(form.id);
    const removed = [...answered.keys()].filter((id) => !current.has(id)).sort();

    const names = new Map(
      (await q.patients.names(rows.map((r) => r.patient_id))).map((p) => [
        p.id,
        `${p.first_name} ${p.last_name}`.trim(),
      ]),
    );

    const header: Cell[] = [
      words.responseId,
      words.completedAt,
      words.patient,
      words.patientId,
      ...form.fields.map((f) => f.label),
      ...removed,
      ...form.instruments.flatMap(({ instrument }) => [
        instrument.name,
        words.severity(instrument.name),
      ]),
    ];

    const cell = (field: FormField | undefined, value: Answer['value'] | undefined): Cell => {
      if (value === undefined) return '';
      if (Array.isArray(value)) return value.join(MULTISELECT_JOINER);
      if (typeof value === 'boolean') return value ? words.yes : words.no;
      // A number answer stays a number cell; anything else is the text the patient chose or wrote.
      if (typeof value === 'number' && field?.type !== 'text') return value;
      return String(value);
    };

    const records: Cell[][] = rows.map((row) => {
      const answers = JSON.parse(row.responses) as Answer[];
      const byField = new Map(answers.map((a) => [a.fieldId, a.value]));
      return [
        row.id,
        row.completed_at,
        names.get(row.patient_id) ?? '',
        row.patient_id,
        ...form.fields.map((f) => cell(f, byField.get(f.id))),
        ...removed.map((id) => cell(undefined, byField.get(id))),
        ...scoreResponse(form.instruments, answers).flatMap((s) =>
          s.total === undefined ? ['', ''] : [s.total, words.bands[s.band!]],
        ),
      ];
    });

    const csv = csvText(header, records);

    const who = input.patientId ? await q.patients.get(input.patientId) : undefined;
    const patient = who ? `${who.first_name} ${who.last_name}` : '';
    const filename = csvFilename([slug(form.name) || 'form', patient], clock.now());
    return holdingPatients(
      { filename, csv, rows: records.length },
      rows.map((r) => r.patient_id),
    );
  };
}
