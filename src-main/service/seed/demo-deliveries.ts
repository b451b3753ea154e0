import type { FormDelivery } from '../delivery/form-delivery';
import { ProblemError } from '../errors';
import type { Forms } from '../domain/forms';
import type { FormSchedules } from '../domain/form-schedules';
import type { Channel } from '../schemas/form-schedule';
import type { PatientRow } from '../store/queries/patients';
import { registeredBy } from './demo-time';
import { DEMO_FORMS, type DemoForm } from './demo-forms';
import type { Prng } from './prng';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Something that happened in the clinic's past, run by the seed's timeline in time order. */
export interface TimedAction {
  at: number;
  run: () => Promise<void>;
}

interface Plan {
  form: DemoForm;
  patients: number;
  /** Days between deliveries; 0 for a one-off. */
  every: number;
  /** Patients with one of these tags are chosen first. */
  prefer: string[];
  /** Severity over time (0..1 of the history) for one patient. */
  trajectory: (rng: Prng) => (progress: number) => number;
}

/** Most patients in treatment improve, some stay where they are, a few get worse. */
function treated(rng: Prng): (progress: number) => number {
  const start = 0.3 + rng.next() * 0.6;
  const r = rng.next();
  const slope = r < 0.6 ? -(0.25 + rng.next() * 0.3) : r < 0.85 ? 0 : 0.15 + rng.next() * 0.15;
  return (p) => clamp(start + slope * p + (rng.next() - 0.5) * 0.12);
}

const PLANS: Plan[] = [
  { form: form('phq9'), patients: 28, every: 28, prefer: ['mental-health'], trajectory: treated },
  { form: form('gad7'), patients: 18, every: 28, prefer: ['mental-health'], trajectory: treated },
  {
    form: form('pain_nrs'),
    patients: 22,
    every: 14,
    prefer: ['physiotherapy', 'oncology', 'elderly-care'],
    trajectory: treated,
  },
  {
    form: form('satisfaction'),
    patients: 45,
    every: 0,
    prefer: [],
    // Most visits go well.
    trajectory: (rng) => {
      const s = rng.next() ** 2 * 0.8;
      return () => s;
    },
  },
];

