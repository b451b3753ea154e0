/**
 * Migrations are numbered .sql files bundled into the build (Vite's `?raw` glob), so the packaged
 * app and the CLI carry them without touching the file system. The number in the file name is the
 * schema version it produces; `PRAGMA user_version` records the version a database is at.
 */
const files = import.meta.glob<string>('./migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = Object.entries(files)
  .map(([path, sql]) => {
    const match = /\/(\d{4})_([a-z0-9_]+)\.sql$/.exec(path);
    if (!match) throw new Error(`Migration file name must be NNNN_name.sql: ${path}`);
    return { version: Number(match[1]), name: match[2]!, sql };
  })
  .sort((a, b) => a.version - b.version);

migrations.forEach((m, i) => {
  if (m.version !== i + 1)
    throw new Error(`Migrations must be numbered 1..n without gaps (${m.name})`);
});

export const LATEST_VERSION = migrations.length;
