import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { decodeTime } from 'ulidx';
import { createCore, type Core } from '../../src-main/service/core';
import { Patient } from '../../src-main/service/schemas/patient';
import { listBody, listItems } from '../../src-main/service/domain/list-page';
import { FEMALE_NAMES, MAGIC_PATIENTS, TAGS } from '../../src-main/service/seed/demo-names';
import { DEMO_CLINIC_NAME } from '../../src-main/service/seed/demo-clinic';
import { DEMO_FORMS } from '../../src-main/service/seed/demo-forms';
import { checkAnswers, type SubmittedAnswer } from '../../src-main/service/domain/form-answers';
import type { ClinicalForm } from '../../src-main/service/schemas/clinical-form';
import type { LedgerRow as StoredLedgerRow } from '../../src-main/service/store/queries/credit-ledger';
import { startServer, type TestServer } from './helpers';
import { jsonField } from './engine-sql';

/** A fixed "real now" so the seed is reproducible: 2026-11-22 09:30 UTC, mid-month. */
const FIXED_NOW = Date.parse('2026-11-22T09:30:00.000Z');
const DAY = 86_400_000;

/** A ledger row as stored, with its insertion order. */
type LedgerRow = StoredLedgerRow & { seq: number };

const cores: Core[] = [];
async function demoCore(nowMs = FIXED_NOW): Promise<Core> {
  const core = await createCore({ memory: true, seed: 'demo', realNow: () => nowMs });
  cores.push(core);
  return core;
}

/** SQL reads on the core a describe block opened. */
function reader(core: () => Core) {
  return {
    all: async <T>(sql: string, ...params: unknown[]) =>
      (await core()
        .db.prepare(sql)
        .all(...params)) as T[],
    one: async <T>(sql: string, ...params: unknown[]) =>
      (await core()
        .db.prepare(sql)
        .pluck()
        .get(...params)) as T,
  };
}

/** Every patient, as the API renders it, oldest first (paged through the real list operation). */
async function allPatients(core: Core, search?: string): Promise<Patient[]> {
  const out: Patient[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await core.patients.list({ limit: 100, cursor, ...(search ? { search } : {}) });
    // listBody renders exactly what GET /patients sends (text or UTF-8 bytes).
    const body = JSON.parse(String(listBody(page))) as { data: Patient[] };
    out.push(...body.data);
    if (!page.pagination.hasMore) break;
    cursor = page.pagination.cursor;
  }
  return out.reverse();
}

async function ledger(core: Core): Promise<LedgerRow[]> {
  return (await core.db.prepare('SELECT * FROM credit_ledger ORDER BY seq').all()) as LedgerRow[];
}

