import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsCommand, backupCommand, restoreCommand } from '../../src-main/cli/backup-commands';
import { RefusedError, UsageError, type Io } from '../../src-main/cli/io';
import { defaultBackupFolder, OVERDUE_HOURS } from '../../src-main/service/backup/backup-schedule';
import { createCore, type Core } from '../../src-main/service/core';
import { DataKey } from '../../src-main/service/store/data-key';
import { tempDataDir } from './helpers';

/** The schedule's record, its notices on the bell, and the CLI's refusals. */

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(
  key?: DataKey,
): Promise<{ root: string; dataDir: string; core: Core; now: { ms: number } }> {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  const dataDir = join(dir, 'data');
  const now = { ms: Date.parse('2026-11-26T09:00:00.000Z') };
  const core = await createCore({
    dataDir,
    seed: 'empty',
    realNow: () => now.ms,
    ...(key ? { key } : {}),
  });
  cleanups.push(() => core.close());
  return { root: dir, dataDir, core, now };
}

const kinds = async (core: Core) =>
  (await core.db.prepare('SELECT kind FROM notifications ORDER BY seq').pluck().all()) as string[];

describe('the backup schedule', () => {
  it('backs up into the default folder beside the data folder and records the success', async () => {
    const { root, dataDir, core } = await setup();
    const backups = core.backups!;
    expect(await backups.status()).toMatchObject({
      folder: join(root, 'data backups'),
      defaultFolder: true,
      lastSuccess: null,
    });
    expect(defaultBackupFolder(dataDir)).toBe(join(root, 'data backups'));
    const entry = await backups.backUpNow();
    expect((await backups.status()).lastSuccess).toEqual({
      at: '2026-11-26T09:00:00.000Z',
      file: entry.path,
      size: entry.manifest.size,
    });
    expect((await backups.list()).map((b) => b.file)).toEqual([entry.path]);
  });

  it('a missing folder is a failed backup: recorded, one notice per run of failures', async () => {
    const { root, core, now } = await setup();
    const backups = core.backups!;
    const share = join(root, 'share');
    mkdirSync(share);
    await backups.setFolder(share);
    rmSync(share, { recursive: true }); // the share is unplugged
    await expect(backups.backUpNow()).rejects.toMatchObject({ code: 'folder_missing' });
    now.ms += 3_600_000;
    await expect(backups.backUpNow()).rejects.toMatchObject({ code: 'folder_missing' });
    expect(await kinds(core)).toEqual(['backup.failed']);
    expect((await backups.status()).lastFailure?.message).toMatch(/not there/);
    // Back again: a success, then a new failure is told again.
    mkdirSync(share);
    await backups.backUpNow();
    rmSync(share, { recursive: true });
    now.ms += 3_600_000;
    await expect(backups.backUpNow()).rejects.toBeTruthy();
    expect(await kinds(core)).toEqual(['backup.failed', 'backup.failed']);
  });

  it(`raises one overdue notice after ${OVERDUE_HOURS} hours without a success`, async () => {
    const { core, now } = await setup();
    const backups = core.backups!;
    await backups.backUpNow();
    now.ms += (OVERDUE_HOURS - 1) * 3_600_000;
    await backups.checkOverdue();
    expect((await backups.status()).overdue).toBe(false);
    now.ms += 3_600_000;
    await backups.checkOverdue();
    await backups.checkOverdue();
    expect((await backups.status()).overdue).toBe(true);
    expect(await kinds(core)).toEqual(['backup.overdue']);
  });

  it('after a restore, remembers the newest backup of the folder rather than the restored one', async () => {
    const { core, now } = await setup();
    const backups = core.backups!;
    const first = await backups.backUpNow();
    // What the restored database remembers: the settings as they were at that first backup.
    const remembered = (await core.q.settings.get('backup_last_success'))!;
    now.ms += 2 * 3_600_000;
    const second = await backups.backUpNow();
    await core.q.settings.set('backup_last_success', remembered);
    await backups.recordRestore({ file: first.path, keptAside: '/data/aside.db' });
    expect(await backups.status()).toMatchObject({
      lastSuccess: { file: second.path },
      lastRestore: { file: first.path, keptAside: '/data/aside.db' },
    });
  });

  it('refuses a folder that does not exist or cannot be written, and keeps the one it had', async () => {
    const { root, core } = await setup();
    const backups = core.backups!;
    await expect(backups.setFolder(join(root, 'nope'))).rejects.toThrow(/cannot be written/);
    expect((await backups.status()).defaultFolder).toBe(true);
    expect(existsSync(join(root, 'nope'))).toBe(false);
  });
});

function io() {
  const lines = { out: [] as string[], err: [] as string[] };
  const value: Io = { out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) };
  return { io: value, lines };
}

describe('the CLI commands refuse bad input and change nothing', () => {
  it('backup, backups and restore', async () => {
    const key = DataKey.generate();
    const { root, dataDir, core } = await setup(key);
    await core.close();
    const env = { ENGAGE_DESK_DATA_KEY: key.reveal() };
    const before = readdirSync(dataDir).sort();
    const { io: quiet } = io();
    await expect(backupCommand(['--bogus'], quiet, env)).rejects.toThrow(/bogus/);
    await expect(backupCommand(['--data', join(root, 'none')], quiet, env)).rejects.toThrow(
      UsageError,
    );
    await expect(backupCommand(['--data', dataDir], quiet, {})).rejects.toThrow(
      /is encrypted and no data key was given/,
    );
    await expect(
      backupCommand(['--data', dataDir], quiet, { ENGAGE_DESK_DATA_KEY: 'wrong' }),
    ).rejects.toThrow(/does not open/);
    const absent = backupCommand(['--data', dataDir, '--to', join(root, 'absent')], quiet, env);
    await expect(absent).rejects.toThrow(/not there/);
    await expect(absent).rejects.toThrow(RefusedError);
    await expect((async () => backupsCommand(['extra'], quiet, env))()).rejects.toThrow();
    await expect(restoreCommand([], quiet, env)).rejects.toThrow(UsageError);
    await expect(restoreCommand(['a.db', 'b.db'], quiet, env)).rejects.toThrow(UsageError);
    await expect(
      restoreCommand([join(root, 'missing.db'), '--data', dataDir, '--yes'], quiet, env),
    ).rejects.toThrow(/no backup file/);
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // A real backup, then a restore without --yes and nobody to ask: refused, nothing changed.
    const made = io();
    await backupCommand(['--data', dataDir], made.io, env);
    const file = made.lines.out[0]!;
    await expect(restoreCommand([file, '--data', dataDir], quiet, env)).rejects.toThrow(/--yes/);
    // Asked, and answered no.
    const declined = io();
    declined.io.ask = async () => 'n';
    await restoreCommand([file, '--data', dataDir], declined.io, env);
    expect(declined.lines.err.at(-1)).toBe('Nothing was changed.');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    // The list says what is there, verified.
    const listed = io();
    await backupsCommand(['--data', dataDir, '--json'], listed.io, env);
    expect(JSON.parse(listed.lines.out[0]!).backups).toMatchObject([{ file, verified: true }]);
    // The key is in no line the commands printed.
    for (const line of [...made.lines.out, ...made.lines.err, ...listed.lines.out])
      expect(line).not.toContain(key.reveal());
  });
});
