// Long on purpose: the delivery state machine, every transition of one resource (create, retry,
// cancel, sent, reminded, failed, answered) in one place, each guarded by the state it leaves.
import { createHash, randomBytes } from 'node:crypto';
import { ProblemError, validationFailed, type FieldError } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { FormResponse } from '../schemas/clinical-form';
import type {
  CancelledSchedule,
  CreateFormSchedule,
  FailureReason,
  FormSchedule,
  FormScheduleListQuery,
  Language,
  RetryFormSchedule,
} from '../schemas/form-schedule';
import { LANGUAGES } from '../schemas/form-schedule';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { SCHEDULE_LISTS, type FormScheduleRow } from '../store/queries/form-schedules';
import type { Credits } from './credits';
import type { EventLog } from './event-log';
import { validateAnswers, type SubmittedAnswer } from './form-answers';
import type { Forms } from './forms';
import { requireActive, unreachable } from './patient-checks';
import { resourceReader } from './resource-reader';
import type { Prices } from './pricing';
import { readContext } from '../assistant/builtin/context-reading';
import type { ScoreAlert } from '../schemas/clinical-form';
import type { AlertRaiser } from './alerts';
import { carriesUrgentRules, responseAlerts } from './response-alerts';
import { eventData } from './event-data';
import { ledgerReasonText } from './ledger-reasons';

export const DELIVER_JOB = 'form-schedule.deliver';
/** The one reminder of a sent, unanswered delivery (delivery/form-reminder.ts). */
export const REMIND_JOB = 'form-schedule.remind';

/** A scheduledAt this far in the past is taken as "now" (client clocks drift); earlier is refused. */
const PAST_TOLERANCE_MS = 5 * 60_000;
/** Deliveries are planned at most a year ahead. */
const MAX_AHEAD_MS = 366 * 86_400_000;

/** The patient form page token: 256 random bits, base64url; only its SHA-256 is stored. */
export function newFormToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashFormToken(token) };
}

export function hashFormToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function deliveryPrice(prices: Prices, channel: FormScheduleRow['channel']): number {
  return channel === 'whatsapp' ? prices.deliveryWhatsapp : prices.deliveryEmail;
}

/**
 * Scheduled deliveries of forms (interface spec: Form schedule; api-decisions §§7, 8). The state
 * machine is pending → sent → completed, pending → failed, pending → cancelled; every transition
 * runs in one transaction with the credits it moves and the event it reports, and is guarded by
 * the state it leaves, so a cancel racing a delivery can only ever win once.
 */
