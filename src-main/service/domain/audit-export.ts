import type { CsvFile } from './csv-file';
import type { Clock } from '../jobs/clock';
import type { AuditEvent } from '../schemas/audit-event';
import type { AuditExportInput } from '../schemas/desk-export';
import type { Language } from '../schemas/form-schedule';
import { csvFilename, csvText } from './csv-file';
import { listItems, type ListPage } from './list-page';
import type { PatientNames } from './patient-names';

const WORDS: Record<Language, { file: string; header: string[] }> = {
  es: {
    file: 'registro-de-accesos',
    header: [
      'ID',
      'Fecha',
      'Quién',
      'Tipo de actor',
      'ID de la clave',
      'Desde',
      'Acción',
      'Registro',
      'ID del registro',
      'Paciente',
      'ID de paciente',
      'Pacientes en la exportación',
    ],
  },
  ca: {
    file: 'registre-d-accessos',
    header: [
      'ID',
      'Data',
      'Qui',
      "Tipus d'actor",
      'ID de la clau',
      'Des de',
      'Acció',
      'Registre',
      'ID del registre',
      'Pacient',
      'ID de pacient',
      "Pacients a l'exportació",
    ],
  },
  en: {
    file: 'audit-log',
    header: [
      'ID',
      'Date',
      'Who',
      'Actor type',
      'Key ID',
      'From',
      'Action',
      'Record',
      'Record ID',
      'Patient',
      'Patient ID',
      'Patients in the export',
    ],
  },
};

/**
 * The audit log as CSV (the window's "Export CSV", with the log's filters), written like every
 * other export (csv-file.ts). Codes stay codes (`patient.viewed`): they are what an auditor
 * searches for. The patient's name is looked up for the file, never stored in the trail.
 */
export function createAuditExport(deps: {
  clock: Clock;
  list: (query: AuditExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
  names: PatientNames;
  appLanguage: () => Promise<Language>;
}) {
  return async function exportCsv(input: AuditExportInput): Promise<CsvFile> {
    const { language, ...filters } = input;
    const words = WORDS[language ?? (await deps.appLanguage())];
    const events: AuditEvent[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await deps.list({ ...filters, limit: 100, ...(cursor ? { cursor } : {}) });
      events.push(...listItems<AuditEvent>(page));
      if (!page.pagination.hasMore) break;
      cursor = page.pagination.cursor;
    }
    const rows = (await deps.names.withPatients(events)).map((e) => [
      e.id,
      e.at,
      e.actor.name,
      e.actor.type,
      e.actor.id ?? '',
      e.channel,
      e.action,
      e.resourceType,
      e.resourceId,
      `${e.patient.firstName} ${e.patient.lastName}`.trim(),
      e.patientId,
      e.count ?? '',
    ]);
    return {
      filename: csvFilename([words.file], deps.clock.now()),
      csv: csvText(words.header, rows),
      rows: rows.length,
    };
  };
}
