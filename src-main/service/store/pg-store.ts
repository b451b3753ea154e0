import type pg from 'pg';
import { DatabaseFromTheFutureError } from './db';
import { LATEST_VERSION, postgresMigrations, type Migration } from './migrations';
import { createPgPool } from './pg-pool';
import { createPgPort, type PgPortOptions } from './pg-port';
import type { Sql } from './sql-port';

/**
 * Opening the service's store on PostgreSQL (`serve --database postgres://…`): the server is
 * reached, its extensions checked, the schema brought up to date, and the port returned.
 * Migrations run under an advisory lock, so instances started together migrate once; each is
 * recorded in `engage_schema_version` in the transaction that applies it.
 */

/** What cannot be fixed from here: said so that whoever runs the service can fix it there. */
export class PostgresOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PostgresOpenError';
  }
}

/** The extensions the PostgreSQL schema needs (patient search), shipped in Debian's postgresql. */
const EXTENSIONS = ['pg_trgm', 'unaccent'];
/** Any fixed number, the same for every instance: the advisory lock migrations run under. */
const MIGRATION_LOCK = 7_314_021;

export interface OpenedPgStore {
  db: Sql;
  /** Whether the database had no schema before (a new clinic, to be seeded). */
  created: boolean;
}

export async function openPgStore(
  url: string,
  options: PgPortOptions & { migrations?: Migration[] } = {},
): Promise<OpenedPgStore> {
  const pool = createPgPool({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    const before = await migrate(pool, url, options.migrations ?? postgresMigrations);
    return { db: createPgPort(pool, options), created: before === 0 };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/** Applies what is missing; answers the version the database was at before. */
async function migrate(pool: pg.Pool, url: string, all: Migration[]): Promise<number> {
  const latest = all === postgresMigrations ? LATEST_VERSION : all.length;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw explainConnectError(error, url);
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS engage_schema_version (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const found = Number(
        (
          await client.query<{ v: number }>(
            'SELECT coalesce(max(version), 0) AS v FROM engage_schema_version',
          )
        ).rows[0]!.v,
      );
      if (found > latest) throw new DatabaseFromTheFutureError(found, latest);
      const pending = all.filter((m) => m.version > found);
      if (pending.length) await requireExtensions(client);
      for (const m of pending) {
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO engage_schema_version (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new PostgresOpenError(
            `PostgreSQL migration ${m.version} (${m.name}) failed: ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
      return found;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The extensions must be installable here: a server without contrib is named, not guessed at. */
async function requireExtensions(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM pg_available_extensions WHERE name = ANY($1)',
    [EXTENSIONS],
  );
  const missing = EXTENSIONS.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length)
    throw new PostgresOpenError(
      `This PostgreSQL server lacks the extension${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}, which patient search needs. ` +
        'Install its contrib package (Debian: postgresql-15 includes it; elsewhere postgresql-contrib).',
    );
}

/** A failed connection, said in the terms of whoever typed the URL. */
export function explainConnectError(error: unknown, url: string): Error {
  const { code, message } = error as { code?: string; message?: string };
  let where: string;
  let user: string;
  let database: string;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
    user = decodeURIComponent(parsed.username) || 'the default user';
    database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  } catch {
    return new PostgresOpenError(`The database URL is not a valid postgres:// URL.`, {
      cause: error,
    });
  }
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return new PostgresOpenError(
        `PostgreSQL cannot be reached at ${where} (${code}): is the server running and listening there?`,
        { cause: error },
      );
    case '28P01':
    case '28000':
      return new PostgresOpenError(
        `PostgreSQL at ${where} refused the credentials of ${user}: check the user and password in the URL.`,
        { cause: error },
      );
    case '3D000':
      return new PostgresOpenError(
        `PostgreSQL at ${where} has no database "${database}": create it first (createdb ${database}).`,
        { cause: error },
      );
    default:
      if (/timeout/i.test(message ?? ''))
        return new PostgresOpenError(
          `PostgreSQL at ${where} did not answer in time: is the server running and reachable?`,
          { cause: error },
        );
      return new PostgresOpenError(`PostgreSQL at ${where}: ${message ?? String(error)}`, {
        cause: error,
      });
  }
}