/** Lower case without diacritics: what a receptionist types on a keyboard without accents. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const ACCENTED = /[áéíóúàèòñçü·ÁÉÍÓÚÀÈÒÑÇÜ]/;
const MAGIC_SUFFIX = /(0000|1111|9999)$/;

afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

describe('demo clinic seed', () => {
  let core: Core;
  let patients: Patient[];
  beforeAll(async () => {
    core = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
    patients = await allPatients(core);
  });
  afterAll(() => core.close());

  it('has at least 200 patients and the list total agrees', async () => {
    expect(patients.length).toBeGreaterThanOrEqual(200);
    expect((await core.patients.list({ limit: 1 })).total).toBe(patients.length);
    expect(new Set(patients.map((p) => p.id)).size).toBe(patients.length);
  });

  it('is deterministic: the same fixed clock gives the same patients and the same ledger', async () => {
    const a = await demoCore();
    const b = await demoCore();
    const pa = await allPatients(a);
    const pb = await allPatients(b);
    expect(pa).toEqual(pb);
    expect(pa).toEqual(patients);
    // Spot-check the fields the brief names, so a difference reads clearly.
    const pick = (p: Patient) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      tags: p.tags,
      metadata: p.metadata,
      createdAt: p.createdAt,
    });
    expect(pa.map(pick)).toEqual(pb.map(pick));
    expect(await ledger(a)).toEqual(await ledger(b));
    expect(await a.credits.balance()).toEqual(await b.credits.balance());
  });

  it('has accented Spanish and Catalan names', () => {
    const accented = patients.filter(
      (p) => ACCENTED.test(p.firstName) || ACCENTED.test(p.lastName),
    );
    expect(accented.length).toBeGreaterThan(patients.length / 10);
    expect(patients.some((p) => ACCENTED.test(p.firstName))).toBe(true);
    expect(patients.some((p) => ACCENTED.test(p.lastName))).toBe(true);
    for (const p of patients) {
      expect(p.firstName.trim()).toBe(p.firstName);
      expect(p.firstName.length).toBeGreaterThan(0);
      expect(p.lastName.trim()).toBe(p.lastName);
      expect(p.lastName.length).toBeGreaterThan(0);
      // NFC, as a keyboard produces them, so that search and comparisons behave.
      expect(p.firstName.normalize('NFC')).toBe(p.firstName);
      expect(p.lastName.normalize('NFC')).toBe(p.lastName);
    }
  });

  it('has Spanish mobile numbers in E.164 (+34, then 6 or 7 and 8 more digits)', () => {
    const withPhone = patients.filter((p) => p.phone !== undefined);
    expect(withPhone.length).toBeGreaterThan(patients.length / 2);
    for (const p of withPhone) expect(p.phone).toMatch(/^\+34[67]\d{8}$/);
  });

  it('has unique e-mails at example.com, plus the one documented bounce.example patient', () => {
    const emails = patients.flatMap((p) => (p.email === undefined ? [] : [p.email]));
    expect(emails.length).toBeGreaterThan(patients.length / 2);
    expect(new Set(emails.map((e) => e.toLowerCase())).size).toBe(emails.length);
    const bounce = MAGIC_PATIENTS.flatMap((m) => ('email' in m ? [m.email] : []));
    expect(bounce.length).toBeGreaterThan(0);
    for (const email of emails) {
      if (bounce.includes(email as never)) continue;
      expect(email).toMatch(/^[a-z0-9.]+@example\.com$/);
    }
    expect(emails.filter((e) => e.endsWith('@bounce.example')).sort()).toEqual([...bounce].sort());
    // Everyone can be reached somehow.
    for (const p of patients) expect(p.email !== undefined || p.phone !== undefined).toBe(true);
  });

  it('tags patients from a sensible clinical set including post-op and diabetes', () => {
    expect(TAGS).toContain('post-op');
    expect(TAGS).toContain('diabetes');
    const used = new Map<string, number>();
    for (const p of patients) {
      expect(Array.isArray(p.tags)).toBe(true);
      expect(new Set(p.tags).size).toBe(p.tags.length);
      for (const tag of p.tags) {
        expect(TAGS).toContain(tag);
        expect(tag).toMatch(/^[a-z]+(-[a-z]+)*$/);
        used.set(tag, (used.get(tag) ?? 0) + 1);
      }
    }
    expect(used.get('post-op') ?? 0).toBeGreaterThan(0);
    expect(used.get('diabetes') ?? 0).toBeGreaterThan(0);
    expect(patients.some((p) => p.tags.length === 0)).toBe(true);
    expect(patients.some((p) => p.tags.length >= 2)).toBe(true);
  });

  it('tags each patient believably for their sex and age (a sales demo is read closely)', () => {
    const female = new Set<string>(FEMALE_NAMES);
    const ageOf = (p: Patient) => 2026 - Number(p.dateOfBirth!.slice(0, 4));
    const tagged = (tag: string) => patients.filter((p) => p.tags.includes(tag));
    for (const p of tagged('pregnancy')) {
      expect(female.has(p.firstName), `${p.firstName} ${p.lastName}`).toBe(true);
      expect(ageOf(p)).toBeGreaterThanOrEqual(18);
      expect(ageOf(p)).toBeLessThanOrEqual(45);
    }
    for (const p of tagged('elderly-care')) expect(ageOf(p)).toBeGreaterThanOrEqual(70);
    for (const p of tagged('paediatrics')) expect(ageOf(p)).toBeLessThan(18);
    // The rules leave the tags in use: some are pregnant, some in elderly care.
    expect(tagged('pregnancy').length).toBeGreaterThan(0);
    expect(tagged('elderly-care').length).toBeGreaterThan(0);
  });

  it("speaks mostly the clinic's languages, and its staff keep notes", async () => {
    const languages = patients.map((p) => p.metadata.preferredLanguage);
    const local = languages.filter((l) => l === 'es' || l === 'ca').length;
    expect(local / languages.length).toBeGreaterThan(0.75);
    const notes = (await core.db
      .prepare<[], { n: number; patients: number }>(
        'SELECT count(*) AS n, count(DISTINCT patient_id) AS patients FROM patient_notes',
      )
      .get())!;
    expect(notes.patients).toBeGreaterThan(20);
    expect(notes.n).toBeGreaterThan(notes.patients);
    // Each note is written after its patient was registered, before now, on a working hour.
    const late = await core.db
      .prepare<[string], number>(
        `SELECT count(*) FROM patient_notes n JOIN patients p ON p.id = n.patient_id
         WHERE n.created_at < p.created_at OR n.created_at > ?`,
      )
      .pluck()
      .get(new Date(FIXED_NOW).toISOString());
    expect(late).toBe(0);
  });

  it('gives every patient metadata with mrn, preferredLanguage and clinic', () => {
    const mrns = new Set<string>();
    for (const p of patients) {
      const m = p.metadata as Record<string, unknown>;
      expect(typeof m).toBe('object');
      expect(Array.isArray(m)).toBe(false);
      expect(m.mrn).toEqual(expect.stringMatching(/^\S+$/));
      mrns.add(m.mrn as string);
      expect(['es', 'ca', 'en']).toContain(m.preferredLanguage);
      expect(m.clinic).toEqual(expect.stringMatching(/\S/));
    }
    // A medical record number identifies one patient.
    expect(mrns.size).toBe(patients.length);
    const languages = new Set(patients.map((p) => p.metadata.preferredLanguage));
    expect(languages.has('es') && languages.has('ca')).toBe(true);
  });

  it('has some inactive patients, most active', async () => {
    const inactive = patients.filter((p) => p.status === 'inactive').length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(patients.length / 2);
    expect((await core.patients.list({ limit: 1, status: 'inactive' })).total).toBe(inactive);
  });

  it('has valid dates of birth in the past and createdAt <= updatedAt, both in the past', () => {
    const today = new Date(FIXED_NOW).toISOString().slice(0, 10);
    const withDob = patients.filter((p) => p.dateOfBirth !== undefined);
    expect(withDob.length).toBeGreaterThan(patients.length / 2);
    for (const p of withDob) {
      const dob = p.dateOfBirth!;
      expect(dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A real calendar day: it survives a round trip through Date.
      expect(new Date(`${dob}T00:00:00.000Z`).toISOString().slice(0, 10)).toBe(dob);
      expect(dob < today).toBe(true);
      expect(dob >= '1900-01-01').toBe(true);
    }
    for (const p of patients) {
      const created = Date.parse(p.createdAt);
      const updated = Date.parse(p.updatedAt);
      expect(new Date(created).toISOString()).toBe(p.createdAt);
      expect(new Date(updated).toISOString()).toBe(p.updatedAt);
      expect(created).toBeLessThan(FIXED_NOW);
      expect(updated).toBeLessThanOrEqual(FIXED_NOW);
      expect(created).toBeLessThanOrEqual(updated);
    }
    // Spread over history, not all created at one instant.
    const oldest = Date.parse(patients[0]!.createdAt);
    expect(FIXED_NOW - oldest).toBeGreaterThan(90 * DAY);
  });

  it('mints ids whose ULID time is the createdAt of the record (patients and ledger)', async () => {
    for (const p of patients) {
      expect(p.id).toMatch(/^pat_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(new Date(decodeTime(p.id.slice(4))).toISOString(), p.id).toBe(p.createdAt);
    }
    const mismatched = (await ledger(core)).filter(
      (row) => new Date(decodeTime(row.id.slice(4))).toISOString() !== row.created_at,
    );
    expect(
      mismatched.slice(0, 3).map((r) => ({
        id: r.id,
        idTime: new Date(decodeTime(r.id.slice(4))).toISOString(),
        createdAt: r.created_at,
      })),
      `${mismatched.length} ledger ids carry another time than their createdAt`,
    ).toEqual([]);
  });

  it('has the magic-value patients exactly as documented, and no accidental magic phones', () => {
    for (const magic of MAGIC_PATIENTS) {
      const matches = patients.filter(
        (p) => p.firstName === magic.firstName && p.lastName === magic.lastName,
      );
      expect(matches, `${magic.firstName} ${magic.lastName}`).toHaveLength(1);
      const p = matches[0]!;
      if ('phone' in magic) expect(p.phone).toBe(magic.phone);
      if ('email' in magic) expect(p.email).toBe(magic.email);
      expect(p.metadata.sandboxNote).toBe(magic.note);
      expect(p.status).toBe('active');
    }
    const magicPhones = MAGIC_PATIENTS.flatMap((m) => ('phone' in m ? [m.phone as string] : []));
    expect(magicPhones.map((ph) => ph.slice(-4)).sort()).toEqual(['0000', '1111', '9999']);
    const endingMagic = patients.filter((p) => p.phone !== undefined && MAGIC_SUFFIX.test(p.phone));
    expect(endingMagic.map((p) => p.phone).sort()).toEqual([...magicPhones].sort());
    expect(patients.filter((p) => p.email?.endsWith('@bounce.example'))).toHaveLength(
      MAGIC_PATIENTS.filter((m) => 'email' in m).length,
    );
  });

  it('renders every patient valid against the Patient schema', () => {
    for (const p of patients) {
      const value: unknown = p;
      if (!Value.Check(Patient, value)) {
        throw new Error(
          `${p.id} is not a valid Patient: ${JSON.stringify([...Value.Errors(Patient, value)])}`,
        );
      }
    }
    expect(patients.length).toBeGreaterThan(0);
  });

  it('writes no patient.created events (history, not news)', async () => {
    const count = async (sql: string) =>
      ((await core.db.prepare(sql).pluck().get()) as number) ?? 0;
    expect(await count(`SELECT count(*) FROM events WHERE type = 'patient.created'`)).toBe(0);
    expect(await count('SELECT count(*) FROM events')).toBe(0);
  });

  it('puts the clinic on the professional plan with a sensible balance and its ledger history', async () => {
    const balance = await core.credits.balance();
    const rows = await ledger(core);
    expect(balance.plan).toBe('professional');
    expect(balance.monthlyAllowance).toBe(2000);
    expect(balance.balance).toBe(rows.reduce((s, r) => s + r.amount, 0));
    expect(balance.balance).toBe(await core.q.creditLedger.sum());
    expect(balance.balance).toBeGreaterThanOrEqual(balance.monthlyAllowance * 0.1);
    expect(balance.usedThisMonth).toBeGreaterThan(0);
    expect(balance.resetsAt).toBe('2026-12-01T00:00:00.000Z');

    // Earlier months, with spending, top-ups, grants and at least one monthly reset.
    const thisMonth = new Date(FIXED_NOW).toISOString().slice(0, 7);
    const months = new Set(rows.map((r) => r.created_at.slice(0, 7)));
    expect([...months].filter((m) => m < thisMonth).length).toBeGreaterThanOrEqual(2);
    const kinds = new Set(rows.map((r) => r.kind));
    expect(kinds.has('grant')).toBe(true);
    expect(kinds.has('consume')).toBe(true);
    expect(rows.filter((r) => r.kind === 'reset').length).toBeGreaterThanOrEqual(1);
    for (const r of rows.filter((x) => x.kind === 'reset')) {
      expect(r.created_at < `${thisMonth}-01T00:00:00.001Z`).toBe(true);
      expect(r.amount).toBeLessThan(0);
    }
    expect(rows.length).toBeGreaterThan(50);
  });

  it('keeps a consistent ledger: running balance, chronological, all in the past', async () => {
    const rows = await ledger(core);
    let running = 0;
    let previous = '';
    for (const r of rows) {
      running += r.amount;
      expect(r.balance_after, r.id).toBe(running);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
      expect(r.created_at >= previous, r.id).toBe(true);
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(FIXED_NOW);
      previous = r.created_at;
      if (r.kind === 'consume' || r.kind === 'reset') expect(r.amount).toBeLessThan(0);
      else expect(r.amount).toBeGreaterThan(0);
    }
  });

  it.each([
    ['the first minute of a month', '2026-12-01T00:00:30.000Z'],
    ['midnight on the 1st', '2027-01-01T00:00:00.000Z'],
    ['the last day of February', '2028-02-29T23:59:00.000Z'],
    ['early in a month', '2026-03-02T08:00:00.000Z'],
    // The newest escalated chat once had two red flags here: an interview answer ("un 8" to the
    // pain question) before the scripted sign.
    ['a night hour', '2026-11-26T03:45:00.000Z'],
  ])('keeps the books right when seeded at %s', async (_label, iso) => {
    const nowMs = Date.parse(iso);
    const c = await demoCore(nowMs);
    const balance = await c.credits.balance();
    const rows = await ledger(c);
    expect(balance.plan).toBe('professional');
    expect(balance.balance).toBe(rows.reduce((s, r) => s + r.amount, 0));
    expect(balance.balance).toBeGreaterThanOrEqual(balance.monthlyAllowance * 0.1);
    expect(Date.parse(balance.resetsAt)).toBeGreaterThan(nowMs);
    expect(rows.some((r) => r.kind === 'reset')).toBe(true);
    for (const r of rows) expect(Date.parse(r.created_at)).toBeLessThanOrEqual(nowMs);
    const ps = await allPatients(c);
    expect(ps.length).toBeGreaterThanOrEqual(200);
    for (const p of ps) {
      expect(Date.parse(p.createdAt)).toBeLessThan(nowMs);
      expect(Date.parse(p.updatedAt)).toBeLessThanOrEqual(nowMs);
    }
    // Each chat tells one story: once it has escalated, the patient is with the team or 112.
    const flagged = await c.db
      .prepare<[], { conversation_id: string; n: number }>(
        `SELECT conversation_id, count(*) AS n FROM conversation_messages
         WHERE role = 'patient' AND escalated = 1 GROUP BY conversation_id`,
      )
      .all();
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    expect(flagged.filter((f) => f.n > 1)).toEqual([]);
  });

  it('finds seeded patients by their unaccented lower-case last name', async () => {
    const accented = patients.filter((p) => ACCENTED.test(p.lastName));
    expect(accented.length).toBeGreaterThan(0);
    for (const p of accented.slice(0, 25)) {
      const query = fold(p.lastName);
      const found = await allPatients(core, query);
      expect(
        found.map((f) => f.id),
        `search '${query}'`,
      ).toContain(p.id);
      // Exactly the patients whose name or e-mail contains it, ignoring case and accents.
      const expected = patients.filter((x) =>
        fold(`${x.firstName} ${x.lastName} ${x.email ?? ''}`).includes(query),
      );
      expect(found.map((f) => f.id).sort()).toEqual(expected.map((x) => x.id).sort());
    }
    // The first surname alone (e.g. 'fernandez' for Fernández) finds them too.
    const p = accented.find((x) => ACCENTED.test(x.lastName.split(' ')[0]!))!;
    const first = fold(p.lastName.split(' ')[0]!);
    expect((await allPatients(core, first)).map((f) => f.id)).toContain(p.id);
  });
});

describe('demo clinic over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'demo', realNow: () => FIXED_NOW });
  });
  afterAll(() => server.close());

  it('serves at least 200 demo patients and finds one by an unaccented last name', async () => {
    const first = await server.request('GET', '/patients?limit=100');
    expect(first.status).toBe(200);
    expect(first.body.total).toBeGreaterThanOrEqual(200);
    const target = (first.body.data as Patient[]).find((p) => ACCENTED.test(p.lastName))!;
    expect(target).toBeDefined();
    const query = fold(target.lastName);
    const res = await server.request(
      'GET',
      `/patients?limit=100&search=${encodeURIComponent(query)}`,
    );
    expect(res.status).toBe(200);
    expect((res.body.data as Patient[]).map((p) => p.id)).toContain(target.id);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
  });

  it('reports the professional plan balance, equal to the ledger sum', async () => {
    const res = await server.request('GET', '/billing/balance');
    expect(res.status).toBe(200);
    expect(res.body.plan).toBe('professional');
    expect(res.body.balance).toBeGreaterThanOrEqual(res.body.monthlyAllowance * 0.1);
    expect(res.body.balance).toBe(await server.service.core.q.creditLedger.sum());
    const led = await server.request('GET', '/billing/ledger?kind=reset&limit=100');
    expect(led.status).toBe(200);
    expect(led.body.data.length).toBeGreaterThanOrEqual(1);
  });
});

describe('demo clinic forms and deliveries', () => {
  let core: Core;
  beforeAll(async () => {
    core = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
  });
  afterAll(() => core.close());

  const { all, one } = reader(() => core);

  it('has the five demo forms, PHQ-9 and GAD-7 with their scoring bands', async () => {
    const page = await core.forms.list({ limit: 100 });
    const forms = listItems<ClinicalForm>(page);
    expect(forms.map((f) => f.name).sort()).toEqual(
      DEMO_FORMS.map((f) => f.definition.name).sort(),
    );
    // The instruments are validated ones, made from their published editions.
    const phq9 = forms.find((f) => f.name.includes('PHQ-9'))!;
    expect(phq9.fields.filter((f) => f.required)).toHaveLength(9);
    expect(phq9.instrument).toEqual({ key: 'phq9', edition: 'phq9-es-us', language: 'es' });
    expect(phq9.scoreAlerts).toContainEqual({ instrument: 'phq9', min: 20, priority: 'urgent' });
    const gad7 = forms.find((f) => f.name.includes('GAD-7'))!;
    expect(gad7.fields.filter((f) => f.required)).toHaveLength(7);
    expect(gad7.instrument).toEqual({ key: 'gad7', edition: 'gad7-es-es', language: 'es' });
    const nrs = forms.find((f) => f.name.includes('EVN'))!;
    expect(nrs.fields[0]).toMatchObject({ type: 'slider', min: 0, max: 10, step: 1 });
  });

  it('involves a patient in its history only after they were registered', async () => {
    for (const table of ['form_schedules', 'conversations', 'calls']) {
      const early = await one<number>(
        `SELECT count(*) FROM ${table} t JOIN patients p ON p.id = t.patient_id
         WHERE t.created_at < p.created_at`,
      );
      expect(early, table).toBe(0);
      expect(await one<number>(`SELECT count(*) FROM ${table}`), table).toBeGreaterThan(10);
    }
  });

  it('has months of deliveries in every state, and pending ones in the coming days', async () => {
    const counts = Object.fromEntries(
      (
        await all<{ status: string; n: number }>(
          'SELECT status, count(*) AS n FROM form_schedules GROUP BY status',
        )
      ).map((r) => [r.status, r.n]),
    );
    expect(counts.completed).toBeGreaterThan(200);
    expect(counts.sent).toBeGreaterThan(10);
    expect(counts.cancelled).toBeGreaterThan(0);
    expect(counts.failed).toBeGreaterThan(0);
    expect(counts.pending).toBeGreaterThan(3);
    const oldest = await one<string>('SELECT min(created_at) FROM form_schedules');
    expect(FIXED_NOW - Date.parse(oldest)).toBeGreaterThan(80 * DAY);
    // Every pending delivery is in the future, within a week (a series' within its three
    // months), and has its job on the table.
    const pending = await all<{ id: string; scheduled_at: string; series_id: string | null }>(
      `SELECT id, scheduled_at, series_id FROM form_schedules WHERE status = 'pending'`,
    );
    for (const p of pending) {
      expect(Date.parse(p.scheduled_at)).toBeGreaterThan(FIXED_NOW);
      expect(Date.parse(p.scheduled_at)).toBeLessThan(FIXED_NOW + (p.series_id ? 60 : 8) * DAY);
      expect(
        await one<number>(
          `SELECT count(*) FROM jobs WHERE kind = 'form-schedule.deliver' AND status = 'pending'
           AND ${jsonField(core.db, 'payload', 'scheduleId')} = ?`,
          p.id,
        ),
      ).toBe(1);
    }
    // Past deliveries were delivered by the seed itself, so no overdue job runs at first start.
    expect(
      await one<number>(
        `SELECT count(*) FROM jobs WHERE status = 'pending' AND due_at <= ?`,
        new Date(FIXED_NOW).toISOString(),
      ),
    ).toBe(0);
  });

  it('charged every delivery and refunded every cancelled or failed one; the books balance', async () => {
    const schedules = await all<{
      id: string;
      status: string;
      credits_consumed: number;
      credits_refunded: number | null;
      channel: string;
    }>('SELECT id, status, credits_consumed, credits_refunded, channel FROM form_schedules');
    for (const s of schedules) {
      expect(s.credits_consumed).toBe(s.channel === 'whatsapp' ? 2 : 1);
      const net = await core.q.creditLedger.netConsumed(s.id);
      if (s.status === 'cancelled' || s.status === 'failed') {
        expect(s.credits_refunded).toBe(s.credits_consumed);
        expect(net).toBe(0);
      } else {
        expect(net).toBe(s.credits_consumed);
      }
    }
    expect(await core.q.creditLedger.sum()).toBe((await core.credits.balance()).balance);
  });

  it('shows the failure paths through the magic patients', async () => {
    const reasons = (
      await all<{ failure_reason: string }>(
        `SELECT failure_reason FROM form_schedules WHERE status = 'failed'`,
      )
    ).map((r) => r.failure_reason);
    expect(reasons).toContain('email_bounced');
    expect(reasons).toContain('invalid_number');
  });

  it('stores answers that pass the shared validator, one response per completed schedule', async () => {
    const rows = await all<{
      form_id: string;
      responses: string;
      schedule_id: string;
      completed_at: string;
    }>('SELECT form_id, responses, schedule_id, completed_at FROM form_responses');
    expect(rows.length).toBe(
      await one<number>(`SELECT count(*) FROM form_schedules WHERE status = 'completed'`),
    );
    for (const row of rows) {
      const form = await core.forms.get(row.form_id);
      const { errors } = checkAnswers(form.fields, JSON.parse(row.responses) as SubmittedAnswer[]);
      expect(errors).toEqual([]);
      const schedule = await core.schedules.get(row.schedule_id);
      expect(schedule.status).toBe('completed');
      expect(schedule.completedAt).toBe(row.completed_at);
      expect(Date.parse(row.completed_at)).toBeLessThan(FIXED_NOW);
    }
  });

  it('has believable trends: PHQ-9 scores fall on average over the months', async () => {
    const phq9 = DEMO_FORMS.find((f) => f.key === 'phq9')!;
    const formId = listItems<ClinicalForm>(await core.forms.list({ limit: 100 })).find(
      (f) => f.name === phq9.definition.name,
    )!.id;
    const rows = await all<{ responses: string; completed_at: string }>(
      'SELECT responses, completed_at FROM form_responses WHERE form_id = ? ORDER BY completed_at',
      formId,
    );
    expect(rows.length).toBeGreaterThan(40);
    const scores = rows.map((r) => phq9.score!(JSON.parse(r.responses) as SubmittedAnswer[]));
    const third = Math.floor(scores.length / 3);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(scores.slice(-third))).toBeLessThan(mean(scores.slice(0, third)));
    expect(new Set(scores).size).toBeGreaterThan(8);
  });

  it('kept what it sent in the outbox, with a form link, and emitted no events', async () => {
    const sent = await one<number>(
      `SELECT count(*) FROM form_schedules WHERE status IN ('sent', 'completed')`,
    );
    // One message per delivery that went out, and one per reminder.
    const reminders = await one<number>(
      'SELECT count(*) FROM form_schedules WHERE reminded_at IS NOT NULL',
    );
    expect(reminders).toBeGreaterThan(0);
    expect(await one<number>('SELECT count(*) FROM outbox')).toBe(sent + reminders);
    // Stored relative to the link base: the demo's messages were never sent to any server.
    const bodies = await all<{ body: string; link: string }>('SELECT body, link FROM outbox');
    for (const b of bodies) {
      expect(b.link).toMatch(/^\/f\/[A-Za-z0-9_-]{43}$/);
      expect(b.body).toContain(b.link);
    }
    // The outbox shows them against the link base of the service that reads them.
    const shown = listItems<{ body: string; link: string }>(await core.outbox.list({ limit: 100 }));
    expect(shown.length).toBe(Math.min(100, bodies.length));
    for (const m of shown) {
      expect(m.link).toMatch(/^http:\/\/127\.0\.0\.1:4010\/f\/[A-Za-z0-9_-]{43}$/);
      expect(m.body).toContain(m.link);
      expect(m.body.split('/f/').length).toBe(2);
    }
    expect(await one<number>('SELECT count(*) FROM events')).toBe(0);
    expect(await core.delivery.clinicName()).toBe(DEMO_CLINIC_NAME);
  });

  it('has recurring PHQ-9 series: some deliveries answered, the next ones pending, a reminder or two', async () => {
    const series = await all<{
      id: string;
      occurrences: number;
      interval_unit: string;
      interval_count: number;
    }>('SELECT id, occurrences, interval_unit, interval_count FROM form_schedule_series');
    expect(series.length).toBe(3);
    for (const s of series) {
      expect([s.occurrences, s.interval_unit, s.interval_count]).toEqual([7, 'week', 2]);
      const statuses = (
        await all<{ status: string }>(
          'SELECT status FROM form_schedules WHERE series_id = ? ORDER BY series_index',
          s.id,
        )
      ).map((r) => r.status);
      expect(statuses.slice(3)).toEqual(['pending', 'pending', 'pending', 'pending']);
      expect(statuses.slice(0, 3).filter((x) => x === 'completed').length).toBeGreaterThan(1);
    }
    // The reminders went with the delivery's own link.
    const reminded = await all<{ id: string }>(
      'SELECT id FROM form_schedules WHERE reminded_at IS NOT NULL',
    );
    expect(reminded.length).toBe(2);
    for (const r of reminded) {
      const links = await all<{ link: string }>(
        'SELECT link FROM outbox WHERE schedule_id = ?',
        r.id,
      );
      expect(links.length).toBe(2);
      expect(links[0]!.link).toBe(links[1]!.link);
    }
  });

  it('opens the outbox link of a sent demo delivery on the running server (port 0), in the patient language', async () => {
    const server = await startServer({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
    try {
      const origin = server.url.replace(/\/api\/v1$/, '');
      expect(origin).not.toMatch(/:4010$/);
      const { core: live } = server.service;
      const sent = (await live.db
        .prepare(
          `SELECT s.id, s.language FROM form_schedules s
           WHERE s.status = 'sent' ORDER BY s.sent_at DESC LIMIT 1`,
        )
        .get()) as { id: string; language: string };
      // The link as the sandbox outbox gives it to a developer or a sales demo.
      const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${sent.id}`);
      expect(outbox.status).toBe(200);
      const [message] = outbox.body.data as { link: string; body: string }[];
      expect(message!.link.startsWith(`${origin}/f/`)).toBe(true);
      expect(message!.body).toContain(message!.link);
      const res = await fetch(message!.link);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain(`lang="${sent.language}"`);
      expect(page).toContain('<form');
    } finally {
      await server.close();
    }
  });
});

describe('demo clinic conversations and calls', () => {
  let core: Core;
  beforeAll(async () => {
    core = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
  });
  afterAll(() => core.close());

  const { all, one } = reader(() => core);

  it('has past chats: most closed by inactivity, some by the coordinator, some escalated', async () => {
    const total = await one<number>('SELECT count(*) FROM conversations');
    expect(total).toBeGreaterThanOrEqual(60);
    const byReason = Object.fromEntries(
      (
        await all<{ end_reason: string; n: number }>(
          `SELECT end_reason, count(*) AS n FROM conversations WHERE status = 'ended' GROUP BY 1`,
        )
      ).map((r) => [r.end_reason, r.n]),
    );
    expect(byReason.inactivity).toBeGreaterThan(total / 2);
    expect(byReason.closed).toBeGreaterThanOrEqual(1);
    const escalated = await one<number>(
      'SELECT count(*) FROM conversations WHERE escalated_at IS NOT NULL',
    );
    expect(escalated).toBeGreaterThanOrEqual(2);
    expect(escalated).toBeLessThan(total / 4);
    // Closed by inactivity exactly 30 minutes after the last message.
    const closed = await all<{ ended_at: string; last_message_at: string }>(
      `SELECT ended_at, last_message_at FROM conversations WHERE end_reason = 'inactivity'`,
    );
    expect(closed.length).toBeGreaterThan(0);
    const late = closed.filter(
      (c) => c.ended_at !== new Date(Date.parse(c.last_message_at) + 30 * 60_000).toISOString(),
    );
    expect(late).toEqual([]);
  });

  it('writes each chat in its patient language, with the patient name and a 112 instruction on red flags', async () => {
    const rows = await all<{
      language: string;
      first_name: string;
      metadata: string;
      welcome: string;
    }>(
      `SELECT c.language, p.first_name, p.metadata,
         (SELECT content FROM conversation_messages m WHERE m.conversation_id = c.id ORDER BY seq LIMIT 1) AS welcome
       FROM conversations c JOIN patients p ON p.id = c.patient_id`,
    );
    for (const row of rows) {
      expect(row.language).toBe(JSON.parse(row.metadata).preferredLanguage);
      expect(row.welcome).toContain(row.first_name);
      expect(row.welcome).toContain(DEMO_CLINIC_NAME);
    }
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['es', 'ca', 'en']));
    const escalated = await all<{ content: string; metadata: string }>(
      `SELECT content, metadata FROM conversation_messages WHERE escalated = 1 AND role = 'assistant'`,
    );
    expect(escalated.length).toBeGreaterThanOrEqual(2);
    // An emergency gets 112; an urgent sign (a pain of 8, a post-operative fever) the team's
    // call today, without 112.
    for (const m of escalated) {
      const level = (JSON.parse(m.metadata) as { triage?: { level: string } }).triage?.level;
      if (level === 'emergency') expect(m.content).toContain('112');
      else {
        expect(level).toBe('urgent');
        expect(m.content).not.toContain('112');
      }
    }
    expect(escalated.some((m) => m.content.includes('112'))).toBe(true);
  });

  it('charged every chat 10 plus 1 per exchange, as the ledger shows', async () => {
    const rows = await all<{ id: string; credits_consumed: number; message_count: number }>(
      'SELECT id, credits_consumed, message_count FROM conversations',
    );
    for (const c of rows) {
      expect(c.credits_consumed).toBe(10 + (c.message_count - 1) / 2);
      expect(await core.q.creditLedger.netConsumed(c.id)).toBe(c.credits_consumed);
    }
  });

  it('has months of calls, about nine in ten completed with a transcript and a summary', async () => {
    const calls = await all<{
      id: string;
      status: string;
      duration: number;
      credits_consumed: number;
      failure_reason: string | null;
      transcript: string | null;
      summary: string | null;
      answered_at: string | null;
      completed_at: string | null;
      created_at: string;
      language: string;
    }>('SELECT * FROM calls');
    expect(calls.length).toBeGreaterThanOrEqual(100);
    const completed = calls.filter((c) => c.status === 'completed');
    expect(completed.length / calls.length).toBeGreaterThan(0.82);
    expect(completed.length / calls.length).toBeLessThan(0.97);
    const months = new Set(calls.map((c) => c.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);
    for (const c of completed) {
      expect(c.duration).toBeGreaterThanOrEqual(60);
      expect(c.duration).toBeLessThanOrEqual(600);
      expect(c.credits_consumed).toBe(Math.ceil(c.duration / 60) * 5);
      expect(await core.q.creditLedger.netConsumed(c.id)).toBe(c.credits_consumed);
      expect(Date.parse(c.completed_at!) - Date.parse(c.answered_at!)).toBe(c.duration * 1000);
      expect(JSON.parse(c.transcript!).length).toBeGreaterThanOrEqual(6);
      expect(c.summary!.length).toBeGreaterThan(20);
      expect(Date.parse(c.completed_at!)).toBeLessThan(FIXED_NOW);
    }
    const failed = calls.filter((c) => c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      expect(['no_answer', 'busy', 'invalid_number']).toContain(c.failure_reason);
      expect(c.duration).toBe(0);
      expect(c.credits_consumed).toBe(0);
      expect(await core.q.creditLedger.netConsumed(c.id)).toBe(0);
    }
    expect(new Set(calls.map((c) => c.language))).toEqual(new Set(['es', 'ca', 'en']));
  });

  it('leaves nothing of the history running and writes no events', async () => {
    // Only the demo's present is still going: its two live chats (test/service/demo-live.test.ts).
    expect(
      await one<number>(
        `SELECT count(*) FROM conversations WHERE status = 'active' AND last_message_at < ?`,
        new Date(FIXED_NOW - 30 * 60_000).toISOString(),
      ),
    ).toBe(0);
    expect(await one<number>(`SELECT count(*) FROM conversations WHERE status = 'active'`)).toBe(2);
    expect(
      await one<number>(`SELECT count(*) FROM calls WHERE status NOT IN ('completed', 'failed')`),
    ).toBe(0);
    expect(await one<number>('SELECT count(*) FROM events')).toBe(0);
    expect(await core.q.creditLedger.sum()).toBe((await core.credits.balance()).balance);
  });
});
