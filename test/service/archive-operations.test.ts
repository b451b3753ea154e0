import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import {
  createOperations,
  type OperationHost,
  type RestoreRequest,
} from '../../src-main/service/operations';
import { tempDataDir } from './helpers';

/** Settings > Data's clinic archive operations: answers, refusals, and the passphrase kept out. */

const PASSPHRASE = 'una frase de paso secreta';
const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(options: { memory?: boolean; host?: OperationHost } = {}) {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  const core: Core = options.memory
    ? await createCore({ memory: true, seed: 'empty' })
    : await createCore({ dataDir: join(dir, 'data'), seed: 'demo' });
  cleanups.push(() => core.close());
  const errors: unknown[] = [];
  const ops = createOperations({
    core,
    info: () => ({ apiBaseUrl: 'http://127.0.0.1:1/api/v1', version: 'test', mode: 'web' }),
    ...(options.host ? { host: options.host } : {}),
    onError: (_name, error) => errors.push(error),
  });
  return { dir, core, ops, errors };
}

describe('the archives operations', () => {
  it('refuse bad input, a short passphrase and relative paths, without repeating the passphrase', async () => {
    const { dir, ops } = await setup({ host: { restore: () => {} } });
    const file = join(dir, 'a.engagedesk');
    for (const [name, input] of [
      ['archives.export', { file }],
      ['archives.export', { file, passphrase: 'once chars!' }],
      ['archives.export', { file, passphrase: 'x'.repeat(1025) }],
      ['archives.inspect', { file: '', passphrase: PASSPHRASE }],
      ['archives.import', { file, passphrase: PASSPHRASE, extra: 1 }],
    ] as const) {
      const result = await ops.run(name, input);
      expect(result.ok, `${name} ${JSON.stringify(input)}`).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('validation_failed');
      expect(JSON.stringify(result)).not.toContain('once chars!');
    }
    const relative = await ops.run('archives.export', {
      file: 'a.engagedesk',
      passphrase: PASSPHRASE,
    });
    expect(relative).toMatchObject({ ok: false, error: { code: 'archive_failed' } });
    expect(readdirSync(dir).filter((n) => n.includes('engagedesk'))).toEqual([]);
  });

  it('export, inspect (a wrong passphrase refused in words) and import through the host', async () => {
    const restores: Array<[string, RestoreRequest]> = [];
    const { dir, ops, errors } = await setup({
      host: { restore: (file, how) => void restores.push([file, how]) },
    });
    const file = join(dir, 'clinic.engagedesk');
    const made = await ops.run('archives.export', { file, passphrase: PASSPHRASE });
    expect(made).toMatchObject({ ok: true, value: { file, format: 1 } });
    expect(made.ok && 'counts' in (made.value as object)).toBe(false);
    expect(made.ok && 'changed' in made).toBe(false);
    const again = await ops.run('archives.export', { file, passphrase: PASSPHRASE });
    expect(again).toMatchObject({ ok: false, error: { details: { reason: 'exists' } } });

    const wrong = await ops.run('archives.inspect', { file, passphrase: 'otra frase de paso' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'archive_failed', details: { reason: 'wrong_passphrase' } },
    });
    expect(JSON.stringify(wrong)).not.toContain('otra frase');
    const seen = await ops.run('archives.inspect', { file, passphrase: PASSPHRASE });
    expect(seen).toMatchObject({ ok: true, value: { file } });

    const imported = await ops.run('archives.import', { file, passphrase: PASSPHRASE });
    expect(imported).toEqual({
      ok: true,
      value: { restarting: true, file, attempt: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const { attempt } = (imported as { value: { attempt: string } }).value;
    await new Promise((resolve) => setImmediate(resolve));
    expect(restores).toEqual([
      [join(dir, 'data', 'engage-desk.importing.db'), { attempt, archive: file }],
    ]);
    expect(existsSync(restores[0]![0])).toBe(true);
    expect(errors).toEqual([]);
  });

  it('say what they cannot do: a clinic in memory, no dialog, no in-place restore', async () => {
    const memory = await setup({ memory: true, host: { restore: () => {} } });
    const file = join(memory.dir, 'x.engagedesk');
    expect(await memory.ops.run('archives.export', { file, passphrase: PASSPHRASE })).toMatchObject(
      { ok: false, error: { code: 'archives_unavailable' } },
    );
    const bare = await setup();
    expect(await bare.ops.run('archives.chooseExportFile', undefined)).toMatchObject({
      ok: false,
      error: { code: 'archives_unavailable' },
    });
    expect(await bare.ops.run('archives.import', { file, passphrase: PASSPHRASE })).toMatchObject({
      ok: false,
      error: { code: 'archives_unavailable' },
    });
    const named: string[] = [];
    const desktop = await setup({
      host: {
        chooseArchive: async (dialog) => {
          named.push(dialog.save ? dialog.name : 'open');
          return null;
        },
      },
    });
    expect(await desktop.ops.run('archives.chooseExportFile', undefined)).toEqual({
      ok: true,
      value: { file: null },
    });
    expect(named[0]).toMatch(/^[A-Za-z0-9-]+-\d{4}-\d{2}-\d{2}\.engagedesk$/);
  });
});
