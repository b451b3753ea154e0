import type { Sql } from '../../src-main/service/store/sql-port';
import type { Queryable } from './queryable';

/*
 * What the tests' own SQL needs to say differently on each engine: the catalogue (SQLite's
 * sqlite_master, PostgreSQL's information_schema and pg_trigger), a JSON field, and the words
 * each engine refuses a CHECK with. The service's statements pair their own SQL; these are the
 * tests', so a suite reads the same on both.
 */

const onPostgres = (db: Queryable): boolean => (db as Partial<Sql>).engine === 'postgres';

/** The one column `v` of a catalogue read, in the SQL of the engine `db` runs on. */
async function column(
  db: Queryable,
  sql: { sqlite: string; postgres: string },
  ...params: unknown[]
): Promise<string[]> {
  const rows = (await db.prepare(onPostgres(db) ? sql.postgres : sql.sqlite).all(...params)) as {
    v: string;
  }[];
  return rows.map((row) => row.v);
}

/** The clinic's tables, by name, sorted (not the engine's own, nor the migration record). */
export const tableNames = async (db: Queryable): Promise<string[]> =>
  (
    await column(db, {
      postgres: `SELECT table_name AS v FROM information_schema.tables
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                   AND table_name <> 'engage_schema_version'`,
      sqlite:
        "SELECT name AS v FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    })
  ).sort();

/** The columns of `table`, in order. */
export const columnNames = (db: Queryable, table: string): Promise<string[]> =>
  column(
    db,
    {
      postgres: `SELECT column_name AS v FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
      sqlite: 'SELECT name AS v FROM pragma_table_info(?) ORDER BY cid',
    },
    table,
  );

/** The triggers on `table`, by name. */
export const triggerNames = (db: Queryable, table: string): Promise<string[]> =>
  column(
    db,
    {
      postgres:
        'SELECT tgname AS v FROM pg_trigger WHERE tgrelid = CAST(? AS regclass) AND NOT tgisinternal',
      sqlite: "SELECT name AS v FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
    },
    table,
  );

/** What the guards against deleting records say: each BEFORE DELETE trigger's definition. */
export const deleteGuards = async (db: Queryable): Promise<string[]> =>
  (
    await column(db, {
      // tgtype: 2 is BEFORE, 8 is DELETE.
      postgres:
        'SELECT pg_get_triggerdef(oid) AS v FROM pg_trigger WHERE NOT tgisinternal AND (tgtype & 10) = 10',
      sqlite:
        "SELECT sql AS v FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE ON%'",
    })
  ).sort();

/**
 * A failure the service cannot foresee (a full disk, a constraint), forced on the rows `when` (a
 * condition on NEW) picks: a trigger that refuses them with `message`, on either engine. Drop it
 * with `dropRefusal`.
 */
export async function refuseRows(
  db: Sql,
  how: { name: string; table: string; event: string; when: string; message: string },
): Promise<void> {
  const { name, table, event, when, message } = how;
  await db.exec({
    sqlite: `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} WHEN ${when}
               BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    postgres: `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
                 AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$;
               CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${when})
                 EXECUTE FUNCTION ${name}();`,
  });
}

export async function dropRefusal(db: Sql, name: string, table: string): Promise<void> {
  await db.exec({
    sqlite: `DROP TRIGGER ${name}`,
    postgres: `DROP TRIGGER ${name} ON ${table}; DROP FUNCTION ${name}();`,
  });
}

/** SQL for the text of field `key` of the JSON text in `column`. */
export const jsonField = (db: Queryable, column: string, key: string): string =>
  onPostgres(db) ? `(${column}::jsonb ->> '${key}')` : `json_extract(${column}, '$.${key}')`;

/** How either engine words a write a UNIQUE constraint refused. */
export const UNIQUE_REFUSED = /UNIQUE constraint failed|violates unique constraint/;

/** How either engine words a write a CHECK constraint refused. */
export const CHECK_REFUSED = /CHECK constraint failed|violates check constraint/;
