import type {
  ClinicalForm,
  CreditBalance,
  FormScheduleSeries,
  InputOf,
  OutboxListItem,
  Patient,
  PriceList,
  ScheduleListItem,
} from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { dayKey } from '../../src-renderer/src/features/deliveries/calendar-model';
import type { AppStore } from '../../src-renderer/src/stores/app-store';

/**
 * A small clinic behind the in-memory Bridge that behaves like the service where the Deliveries
 * screen depends on it: creating charges the price or refuses (unreachable patient, not enough
 * credits), cancelling refunds or answers 400, lists filter and page.
 */

export const PRICES: PriceList = {
  conversationStart: 10,
  conversationMessage: 1,
  deliveryEmail: 1,
  deliveryWhatsapp: 2,
  callPerStartedMinute: 5,
  callReservation: 5,
};

function patient(
  id: string,
  firstName: string,
  lastName: string,
  over: Partial<Patient> = {},
): Patient {
  return {
    id,
    firstName,
    lastName,
    status: 'active',
    tags: [],
    metadata: {},
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...over,
  };
}

export const NURIA = patient('pat_nuria', 'Núria', 'Puig Soler', {
  email: 'nuria@example.org',
  phone: '+34612345678',
  tags: ['diabetes'],
});
export const JORDI = patient('pat_jordi', 'Jordi', 'Vidal Mas', {
  email: 'jordi@example.org',
  tags: ['diabetes'],
});
export const MARTA = patient('pat_marta', 'Marta', 'Ferrer Roig', {
  email: 'marta@example.org',
  phone: '+34622222222',
  tags: ['diabetes'],
});
export const PAU = patient('pat_pau', 'Pau', 'Romero', { phone: '+34633333333' });
export const LAIA = patient('pat_laia', 'Laia', 'Serra', {
  email: 'laia@example.org',
  status: 'inactive',
});
export const PATIENTS = [NURIA, JORDI, MARTA, PAU, LAIA];

function form(id: string, name: string, status: 'active' | 'archived'): ClinicalForm {
  return {
    id,
    name,
    type: 'assessment',
    description: '',
    status,
    fields: [{ id: 'q1', type: 'text', label: 'Q1', required: false }],
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T09:00:00.000Z',
  } as unknown as ClinicalForm;
}

export const PHQ9 = form('form_phq9', 'PHQ-9', 'active');
export const SATISFACTION = form('form_sat', 'Satisfacción', 'active');
export const OLD_FORM = form('form_old', 'Dolor (antiguo)', 'archived');
export const FORMS = [PHQ9, SATISFACTION, OLD_FORM];
/** What `forms.list` adds to a form nothing references yet. */
const UNUSED = { responseCount: 0, deliveryCount: 0, pendingDeliveries: 0, deletable: true };

export function problem(code: string, message: string, details?: Record<string, unknown>) {
  return Object.assign(new Error(message), { code, ...(details ? { details } : {}) });
}

export interface FakeClinic {
  handlers: MemoryHandlers;
  schedules: ScheduleListItem[];
  outbox: OutboxListItem[];
  /** The series the fake clinic holds, by id. */
  series: Map<string, FormScheduleSeries>;
  /** The balance `credits.balance` answers (what the window last read). */
  shownBalance(): number;
  /** The balance creating charges against (the service's own). */
  balance: { value: number };
}

export function schedule(
  over: Partial<ScheduleListItem> & Pick<ScheduleListItem, 'id'>,
): ScheduleListItem {
  return {
    formId: PHQ9.id,
    formName: PHQ9.name,
    patientId: NURIA.id,
    patient: { id: NURIA.id, firstName: NURIA.firstName, lastName: NURIA.lastName },
    channel: 'whatsapp',
    language: 'es',
    status: 'pending',
    scheduledAt: '2026-11-23T10:00:00.000Z',
    creditsConsumed: 2,
    createdAt: '2026-11-22T09:00:00.000Z',
    ...over,
  };
}

export function seriesOf(
  over: Partial<FormScheduleSeries> & Pick<FormScheduleSeries, 'id'>,
): FormScheduleSeries {
  return {
    formId: PHQ9.id,
    patientId: NURIA.id,
    channel: 'whatsapp',
    language: 'es',
    status: 'active',
    recurrence: { interval: 'week', intervalCount: 2, count: 7 },
    startsAt: '2026-10-11T09:00:00.000Z',
    occurrences: 7,
    counts: { pending: 4, sent: 1, completed: 2, failed: 0, cancelled: 0 },
    creditsConsumed: 14,
    creditsRefunded: 0,
    createdAt: '2026-10-11T08:00:00.000Z',
    ...over,
  };
}

