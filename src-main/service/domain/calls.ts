import type { CallScript, CallSetup } from '../assistant/assistant';
import { readContext } from '../assistant/builtin/context-reading';
import { hash } from '../assistant/builtin/text';
import { transcriptAnswers, triageAnswers } from '../triage/transcript-triage';
import type { AlertRaiser } from './alerts';
import type { JobFollowUp, ScheduleInput } from '../jobs/job-handler';
import type {
  CallDetail,
  CallFailureReason,
  CallListQuery,
  CallStatus,
  CreateCall,
} from '../schemas/call';
import { equalTo, type ListPage } from '../store/keyset-list';
import { CALL_LIST, type CallRow } from '../store/queries/calls';
import type { EngagementDeps } from './conversations';
import { dateRangeConditions } from './date-range';
import { preferredLanguage } from './form-schedules';
import type { Language } from '../schemas/form-schedule';
import { resourceReader } from './resource-reader';
import { activePatient, unreachable } from './patient-checks';
import type { Prices } from './pricing';
import { eventData } from './event-data';
import { ledgerReasonText } from './ledger-reasons';

export const CALL_STEP_JOB = 'call.step';

/** Seconds from creation until the phone rings (dialling). */
const DIAL_SECONDS = 3;

/**
 * How the line answers, by the magic endings of api-decisions §10 (like test card numbers):
 * 0000 rings out, 1111 is busy, 9999 does not exist. Every other number answers after a few rings.
 */
export function lineOutcome(phone: string): { failure?: CallFailureReason; afterSeconds: number } {
  const digits = phone.replace(/\D/g, '');
  if (digits.endsWith('0000')) return { failure: 'no_answer', afterSeconds: 45 };
  if (digits.endsWith('1111')) return { failure: 'busy', afterSeconds: 4 };
  if (digits.endsWith('9999')) return { failure: 'invalid_number', afterSeconds: 2 };
  return { afterSeconds: 6 + (hash(digits) % 10) };
}

/** The summary of a call the credits ran out on, in the call's language. */
const CUT_SHORT_SUMMARY: Record<Language, (minutes: number) => string> = {
  es: (n) =>
    `La llamada se cortó al agotarse los créditos, a ${n === 1 ? 'el primer minuto' : `los ${n} minutos`}; no hay resumen de lo que faltó por hablar. Revisa la transcripción.`,
  ca: (n) =>
    `La trucada es va tallar en esgotar-se els crèdits, ${n === 1 ? 'al primer minut' : `als ${n} minuts`}; no hi ha resum del que faltava per parlar. Revisa la transcripció.`,
  en: (n) =>
    `The call was cut when the credits ran out, after ${n === 1 ? 'the first minute' : `${n} minutes`}; there is no summary of what was left unsaid. Read the transcript.`,
};

/** 5 credits per started minute (api-decisions §7). */
export function callPrice(prices: Prices, durationSeconds: number): number {
  return Math.ceil(durationSeconds / 60) * prices.callPerStartedMinute;
}

/**
 * Automated voice calls (interface spec: Call; api-decisions §§7, 8, 10). The simulated lifecycle
 * runs as durable jobs on the service clock: queued → ringing → in-progress → completed, or
 * ringing → failed. Every step is an UPDATE guarded by the state it leaves, so a step that runs
 * twice (a crash between the work and its job's mark) changes nothing the second time.
 *
 * Credits (api-decisions "Call charging"): creating a call reserves its first started minute; a
 * call never answered gets it back; an answered call takes the rest of its minutes when it is
 * answered, as far as the balance goes, and ends when the credits do: a call never runs past the
 * balance and nothing is left unbilled.
 */
