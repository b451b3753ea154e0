import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import {
  createOperations,
  type OperationHost,
  type RestoreRequest,
} from '../../src-main/service/operations';
import { tempDataDir } from './helpers';

/** Settings > Data's operations: what they answer, and bad input refused with nothing changed. */

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(options: { memory?: boolean; host?: OperationHost } = {}) {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  const core: Core = options.memory
    ? await createCore({ memory: true, seed: 'empty' })
    : await createCore({ dataDir: join(dir, 'data'), seed: 'empty' });
  cleanups.push(() => core.close());
  const ops = createOperations({
    core,
    info: () => ({ apiBaseUrl: 'http://127.0.0.1:1/api/v1', version: 'test', mode: 'web' }),
    ...(options.host ? { host: options.host } : {}),
  });
  return { dir, core, ops };
}

describe('the backups operations', () => {
  it('refuse bad input with 422s and change nothing', async () => {
    const { core, ops } = await setup({ host: { restore: () => {} } });
    const before = await core.backups!.status();
    for (const [name, input] of [
      ['backups.setFolder', {}],
      ['backups.setFolder', { folder: '' }],
      ['backups.setFolder', { folder: '   ' }],
      ['backups.setFolder', { folder: 42 }],
      ['backups.setFolder', { folder: '/tmp', extra: true }],
      ['backups.inspect', {}],
      ['backups.inspect', { file: '' }],
      ['backups.restore', { file: 'x'.repeat(1001) }],
      ['backups.restore', null],
      ['backups.run', { now: true }],
    ] as const) {
      const result = await ops.run(name, input);
      expect(result.ok, `${name} ${JSON.stringify(input)}`).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('validation_failed');
    }
    expect(await core.backups!.status()).toEqual(before);
  });

  it('refuse a folder that is not there, a missing or damaged file, and say why', async () => {
    const restores: string[] = [];
    const { dir, core, ops } = await setup({
      host: { restore: (file) => void restores.push(file) },
    });
    const missing = await ops.run('backups.setFolder', { folder: join(dir, 'nope') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'backup_failed' } });
    expect((await core.backups!.status()).defaultFolder).toBe(true);
    const none = await ops.run('backups.inspect', { file: join(dir, 'none.db') });
    expect(none).toMatchObject({ ok: false, error: { code: 'backup_failed' } });
    for (const relative of ['.', 'backups', '../x.db']) {
      expect(await ops.run('backups.setFolder', { folder: relative })).toMatchObject({
        ok: false,
        error: { code: 'backup_failed' },
      });
      expect(await ops.run('backups.inspect', { file: relative })).toMatchObject({
        ok: false,
        error: { code: 'backup_failed' },
      });
    }
    expect((await core.backups!.status()).defaultFolder).toBe(true);
    const made = await ops.run('backups.run', undefined);
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    const file = (made.value as { file: string }).file;
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(file, bytes);
    const damaged = await ops.run('backups.restore', { file });
    expect(damaged).toMatchObject({ ok: false, error: { code: 'backup_failed' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(restores).toEqual([]);
  });

  it('hand a verified backup to the host after answering', async () => {
    const restores: Array<[string, RestoreRequest]> = [];
    const { core, ops } = await setup({
      host: { restore: (file, how) => void restores.push([file, how]) },
    });
    await core.patients.create({ firstName: 'Ona', lastName: 'Puig', phone: '+34600000001' });
    const made = await ops.run('backups.run', undefined);
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    const item = made.value as { file: string; patients: number };
    expect(item.patients).toBe(1);
    const inspected = await ops.run('backups.inspect', { file: item.file });
    expect(inspected).toMatchObject({ ok: true, value: { patients: 1, file: item.file } });
    const listed = await ops.run('backups.list', undefined);
    expect(listed).toMatchObject({ ok: true, value: [{ file: item.file }] });
    const status = await ops.run('backups.status', undefined);
    expect(status).toMatchObject({
      ok: true,
      value: { canRestore: true, canChooseFolder: false, lastSuccess: { file: item.file } },
    });
    const restore = await ops.run('backups.restore', { file: item.file });
    expect(restore).toMatchObject({ ok: true, value: { restarting: true } });
    expect(restores).toEqual([]); // not yet: the answer goes first
    await new Promise((resolve) => setImmediate(resolve));
    // Each restore is its own attempt: the id the window waits for in backups.status.
    const again = await ops.run('backups.restore', { file: item.file });
    await new Promise((resolve) => setImmediate(resolve));
    const attempts = [restore, again].map(
      (r) => (r as { value: { attempt: string } }).value.attempt,
    );
    expect(new Set(attempts).size).toBe(2);
    expect(restores).toEqual(attempts.map((attempt) => [item.file, { attempt }]));
  });

  it('are refused where there is no disk, no dialog or no host to restore', async () => {
    const memory = await setup({ memory: true });
    expect(await memory.ops.run('backups.status', undefined)).toMatchObject({
      ok: false,
      error: { code: 'backups_unavailable' },
    });
    expect(await memory.ops.run('backups.run', undefined)).toMatchObject({
      ok: false,
      error: { code: 'backups_unavailable' },
    });
    const hostless = await setup();
    expect(await hostless.ops.run('backups.chooseFolder', undefined)).toMatchObject({
      ok: false,
      error: { code: 'backups_unavailable' },
    });
    const made = await hostless.ops.run('backups.run', undefined);
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    const before = readdirSync(join(hostless.dir, 'data')).sort();
    expect(
      await hostless.ops.run('backups.restore', { file: (made.value as { file: string }).file }),
    ).toMatchObject({ ok: false, error: { code: 'backups_unavailable' } });
    expect(readdirSync(join(hostless.dir, 'data')).sort()).toEqual(before);
  });
});
