// Where a benchmark program keeps its clinic: a data folder on disk (SQLite, the desk), or, with
// ENGAGE_DESK_BENCH_POSTGRES_URL set (a role that may create databases), a fresh PostgreSQL
// database of its own, dropped afterwards (the clinic server). `npm run bench` runs each program
// once per engine; the programs say which engine they measured in their JSON line.
import { join } from 'node:path';
import type { Engine } from '../src-main/service/store/sql-port';
import { createTestDatabase } from '../test/service/postgres-test-db';

export const benchPostgresUrl: string | undefined = process.env.ENGAGE_DESK_BENCH_POSTGRES_URL;
export const engine: Engine = benchPostgresUrl ? 'postgres' : 'sqlite';

export interface BenchStore {
  /** What createService / createCore take to open it. */
  options: { dataDir: string } | { databaseUrl: string };
  drop(): Promise<void>;
}

/** A new, empty store for one measured run: `dir/name` on SQLite, a new database on PostgreSQL. */
export async function benchStore(dir: string, name: string): Promise<BenchStore> {
  if (!benchPostgresUrl) return { options: { dataDir: join(dir, name) }, drop: async () => {} };
  const database = await createTestDatabase(benchPostgresUrl);
  return { options: { databaseUrl: database.url }, drop: database.drop };
}