export function createCalls(
  deps: EngagementDeps & {
    scheduleJob: (job: ScheduleInput) => Promise<unknown>;
    /** Alerts for warning signs in a call and failed calls to urgent patients; absent while seeding. */
    alerts?: AlertRaiser;
  },
) {
  const { db, clock, newId, q, events, credits, prices } = deps;

  const { row, getJson, get } = resourceReader<CallRow, CallDetail>(
    'call',
    q.calls.get,
    q.calls.detailJson,
  );

  /**
   * A step happens when it was due, not when its job got to run (after a restart, say): the
   * simulated call keeps its own timeline, and the next step is planned from there.
   */
  function stepTime(dueAtMs: number | undefined): number {
    return Math.min(dueAtMs ?? clock.now(), clock.now());
  }

  async function step(
    id: string,
    status: CallStatus,
    fromMs: number,
    afterSeconds: number,
  ): Promise<void> {
    await deps.scheduleJob({
      kind: CALL_STEP_JOB,
      dueAt: new Date(fromMs + afterSeconds * 1000).toISOString(),
      // The status the step leaves: a job run again after a crash (its work committed, its mark
      // lost) then finds the call already past it and does nothing, instead of taking the next step.
      payload: { callId: id, from: status },
      dedupeKey: `${CALL_STEP_JOB}:${id}:${status}`,
    });
  }

  async function ended(call: CallRow): Promise<void> {
    await events.emit('call.ended', eventData.callEnded(call));
  }

  const create = (input: CreateCall): Promise<CallDetail> =>
    db.transaction(async () => {
      const patient = await activePatient(q, input.patientId, 'calling them');
      if (!patient.phone) throw unreachable('/patientId', 'phone number', 'calls');
      const nowMs = clock.now();
      const now = new Date(nowMs).toISOString();
      const id = newId('call', nowMs);
      // The first started minute is reserved now (402, nothing created, when the balance cannot
      // pay it), so forty calls at a balance of 5 are one call, not forty unbilled ones.
      await credits.charge({
        amount: prices.callReservation,
        reason: ledgerReasonText({ code: 'callReserved' }),
        resourceType: 'call',
        resourceId: id,
      });
      await q.calls.insert({
        id,
        patient_id: patient.id,
        phone: patient.phone,
        purpose: input.purpose.trim(),
        language: input.language ?? preferredLanguage(patient.metadata),
        status: 'queued',
        duration: 0,
        credits_consumed: prices.callReservation,
        failure_reason: null,
        transcript: null,
        summary: null,
        metadata: '{}',
        ringing_at: null,
        answered_at: null,
        completed_at: null,
        failed_at: null,
        created_at: now,
        updated_at: now,
      });
      await step(id, 'queued', nowMs, DIAL_SECONDS);
      return await get(id);
    });

  async function move(from: CallStatus, next: CallRow): Promise<boolean> {
    return await q.calls.transition(from, next);
  }

  /** queued → ringing, and the line's answer (or failure) planned. */
  const ring = (call: CallRow, dueAtMs?: number): Promise<void> =>
    db.transaction(async () => {
      const atMs = stepTime(dueAtMs);
      const at = new Date(atMs).toISOString();
      if (!(await move('queued', { ...call, status: 'ringing', ringing_at: at, updated_at: at })))
        return;
      await step(call.id, 'ringing', atMs, lineOutcome(call.phone).afterSeconds);
    });

  /** ringing → failed: the reservation comes back (a call never answered costs 0). */
  const fail = (call: CallRow, reason: CallFailureReason, dueAtMs?: number): Promise<void> =>
    db.transaction(async () => {
      const at = new Date(stepTime(dueAtMs)).toISOString();
      // A step that runs again after a crash finds the call failed already: nothing to return.
      if ((await q.calls.get(call.id))?.status !== 'ringing') return;
      // What comes back is what the reservation's pot still allows (an allowance reset while
      // the phone rang keeps it expired); the call says what it finally cost.
      const reserved = await q.creditLedger.netConsumed(call.id);
      const refunded =
        reserved > 0
          ? (
              await credits.refund({
                amount: reserved,
                reason: ledgerReasonText({ code: 'callUnanswered' }),
                resourceType: 'call',
                resourceId: call.id,
              })
            ).refunded
          : 0;
      const next: CallRow = {
        ...call,
        status: 'failed',
        failure_reason: reason,
        failed_at: at,
        credits_consumed: Math.max(0, reserved - refunded),
        updated_at: at,
      };
      if (!(await move('ringing', next)))
        throw new Error(`Call ${call.id} left ringing while failing`);
      await ended(next);
      // A patient the team is worried about could not be reached: a person must try another way.
      if (deps.alerts && (await q.alerts.hasUrgentUnresolved(call.patient_id)))
        await deps.alerts.raise({
          patientId: call.patient_id,
          source: { type: 'call', id: call.id },
          priority: 'urgent',
          code: 'call_failed',
          detail: { callId: call.id, failureReason: reason },
        });
    });

  /** What the assistant needs to hold the call. */
  async function setupFor(call: CallRow): Promise<CallSetup> {
    const patient = (await q.patients.get(call.patient_id))!;
    return {
      key: call.id,
      firstName: patient.first_name,
      context: call.purpose,
      purpose: call.purpose,
      language: call.language,
      clinicName: await deps.clinicName(),
    };
  }

  /** ringing → in-progress, once the assistant has held the conversation. */
  async function answer(call: CallRow, dueAtMs?: number): Promise<void> {
    await answerWith(call.id, await deps.assistant.call(await setupFor(call)), dueAtMs);
  }

  /** ringing → in-progress with the conversation already written; hang-up planned at its end. */
  async function answerWith(callId: string, script: CallScript, dueAtMs?: number): Promise<void> {
    await db.transaction(async () => {
      const current = await q.calls.get(callId);
      if (!current || current.status !== 'ringing') return;
      const atMs = stepTime(dueAtMs);
      const at = new Date(atMs).toISOString();
      // The minutes are taken now, as far as the balance goes; the call ends when they run out.
      const reserved = await q.creditLedger.netConsumed(callId);
      const affordable = reserved + (await credits.balance()).balance;
      const minutes = Math.min(
        Math.ceil(script.durationSeconds / 60),
        Math.floor(affordable / prices.callPerStartedMinute),
      );
      const durationSeconds = Math.min(script.durationSeconds, minutes * 60);
      const cutShort = durationSeconds < script.durationSeconds;
      const due = callPrice(prices, durationSeconds);
      if (due > reserved)
        await credits.charge({
          amount: due - reserved,
          reason: ledgerReasonText({ code: 'callMinutes', minutes }),
          resourceType: 'call',
          resourceId: callId,
        });
      else if (due < reserved)
        await credits.refund({
          amount: reserved - due,
          reason: ledgerReasonText({ code: 'callReservationReturned' }),
          resourceType: 'call',
          resourceId: callId,
        });
      // What was said after the line was cut was never said.
      const turns = script.turns.filter((turn) => turn.offsetSeconds < durationSeconds);
      const transcript = turns.map((turn) => ({
        role: turn.role,
        content: turn.content,
        at: new Date(atMs + turn.offsetSeconds * 1000).toISOString(),
      }));
      // Every patient turn is triaged, whoever wrote the call (the built-in script or a model),
      // as the answer to what the assistant had just asked ("un 8" to the pain question).
      const verdict = triageAnswers(transcriptAnswers(turns), {
        postOp: readContext(current.purpose).purpose === 'post_op',
        language: current.language,
      });
      // A cut call's summary and findings would speak of what was never said: the team gets
      // the plain fact instead, and the transcript of what was.
      const { findings: _unsaid, ...said } = script.metadata as Record<string, unknown>;
      const metadata = {
        ...(cutShort ? said : script.metadata),
        ...(verdict.level !== 'none' ? { triage: verdict } : {}),
        ...(cutShort
          ? { endedBy: 'credits_exhausted', plannedDurationSeconds: script.durationSeconds }
          : {}),
      };
      const next: CallRow = {
        ...current,
        status: 'in-progress',
        answered_at: at,
        duration: durationSeconds,
        credits_consumed: due,
        transcript: JSON.stringify(transcript),
        summary: cutShort ? CUT_SHORT_SUMMARY[current.language](minutes) : script.summary,
        metadata: JSON.stringify(metadata),
        updated_at: at,
      };
      if (!(await move('ringing', next))) return;
      await step(callId, 'in-progress', atMs, durationSeconds);
      if (verdict.level !== 'none')
        await deps.alerts?.raise({
          patientId: current.patient_id,
          source: { type: 'call', id: callId },
          priority: verdict.level === 'team' ? 'review' : 'urgent',
          code:
            verdict.level === 'emergency'
              ? 'call_emergency'
              : verdict.level === 'urgent'
                ? 'call_urgent'
                : 'call_for_team',
          signs: verdict.signs,
          detail: { callId },
        });
    });
  }

  /** in-progress → completed (its minutes were taken when it was answered); call.ended. */
  const complete = (call: CallRow, dueAtMs?: number): Promise<void> =>
    db.transaction(async () => {
      const at = new Date(stepTime(dueAtMs)).toISOString();
      const next: CallRow = { ...call, status: 'completed', completed_at: at, updated_at: at };
      if (!(await move('in-progress', next)))
        throw new Error(`Call ${call.id} left in-progress while it was being completed`);
      await ended(next);
    });

  return {
    create,
    /** The lifecycle steps, for the demo clinic's history (the jobs call them otherwise). */
    steps: { ring, fail, setupFor, answerWith, complete },
    get,
    getJson,
    row,
    /** The job that moves a call one step along its lifecycle. */
    async onStepDue(
      callId: string,
      dueAtMs?: number,
      from?: CallStatus,
    ): Promise<void | JobFollowUp> {
      const call = await q.calls.get(callId);
      if (!call) return;
      // A step planned for an earlier status has been taken already (jobs from before `from`
      // was recorded carry none and go by the status alone).
      if (from !== undefined && call.status !== from) return;
      switch (call.status) {
        case 'queued':
          return void (await ring(call, dueAtMs));
        case 'ringing': {
          const outcome = lineOutcome(call.phone);
          if (outcome.failure) return void (await fail(call, outcome.failure, dueAtMs));
          // The script waits on the assistant (a model, over the network): after the job's
          // transaction, never inside it.
          return () => answer(call, dueAtMs);
        }
        case 'in-progress':
          return void (await complete(call, dueAtMs));
        default:
          return;
      }
    },
    async list(query: CallListQuery): Promise<ListPage> {
      const where = [
        ...equalTo({ patient_id: query.patientId, status: query.status }),
        ...dateRangeConditions('created_at', query.from, query.to),
      ];
      return await deps.listPage(CALL_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          patientId: query.patientId,
          status: query.status,
          from: query.from,
          to: query.to,
        },
        where,
      });
    },
  };
}

export type Calls = ReturnType<typeof createCalls>;
