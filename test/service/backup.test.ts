import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  createBackup,
  listBackups,
  restoreBackup,
  verifyBackup,
} from '../../src-main/service/backup/backup-engine';
import { createCore, type Core } from '../../src-main/service/core';
import { applyKey, DataKey } from '../../src-main/service/store/data-key';
import { DatabaseFromTheFutureError, DB_FILE_NAME } from '../../src-main/service/store/db';
import { LATEST_VERSION } from '../../src-main/service/store/migrations';
import { tempDataDir } from './helpers';

/** The backup engine: copy, verify, list, restore (issue 20, parts 2 and 3). */

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function home(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  return dir;
}

async function core(
  dataDir: string,
  key?: DataKey,
  seed: 'demo' | 'empty' = 'empty',
): Promise<Core> {
  const c = await createCore({ dataDir, seed, ...(key ? { key } : {}) });
  cleanups.push(() => c.close());
  return c;
}

const patient = (c: Core, lastName: string) =>
  c.patients.create({ firstName: 'Ana', lastName, phone: '+34600000001' });

/** Flips bytes in the middle of a file (a disk's bad sector). */
function corrupt(file: string): void {
  const bytes = readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  for (let i = 0; i < 64; i++) bytes[middle + i] = bytes[middle + i]! ^ 0xff;
  writeFileSync(file, bytes);
}

function openWith(file: string, key?: DataKey) {
  const db = new Database(file, { readonly: true });
  if (key) applyKey(db, key);
  cleanups.push(() => db.close());
  return db;
}

describe.each([
  ['encrypted', DataKey.generate()],
  ['plain', undefined],
])('a backup of a %s database', (_label, key) => {
  it('is a verified copy with a manifest that says what it holds', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    const c = await core(dataDir, key, 'demo');
    const folder = join(root, 'backups');
    const entry = await createBackup({
      dataDir,
      ...(key ? { key } : {}),
      folder,
      createFolder: true,
      takenAt: new Date('2026-11-26T10:00:00.000Z'),
    });
    expect(readdirSync(folder).sort()).toEqual([
      'engage-desk-2026-11-26T10-00-00-000Z.db',
      'engage-desk-2026-11-26T10-00-00-000Z.json',
    ]);
    const m = entry.manifest;
    expect(m.schemaVersion).toBe(LATEST_VERSION);
    expect(m.encrypted).toBe(Boolean(key));
    expect(m.patients).toBe(await c.q.patients.count({}));
    expect(m.clinicName).toBe(await c.delivery.clinicName());
    expect(m.counts.credit_ledger).toBe(
      await c.db.prepare('SELECT count(*) FROM credit_ledger').pluck().get(),
    );
    const lastEdit = (await c.db
      .prepare('SELECT max(updated_at) FROM patients')
      .pluck()
      .get()) as string;
    expect(m.lastActivityAt! >= lastEdit).toBe(true);
    expect(listBackups(folder).map((b) => b.path)).toEqual([entry.path]);
    // The copy opens with the same key (and only with it).
    expect(openWith(entry.path, key).prepare('SELECT count(*) FROM patients').pluck().get()).toBe(
      m.patients,
    );
    if (key) expect(() => openWith(entry.path).prepare('SELECT 1 FROM patients').get()).toThrow();
    await expect(verifyBackup(entry.path, key)).resolves.toMatchObject({ sha256: m.sha256 });
  });

  it('detects a corrupted backup at verification and at restore, and changes nothing', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    const c = await core(dataDir, key, 'demo');
    const kept = await patient(c, 'Antes');
    const folder = join(root, 'backups');
    const entry = await createBackup({
      dataDir,
      ...(key ? { key } : {}),
      folder,
      createFolder: true,
      takenAt: new Date('2026-11-26T10:00:00.000Z'),
    });
    corrupt(entry.path);
    await expect(verifyBackup(entry.path, key)).rejects.toMatchObject({ code: 'corrupt' });
    await c.close();
    const before = readFileSync(join(dataDir, DB_FILE_NAME));
    await expect(
      restoreBackup({ file: entry.path, dataDir, ...(key ? { key } : {}), now: new Date() }),
    ).rejects.toBeInstanceOf(BackupError);
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(before)).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.includes('restor'))).toEqual([]);
    expect((await (await core(dataDir, key)).patients.get(kept.id)).lastName).toBe('Antes');
  });

  // Without a manifest only the structure can be checked in a plain file; an encrypted one has an
  // authentication code on every page, so any flipped byte shows.
  it.skipIf(!key)('detects corruption without a manifest too (a file picked by hand)', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    await core(dataDir, key, 'demo');
    const entry = await createBackup({
      dataDir,
      ...(key ? { key } : {}),
      folder: root,
      createFolder: false,
      takenAt: new Date(),
    });
    const loose = join(root, 'loose.db');
    writeFileSync(loose, readFileSync(entry.path));
    await expect(verifyBackup(loose, key)).resolves.toMatchObject({
      patients: entry.manifest.patients,
    });
    corrupt(loose);
    await expect(verifyBackup(loose, key)).rejects.toBeInstanceOf(BackupError);
  });

  it('restores in place, keeping the current database aside', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    const c = await core(dataDir, key);
    const edited = await patient(c, 'Original');
    const entry = await createBackup({
      dataDir,
      ...(key ? { key } : {}),
      folder: join(root, 'backups'),
      createFolder: true,
      takenAt: new Date('2026-11-26T10:00:00.000Z'),
    });
    await c.patients.update(edited.id, { lastName: 'Cambiado' });
    const later = await patient(c, 'Posterior');
    // A restore into a folder whose database is open elsewhere is refused.
    await expect(
      restoreBackup({ file: entry.path, dataDir, ...(key ? { key } : {}), now: new Date() }),
    ).rejects.toMatchObject({ code: 'in_use' });
    await c.close();
    const result = await restoreBackup({
      file: entry.path,
      dataDir,
      ...(key ? { key } : {}),
      now: new Date('2026-11-26T12:00:00.000Z'),
    });
    expect(result.keptAside).toBe(
      join(dataDir, 'engage-desk.before-restore-2026-11-26T12-00-00-000Z.db'),
    );
    const back = await core(dataDir, key);
    expect((await back.patients.get(edited.id)).lastName).toBe('Original');
    await expect(back.patients.get(later.id)).rejects.toThrow();
    // The database that was replaced is whole, with the later edits.
    const aside = openWith(result.keptAside!, key);
    expect(aside.prepare('SELECT last_name FROM patients WHERE id = ?').pluck().get(later.id)).toBe(
      'Posterior',
    );
  });
});

