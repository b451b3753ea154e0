// The delivery benchmark: N form schedules due at the same moment, delivered by one
// POST /sandbox/clock/advance on a real server with a durable database: a file (SQLite), or a
// PostgreSQL database with ENGAGE_DESK_BENCH_POSTGRES_URL (bench-store.ts). The baseline, in the
// same run and on the same engine, is the floor of any delivery path: writing N rows of the same
// size with the same number of commits, and nothing else (on SQLite with the service's pragmas,
// on PostgreSQL one INSERT round trip a row, as each of the service's statements is one).
// Bundled by vite.bench.config.ts (out/bench/delivery-bench.js) so it runs plain JavaScript;
// prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createService } from '../src-main/service/create-service';
import { PERMISSIONS } from '../src-main/service/schemas/auth';
import { openDb } from '../src-main/service/store/db';
import { benchStore, engine } from './bench-store';

const COUNT = Number(process.argv[2] ?? 10_000);
const PATIENTS = 1_000;
/** Jobs per transaction in the runner (jobs/job-runner.ts); the baseline commits as often. */
const BATCH = 250;

async function deliveries(dir: string) {
  const store = await benchStore(dir, 'service');
  const service = await createService({
    ...store.options,
    seed: 'empty',
    port: 0,
    rateLimit: 'off',
    // The clock advance is a /sandbox route, and a new clinic is real (not a sandbox) by default.
    sandbox: true,
  });
  const { core } = service;
  try {
    await core.credits.topUp(COUNT * 2);
    const form = await core.forms.create({
      name: 'Escala numérica del dolor (EVN 0–10)',
      fields: [
        { id: 'pain', type: 'slider', label: 'Dolor ahora', required: true, min: 0, max: 10 },
      ],
    });
    const patients: string[] = [];
    for (let i = 0; i < PATIENTS; i++)
      patients.push(
        (
          await core.patients.create({
            firstName: 'Paciente',
            lastName: `Prueba ${i}`,
            email: `paciente${i}@example.com`,
            phone: `+3461${String(i).padStart(7, '0')}`,
          })
        ).id,
      );
    const due = new Date(core.clock.now() + 3_600_000).toISOString();
    const createStart = process.hrtime.bigint();
    for (let i = 0; i < COUNT; i++) {
      await core.schedules.create({
        formId: form.id,
        patientId: patients[i % PATIENTS]!,
        channel: i % 2 ? 'email' : 'whatsapp',
        scheduledAt: due,
        message: 'Por favor, responda antes de su próxima visita.',
      });
    }
    const createSeconds = Number(process.hrtime.bigint() - createStart) / 1e9;
    const key = (await core.apiKeys.create({ name: 'bench', permissions: PERMISSIONS })).key;
    const start = process.hrtime.bigint();
    const res = await fetch(`${service.url}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3_601 }),
    });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (!res.ok) throw new Error(`advance answered ${res.status}: ${await res.text()}`);
    const sent = await core.db
      .prepare<[], number>(`SELECT count(*) FROM form_schedules WHERE status = 'sent'`)
      .pluck()
      .get();
    const outbox = await core.db.prepare<[], number>('SELECT count(*) FROM outbox').pluck().get();
    const events = await core.db
      .prepare<[], number>(`SELECT count(*) FROM events WHERE type = 'schedule.sent'`)
      .pluck()
      .get();
    if (sent !== COUNT || outbox !== COUNT || events !== COUNT) {
      throw new Error(
        `expected ${COUNT} deliveries, got ${sent} sent, ${outbox} messages, ${events} events`,
      );
    }
    const bytes = (await core.db
      .prepare<[], number>('SELECT avg(length(body) + length(api_json)) FROM outbox')
      .pluck()
      .get())!;
    return { createPerSecond: COUNT / createSeconds, seconds, perSecond: COUNT / seconds, bytes };
  } finally {
    await service.close();
    await store.drop();
  }
}

/** The floor on this engine: N rows of `bytes` each, committed BATCH at a time. */
async function baseline(dir: string, bytes: number) {
  if (engine === 'postgres') return await postgresBaseline(dir, bytes);
  const { db } = openDb({ dataDir: join(dir, 'baseline') });
  try {
    db.exec('CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT');
    const insert = db.prepare<[string]>('INSERT INTO bench_rows (body) VALUES (?)');
    const body = 'x'.repeat(Math.round(bytes));
    const start = process.hrtime.bigint();
    for (let i = 0; i < COUNT; i += BATCH) {
      db.transaction(() => {
        for (let j = i; j < Math.min(COUNT, i + BATCH); j++) insert.run(body);
      })();
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    return { seconds, perSecond: COUNT / seconds };
  } finally {
    db.close();
  }
}

/** The same rows through one pg connection, each INSERT its own round trip, BATCH a commit. */
async function postgresBaseline(dir: string, bytes: number) {
  const store = await benchStore(dir, 'baseline');
  const client = new pg.Client({
    connectionString: (store.options as { databaseUrl: string }).databaseUrl,
  });
  await client.connect();
  try {
    await client.query('CREATE TABLE bench_rows (id bigserial PRIMARY KEY, body text NOT NULL)');
    const body = 'x'.repeat(Math.round(bytes));
    const start = process.hrtime.bigint();
    for (let i = 0; i < COUNT; i += BATCH) {
      await client.query('BEGIN');
      for (let j = i; j < Math.min(COUNT, i + BATCH); j++)
        await client.query('INSERT INTO bench_rows (body) VALUES ($1)', [body]);
      await client.query('COMMIT');
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    return { seconds, perSecond: COUNT / seconds };
  } finally {
    await client.end();
    await store.drop();
  }
}

const root = mkdtempSync(join(tmpdir(), 'engage-desk-delivery-bench-'));
try {
  const measured = await deliveries(root);
  const floor = await baseline(root, measured.bytes);
  process.stdout.write(
    `${JSON.stringify({
      engine,
      schedules: COUNT,
      createPerSecond: Math.round(measured.createPerSecond),
      advanceSeconds: Number(measured.seconds.toFixed(3)),
      deliveriesPerSecond: Math.round(measured.perSecond),
      baselineRowsPerSecond: Math.round(floor.perSecond),
      rowBytes: Math.round(measured.bytes),
      ratioToBaseline: Number((measured.perSecond / floor.perSecond).toFixed(3)),
    })}\n`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
