import { createDeliverySettings } from '../delivery/delivery-settings';
import { createFormDelivery } from '../delivery/form-delivery';
import { createBuiltinAssistant } from '../assistant/builtin/builtin-assistant';
import { createCalls } from '../domain/calls';
import { createConversations } from '../domain/conversations';
import { createCredits } from '../domain/credits';
import { createForms } from '../domain/forms';
import { createPatientNotes } from '../domain/patient-notes';
import { createFormSchedules } from '../domain/form-schedules';
import { billingPeriod, type Prices } from '../domain/pricing';
import { createIdFactory } from '../ids';
import { createClock, type Clock } from '../jobs/clock';
import type { ScheduleInput } from '../jobs/job-runner';
import type { Plan } from '../schemas/billing';
import type { Db } from '../store/db';
import type { ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import type { PatientRow } from '../store/queries/patients';
import {
  CLINICS,
  FEMALE_NAMES,
  LANGUAGES,
  MAGIC_PATIENTS,
  MALE_NAMES,
  PHYSICIANS,
  SURNAMES,
  TAGS,
} from './demo-names';
import { planDemoDeliveries, type TimedAction } from './demo-deliveries';
import { planDemoCalls, planDemoConversations } from './demo-engagement';
import { planDemoNotes } from './demo-notes';
import { createPrng, type Prng } from './prng';

export const DEMO_PATIENT_COUNT = 240;
export const DEMO_CLINIC_NAME = 'Clínica Mediterrània';
const DAY = 86_400_000;
const MAGIC_SUFFIXES = ['0000', '1111', '9999'];

/**
 * The demo clinic: a Barcelona-area practice with 240 patients, five clinical forms with months of
 * deliveries and answers, and three months of credit history on the professional plan. Everything
 * comes from a fixed seed; dates are placed relative to the service clock so the clinic always
 * looks current. Seeding writes history, not news: it emits no events. Later features extend this
 * seed with their own resources.
 */
export function seedDemoClinic(deps: {
  db: Db;
  q: Queries;
  clock: Clock;
  plans: Record<Plan, number>;
  prices: Prices;
  /** The job table, for the deliveries still to come. */
  scheduleJob: (job: ScheduleInput) => void;
}) {
  const { db, q } = deps;
  const rng = createPrng(20261122);
  const nowMs = deps.clock.now();
  // History is written with its own clock, set to the moment each record happened.
  let at = nowMs;
  const clock = createClock({ realNow: () => at });
  const newId = createIdFactory(() => at, rng.next);

  db.transaction(() => {
    const patients = demoPatients(rng, nowMs);
    for (const row of patients) {
      at = Date.parse(row.created_at);
      row.id = newId('pat', at);
      q.patients.insert(row);
    }
    q.settings.set('clinic_name', DEMO_CLINIC_NAME);
    // Everything after the patients happens on one timeline with its own id factory: its history
    // starts months before the newest patient, and a shared monotonic factory would stamp its ids
    // with that patient's later time.
    const ids = createIdFactory(() => at, rng.next);
    // History, not news: what the clinic did before the install is not sent to webhooks.
    const silent = { emit: () => '' };
    const unlisted: ListRunner = () => {
      throw new Error('not used while seeding');
    };
    // Only deliveries still in the future need their job; the past ones the seed delivers itself.
    const scheduleJob = (job: ScheduleInput) => {
      if (Date.parse(job.dueAt) > nowMs) deps.scheduleJob(job);
    };
    const credits = createCredits({
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      plans: deps.plans,
      listPage: unlisted,
      scheduleJob: () => undefined,
    });
    const forms = createForms({ db, clock, newId: ids, q, listPage: unlisted });
    const schedules = createFormSchedules({
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      credits,
      forms,
      prices: deps.prices,
      listPage: unlisted,
      scheduleJob,
    });
    const delivery = createFormDelivery({
      db,
      clock,
      newId: ids,
      q,
      schedules,
      // A fresh install has no SMTP settings: the history is delivered to the outbox.
      settings: createDeliverySettings(q.settings, {}),
      scheduleJob,
    });
    const assistant = createBuiltinAssistant();
    const engagement = {
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      credits,
      prices: deps.prices,
      listPage: unlisted,
      assistant,
      clinicName: () => DEMO_CLINIC_NAME,
    };
    const conversations = createConversations({ ...engagement, rescheduleJob: scheduleJob });
    const calls = createCalls({ ...engagement, scheduleJob });
    // Notes draw their ids from a generator of their own, so they move nothing else of the seed.
    const notes = createPatientNotes({
      db,
      clock,
      newId: createIdFactory(() => at, createPrng(20261127).next),
      q,
      listPage: unlisted,
      requirePatient: () => undefined,
    });
    const historyStart = historyStartOf(nowMs);
    const plan = { rng, nowMs, historyStart, patients, credits };
    const actions = [
      ...planDemoDeliveries({ ...plan, forms, schedules, delivery }),
      ...planDemoConversations({ ...plan, conversations }),
      ...planDemoCalls({ ...plan, calls, clinicName: DEMO_CLINIC_NAME }),
      ...planDemoNotes({ nowMs, historyStart, patients, notes }),
    ];
    runTimeline(rng, nowMs, historyStart, (t) => (at = t), credits, actions);
  })();
}

function demoPatients(rng: Prng, nowMs: number): PatientRow[] {
  // The magic patients' addresses are taken too, so no random patient shares one.
  const usedEmails = new Set<string>(MAGIC_PATIENTS.map(magicEmail));
  const rows: PatientRow[] = [];
  for (let i = 0; i < DEMO_PATIENT_COUNT - MAGIC_PATIENTS.length; i++) {
    const female = rng.chance(0.54);
    const firstName = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const first = rng.pick(SURNAMES);
    let second = rng.pick(SURNAMES);
    while (second === first) second = rng.pick(SURNAMES);
    const lastName = `${first} ${second}`;
    let email: string | null = null;
    if (rng.chance(0.88)) {
      const base = `${ascii(firstName)}.${ascii(first)}`;
      let candidate = `${base}@example.com`;
      for (let n = 2; usedEmails.has(candidate); n++) candidate = `${base}${n}@example.com`;
      usedEmails.add(candidate);
      email = candidate;
    }
    const phone = email === null || rng.chance(0.94) ? spanishMobile(rng) : null;
    rows.push(patient(rng, nowMs, firstName, lastName, email, phone, {}));
  }
  for (const magic of MAGIC_PATIENTS) {
    const row = patient(
      rng,
      nowMs,
      magic.firstName,
      magic.lastName,
      magicEmail(magic),
      'phone' in magic ? magic.phone : spanishMobile(rng),
      { sandboxNote: magic.note },
    );
    // Registered before the history starts, so each shows its failure path in it.
    const latest = new Date(historyStartOf(nowMs) - 7 * DAY).toISOString();
    if (row.created_at > latest) {
      row.created_at = latest;
      if (row.updated_at < latest) row.updated_at = latest;
    }
    rows.push(row);
  }
  // Ids are minted in time order, so the list order by createdAt and id agree.
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

function magicEmail(magic: (typeof MAGIC_PATIENTS)[number]): string {
  return 'email' in magic
    ? magic.email
    : `${ascii(magic.firstName)}.${ascii(magic.lastName.split(' ')[0]!)}@example.com`;
}

function patient(
  rng: Prng,
  nowMs: number,
  firstName: string,
  lastName: string,
  email: string | null,
  phone: string | null,
  extra: Record<string, unknown>,
): PatientRow {
  const createdMs = nowMs - rng.int(1, 540) * DAY - rng.int(0, DAY / 1000 - 1) * 1000;
  const created = new Date(Math.min(createdMs, nowMs - 60_000)).toISOString();
  const inactive = rng.chance(0.08);
  const tags = rng.sample(TAGS, rng.pick([0, 1, 1, 2, 2, 3]));
  const metadata: Record<string, unknown> = {
    mrn: `HC-${String(rng.int(10_000, 99_999))}`,
    preferredLanguage: rng.pick(LANGUAGES),
    clinic: rng.pick(CLINICS),
    primaryPhysician: rng.pick(PHYSICIANS),
    ...(rng.chance(0.6) ? { whatsappConsent: true } : {}),
    ...(inactive
      ? { inactiveReason: rng.pick(['discharged', 'moved away', 'changed provider']) }
      : {}),
    ...extra,
  };
  const updated = new Date(
    Math.min(Date.parse(created) + rng.int(0, 90) * DAY, nowMs - 1000),
  ).toISOString();
  const born = birthDate(rng);
  const age = new Date(nowMs).getUTCFullYear() - Number(born.slice(0, 4));
  const female = (FEMALE_NAMES as readonly string[]).includes(firstName);
  return {
    id: '',
    first_name: firstName,
    last_name: lastName,
    email,
    phone,
    date_of_birth: born,
    status: inactive ? 'inactive' : 'active',
    tags: JSON.stringify(tags.filter((tag) => fitsTag(tag, female, age))),
    metadata: JSON.stringify(metadata),
    created_at: created,
    updated_at: updated < created ? created : updated,
  };
}

/** +34 6xx xxx xxx or 7xx xxx xxx, never ending in a magic suffix by accident. */
function spanishMobile(rng: Prng): string {
  for (;;) {
    const digits = `${rng.pick(['6', '6', '6', '7'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
    if (!MAGIC_SUFFIXES.some((s) => digits.endsWith(s))) return `+34${digits}`;
  }
}

function birthDate(rng: Prng): string {
  const year = rng.int(1938, 2008);
  const month = rng.int(1, 12);
  const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whether a demo tag is believable for the patient: a pregnancy for a woman of 18 to 45, elderly
 * care from 70 on, paediatrics never (every demo patient is an adult). A sales demo loses the room
 * at the first man tagged pregnant. Filtering after the draw keeps every other draw of the seed.
 */
function fitsTag(tag: string, female: boolean, age: number): boolean {
  if (tag === 'pregnancy') return female && age >= 18 && age <= 45;
  if (tag === 'elderly-care') return age >= 70;
  if (tag === 'paediatrics') return age < 18;
  return true;
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

type SeedCredits = ReturnType<typeof createCredits>;

/** The first day of the third closed billing period before `nowMs`: where the history starts. */
function historyStartOf(nowMs: number): number {
  let start = Date.parse(billingPeriod(nowMs).start);
  for (let i = 0; i < 3; i++) start = Date.parse(billingPeriod(start - DAY).start);
  return start;
}

/**
 * Runs the clinic's history in time order: the account opens on the professional plan at the
 * start, the allowance resets at each period end, and between them the planned actions
 * (deliveries, chats, calls) happen at their moments, with one top-up, all through the real
 * domain operations so the books balance. Actions planned before the account opened (the
 * forms were written earlier) run first.
 */
function runTimeline(
  rng: Prng,
  nowMs: number,
  historyStart: number,
  setTime: (ms: number) => void,
  credits: SeedCredits,
  planned: TimedAction[],
): void {
  // One top-up by card, some six weeks into the history.
  const topUp: TimedAction = {
    at: historyStart + 40 * DAY + rng.int(9 * 3600, 18 * 3600) * 1000,
    run: () => void credits.topUp(500, '**** 4242'),
  };
  // A stable order: by time, then as planned (the sort is stable).
  const actions = [...planned, topUp].sort((a, b) => a.at - b.at);
  let opened = false;
  let periodEnd = Date.parse(billingPeriod(historyStart).end);
  for (const action of actions) {
    if (!opened && action.at >= historyStart) {
      setTime(historyStart);
      credits.open('professional');
      opened = true;
    }
    while (opened && action.at >= periodEnd) {
      setTime(periodEnd);
      credits.resetPeriod(new Date(periodEnd).toISOString());
      periodEnd = Date.parse(billingPeriod(periodEnd).end);
    }
    setTime(action.at);
    action.run();
  }
  if (!opened) {
    setTime(historyStart);
    credits.open('professional');
  }
  while (periodEnd <= nowMs) {
    setTime(periodEnd);
    credits.resetPeriod(new Date(periodEnd).toISOString());
    periodEnd = Date.parse(billingPeriod(periodEnd).end);
  }
}