describe('backup refusals', () => {
  it('a missing chosen folder is a failed backup, not a crash, and writes nothing', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    await core(dataDir);
    await expect(
      createBackup({
        dataDir,
        folder: join(root, 'share-not-mounted'),
        createFolder: false,
        takenAt: new Date(),
      }),
    ).rejects.toMatchObject({ code: 'folder_missing' });
    expect(existsSync(join(root, 'share-not-mounted'))).toBe(false);
  });

  it('refuses a backup from a newer schema version with the usual message', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    const key = DataKey.generate();
    const c = await core(dataDir, key);
    const folder = join(root, 'b');
    mkdirSync(folder);
    await c.close();
    // A database from the future, as a loose file (its manifest would say so too).
    const future = join(folder, 'future.db');
    const db = new Database(future);
    applyKey(db, key);
    db.exec('CREATE TABLE patients (id TEXT)');
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    const before = readFileSync(join(dataDir, DB_FILE_NAME));
    const refusal = restoreBackup({ file: future, dataDir, key, now: new Date() });
    await expect(refusal).rejects.toBeInstanceOf(DatabaseFromTheFutureError);
    await expect(refusal).rejects.toThrow(/written by a newer Engage Desk/);
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(before)).toBe(true);
  });

  it('leaves a database the key does not open where it is', async () => {
    const root = home();
    const key = DataKey.generate();
    const ours = join(root, 'ours');
    await (await core(ours, key)).close();
    const entry = await createBackup({
      dataDir: ours,
      key,
      folder: root,
      createFolder: false,
      takenAt: new Date(),
    });
    const theirs = join(root, 'theirs');
    const other = await core(theirs, DataKey.generate());
    await other.close();
    const before = readdirSync(theirs).sort();
    const bytes = readFileSync(join(theirs, DB_FILE_NAME));
    await expect(
      restoreBackup({ file: entry.path, dataDir: theirs, key, now: new Date() }),
    ).rejects.toMatchObject({
      code: 'wrong_key',
    });
    expect(readdirSync(theirs).sort()).toEqual(before);
    expect(readFileSync(join(theirs, DB_FILE_NAME)).equals(bytes)).toBe(true);
  });

  it('refuses a missing file, a wrong key and a file that is no database', async () => {
    const root = home();
    const dataDir = join(root, 'data');
    const key = DataKey.generate();
    await core(dataDir, key);
    const entry = await createBackup({
      dataDir,
      key,
      folder: root,
      createFolder: false,
      takenAt: new Date(),
    });
    await expect(verifyBackup(join(root, 'nope.db'), key)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(verifyBackup(root, key)).rejects.toMatchObject({ code: 'not_found' });
    await expect(verifyBackup(entry.path, DataKey.generate())).rejects.toMatchObject({
      code: 'wrong_key',
    });
    const text = join(root, 'notes.db');
    writeFileSync(text, 'not a database at all, just some text that is long enough to be a page');
    await expect(verifyBackup(text, key)).rejects.toBeInstanceOf(BackupError);
    // The key never shows in a refusal.
    const error = await verifyBackup(entry.path, DataKey.from('the-wrong-secret')).catch(
      (e: Error) => e,
    );
    expect(String((error as Error).message)).not.toContain('the-wrong-secret');
  });
});
