import { createCredits } from '../domain/credits';
import { createEventLog } from '../domain/event-log';
import { billingPeriod } from '../domain/pricing';
import { createIdFactory } from '../ids';
import { createClock, type Clock } from '../jobs/clock';
import type { Plan } from '../schemas/billing';
import type { Db } from '../store/db';
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
import { createPrng, type Prng } from './prng';

export const DEMO_PATIENT_COUNT = 240;
const DAY = 86_400_000;
const MAGIC_SUFFIXES = ['0000', '1111', '9999'];

/**
 * The demo clinic: a Barcelona-area practice with 240 patients and three months of credit history
 * on the professional plan. Everything comes from a fixed seed; dates are placed relative to the
 * service clock so the clinic always looks current. Seeding writes history, not news: it emits no
 * patient.created events. Later features extend this seed with their own resources.
 */
export function seedDemoClinic(deps: {
  db: Db;
  q: Queries;
  clock: Clock;
  plans: Record<Plan, number>;
}) {
  const { db, q } = deps;
  const rng = createPrng(20261122);
  const nowMs = deps.clock.now();
  // History is written with its own clock, set to the moment each record happened.
  let at = nowMs;
  const clock = createClock({ realNow: () => at });
  const newId = createIdFactory(() => at, rng.next);

  db.transaction(() => {
    for (const row of demoPatients(rng, nowMs)) {
      at = Date.parse(row.created_at);
      row.id = newId('pat', at);
      q.patients.insert(row);
    }
    // The ledger gets its own id factory: its history starts months before the newest patient,
    // and a shared monotonic factory would stamp its ids with that patient's later time.
    const ledgerIds = createIdFactory(() => at, rng.next);
    seedCreditHistory(rng, nowMs, (t) => (at = t), {
      credits: createCredits({
        db,
        clock,
        newId: ledgerIds,
        q,
        events: createEventLog(q.events, clock, ledgerIds),
        plans: deps.plans,
        listPage: () => {
          throw new Error('not used while seeding');
        },
        scheduleJob: () => undefined,
      }),
    });
  })();
}

function demoPatients(rng: Prng, nowMs: number): PatientRow[] {
  const usedEmails = new Set<string>();
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
    rows.push(
      patient(
        rng,
        nowMs,
        magic.firstName,
        magic.lastName,
        'email' in magic
          ? magic.email
          : `${ascii(magic.firstName)}.${ascii(magic.lastName.split(' ')[0]!)}@example.com`,
        'phone' in magic ? magic.phone : spanishMobile(rng),
        { sandboxNote: magic.note },
      ),
    );
  }
  // Ids are minted in time order, so the list order by createdAt and id agree.
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
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
  return {
    id: '',
    first_name: firstName,
    last_name: lastName,
    email,
    phone,
    date_of_birth: birthDate(rng),
    status: inactive ? 'inactive' : 'active',
    tags: JSON.stringify(tags),
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

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

type SeedCredits = ReturnType<typeof createCredits>;

const SPENDING = [
  { reason: 'AI conversation started', resourceType: 'conversation', amount: 10, weight: 3 },
  { reason: 'AI conversation message', resourceType: 'conversation', amount: 1, weight: 8 },
  { reason: 'Form delivery (WhatsApp)', resourceType: 'form_schedule', amount: 2, weight: 6 },
  { reason: 'Form delivery (e-mail)', resourceType: 'form_schedule', amount: 1, weight: 4 },
  { reason: 'Voice call (3 started minutes)', resourceType: 'call', amount: 15, weight: 2 },
] as const;

/**
 * Three closed months and the current one: the allowance granted at each period start, spending
 * spread over the days, a top-up, and the monthly resets in between, all through the real ledger
 * operations so the books balance.
 */
function seedCreditHistory(
  rng: Prng,
  nowMs: number,
  setTime: (ms: number) => void,
  { credits }: { credits: SeedCredits },
): void {
  const current = billingPeriod(nowMs);
  let periodStart = Date.parse(current.start);
  for (let i = 0; i < 3; i++) periodStart = Date.parse(billingPeriod(periodStart - DAY).start);

  const historyStart = periodStart;
  setTime(periodStart);
  credits.open('professional');
  let toppedUp = false;
  for (;;) {
    const period = billingPeriod(periodStart);
    const end = Math.min(Date.parse(period.end), nowMs - 60_000);
    const days = Math.max(0, Math.floor((end - periodStart) / DAY));
    const moments = Array.from(
      { length: days * 3 },
      () => periodStart + rng.int(0, Math.max(0, end - periodStart - 1)),
    ).sort((a, b) => a - b);
    for (const t of moments) {
      const item = weighted(rng);
      setTime(t);
      const balance = credits.balance().balance;
      if (balance - item.amount < 400) continue; // keep the demo comfortably above credits.low
      credits.charge({ amount: item.amount, reason: item.reason, resourceType: item.resourceType });
      if (!toppedUp && t > historyStart + 40 * DAY) {
        credits.topUp(500, 'Credit top-up (card ending 4242)');
        toppedUp = true;
      }
    }
    if (Date.parse(period.end) > nowMs) break;
    setTime(Date.parse(period.end));
    credits.resetPeriod(period.end);
    periodStart = Date.parse(period.end);
  }
}

function weighted(rng: Prng) {
  const total = SPENDING.reduce((s, i) => s + i.weight, 0);
  let r = rng.next() * total;
  for (const item of SPENDING) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return SPENDING[0];
}
