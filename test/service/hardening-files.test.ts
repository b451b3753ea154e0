import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_MODE,
  DB_FILE_MODE,
  DB_FILE_NAME,
  openDb,
  type Db,
} from '../../src-main/service/store/db';
import { tempDataDir } from './helpers';

/*
 * Issue 17, finding 10: under the usual umask (022) the data folder was created 0755 and the
 * database 0644, though they hold patient data, the JWT signing secret and the webhook secrets.
 * Now on POSIX a new folder is 0700, the database and its -wal/-shm files 0600 (tightened at
 * every start when an older version left them looser), and a folder others can enter is
 * reported in one warning line but left as the user chose it.
 */

const posix = process.platform !== 'win32';
const mode = (path: string) => statSync(path).mode & 0o777;
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function tempDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.push(cleanup);
  return dir;
}

function open(dataDir: string, warnings: string[] = []): Db {
  const { db } = openDb({ dataDir, onFileWarning: (line) => warnings.push(line) });
  cleanups.push(() => db.open && db.close());
  return db;
}

/** A write, so the -wal and -shm files exist while the connection is open. */
function write(db: Db): void {
  db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('file_mode_test', 'x')").run();
}

describe.skipIf(!posix)('data folder and database file modes (POSIX)', () => {
  it('creates a new data folder 0700 and the database, WAL and SHM files 0600', () => {
    const dataDir = join(tempDir(), 'Engage Desk', 'clinic');
    const warnings: string[] = [];
    const db = open(dataDir, warnings);
    write(db);
    const file = join(dataDir, DB_FILE_NAME);
    expect(mode(dataDir).toString(8)).toBe(DATA_DIR_MODE.toString(8));
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(path), path).toBe(true);
      expect(mode(path).toString(8), path).toBe(DB_FILE_MODE.toString(8));
    }
    expect(warnings).toEqual([]);
  });

  it('tightens database files an older version left readable, and warns once about a folder others can enter without changing it', () => {
    const dataDir = tempDir();
    const file = join(dataDir, DB_FILE_NAME);
    const older = open(dataDir);
    write(older); // -wal and -shm exist while this connection stays open
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    chmodSync(dataDir, 0o755);

    const warnings: string[] = [];
    const db = open(dataDir, warnings);
    write(db);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      expect(mode(path).toString(8), path).toBe('600');
    }
    expect(mode(dataDir).toString(8)).toBe('755'); // the user's folder, left as chosen
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(dataDir);
    expect(warnings[0]).toContain('0755');
    expect(warnings[0]).toContain('chmod 700');
    expect(warnings[0]).not.toContain('\n');
  });

  it('says nothing about a private folder', () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o700);
    const warnings: string[] = [];
    open(dataDir, warnings);
    expect(warnings).toEqual([]);
  });

  it('reports a loose folder as a process warning when no one listens for it', async () => {
    const dataDir = join(tempDir(), 'shared');
    mkdirSync(dataDir, { mode: 0o750 });
    chmodSync(dataDir, 0o750);
    const seen: Error[] = [];
    const listener = (warning: Error) => seen.push(warning);
    process.on('warning', listener);
    try {
      const { db } = openDb({ dataDir });
      cleanups.push(() => db.close());
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = seen.filter(
      (w) => (w as Error & { code?: string }).code === 'ENGAGE_DESK_FILE_MODE',
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]!.message).toContain(dataDir);
  });
});
