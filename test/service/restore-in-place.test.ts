import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stagedImportPath } from '../../src-main/service/backup/clinic-archive';
import { restoreInPlace } from '../../src-main/service/backup/restore-in-place';
import { createCore, type Core } from '../../src-main/service/core';
import { listItems } from '../../src-main/service/domain/list-page';
import { DB_FILE_NAME } from '../../src-main/service/store/db';
import { tempDataDir } from './helpers';

/**
 * The restore both hosts run (Settings > Data's restore and import): the outcome, restored or
 * not, is recorded under the operation's attempt in the clinic that is open afterwards, which is
 * what the waiting window reads.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function clinic() {
  const { dir, cleanup } = tempDataDir();
  cleanups.push(cleanup);
  const dataDir = join(dir, 'data');
  const open = async () => {
    const core = await createCore({ dataDir, seed: 'empty' });
    cleanups.push(() => core.close());
    return core;
  };
  const core = await open();
  const patient = (lastName: string) =>
    core.patients.create({ firstName: 'Ona', lastName, phone: '+34600000001' });
  return { dataDir, core, open, patient };
}

async function lastNames(core: Core): Promise<string[]> {
  const page = await core.patients.list({ limit: 100 });
  return listItems<{ lastName: string }>(page)
    .map((p) => p.lastName)
    .sort();
}

function restoring(c: Awaited<ReturnType<typeof clinic>>, file: string, log: string[] = []) {
  return {
    file,
    dataDir: c.dataDir,
    close: () => c.core.close(),
    open: c.open,
    backupsOf: (core: Core) => core.backups,
    log: (message: string) => void log.push(message),
  };
}

describe('a restore in place', () => {
  it('puts the backup in place and records it under its attempt, the replaced clinic kept aside', async () => {
    const c = await clinic();
    await c.patient('Antes');
    const backup = await c.core.backups!.backUpNow();
    await c.patient('Después');
    const log: string[] = [];
    const back = await restoreInPlace({
      ...restoring(c, backup.path, log),
      how: { attempt: 'attempt-1' },
    });
    expect(await lastNames(back)).toEqual(['Antes']);
    const { lastRestore, lastRestoreFailure } = await back.backups!.status();
    expect(lastRestore).toMatchObject({ file: backup.path, attempt: 'attempt-1' });
    expect(existsSync(lastRestore!.keptAside!)).toBe(true);
    expect(lastRestoreFailure).toBeNull();
    expect(log).toEqual([
      `Restoring ${backup.path} (attempt attempt-1): the service stops`,
      `Restoring ${backup.path}: the service has stopped; the copy goes in place`,
      `Restoring ${backup.path}: restored; the service runs again`,
    ]);
  });

  it('leaves the clinic as it was when the database is open elsewhere, and records why', async () => {
    const c = await clinic();
    await c.patient('Antes');
    const backup = await c.core.backups!.backUpNow();
    await c.patient('Después');
    // Another program reads the database while the service closes: its WAL stays.
    let other: Database.Database | undefined;
    const log: string[] = [];
    const back = await restoreInPlace({
      ...restoring(c, backup.path, log),
      close: async () => {
        other = new Database(join(c.dataDir, DB_FILE_NAME), { readonly: true });
        other.prepare('SELECT count(*) FROM patients').get();
        await c.core.close();
      },
      open: async () => {
        other!.close();
        return c.open();
      },
      how: { attempt: 'attempt-2' },
    });
    expect(await lastNames(back)).toEqual(['Antes', 'Después']);
    const { lastRestore, lastRestoreFailure } = await back.backups!.status();
    expect(lastRestore).toBeNull();
    expect(lastRestoreFailure).toMatchObject({
      file: backup.path,
      reason: 'in_use',
      attempt: 'attempt-2',
      message: expect.stringContaining('open in another program'),
    });
    expect(log).toEqual([
      `Restoring ${backup.path} (attempt attempt-2): the service stops`,
      `Restoring ${backup.path}: the service has stopped; the copy goes in place`,
      expect.stringMatching(/^Restore failed, the clinic is as it was: .*open in another program/),
      `Restoring ${backup.path}: not restored; the service runs again`,
    ]);
  });

  it('removes an import’s staged copy whether it went in or not, and names the archive', async () => {
    const c = await clinic();
    await c.patient('Antes');
    const staged = stagedImportPath(c.dataDir);
    writeFileSync(staged, 'not a database at all');
    const back = await restoreInPlace({
      ...restoring(c, staged),
      how: { attempt: 'attempt-3', archive: '/home/ana/Clinica.engagedesk' },
    });
    expect(existsSync(staged)).toBe(false);
    expect(await lastNames(back)).toEqual(['Antes']);
    expect((await back.backups!.status()).lastRestoreFailure).toMatchObject({
      file: '/home/ana/Clinica.engagedesk',
      attempt: 'attempt-3',
    });
  });

  it('throws when the service cannot open again, for the host to say it cannot start', async () => {
    const c = await clinic();
    const backup = await c.core.backups!.backUpNow();
    await expect(
      restoreInPlace({
        ...restoring(c, backup.path),
        open: () => Promise.reject(new Error('port taken')),
        how: { attempt: 'attempt-4' },
      }),
    ).rejects.toThrow('port taken');
  });
});
