import { afterEach, describe, expect, it } from 'vitest';
import { sandboxOptions } from '../../src-main/cli/sandbox-flags';
import { createCore, type Core } from '../../src-main/service/core';
import { createOperations } from '../../src-main/service/operations';
import type { AppSettings } from '../../src-main/service/contract';
import { tempDataDir } from './helpers';

const open: Core[] = [];
const dirs: Array<() => void> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  while (dirs.length) dirs.pop()!();
});

function operationsOf(core: Core) {
  open.push(core);
  return createOperations({
    core,
    info: () => ({ apiBaseUrl: '', version: '0', mode: 'desktop' }),
  });
}

async function developerMode(ops: ReturnType<typeof createOperations>) {
  const read = await ops.run('settings.get', undefined);
  if (!read.ok) throw new Error(read.error.code);
  return (read.value as AppSettings).developerMode;
}

describe('developer mode (a desk setting)', () => {
  it('is off for a clinic whose switch was never saved, on where a developer started it', async () => {
    expect(
      await developerMode(operationsOf(await createCore({ memory: true, seed: 'empty' }))),
    ).toBe(false);
    // The CLI's serve and web share these options.
    const cli = await createCore({ memory: true, seed: 'empty', ...sandboxOptions({}) });
    expect(await developerMode(operationsOf(cli))).toBe(true);
  });

  it('keeps the saved switch across a restart, whatever the default', async () => {
    const { dir, cleanup } = tempDataDir();
    dirs.push(cleanup);
    const first = operationsOf(await createCore({ dataDir: dir, seed: 'empty' }));
    const saved = await first.run('settings.update', { developerMode: true });
    expect(saved).toMatchObject({ ok: true, value: { developerMode: true } });
    await open.pop()!.close();
    expect(await developerMode(operationsOf(await createCore({ dataDir: dir })))).toBe(true);
    const again = operationsOf(await createCore({ dataDir: dir, developerModeDefault: true }));
    await again.run('settings.update', { developerMode: false });
    await open.pop()!.close();
    const third = await createCore({ dataDir: dir, developerModeDefault: true });
    expect(await developerMode(operationsOf(third))).toBe(false);
  });

  it('refuses a value that is not a boolean and changes nothing, even beside a good one', async () => {
    const ops = operationsOf(await createCore({ memory: true, seed: 'empty' }));
    const refused = await ops.run('settings.update', {
      developerMode: 'yes',
      clinicName: 'Clínica Norte',
    } as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    const read = await ops.run('settings.get', undefined);
    expect(read).toMatchObject({ ok: true, value: { developerMode: false } });
    expect(read.ok && (read.value as AppSettings).clinicName).not.toBe('Clínica Norte');
  });
});