function form(key: DemoForm['key']): DemoForm {
  return DEMO_FORMS.find((f) => f.key === key)!;
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/**
 * The demo clinic's form history, as timed actions through the real operations: the five demo
 * forms, months of deliveries (each charged, delivered to the outbox, mostly answered with
 * answers that follow each patient's course), some cancelled or failed, and a few deliveries
 * still pending in the coming days. The seed runs the actions in time order with the credit
 * history, so the ledger pays for each delivery when it was scheduled.
 */
export function planDemoDeliveries(deps: {
  rng: Prng;
  nowMs: number;
  historyStart: number;
  patients: readonly PatientRow[];
  forms: Forms;
  schedules: FormSchedules;
  delivery: FormDelivery;
  /** Filled with each demo form's id once the forms are written. */
  formIds: Map<DemoForm['key'], string>;
  /** Told of every delivery planned (the demo's present keeps clear of them). */
  onPlanned?: (key: DemoForm['key'], patientId: string, scheduledAt: number) => void;
}): TimedAction[] {
  const { rng, nowMs, historyStart, formIds } = deps;
  const actions: TimedAction[] = [];
  actions.push({
    at: historyStart - 21 * DAY,
    run: async () => {
      for (const demo of DEMO_FORMS) {
        const form = demo.edition
          ? await deps.forms.addInstrument(demo.edition)
          : await deps.forms.create(demo.definition);
        formIds.set(demo.key, form.id);
      }
    },
  });

  // Only patients registered before the history began have one (newer patients start clean).
  const reachable = deps.patients.filter(
    (p) => p.status === 'active' && (p.phone || p.email) && registeredBy(p, historyStart),
  );
  const span = nowMs - historyStart;

  const deliver = (
    demo: DemoForm,
    patient: PatientRow,
    scheduledAt: number,
    severity: (progress: number) => number,
    answers?: (raw: ReturnType<DemoForm['answer']>, at: number) => ReturnType<DemoForm['answer']>,
  ) => {
    deps.onPlanned?.(demo.key, patient.id, scheduledAt);
    const createdAt = Math.min(scheduledAt - rng.int(2, 30) * HOUR, nowMs - rng.int(1, 40) * HOUR);
    if (createdAt < historyStart) return;
    const channel = channelFor(rng, patient);
    let id: string | undefined;
    actions.push({
      at: createdAt,
      run: async () => {
        try {
          id = (
            await deps.schedules.create({
              formId: formIds.get(demo.key)!,
              patientId: patient.id,
              channel,
              scheduledAt: new Date(scheduledAt).toISOString(),
              ...(rng.chance(0.3) ? { message: rng.pick(MESSAGES) } : {}),
            })
          ).id;
        } catch (error) {
          // Not enough credits on the day: the coordinator did not send this one.
          if (!(error instanceof ProblemError)) throw error;
        }
      },
    });
    if (scheduledAt > nowMs) return; // still pending: the job is on the table
    if (rng.chance(0.03)) {
      actions.push({
        at: Math.floor(createdAt + (scheduledAt - createdAt) * rng.next()),
        run: async () => void (id && (await deps.schedules.cancel(id))),
      });
      return;
    }
    actions.push({
      at: scheduledAt,
      run: async () => void (id && (await deps.delivery.deliverSchedule(id))),
    });
    if (!rng.chance(0.8)) return; // sent, never answered
    const answeredAt = scheduledAt + rng.int(20, 72 * 60) * 60_000;
    if (answeredAt > nowMs - 60_000) return;
    const progress = (answeredAt - historyStart) / span;
    actions.push({
      at: answeredAt,
      run: async () => {
        if (!id || (await deps.schedules.row(id)).status !== 'sent') return;
        const raw = demo.answer(rng, severity(progress));
        await deps.schedules.submit(id, answers ? answers(raw, answeredAt) : raw);
      },
    });
  };

  for (const plan of PLANS) {
    for (const patient of choose(rng, reachable, plan.patients, plan.prefer)) {
      const severity = plan.trajectory(rng);
      if (plan.every === 0) {
        deliver(plan.form, patient, workingHour(rng, historyStart + rng.next() * span), severity);
        continue;
      }
      // Recurring: from a start in the first weeks up to the next one due within a week.
      let at = workingHour(rng, historyStart + rng.int(3, 24) * DAY);
      while (at < nowMs + 7 * DAY) {
        deliver(plan.form, patient, at, severity);
        at = workingHour(rng, at + (plan.every + rng.int(-3, 3)) * DAY);
      }
    }
  }

  // Post-operative follow-up two and seven days after surgery, dated from the operation.
  const postOp = form('post_op');
  for (const patient of choose(rng, reachable, 12, ['post-op'])) {
    // Up to a few days ago (a weekend moves it on), so the seven-day follow-up falls due
    // within the coming week at the latest.
    const surgery = workingHour(rng, historyStart + rng.next() * (span - 3 * DAY));
    const course = 0.25 + rng.next() * 0.5;
    const withSurgeryDate = (raw: ReturnType<DemoForm['answer']>) =>
      raw.map((a) =>
        a.fieldId === 'surgery_date'
          ? { ...a, value: new Date(surgery).toISOString().slice(0, 10) }
          : a,
      );
    deliver(postOp, patient, surgery + 2 * DAY, () => course, withSurgeryDate);
    deliver(postOp, patient, surgery + 7 * DAY, () => course * 0.6, withSurgeryDate);
  }

  // The sandbox's magic patients show the failure paths (api-decisions §10).
  const satisfaction = form('satisfaction');
  for (const patient of reachable) {
    const bounces = patient.email?.endsWith('@bounce.example');
    const invalid = patient.phone?.endsWith('9999');
    if (bounces || invalid) {
      deliver(satisfaction, patient, workingHour(rng, nowMs - rng.int(5, 40) * DAY), () => 0.2);
    }
  }
  return actions;
}

const MESSAGES = [
  'Le agradeceríamos que lo respondiera antes de su próxima visita.',
  'Son solo unos minutos. Gracias por ayudarnos a cuidarle mejor.',
  'Recuerde que puede llamarnos si tiene cualquier duda.',
  'Es el seguimiento que comentamos en la consulta.',
];

function channelFor(rng: Prng, patient: PatientRow): Channel {
  if (patient.email?.endsWith('@bounce.example')) return 'email';
  if (patient.phone?.endsWith('9999')) return 'whatsapp';
  const consent = (JSON.parse(patient.metadata) as { whatsappConsent?: boolean }).whatsappConsent;
  if (patient.phone && (consent || !patient.email)) return 'whatsapp';
  if (patient.email) return rng.chance(0.9) || !patient.phone ? 'email' : 'whatsapp';
  return 'whatsapp';
}

/** `n` distinct patients, those tagged with a preferred tag first, the rest at random. */
function choose(
  rng: Prng,
  patients: readonly PatientRow[],
  n: number,
  prefer: string[],
): PatientRow[] {
  const tagged = patients.filter((p) =>
    (JSON.parse(p.tags) as string[]).some((t) => prefer.includes(t)),
  );
  const picked = rng.sample(tagged, Math.min(n, tagged.length));
  const rest = patients.filter((p) => !picked.includes(p));
  return [...picked, ...rng.sample(rest, n - picked.length)];
}

/** The same day between 08:00 and 13:59 UTC (09:00–15:00 in Barcelona), on a weekday. */
function workingHour(rng: Prng, ms: number): number {
  const d = new Date(ms);
  d.setUTCHours(rng.int(8, 13), rng.int(0, 59), 0, 0);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.getTime();
}
