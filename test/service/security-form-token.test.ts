import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serversClosedAfterEach, startServer, tempDataDir, type TestServer } from './helpers';
import { logCapture } from './log-capture';
import { T0 } from './time';

/*
 * The patient form token reveals nothing else (issue 8 part 5): GET /f/<token> shows the form,
 * the clinic's name and nothing of the patient (id, name, e-mail, phone, metadata), of other
 * patients, of the schedule or of the API; every token that opens nothing (unknown, malformed,
 * one character off a real one) gets the very same 404 page, so a guess learns nothing; and the
 * token itself is stored only as its SHA-256 (the database file and WAL are scanned).
 */

const { newServer, cleanups } = serversClosedAfterEach(T0);

const PATIENT = {
  firstName: 'Remei',
  lastName: 'Casals Vidal',
  email: 'remei.casals@example.com',
  phone: '+34611223344',
  dateOfBirth: '1948-03-07',
  metadata: { mrn: 'HC-884211' },
};
const OTHER = {
  firstName: 'Bartomeu',
  lastName: 'Ferrer Pons',
  email: 'tomeu.ferrer@example.com',
  phone: '+34699887766',
};

/** Sends one form by e-mail to a new patient; the link's token, schedule and patient ids. */
async function sentForm(server: TestServer, patient: Record<string, unknown>) {
  const { core } = server.service;
  const formId = (
    await core.forms.create({
      name: 'Control postoperatorio',
      type: 'follow_up',
      fields: [
        { id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 0, max: 10, step: 1 },
      ],
    })
  ).id;
  const created = await server.request('POST', '/patients', { body: patient });
  expect(created.status, created.text).toBe(201);
  const schedule = await server.request('POST', '/form-schedules', {
    body: { formId, patientId: created.body.id, channel: 'email' },
  });
  expect(schedule.status, schedule.text).toBe(201);
  expect(
    (await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } })).status,
  ).toBe(200);
  const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${schedule.body.id}`);
  const link = outbox.body.data[0].link as string;
  return {
    token: link.slice(link.lastIndexOf('/') + 1),
    scheduleId: schedule.body.id as string,
    patientId: created.body.id as string,
    formId,
  };
}

const page = async (server: TestServer, token: string) => {
  const res = await fetch(`${server.service.origin}/f/${token}`);
  return { status: res.status, text: await res.text(), headers: res.headers };
};

/** What no form page may show. */
function expectNothingPrivate(text: string, ids: string[]): void {
  for (const value of [
    ...ids,
    PATIENT.lastName,
    'Casals',
    PATIENT.email,
    PATIENT.phone,
    '611223344',
    PATIENT.dateOfBirth,
    '1948',
    PATIENT.metadata.mrn,
    OTHER.firstName,
    OTHER.lastName,
    OTHER.email,
    OTHER.phone,
    '/api/v1',
    'sk_',
    'pat_',
    'sch_',
  ]) {
    expect(text, `the page shows ${value}`).not.toContain(value);
  }
}

describe('GET /f/<token>', () => {
  it('shows the form and the clinic, nothing of the patient, the schedule, others or the API', async () => {
    const server = await newServer();
    const mine = await sentForm(server, PATIENT);
    const theirs = await sentForm(server, OTHER);
    const res = await page(server, mine.token);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Control postoperatorio');
    expect(res.text).toContain('Dolor');
    expectNothingPrivate(res.text, [mine.patientId, mine.scheduleId, mine.formId, theirs.token]);
    // The page posts back to itself and nowhere else; it is not cached and sends no referrer.
    const actions = [...res.text.matchAll(/action="([^"]*)"/g)].map((m) => m[1]);
    expect(actions).toEqual([`/f/${mine.token}`]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives one identical 404 page to every token that opens nothing', async () => {
    const server = await newServer();
    const { token } = await sentForm(server, PATIENT);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const misses = [
      `${token.slice(0, -1)}${flip(token.slice(-1))}`,
      `${flip(token[0]!)}${token.slice(1)}`,
      'A'.repeat(43),
      token.slice(0, 42),
      `${token}A`,
      'not-a-token',
      encodeURIComponent('<script>alert(1)</script>'),
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    ];
    const answers = await Promise.all(misses.map((t) => page(server, t)));
    for (const [i, res] of answers.entries()) {
      expect(res.status, misses[i]).toBe(404);
      expect(res.text, misses[i]).toBe(answers[0]!.text);
      expect(res.text).not.toContain('Control postoperatorio');
      expectNothingPrivate(res.text, []);
    }
  });

  it('closed states (cancelled, answered) show their page with no patient data', async () => {
    const server = await newServer();
    const cancelled = await sentForm(server, PATIENT);
    // A sent form cannot be cancelled over the API; the states are set directly to see their pages.
    const failed = await sentForm(server, PATIENT);
    const { db } = server.service.core;
    await db
      .prepare(
        "UPDATE form_schedules SET status = 'cancelled', cancelled_at = '2026-01-01T00:00:00.000Z' WHERE id = ?",
      )
      .run(cancelled.scheduleId);
    await db
      .prepare(
        "UPDATE form_schedules SET status = 'failed', failed_at = '2026-01-01T00:00:00.000Z', failure_reason = 'x' WHERE id = ?",
      )
      .run(failed.scheduleId);
    for (const closed of [cancelled, failed]) {
      const gone = await page(server, closed.token);
      expect(gone.status).toBe(410);
      expect(gone.text).not.toContain('<form');
      expectNothingPrivate(gone.text, [closed.patientId, closed.scheduleId]);
    }

    const answered = await sentForm(server, PATIENT);
    const post = await fetch(`${server.service.origin}/f/${answered.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pain=3',
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    const done = await page(server, answered.token);
    expect(done.status).toBe(200);
    expect(done.text).not.toContain('<form');
    expectNothingPrivate(done.text, [answered.patientId, answered.scheduleId]);
  });

  it('keeps the token out of request logs, even at trace level', async () => {
    const capture = logCapture();
    const server = await startServer({ logger: { level: 'trace', stream: capture.stream } });
    cleanups.push(() => server.close());
    const { token } = await sentForm(server, PATIENT);
    expect((await page(server, `${token}?lang=ca`)).status).toBe(200);
    const lines = capture.lines();
    expect(lines.some((line) => line.includes('"/f/[token]?lang=ca"'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('stores only the SHA-256 of the token: not in the database file, nor in the WAL', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const server = await newServer({ dataDir: data.dir });
    const { token } = await sentForm(server, PATIENT);
    expect((await page(server, token)).status).toBe(200);
    const bytes = Buffer.concat(
      ['', '-wal', '-shm']
        .map((s) => join(data.dir, `engage-desk.db${s}`))
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f)),
    );
    expect(bytes.length).toBeGreaterThan(0);
    // The schedule keeps only the hash...
    const { db } = server.service.core;
    const row = (await db.prepare('SELECT * FROM form_schedules').get()) as Record<string, unknown>;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(bytes.includes(Buffer.from(row.token_hash as string))).toBe(true);
    // ...and no table holds the token but the outbox, the copy of the message the patient got
    // (the sandbox outbox and the desktop's outbox screen show its link; see the report).
    const tables = await db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .pluck()
      .all();
    const holding: string[] = [];
    for (const table of tables)
      if (JSON.stringify(await db.prepare(`SELECT * FROM "${table}"`).all()).includes(token))
        holding.push(table);
    expect(holding).toEqual(['outbox']);
  });
});
