import type { FormDelivery } from '../delivery/form-delivery';
import type { createFormReminder } from '../delivery/form-reminder';
import type { FormScheduleSeriesService } from '../domain/form-schedule-series';
import type { FormSchedules } from '../domain/form-schedules';
import type { Queries } from '../store/queries';
import type { PatientRow } from '../store/queries/patients';
import type { TimedAction } from './demo-deliveries';
import { DEMO_FORMS } from './demo-forms';
import { registeredBy } from './demo-time';
import type { Prng } from './prng';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How each demo series' past deliveries went: answered after so many hours, reminded and then
 * answered, or still unanswered after its reminder (the everyday cases a coordinator follows).
 */
type Outcome = { answerAfterHours: number } | { remindedThenAnswerAfterHours: number } | 'silent';

const SERIES: { severity: number; outcomes: Outcome[] }[] = [
  {
    severity: 0.45,
    outcomes: [{ answerAfterHours: 5 }, { answerAfterHours: 20 }, { answerAfterHours: 3 }],
  },
  { severity: 0.3, outcomes: [{ answerAfterHours: 26 }, { answerAfterHours: 8 }, 'silent'] },
  {
    severity: 0.35,
    outcomes: [
      { answerAfterHours: 2 },
      { remindedThenAnswerAfterHours: 80 },
      { answerAfterHours: 30 },
    ],
  },
];

/**
 * The demo's recurring PHQ-9 (every two weeks for three months: 7 deliveries, a reminder after 3
 * days): three patients' series begun some 40 days ago, so three deliveries of each are behind
 * (answered, answered after a reminder, or reminded and still unanswered) and four are pending.
 * Runs on the seed's timeline through the real series, delivery and reminder steps, with a
 * generator of its own so the rest of the seed stays as it was.
 */
export function planDemoSeries(deps: {
  rng: Prng;
  nowMs: number;
  historyStart: number;
  patients: readonly PatientRow[];
  q: Queries;
  schedules: FormSchedules;
  series: FormScheduleSeriesService;
  delivery: FormDelivery;
  reminder: ReturnType<typeof createFormReminder>;
}): TimedAction[] {
  const { rng, nowMs, q } = deps;
  const phq9 = DEMO_FORMS.find((f) => f.key === 'phq9')!;
  const candidates = deps.patients.filter(
    (p) =>
      p.status === 'active' &&
      p.phone &&
      !p.phone.endsWith('9999') &&
      registeredBy(p, deps.historyStart) &&
      (JSON.parse(p.tags) as string[]).includes('mental-health'),
  );
  const chosen = rng.sample(candidates, Math.min(SERIES.length, candidates.length));
  const actions: TimedAction[] = [];
  chosen.forEach((patient, n) => {
    const plan = SERIES[n]!;
    // Created on a weekday morning, first sent an hour later.
    const createdAt = morning(nowMs - (40 + n) * DAY, rng);
    const ids: string[] = [];
    actions.push({
      at: createdAt,
      run: async () => {
        const formId = await q.clinicalForms.byEdition(phq9.edition!);
        if (!formId) return;
        const made = await deps.series.create({
          formId,
          patientId: patient.id,
          channel: 'whatsapp',
          startsAt: new Date(createdAt + HOUR).toISOString(),
          recurrence: { interval: 'week', intervalCount: 2, count: 7 },
          remindAfterDays: 3,
        });
        ids.push(...(await q.formSchedules.pendingOfSeries(made.id)).map((s) => s.id));
      },
    });
    plan.outcomes.forEach((outcome, i) => {
      const sentAt = createdAt + HOUR + i * 14 * DAY;
      if (sentAt > nowMs) return;
      actions.push({
        at: sentAt,
        run: async () => void (ids[i] && (await deps.delivery.deliverSchedule(ids[i]!))),
      });
      const remindAt = sentAt + 3 * DAY;
      const answerAfter =
        outcome === 'silent'
          ? undefined
          : 'answerAfterHours' in outcome
            ? outcome.answerAfterHours
            : outcome.remindedThenAnswerAfterHours;
      if (answerAfter === undefined || sentAt + answerAfter * HOUR > remindAt) {
        if (remindAt < nowMs)
          actions.push({
            at: remindAt,
            run: async () => void (ids[i] && (await deps.reminder.remindSchedule(ids[i]!))),
          });
      }
      const answeredAt = answerAfter === undefined ? undefined : sentAt + answerAfter * HOUR;
      if (answeredAt !== undefined && answeredAt < nowMs - 60_000) {
        actions.push({
          at: answeredAt,
          run: async () => {
            const id = ids[i];
            if (!id || (await deps.schedules.row(id)).status !== 'sent') return;
            await deps.schedules.submit(id, phq9.answer(rng, plan.severity - i * 0.05));
          },
        });
      }
    });
  });
  return actions;
}

/** 09:00–11:59 UTC on the same weekday (a weekend moves it to Monday). */
function morning(ms: number, rng: Prng): number {
  const d = new Date(ms);
  d.setUTCHours(rng.int(8, 10), rng.int(0, 59), 0, 0);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.getTime();
}
