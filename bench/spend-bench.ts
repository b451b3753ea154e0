// The spending benchmark: many form schedules created at once, each spending a credit from the
// clinic's one account row, on an account that runs out half-way, so that the last credits are
// fought over. On PostgreSQL (ENGAGE_DESK_BENCH_POSTGRES_URL) the spenders are split over two
// cores on one database, two pools as two instances would have, and every transaction runs at
// SERIALIZABLE: the figure is the rate of transactions PostgreSQL refused and the port ran again
// (store/pg-port.ts), with the throughput and the books checked exact. On SQLite one core, whose
// one writer takes the transactions in turns, is measured the same way (no retries by design).
// Bundled by vite.bench.config.ts (out/bench/spend-bench.js); prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../src-main/service/core';
import { DEFAULT_PRICES } from '../src-main/service/domain/pricing';
import { ProblemError } from '../src-main/service/errors';
import { benchStore, engine } from './bench-store';

const WANTED = Number(process.argv[2] ?? 2_000);
/** Requests in flight at once, over all instances. */
const IN_FLIGHT = Number(process.argv[3] ?? 40);
const PATIENTS = 100;
/** An e-mail schedule's charge, taken when it is created; the account holds half of what all want. */
const PRICE = DEFAULT_PRICES.deliveryEmail;

const root = mkdtempSync(join(tmpdir(), 'engage-desk-spend-bench-'));
const store = await benchStore(root, 'service');
const retries: string[] = [];
// No monthly allowance: the account holds exactly the top-up, half of what the spenders want.
const NO_ALLOWANCE = { starter: 0, professional: 0, enterprise: 0 };
const open = () =>
  createCore({
    ...store.options,
    seed: 'empty',
    plans: NO_ALLOWANCE,
    onStoreRetry: (code) => retries.push(code),
  });
const first = await open();
const instances = engine === 'postgres' ? [first, await open()] : [first];
try {
  const balanceNow = first.db.prepare<[], number>('SELECT balance FROM credit_account').pluck();
  const affordable = Math.floor(WANTED / 2);
  const SPENDERS = affordable * 2;
  await first.credits.topUp(affordable * PRICE);
  const form = await first.forms.create({
    name: 'Escala numérica del dolor (EVN 0–10)',
    fields: [{ id: 'pain', type: 'slider', label: 'Dolor ahora', required: true, min: 0, max: 10 }],
  });
  const patients: string[] = [];
  for (let i = 0; i < PATIENTS; i++)
    patients.push(
      (
        await first.patients.create({
          firstName: 'Paciente',
          lastName: `Gasto ${i}`,
          email: `g${i}@example.com`,
        })
      ).id,
    );
  const due = new Date(first.clock.now() + 7 * 86_400_000).toISOString();
  const outcome = { created: 0, refused: 0 };
  let next = 0;
  const retriesBefore = retries.length;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      const core = instances[lane % instances.length]!;
      for (let i = next++; i < SPENDERS; i = next++) {
        try {
          await core.schedules.create({
            formId: form.id,
            patientId: patients[i % PATIENTS]!,
            channel: 'email',
            scheduledAt: due,
          });
          outcome.created++;
        } catch (error) {
          if (!(error instanceof ProblemError && error.code === 'insufficient_credits'))
            throw error;
          outcome.refused++;
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const retried = retries.length - retriesBefore;
  const balance = (await balanceNow.get())!;
  const ledger = (await first.db
    .prepare<[], number>('SELECT coalesce(sum(amount), 0) FROM credit_ledger')
    .pluck()
    .get())!;
  // The books: every credit spent once, none twice, the account exactly empty.
  if (outcome.created !== affordable || balance !== 0 || ledger !== balance)
    throw new Error(
      `books: ${outcome.created} created of ${affordable} affordable, balance ${balance}, ledger sum ${ledger}`,
    );
  process.stdout.write(
    `${JSON.stringify({
      engine,
      instances: instances.length,
      inFlight: IN_FLIGHT,
      attempts: SPENDERS,
      created: outcome.created,
      refusedInsufficient: outcome.refused,
      seconds: Number(seconds.toFixed(3)),
      perSecond: Math.round(SPENDERS / seconds),
      retries: retried,
      deadlocks: retries.slice(retriesBefore).filter((code) => code === '40P01').length,
      // Transactions run again per request: the cost of SERIALIZABLE under this contention.
      retryRate: Number((retried / SPENDERS).toFixed(3)),
    })}\n`,
  );
} finally {
  for (const core of instances) await core.close();
  await store.drop();
  rmSync(root, { recursive: true, force: true });
}
