// Long on purpose: five exports' words in three languages sit beside the one loop that writes them.
import type { CsvFile } from '../contract';
import type { Clock } from '../jobs/clock';
import type { Alert } from '../schemas/alert';
import type { LedgerEntry } from '../schemas/billing';
import type { Call } from '../schemas/call';
import type {
  AlertExportInput,
  CallExportInput,
  DeliveryExportInput,
  LedgerExportInput,
  PatientExportInput,
} from '../schemas/desk-export';
import type { FormSchedule, Language } from '../schemas/form-schedule';
import type { Patient } from '../schemas/patient';
import type { Queries } from '../store/queries';
import type { CreditViews } from './credit-views';
import { csvFilename, csvText, holdingPatients, type CsvCell } from './csv-file';
import { listItems, type ListPage } from './list-page';
import type { PatientNames } from './patient-names';
import type { LedgerReason } from '../schemas/ledger-reason';

/** The lists an export reads, page by page, with the filters the screens use. */
interface Lists {
  patients: (q: PatientExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
  schedules: (q: DeliveryExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
  calls: (q: CallExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
  alerts: (q: AlertExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
  ledger: (q: LedgerExportInput & { limit: number; cursor?: string }) => Promise<ListPage>;
}

type Words = {
  files: Record<'patients' | 'deliveries' | 'calls' | 'alerts' | 'ledger', string>;
  patients: string[];
  deliveries: string[];
  calls: string[];
  alerts: string[];
  ledger: string[];
  kinds: Record<LedgerEntry['kind'], string>;
  reason: (r: LedgerReason) => string;
};

const plans = {
  es: { starter: 'Starter', professional: 'Profesional', enterprise: 'Empresa' },
  ca: { starter: 'Starter', professional: 'Professional', enterprise: 'Empresa' },
  en: { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' },
} as Record<Language, Record<string, string>>;

/** A reason's words with its data, then what expired of a refund, in one language. */
function reasonWords(
  language: Language,
  table: Record<Exclude<LedgerReason['code'], 'other'>, (r: LedgerReason) => string>,
  expired: (n: number) => string,
) {
  return (r: LedgerReason) => {
    const words = r.code === 'other' ? (r.text ?? '') : table[r.code](r);
    const plan = r.plan ? (plans[language][r.plan] ?? r.plan) : '';
    return (r.expired ? `${words} ${expired(r.expired)}` : words).replace('{plan}', plan);
  };
}

/** The exports' headers and the ledger's words (the window's language; docs/desktop.md). */
const WORDS: Record<Language, Words> = {
  es: {
    files: {
      patients: 'pacientes',
      deliveries: 'envios',
      calls: 'llamadas',
      alerts: 'alertas',
      ledger: 'creditos',
    },
    patients: [
      'ID',
      'Nombre',
      'Apellidos',
      'Correo electrónico',
      'Teléfono',
      'Fecha de nacimiento',
      'Estado',
      'Etiquetas',
      'NHC',
      'Creado (UTC)',
    ],
    deliveries: [
      'ID',
      'Paciente',
      'ID de paciente',
      'ID de formulario',
      'Canal',
      'Estado',
      'Programado (UTC)',
      'Enviado (UTC)',
      'Créditos',
    ],
    calls: [
      'ID',
      'Paciente',
      'ID de paciente',
      'Estado',
      'Motivo',
      'Idioma',
      'Duración (s)',
      'Créditos',
      'Fallo',
      'Creada (UTC)',
      'Completada (UTC)',
    ],
    alerts: [
      'ID',
      'Paciente',
      'ID de paciente',
      'Prioridad',
      'Estado',
      'Origen',
      'Motivo (en inglés, como en la API)',
      'Señales',
      'Generada (UTC)',
    ],
    ledger: [
      'ID',
      'Fecha (UTC)',
      'Tipo',
      'Motivo',
      'Paciente',
      'ID de paciente',
      'Recurso',
      'ID de recurso',
      'Importe',
      'Saldo después',
    ],
    kinds: { grant: 'Abono', consume: 'Cargo', refund: 'Devolución', reset: 'Caducidad' },
    reason: reasonWords(
      'es',
      {
        allowance: () => 'Asignación mensual (plan {plan})',
        allowanceExpired: () => 'Caduca la asignación mensual no usada',
        topUp: (r) => (r.note ? `Recarga de créditos: ${r.note}` : 'Recarga de créditos'),
        conversationStarted: () => 'Conversación iniciada',
        conversationMessage: () => 'Mensaje de conversación',
        deliveryWhatsapp: () => 'Envío de formulario (WhatsApp)',
        deliveryEmail: () => 'Envío de formulario (correo)',
        deliveryCancelled: () => 'Envío de formulario cancelado',
        deliveryFailed: () => 'Envío de formulario fallido',
        callReserved: () => 'Llamada: primer minuto reservado',
        callUnanswered: () => 'Llamada sin respuesta: reserva devuelta',
        callMinutes: (r) => `Llamada (${r.minutes ?? 0} min iniciados)`,
        callReservationReturned: () => 'Llamada: reserva no usada devuelta',
      },
      (n) => `(${n} créditos de una asignación ya caducada no se devuelven)`,
    ),
  },
  ca: {
    files: {
      patients: 'pacients',
      deliveries: 'enviaments',
      calls: 'trucades',
      alerts: 'alertes',
      ledger: 'credits',
    },
    patients: [
      'ID',
      'Nom',
      'Cognoms',
      'Correu electrònic',
      'Telèfon',
      'Data de naixement',
      'Estat',
      'Etiquetes',
      'NHC',
      'Creat (UTC)',
    ],
    deliveries: [
      'ID',
      'Pacient',
      'ID de pacient',
      'ID de formulari',
      'Canal',
      'Estat',
      'Programat (UTC)',
      'Enviat (UTC)',
      'Crèdits',
    ],
    calls: [
      'ID',
      'Pacient',
      'ID de pacient',
      'Estat',
      'Motiu',
      'Idioma',
      'Durada (s)',
      'Crèdits',
      'Error',
      'Creada (UTC)',
      'Completada (UTC)',
    ],
    alerts: [
      'ID',
      'Pacient',
      'ID de pacient',
      'Prioritat',
      'Estat',
      'Origen',
      "Motiu (en anglès, com a l'API)",
      'Senyals',
      'Generada (UTC)',
    ],
    ledger: [
      'ID',
      'Data (UTC)',
      'Tipus',
      'Motiu',
      'Pacient',
      'ID de pacient',
      'Recurs',
      'ID de recurs',
      'Import',
      'Saldo després',
    ],
    kinds: { grant: 'Abonament', consume: 'Càrrec', refund: 'Devolució', reset: 'Caducitat' },
    reason: reasonWords(
      'ca',
      {
        allowance: () => 'Assignació mensual (pla {plan})',
        allowanceExpired: () => "Caduca l'assignació mensual no utilitzada",
        topUp: (r) => (r.note ? `Recàrrega de crèdits: ${r.note}` : 'Recàrrega de crèdits'),
        conversationStarted: () => 'Conversa iniciada',
        conversationMessage: () => 'Missatge de conversa',
        deliveryWhatsapp: () => 'Enviament de formulari (WhatsApp)',
        deliveryEmail: () => 'Enviament de formulari (correu)',
        deliveryCancelled: () => 'Enviament de formulari cancel·lat',
        deliveryFailed: () => 'Enviament de formulari fallit',
        callReserved: () => 'Trucada: primer minut reservat',
        callUnanswered: () => 'Trucada sense resposta: reserva retornada',
        callMinutes: (r) => `Trucada (${r.minutes ?? 0} min iniciats)`,
        callReservationReturned: () => 'Trucada: reserva no utilitzada retornada',
      },
      (n) => `(${n} crèdits d'una assignació ja caducada no es retornen)`,
    ),
  },
  en: {
    files: {
      patients: 'patients',
      deliveries: 'deliveries',
      calls: 'calls',
      alerts: 'alerts',
      ledger: 'credits',
    },
    patients: [
      'ID',
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Date of birth',
      'Status',
      'Tags',
      'MRN',
      'Created (UTC)',
    ],
    deliveries: [
      'ID',
      'Patient',
      'Patient ID',
      'Form ID',
      'Channel',
      'Status',
      'Scheduled (UTC)',
      'Sent (UTC)',
      'Credits',
    ],
    calls: [
      'ID',
      'Patient',
      'Patient ID',
      'Status',
      'Purpose',
      'Language',
      'Duration (s)',
      'Credits',
      'Failure',
      'Created (UTC)',
      'Completed (UTC)',
    ],
    alerts: [
      'ID',
      'Patient',
      'Patient ID',
      'Priority',
      'State',
      'Source',
      'Reason',
      'Signs',
      'Raised (UTC)',
    ],
    ledger: [
      'ID',
      'Date (UTC)',
      'Kind',
      'Reason',
      'Patient',
      'Patient ID',
      'Resource',
      'Resource ID',
      'Amount',
      'Balance after',
    ],
    kinds: { grant: 'Grant', consume: 'Charge', refund: 'Refund', reset: 'Expiry' },
    reason: reasonWords(
      'en',
      {
        allowance: () => 'Monthly allowance ({plan} plan)',
        allowanceExpired: () => 'Unused monthly allowance expired',
        topUp: (r) => (r.note ? `Credit top-up: ${r.note}` : 'Credit top-up'),
        conversationStarted: () => 'AI conversation started',
        conversationMessage: () => 'AI conversation message',
        deliveryWhatsapp: () => 'Form delivery (WhatsApp)',
        deliveryEmail: () => 'Form delivery (e-mail)',
        deliveryCancelled: () => 'Form delivery cancelled',
        deliveryFailed: () => 'Form delivery failed',
        callReserved: () => 'Voice call: first minute reserved',
        callUnanswered: () => 'Voice call not answered: reservation returned',
        callMinutes: (r) => `Voice call (${r.minutes ?? 0} started minutes)`,
        callReservationReturned: () => 'Voice call: unused reservation returned',
      },
      (n) => `(${n} credits of an expired monthly allowance are not returned)`,
    ),
  },
};

/** Every item of a list, page by page (100 a page, the lists' most), in the list's order. */
async function everything<T>(
  read: (cursor: string | undefined) => Promise<ListPage>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    items.push(...listItems<T>(page));
    if (!page.pagination.hasMore) return items;
    cursor = page.pagination.cursor;
  }
}

const PAGE = 100;

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The desk's CSV exports (docs/api-decisions.md, "CSV exports"): patients, deliveries, calls,
 * alerts and the credit ledger, each read through its list with the screen's own filters, newest
 * first as the screen shows it, written by csv-file.ts like the responses' export (RFC 4180, CRLF,
 * BOM, formula protection), headers in the window's language. Desktop operations only.
 */
export function createDeskExports(deps: {
  q: Queries;
  clock: Clock;
  lists: Lists;
  names: PatientNames;
  creditViews: CreditViews;
  appLanguage: () => Promise<Language>;
}) {
  const { clock, names } = deps;
  const file = async (
    language: Language | undefined,
    which: keyof Words['files'],
    rows: CsvCell[][],
    /** Whose records the file holds (the audit trail records the export for each). */
    patientIds: Iterable<string> = [],
  ): Promise<CsvFile> => {
    const words = WORDS[language ?? (await deps.appLanguage())];
    const csv = {
      filename: csvFilename([words.files[which]], clock.now()),
      csv: csvText(words[which], rows),
      rows: rows.length,
    };
    return holdingPatients(csv, patientIds);
  };
  const wordsOf = async (language: Language | undefined) =>
    WORDS[language ?? (await deps.appLanguage())];
  const optional = (v: string | number | undefined) => v ?? '';

  /** The patients of these ids that exist, in this order. */
  async function patientsById(ids: readonly string[]): Promise<Patient[]> {
    const found: Patient[] = [];
    for (const id of ids) {
      const json = await deps.q.patients.getJson(id);
      if (json) found.push(JSON.parse(json) as Patient);
    }
    return found;
  }

  return {
    async patients(input: PatientExportInput): Promise<CsvFile> {
      const { language, ids, ...filters } = input;
      const patients = ids
        ? await patientsById(ids)
        : await everything<Patient>((cursor) =>
            deps.lists.patients({ ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) }),
          );
      return await file(
        language,
        'patients',
        patients.map((p) => [
          p.id,
          p.firstName,
          p.lastName,
          optional(p.email),
          optional(p.phone),
          optional(p.dateOfBirth),
          p.status,
          p.tags.join(', '),
          typeof p.metadata.mrn === 'string' ? p.metadata.mrn : '',
          p.createdAt,
        ]),
        patients.map((p) => p.id),
      );
    },

    async deliveries(input: DeliveryExportInput): Promise<CsvFile> {
      const { language, ...filters } = input;
      const items = await names.withPatients(
        await everything<FormSchedule>((cursor) =>
          deps.lists.schedules({ ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) }),
        ),
      );
      return await file(
        language,
        'deliveries',
        items.map((s) => [
          s.id,
          name(s.patient),
          s.patientId,
          s.formId,
          s.channel,
          s.status,
          s.scheduledAt,
          optional(s.sentAt),
          s.creditsConsumed,
        ]),
        items.map((s) => s.patientId),
      );
    },

    async calls(input: CallExportInput): Promise<CsvFile> {
      const { language, ...filters } = input;
      const items = await names.withPatients(
        await everything<Call>((cursor) =>
          deps.lists.calls({ ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) }),
        ),
      );
      return await file(
        language,
        'calls',
        items.map((c) => [
          c.id,
          name(c.patient),
          c.patientId,
          c.status,
          c.purpose,
          c.language,
          c.duration,
          c.creditsConsumed,
          optional(c.failureReason),
          c.createdAt,
          optional(c.completedAt),
        ]),
        items.map((c) => c.patientId),
      );
    },

    async alerts(input: AlertExportInput): Promise<CsvFile> {
      const { language, ...filters } = input;
      const items = await names.withPatients(
        await everything<Alert>((cursor) =>
          deps.lists.alerts({ ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) }),
        ),
      );
      return await file(
        language,
        'alerts',
        items.map((a) => [
          a.id,
          name(a.patient),
          a.patientId,
          a.priority,
          a.state,
          a.source.type,
          a.reason,
          a.signs.join(', '),
          a.raisedAt,
        ]),
        items.map((a) => a.patientId),
      );
    },

    async ledger(input: LedgerExportInput): Promise<CsvFile> {
      const { language, ...filters } = input;
      const words = await wordsOf(language);
      const rows = await deps.creditViews.rows(
        await everything<LedgerEntry>((cursor) =>
          deps.lists.ledger({ ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) }),
        ),
      );
      return await file(
        language,
        'ledger',
        rows.map((e) => [
          e.id,
          e.createdAt,
          words.kinds[e.kind],
          words.reason(e.why),
          e.patient ? name(e.patient) : '',
          e.patient?.id ?? '',
          optional(e.resourceType),
          optional(e.resourceId),
          e.amount,
          e.balanceAfter,
        ]),
        rows.flatMap((e) => (e.patient ? [e.patient.id] : [])),
      );
    },
  };
}
