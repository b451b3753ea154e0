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
import { historyStartOf } from './demo-timeline';
import type { Prng } from './prng';

/** The demo clinic's patients: the random ones and the magic ones (docs: sandbox numbers). */
export const DEMO_PATIENT_COUNT = 240;
const DAY = 86_400_000;
const MAGIC_SUFFIXES = ['0000', '1111', '9999'];

export function demoPatients(rng: Prng, nowMs: number): PatientRow[] {
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
