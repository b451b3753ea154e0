// Fills a clinic with N synthetic patients for load tests, through the service's own patients
// query module (the same search text, triggers and time-order invariant as the API): a data
// directory (SQLite), or a PostgreSQL database when the target is a postgres:// URL.
// Bundled by vite.bench.config.ts (out/bench/bench-fixture.js) so the benchmark runs plain
// JavaScript.
import { monotonicFactory } from 'ulidx';
import { createCore } from '../src-main/service/core';
import { openStore } from '../src-main/service/store/open-store';
import { createQueries } from '../src-main/service/store/queries';
import {
  withDerivedColumns,
  type PatientRow,
  type StoredPatientRow,
} from '../src-main/service/store/queries/patients';
import { createPrng } from '../src-main/service/seed/prng';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, TAGS } from '../src-main/service/seed/demo-names';

/** A data directory, or a postgres:// URL: what createCore takes to open either. */
const storeOptions = (target: string) =>
  /^postgres(?:ql)?:\/\//.test(target) ? { databaseUrl: target } : { dataDir: target };

/** Rows a transaction: one commit for the lot on SQLite's one writer, bounded on PostgreSQL. */
const ROWS_A_COMMIT = 10_000;
/** Rows a statement on PostgreSQL. */
const ROWS_A_STATEMENT = 1_000;
/** The columns a new patient row fills (the rest are the table's own: seq, api_json). */
const PATIENT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'status',
  'tags',
  'metadata',
  'created_at',
  'updated_at',
  'search_text',
  'sort_name',
] as const satisfies readonly (keyof StoredPatientRow)[];

export async function fillPatients(
  target: string,
  count: number,
  nowMs = Date.now(),
): Promise<void> {
  const { db } = await openStore(storeOptions(target));
  const q = createQueries(db);
  const rng = createPrng(100_000);
  const ulid = monotonicFactory(rng.next);
  // On PostgreSQL the table's own indexes (search trigrams, sort keys) are dropped for the load
  // and built again after it, as pg_restore does: built once over all rows, they take minutes
  // less than grown row by row, and end the same. All but the (created_at, id) one: the
  // time-order trigger reads it for every new row, and without it scans the whole table (20,000
  // rows took minutes). The search suffixes' index (0018, about 35 rows a patient) likewise.
  const indexes =
    db.engine === 'postgres'
      ? await db
          .prepare<[], { name: string; def: string }>(
            `SELECT indexname AS name, indexdef AS def FROM pg_indexes
             WHERE tablename IN ('patients', 'patient_search_suffixes')
               AND indexname <> 'patients_by_created'
               AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
          )
          .all()
      : [];
  // PostgreSQL gets the rows a batch at a time, one statement each (one round trip for
  // ROWS_A_STATEMENT rows); SQLite, in process, one prepared insert each.
  const insertBatch =
    db.engine === 'postgres'
      ? db.prepare<[string]>(
          `INSERT INTO patients (${PATIENT_COLUMNS.join(', ')})
           SELECT ${PATIENT_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::patients, ?::json)`,
        )
      : undefined;
  let batch: StoredPatientRow[] = [];
  const flush = async () => {
    if (batch.length) await insertBatch!.run(JSON.stringify(batch));
    batch = [];
  };
  for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
  const start = nowMs - 3 * 365 * 86_400_000;
  const step = (nowMs - 60_000 - start) / count;
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  for (let from = 0; from < count; from += ROWS_A_COMMIT)
    await db.transaction(async () => {
      for (let i = from; i < Math.min(count, from + ROWS_A_COMMIT); i++) {
        const t = Math.floor(start + i * step);
        const first = rng.pick(rng.chance(0.5) ? FEMALE_NAMES : MALE_NAMES);
        const last1 = rng.pick(SURNAMES);
        const created = new Date(t).toISOString();
        const row: PatientRow = {
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
        };
        if (!insertBatch) await q.patients.insert(row);
        else {
          batch.push(withDerivedColumns(row));
          if (batch.length === ROWS_A_STATEMENT) await flush();
        }
      }
      await flush();
    });
  for (const index of indexes) await db.exec(index.def);
  // The planner's statistics and the visibility map (which lets a count read an index alone), as
  // a clinic's own maintenance (autovacuum) would have them.
  await db.exec(db.engine === 'postgres' ? 'VACUUM ANALYZE' : 'PRAGMA optimize');
  await db.close();
}

/**
 * What the write scenarios of `npm run bench` spend: a credit top-up (through the ledger, so the
 * balance still equals the sum of its entries) and one clinical form to schedule, since forms
 * have no create route. Through the core, without HTTP or the job runner.
 */
export async function prepareAccount(target: string, credits: number): Promise<void> {
  const core = await createCore({ ...storeOptions(target), seed: 'empty' });
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

// `node out/bench/bench-fixture.js DIR|URL COUNT [CREDITS]`
const [dir, count, credits] = process.argv.slice(2);
if (dir && count) await fillPatients(dir, Number(count));
if (dir && credits) await prepareAccount(dir, Number(credits));
