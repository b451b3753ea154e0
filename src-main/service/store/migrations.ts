/**
 * Migrations are numbered .sql files bundled into the build (Vite's `?raw` glob), so the packaged
 * app and the CLI carry them without touching the file system. The number in the file name is the
 * schema version it produces. One set per engine, with the same numbers and names: `migrations/`
 * for SQLite (`PRAGMA user_version` records the version) and `migrations-postgres/` for PostgreSQL
 * (its version table; store/pg-store.ts). Version N is the same schema on both.
 */
const sqliteFiles = import.meta.glob<string>('./migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const postgresFiles = import.meta.glob<string>('./migrations-postgres/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

function parseMigrations(files: Record<string, string>): Migration[] {
  const all = Object.entries(files)
    .map(([path, sql]) => {
      const match = /\/(\d{4})_([a-z0-9_]+)\.sql$/.exec(path);
      if (!match) throw new Error(`Migration file name must be NNNN_name.sql: ${path}`);
      return { version: Number(match[1]), name: match[2]!, sql };
    })
    .sort((a, b) => a.version - b.version);
  all.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migrations must be numbered 1..n without gaps (${m.name})`);
  });
  return all;
}

export const migrations: Migration[] = parseMigrations(sqliteFiles);
export const postgresMigrations: Migration[] = parseMigrations(postgresFiles);

// The engines move together: a version is a schema both have.
postgresMigrations.forEach((m, i) => {
  if (m.name !== migrations[i]?.name)
    throw new Error(
      `PostgreSQL migration ${m.version} is ${m.name}, SQLite's is ${migrations[i]?.name}`,
    );
});
if (postgresMigrations.length !== migrations.length)
  throw new Error(
    `${migrations.length} SQLite migrations but ${postgresMigrations.length} PostgreSQL ones`,
  );

export const LATEST_VERSION = migrations.length;