export function createFakeClinic(
  options: {
    balance?: number;
    /** What `credits.balance` reports, if it differs (someone else spent meanwhile). */
    reportedBalance?: number;
    schedules?: ScheduleListItem[];
    outbox?: OutboxListItem[];
    series?: FormScheduleSeries[];
    /** Wraps each create, e.g. to hold it open while a test looks at the progress bar. */
    beforeCreate?: (input: InputOf<'schedules', 'create'>) => Promise<void> | void;
  } = {},
): FakeClinic {
  const balance = { value: options.balance ?? 100 };
  const schedules = (options.schedules ?? []).map((s) => ({ ...s }));
  const outbox = [...(options.outbox ?? [])];
  const series = new Map<string, FormScheduleSeries>((options.series ?? []).map((x) => [x.id, x]));
  let sequence = 0;

  const balanceView = (): CreditBalance => ({
    balance: options.reportedBalance ?? balance.value,
    plan: 'professional',
    monthlyAllowance: 2000,
    usedThisMonth: 0,
    resetsAt: '2026-12-01T00:00:00.000Z',
  });

  const handlers: MemoryHandlers = {
    credits: { balance: balanceView, prices: () => PRICES },
    forms: {
      list: () => ({
        data: FORMS.map((f) => ({ ...f, ...UNUSED })),
        pagination: { cursor: '', hasMore: false, limit: 100 },
      }),
    },
    patients: {
      list: (input) => {
        const search = input.search?.toLowerCase();
        const matches = PATIENTS.filter(
          (p) =>
            (!search || `${p.firstName} ${p.lastName}`.toLowerCase().includes(search)) &&
            (!input.status || p.status === input.status) &&
            (!input.tag || p.tags.includes(input.tag)),
        );
        const limit = input.limit ?? 20;
        return {
          data: matches.slice(0, limit),
          pagination: { cursor: '', hasMore: matches.length > limit, limit },
          total: matches.length,
        };
      },
      tags: () => [{ tag: 'diabetes', count: 3 }],
    },
    schedules: {
      list: (input) => {
        const matches = schedules.filter(
          (s) =>
            (!input.status || s.status === input.status) &&
            (!input.channel || s.channel === input.channel) &&
            (!input.formId || s.formId === input.formId) &&
            (!input.patientId || s.patientId === input.patientId) &&
            (!input.seriesId || s.seriesId === input.seriesId),
        );
        const limit = input.limit ?? 20;
        return {
          data: matches.slice(0, limit),
          pagination: { cursor: '', hasMore: false, limit },
        };
      },
      create: async (input) => {
        await options.beforeCreate?.(input);
        const who = PATIENTS.find((p) => p.id === input.patientId)!;
        if (!(input.channel === 'whatsapp' ? who.phone : who.email)) {
          throw problem('patient_unreachable', 'The patient has no phone number for whatsapp.', {
            errors: [{ pointer: '/channel', code: 'patient_unreachable', detail: 'No phone.' }],
          });
        }
        const price = input.channel === 'whatsapp' ? PRICES.deliveryWhatsapp : PRICES.deliveryEmail;
        if (balance.value < price) {
          throw problem('insufficient_credits', 'Not enough credits.', {
            balance: balance.value,
            required: price,
          });
        }
        balance.value -= price;
        const created = schedule({
          id: `sch_new${++sequence}`,
          formId: input.formId,
          formName: FORMS.find((f) => f.id === input.formId)!.name,
          patientId: who.id,
          patient: { id: who.id, firstName: who.firstName, lastName: who.lastName },
          channel: input.channel,
          scheduledAt: input.scheduledAt ?? '2026-11-22T09:00:00.000Z',
          creditsConsumed: price,
          ...(input.message ? { message: input.message } : {}),
        });
        schedules.unshift(created);
        const { formName: _f, patient: _p, ...plain } = created;
        return plain;
      },
      cancel: ({ id }) => {
        const found = schedules.find((s) => s.id === id);
        if (!found) throw problem('resource_missing', 'No such schedule.');
        if (found.status !== 'pending') {
          throw problem(
            'schedule_not_cancellable',
            `Only pending schedules can be cancelled; this one is ${found.status}.`,
            { scheduleStatus: found.status },
          );
        }
        found.status = 'cancelled';
        found.creditsRefunded = found.creditsConsumed;
        balance.value += found.creditsConsumed;
        return {
          id,
          status: 'cancelled' as const,
          creditsRefunded: found.creditsConsumed,
          cancelledAt: '2026-11-22T09:05:00.000Z',
        };
      },
      retry: ({ id, channel, scheduledAt }) => {
        const failed = schedules.find((s) => s.id === id);
        if (!failed) throw problem('resource_missing', 'No such schedule.');
        if (failed.status !== 'failed' || failed.retriedBy) {
          throw problem('schedule_not_retriable', 'Only a failed delivery can be retried.', {
            scheduleStatus: failed.status,
          });
        }
        const ch = channel ?? failed.channel;
        const price = ch === 'whatsapp' ? PRICES.deliveryWhatsapp : PRICES.deliveryEmail;
        balance.value -= price;
        const made = schedule({
          ...failed,
          id: `sch_retry${++sequence}`,
          channel: ch,
          status: 'pending',
          scheduledAt: scheduledAt ?? '2026-11-22T09:00:00.000Z',
          creditsConsumed: price,
          retryOf: failed.id,
          failureReason: undefined,
          failedAt: undefined,
          creditsRefunded: undefined,
        });
        failed.retriedBy = made.id;
        schedules.unshift(made);
        const { formName: _f, patient: _p, seriesOccurrences: _o, ...plain } = made;
        return plain;
      },
      upcoming: (input) =>
        schedules
          .filter(
            (s) =>
              s.status === 'pending' &&
              (!input.from || s.scheduledAt >= input.from) &&
              (!input.to || s.scheduledAt < input.to),
          )
          .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt)),
      calendar: (input) => {
        const counts = new Map<string, number>();
        const pending = schedules
          .filter(
            (s) =>
              s.status === 'pending' && s.scheduledAt >= input.from && s.scheduledAt < input.to,
          )
          .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
        for (const s of pending) {
          const key = dayKey(new Date(s.scheduledAt));
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return {
          days: [...counts].map(([date, count]) => ({ date, count })),
          total: pending.length,
        };
      },
    },
    series: {
      create: (input) => {
        const price = input.channel === 'whatsapp' ? PRICES.deliveryWhatsapp : PRICES.deliveryEmail;
        const count = input.recurrence.count ?? 2;
        if (balance.value < price * count) {
          throw problem('insufficient_credits', 'Not enough credits.', {
            balance: balance.value,
            required: price * count,
          });
        }
        balance.value -= price * count;
        const made = seriesOf({
          id: `ser_new${++sequence}`,
          formId: input.formId,
          patientId: input.patientId,
          channel: input.channel,
          recurrence: input.recurrence,
          occurrences: count,
          counts: { pending: count, sent: 0, completed: 0, failed: 0, cancelled: 0 },
          creditsConsumed: price * count,
          startsAt: input.startsAt ?? '2026-11-22T09:00:00.000Z',
        });
        series.set(made.id, made);
        return made;
      },
      get: ({ id }) => {
        const found = series.get(id);
        if (!found) throw problem('resource_missing', 'No such series.');
        return found;
      },
      cancel: ({ id }) => {
        const found = series.get(id);
        if (!found) throw problem('resource_missing', 'No such series.');
        const pending = schedules.filter((s) => s.seriesId === id && s.status === 'pending');
        let refunded = 0;
        for (const s of pending) {
          s.status = 'cancelled';
          s.creditsRefunded = s.creditsConsumed;
          refunded += s.creditsConsumed;
        }
        balance.value += refunded;
        series.set(id, {
          ...found,
          status: 'cancelled',
          counts: {
            ...found.counts,
            pending: 0,
            cancelled: found.counts.cancelled + pending.length,
          },
          creditsRefunded: refunded,
        });
        return {
          id,
          status: 'cancelled' as const,
          cancelledSchedules: pending.map((s) => s.id),
          creditsRefunded: refunded,
          cancelledAt: '2026-11-22T09:05:00.000Z',
        };
      },
    },
    outbox: {
      list: (input) => {
        const matches = outbox.filter(
          (m) =>
            (!input.channel || m.channel === input.channel) &&
            (!input.patientId || m.patientId === input.patientId),
        );
        return { data: matches, pagination: { cursor: '', hasMore: false, limit: 20 } };
      },
    },
  };
  return {
    handlers,
    schedules,
    outbox,
    series,
    balance,
    shownBalance: () => balanceView().balance,
  };
}

/** Puts the sandbox clock at `iso`, as a pushed clock event would. */
export function setServiceNow(appStore: AppStore, iso: string): void {
  appStore.setState({
    sandbox: true,
    clock: { now: iso, offsetSeconds: (Date.parse(iso) - Date.now()) / 1000 },
    clockAt: Date.now(),
  });
}

/** A promise and its resolver, to hold an operation open while a test looks. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
