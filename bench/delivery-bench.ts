// The delivery benchmark: N form schedules due at the same moment, delivered by one
// POST /sandbox/clock/advance on a real server with a durable (file) database. The baseline, in
// the same run and on the same disk, is the floor of any delivery path: writing N rows of the
// same size to SQLite with the same pragmas and the same number of commits, and nothing else.
// Bundled by vite.bench.config.ts (out/bench/delivery-bench.js) so it runs plain JavaScript;
// prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../src-main/service/create-service';
import { PERMISSIONS } from '../src-main/service/schemas/auth';
import { openDb } from '../src-main/service/store/db';

const COUNT = Number(process.argv[2] ?? 10_000);
const PATIENTS = 1_000;
/** Jobs per transaction in the runner (jobs/job-runner.ts); the baseline commits as often. */
const BATCH = 250;

async function deliveries(dir: string) {
  const service = await createService({
    dataDir: dir,
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
  }
}

/** N rows of `bytes` each, committed BATCH at a time, with the service's own pragmas. */
/** The floor: the same rows written straight through better-sqlite3, in the same batches. */
function baseline(dir: string, bytes: number) {
  const { db } = openDb({ dataDir: dir });
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

const root = mkdtempSync(join(tmpdir(), 'engage-desk-delivery-bench-'));
try {
  const measured = await deliveries(join(root, 'service'));
  const floor = baseline(join(root, 'baseline'), measured.bytes);
  process.stdout.write(
    `${JSON.stringify({
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
