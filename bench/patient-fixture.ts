// Fills a data directory with N synthetic patients for load tests, through the service's own
// patients query module (the same search text, triggers and time-order invariant as the API).
// Bundled by vite.bench.config.ts (out/bench/bench-fixture.js) so the benchmark runs plain
// JavaScript.
import { monotonicFactory } from 'ulidx';
import { createCore } from '../src-main/service/core';
import { openDb } from '../src-main/service/store/db';
import { createSqlitePort } from '../src-main/service/store/sqlite-port';
import { createQueries } from '../src-main/service/store/queries';
import { createPrng } from '../src-main/service/seed/prng';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, TAGS } from '../src-main/service/seed/demo-names';

export async function fillPatients(
  dataDir: string,
  count: number,
  nowMs = Date.now(),
): Promise<void> {
  const opened = openDb({ dataDir });
  const db = createSqlitePort(opened.db, opened.file ? { file: opened.file } : {});
  const q = createQueries(db);
  const rng = createPrng(100_000);
  const ulid = monotonicFactory(rng.next);
  const start = nowMs - 3 * 365 * 86_400_000;
  const step = (nowMs - 60_000 - start) / count;
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  await db.transaction(async () => {
    for (let i = 0; i < count; i++) {
      const t = Math.floor(start + i * step);
      const first = rng.pick(rng.chance(0.5) ? FEMALE_NAMES : MALE_NAMES);
      const last1 = rng.pick(SURNAMES);
      const created = new Date(t).toISOString();
      await q.patients.insert({
        id: `pat_${ulid(t)}`,
        first_name: first,
        last_name: `${last1} ${rng.pick(SURNAMES)}`,
        email: `${ascii(first)}.${ascii(last1)}${i}@example.com`,
        phone: `+346${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
        date_of_birth: `${rng.int(1940, 2005)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
        status: rng.chance(0.08) ? 'inactive' : 'active',
        tags: JSON.stringify(rng.sample(TAGS, rng.int(0, 2))),
        metadata: JSON.stringify({
          mrn: `HC-${100_000 + i}`,
          preferredLanguage: rng.pick(['es', 'ca']),
        }),
        created_at: created,
        updated_at: created,
      });
    }
  });
  opened.db.pragma('optimize');
  await db.close();
}

/**
 * What the write scenarios of `npm run bench` spend: a credit top-up (through the ledger, so the
 * balance still equals the sum of its entries) and one clinical form to schedule, since forms
 * have no create route. Through the core, without HTTP or the job runner.
 */
export async function prepareAccount(dataDir: string, credits: number): Promise<void> {
  const core = await createCore({ dataDir, seed: 'empty' });
  try {
    await core.credits.topUp(credits, 'Benchmark top-up');
    await core.forms.create({
      name: 'Escala numérica del dolor (EVN 0–10)',
      fields: [
        { id: 'pain', type: 'slider', label: 'Dolor ahora', required: true, min: 0, max: 10 },
      ],
    });
  } finally {
    await core.close();
  }
}

// `node out/bench/bench-fixture.js DIR COUNT [CREDITS]`
const [dir, count, credits] = process.argv.slice(2);
if (dir && count) await fillPatients(dir, Number(count));
if (dir && credits) await prepareAccount(dir, Number(credits));
