/**
 * The service suites that run a second time on PostgreSQL (the `service-postgres` project in
 * vitest.config.ts). Issue 21 grows this list to every suite whose cores open in memory; the ones
 * on a data folder test the desk's SQLite files and stay SQLite's. ENGAGE_DESK_PG_SUITES (file
 * names, comma-separated) runs others instead, while their statements are being paired.
 */
const ON_POSTGRES: readonly string[] = [];

export const POSTGRES_SUITES: readonly string[] =
  process.env.ENGAGE_DESK_PG_SUITES?.split(',').filter(Boolean) ?? ON_POSTGRES;
