// The engines of `npm run bench` (issue 21): the same HTTP scenarios on `serve --database` over
// PostgreSQL as on the SQLite file, the benchmark programs with ENGAGE_DESK_BENCH_POSTGRES_URL,
// and search at a million patients on both. Each engine's clinic is filled by the same fixture
// writer (patient-fixture.ts), through the service's own query module.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { OUT, run, startProcess, stop } from './processes.mjs';

const CLI = join(OUT, 'cli', 'cli.js');
const bench = (name) => join(OUT, 'bench', `${name}.js`);

/** The PostgreSQL role the PostgreSQL half runs as (it creates and drops its own databases). */
export const postgresUrl = process.env.ENGAGE_DESK_BENCH_POSTGRES_URL;

async function admin(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The server's version, for the report. */
export async function serverVersion() {
  return (await admin(postgresUrl, 'SHOW server_version'))[0].server_version;
}

/** A new database of the bench's own, and how to drop it. */
export async function createDatabase() {
  const name = `engage_bench_${randomBytes(6).toString('hex')}`;
  await admin(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A clinic of `patients` on an engine: `store` is `['--data', dir, '--plain']` or
 * `['--database', url]`; the first start creates the schema, the fixture writer fills it.
 */
export async function fillClinic({ store, target, patients, credits, serveTail }) {
  const first = startProcess([CLI, 'serve', ...store, ...serveTail, '--seed', 'empty']);
  await first.firstLine;
  await stop(first.child);
  await run([
    bench('bench-fixture'),
    target,
    String(patients),
    ...(credits ? [String(credits)] : []),
  ]);
}

/** A benchmark program's JSON line, on PostgreSQL when `onPostgres` (bench-store.ts). */
export async function benchProgram(name, args, onPostgres = false) {
  const env = { ENGAGE_DESK_BENCH_POSTGRES_URL: onPostgres ? postgresUrl : '' };
  return JSON.parse(await startProcess([bench(name), ...args], env).firstLine);
}