export function createFormSchedules(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
  credits: Credits;
  forms: Forms;
  prices: Prices;
  listPage: ListRunner;
  scheduleJob: (job: {
    kind: string;
    dueAt: string;
    payload?: unknown;
    dedupeKey?: string;
  }) => Promise<unknown>;
  /** Alerts for warning signs in answers and failed urgent deliveries; absent while seeding. */
  alerts?: AlertRaiser;
}) {
  const { db, clock, newId, q, events, credits } = deps;

  const { row, getJson, get } = resourceReader<FormScheduleRow, FormSchedule>(
    'form schedule',
    q.formSchedules.get,
    q.formSchedules.getJson,
  );

  async function move(from: FormScheduleRow['status'], next: FormScheduleRow): Promise<void> {
    if (!(await q.formSchedules.transition(from, next))) {
      throw new Error(`Schedule ${next.id} left '${from}' while it was being changed`);
    }
  }

  /**
   * The refund of everything the schedule consumed and has not had back, each credit to the pot it
   * came from while that pot is valid (credits.refund); returns what was given back.
   */
  async function refundAll(schedule: FormScheduleRow, reason: string): Promise<number> {
    const owed = await q.creditLedger.netConsumed(schedule.id);
    if (owed <= 0) return 0;
    return (
      await credits.refund({
        amount: owed,
        reason,
        resourceType: 'form_schedule',
        resourceId: schedule.id,
      })
    ).refunded;
  }

  function checkScheduledAt(
    input: string | undefined,
    nowMs: number,
    pointer = '/scheduledAt',
  ): number {
    if (input === undefined) return nowMs;
    const ms = Date.parse(input);
    const error = (code: string, detail: string): FieldError => ({
      pointer,
      code,
      detail,
    });
    // A leap second (23:59:60) passes the format check but is no instant JavaScript can hold.
    if (Number.isNaN(ms)) {
      throw validationFailed([
        error('format', 'scheduledAt must be an ISO 8601 date-time such as 2026-11-23T09:00:00Z.'),
      ]);
    }
    if (ms < nowMs - PAST_TOLERANCE_MS) {
      throw validationFailed([
        error('past', 'scheduledAt is in the past; leave it out to deliver now.'),
      ]);
    }
    if (ms > nowMs + MAX_AHEAD_MS) {
      throw validationFailed([error('range', 'scheduledAt can be at most a year ahead.')]);
    }
    return Math.max(ms, nowMs);
  }

  /** What an occurrence of a series or a retry adds to a plain delivery. */
  interface Placement {
    seriesId?: string;
    seriesIndex?: number;
    retryOf?: string;
  }

  /** The checks of a new delivery that do not depend on its time: form, patient, address. */
  async function checkTarget(input: Pick<CreateFormSchedule, 'formId' | 'patientId' | 'channel'>) {
    const errors: FieldError[] = [];
    const form = await q.clinicalForms.get(input.formId);
    if (!form) {
      errors.push({
        pointer: '/formId',
        code: 'not_found',
        detail: `No clinical form with id '${input.formId}' exists.`,
      });
    } else if (form.status === 'archived') {
      errors.push({
        pointer: '/formId',
        code: 'form_archived',
        detail: `Form '${form.name}' is archived and cannot be sent.`,
      });
    }
    const patient = await q.patients.get(input.patientId);
    if (!patient) {
      errors.push({
        pointer: '/patientId',
        code: 'not_found',
        detail: `No patient with id '${input.patientId}' exists.`,
      });
    }
    if (errors.length) throw validationFailed(errors);
    requireActive(patient!, 'sending forms');
    const address = input.channel === 'whatsapp' ? patient!.phone : patient!.email;
    if (!address) {
      throw unreachable(
        '/channel',
        input.channel === 'whatsapp' ? 'phone number' : 'e-mail address',
        input.channel,
      );
    }
    return { form: form!, patient: patient! };
  }

  /**
   * One pending delivery, charged now and planned for `dueMs` (already checked): the one way a
   * schedule is made, whether alone, as an occurrence of a series or as a retry. Runs inside the
   * caller's transaction.
   */
  async function insertPending(
    input: Omit<CreateFormSchedule, 'scheduledAt'>,
    dueMs: number,
    placement: Placement = {},
  ): Promise<string> {
    const { form, patient } = await checkTarget(input);
    const nowMs = clock.now();
    const id = newId('sch', nowMs);
    const now = new Date(nowMs).toISOString();
    const price = deliveryPrice(deps.prices, input.channel);
    await credits.charge({
      amount: price,
      reason: ledgerReasonText({
        code: input.channel === 'whatsapp' ? 'deliveryWhatsapp' : 'deliveryEmail',
      }),
      resourceType: 'form_schedule',
      resourceId: id,
    });
    const scheduledAt = new Date(dueMs).toISOString();
    await q.formSchedules.insert({
      id,
      form_id: form.id,
      patient_id: patient.id,
      channel: input.channel,
      language: input.language ?? preferredLanguage(patient.metadata),
      status: 'pending',
      scheduled_at: scheduledAt,
      message: input.message?.trim() || null,
      credits_consumed: price,
      credits_refunded: null,
      token_hash: null,
      sent_at: null,
      failed_at: null,
      failure_reason: null,
      cancelled_at: null,
      completed_at: null,
      response_id: null,
      created_at: now,
      updated_at: now,
      series_id: placement.seriesId ?? null,
      series_index: placement.seriesIndex ?? null,
      remind_after_days: input.remindAfterDays ?? null,
      reminded_at: null,
      retry_of: placement.retryOf ?? null,
      retried_by: null,
    });
    await deps.scheduleJob({
      kind: DELIVER_JOB,
      dueAt: scheduledAt,
      payload: { scheduleId: id },
      dedupeKey: `${DELIVER_JOB}:${id}`,
    });
    return id;
  }

  const create = (input: CreateFormSchedule): Promise<FormSchedule> =>
    db.transaction(async () => {
      await checkTarget(input);
      const dueMs = checkScheduledAt(input.scheduledAt, clock.now());
      return await get(await insertPending(input, dueMs));
    });

  /**
   * A failed delivery sent again: a new pending delivery to the same patient of the same form
   * (by another channel or at another time if asked), charged like any delivery since the failed
   * one was refunded. The failed one stays failed and points at its retry; it can be retried once.
   */
  const retry = (id: string, input: RetryFormSchedule = {}): Promise<FormSchedule> =>
    db.transaction(async () => {
      const failed = await row(id);
      if (failed.status !== 'failed' || failed.retried_by) {
        throw new ProblemError(
          400,
          'schedule_not_retriable',
          failed.retried_by
            ? `This delivery was already retried by ${failed.retried_by}.`
            : `Only a failed delivery can be retried; this one is ${failed.status}.`,
          {
            scheduleStatus: failed.status,
            ...(failed.retried_by ? { retriedBy: failed.retried_by } : {}),
          },
        );
      }
      const target = {
        formId: failed.form_id,
        patientId: failed.patient_id,
        channel: input.channel ?? failed.channel,
        language: failed.language,
        ...(failed.message ? { message: failed.message } : {}),
        ...(failed.remind_after_days ? { remindAfterDays: failed.remind_after_days } : {}),
      };
      await checkTarget(target);
      const dueMs = checkScheduledAt(input.scheduledAt, clock.now());
      const retryId = await insertPending(target, dueMs, {
        retryOf: failed.id,
        ...(failed.series_id
          ? { seriesId: failed.series_id, seriesIndex: failed.series_index ?? 1 }
          : {}),
      });
      if (!(await q.formSchedules.setRetriedBy(failed.id, retryId, clock.nowIso()))) {
        throw new Error(`Schedule ${failed.id} was retried while it was being retried`);
      }
      return await get(retryId);
    });

  /** Cancels a pending delivery inside the caller's transaction (alone or with its series). */
  async function cancelPending(id: string): Promise<CancelledSchedule> {
    const current = await row(id);
    if (current.status !== 'pending') {
      throw new ProblemError(
        400,
        'schedule_not_cancellable',
        `Only pending schedules can be cancelled; this one is ${current.status}.`,
        { scheduleStatus: current.status },
      );
    }
    const refunded = await refundAll(current, ledgerReasonText({ code: 'deliveryCancelled' }));
    const at = clock.nowIso();
    await move('pending', {
      ...current,
      status: 'cancelled',
      cancelled_at: at,
      credits_refunded: refunded,
      updated_at: at,
    });
    return { id, status: 'cancelled', creditsRefunded: refunded, cancelledAt: at };
  }

  const cancel = (id: string): Promise<CancelledSchedule> =>
    db.transaction(async () => await cancelPending(id));

  /**
   * Delivered: the link's token is now valid and schedule.sent is written. `read` is the row as
   * the caller read it in the transaction this joins, which spares reading it again (a round trip
   * on PostgreSQL); the transition is guarded by the status all the same.
   */
  const markSent = (id: string, tokenHash: string, read?: FormScheduleRow): Promise<boolean> =>
    db.transaction(async () => {
      const current = read ?? (await row(id));
      if (current.status !== 'pending') return false;
      const at = clock.nowIso();
      await move('pending', {
        ...current,
        status: 'sent',
        sent_at: at,
        token_hash: tokenHash,
        updated_at: at,
      });
      await events.emit('schedule.sent', eventData.scheduleSent(current, at));
      if (current.remind_after_days) {
        await deps.scheduleJob({
          kind: REMIND_JOB,
          dueAt: new Date(Date.parse(at) + current.remind_after_days * 86_400_000).toISOString(),
          payload: { scheduleId: id },
          dedupeKey: `${REMIND_JOB}:${id}`,
        });
      }
      return true;
    });

  /**
   * The reminder went (form-reminder): recorded once, and only while the delivery is still sent,
   * so an answer, a cancel or an earlier reminder that got there first wins.
   */
  const markReminded = (id: string): Promise<boolean> =>
    db.transaction(async () => await q.formSchedules.setReminded(id, clock.nowIso()));

  /** Not delivered: the credits go back in full and no schedule.sent is written. */
  const markFailed = (id: string, reason: FailureReason): Promise<boolean> =>
    db.transaction(async () => {
      const current = await row(id);
      if (current.status !== 'pending') return false;
      const refunded = await refundAll(current, ledgerReasonText({ code: 'deliveryFailed' }));
      const at = clock.nowIso();
      await move('pending', {
        ...current,
        status: 'failed',
        // A link that may have been rendered for the failed message opens nothing any more.
        token_hash: null,
        failed_at: at,
        failure_reason: reason,
        credits_refunded: refunded,
        updated_at: at,
      });
      // A form that carries urgent alert rules (a screening instrument, a post-operative check)
      // that never reached the patient is something a person must know about.
      const form = await deps.forms.definition(current.form_id);
      if (carriesUrgentRules(form.fieldList, JSON.parse(form.score_alerts) as ScoreAlert[]))
        await deps.alerts?.raise({
          patientId: current.patient_id,
          source: { type: 'form_schedule', id },
          priority: 'review',
          code: 'delivery_failed',
          detail: { formId: form.id, formName: form.name, failureReason: reason },
        });
      return true;
    });

  /**
   * The patient answered (form page or sandbox submit): the response, the schedule's move to
   * completed and form.completed commit together, or nothing does. Only a sent schedule accepts
   * answers, so the token is single use.
   */
  const submit = (id: string, submitted: readonly SubmittedAnswer[]): Promise<FormResponse> =>
    db.transaction(async () => {
      const current = await row(id);
      if (current.status !== 'sent') {
        throw new ProblemError(
          400,
          'schedule_not_submittable',
          current.status === 'completed'
            ? 'This form has already been answered.'
            : `Only a sent schedule can be answered; this one is ${current.status}.`,
          { scheduleStatus: current.status },
        );
      }
      const form = await deps.forms.definition(current.form_id);
      const answers = validateAnswers(form.fieldList, submitted);
      const types = new Map(form.fieldList.map((f) => [f.id, f.type]));
      for (const answer of answers) {
        await q.formAnsweredFields.record(
          current.form_id,
          answer.fieldId,
          types.get(answer.fieldId)!,
        );
      }
      const atMs = clock.now();
      const at = new Date(atMs).toISOString();
      const responseId = newId('resp', atMs);
      await q.formResponses.insert({
        id: responseId,
        form_id: current.form_id,
        patient_id: current.patient_id,
        schedule_id: id,
        responses: JSON.stringify(answers),
        completed_at: at,
      });
      await move('sent', {
        ...current,
        status: 'completed',
        completed_at: at,
        response_id: responseId,
        updated_at: at,
      });
      // Every warning sign in the answers reaches a coordinator, with the response.
      for (const alert of responseAlerts(
        { ...form, name: form.name, scoreAlerts: JSON.parse(form.score_alerts) as ScoreAlert[] },
        answers,
        {
          id: responseId,
          patientId: current.patient_id,
          // A post-operative check's written "fever" is a post-operative fever.
          postOp: readContext(`${form.name} ${form.description}`).purpose === 'post_op',
        },
      ))
        await deps.alerts?.raise(alert);
      await events.emit(
        'form.completed',
        eventData.formCompleted({
          id: responseId,
          form_id: current.form_id,
          patient_id: current.patient_id,
          schedule_id: id,
          completed_at: at,
          answers,
        }),
      );
      return JSON.parse(await deps.forms.responseJson(responseId)) as FormResponse;
    });

  return {
    create,
    retry,
    cancel,
    submit,
    markReminded,
    /** For the series service: the one way to make and to cancel a delivery. */
    internal: { checkTarget, checkScheduledAt, insertPending, cancelPending },
    markSent,
    markFailed,
    get,
    getJson,
    row,
    /** The schedule a form page token opens, if any. */
    async byToken(token: string): Promise<FormScheduleRow | undefined> {
      // Tokens are 43 base64url characters; anything else cannot match and is not hashed.
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      return await q.formSchedules.byTokenHash(hashFormToken(token));
    },
    async list(query: FormScheduleListQuery): Promise<ListPage> {
      const where = equalTo({
        patient_id: query.patientId,
        form_id: query.formId,
        status: query.status,
        channel: query.channel,
        series_id: query.seriesId,
      });
      return await deps.listPage(SCHEDULE_LISTS[query.sort ?? '-createdAt'], {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          patientId: query.patientId,
          formId: query.formId,
          status: query.status,
          channel: query.channel,
          seriesId: query.seriesId,
        },
        where,
      });
    },
  };
}

export type FormSchedules = ReturnType<typeof createFormSchedules>;

/** The patient's metadata.preferredLanguage when it is one the service speaks, else Spanish. */
export function preferredLanguage(metadata: string): Language {
  try {
    const value = (JSON.parse(metadata) as { preferredLanguage?: unknown }).preferredLanguage;
    return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'es';
  } catch {
    return 'es';
  }
}
