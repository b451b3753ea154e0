import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../src-preload/contract';
import { defaultDataDir, defaultSandboxDataDir } from '../../src-main/cli/default-data-dir';
import type { Io } from '../../src-main/cli/io';
import { serveCommand } from '../../src-main/cli/serve-command';
import { createCore } from '../../src-main/service/core';
import type { Service } from '../../src-main/service/create-service';
import { DataKey } from '../../src-main/service/store/data-key';
import { addPatient, expectProblem, startServer, tempDataDir } from './helpers';
import { fieldErrors, operationsOn } from './operation-harness';

/*
 * Issue 17, finding 1: a real clinic is never a sandbox. Reproduced: a key with only
 * credits:read read patients' phones, e-mails and live form links from GET /sandbox/outbox, and
 * POST /sandbox/reset {"seed":"empty"} took the clinic from 240 patients to 0, because sandbox mode
 * was on by default (the desktop app passed nothing) and any credential opened its routes.
 */

const open: Array<() => unknown> = [];
afterEach(async () => {
  while (open.length) await open.pop()!();
});

async function core(options: Parameters<typeof createCore>[0] = {}) {
  const c = await createCore({ memory: true, seed: 'empty', ...options });
  open.push(async () => {
    await c.runner.stop();
    await c.close();
  });
  return c;
}

describe('sandbox mode is off unless said otherwise', () => {
  it('a clinic opened with no option (the desktop app) is not a sandbox, and saves so', async () => {
    const clinic = await core();
    expect(clinic.isSandbox()).toBe(false);
    expect(await clinic.q.settings.get('sandbox_mode')).toBe('off');
    expect(await clinic.sandboxAudit()).toEqual([]);
  });

  it('a server with the default options has no /sandbox routes at all', async () => {
    const server = await startServer({ sandbox: undefined as unknown as boolean });
    open.push(() => server.close());
    expect(server.service.core.isSandbox()).toBe(false);
    for (const [method, path] of [
      ['GET', '/sandbox/outbox'],
      ['POST', '/sandbox/reset'],
      ['POST', '/sandbox/clock/advance'],
    ] as const) {
      expectProblem(
        await server.request(method, path, { body: method === 'POST' ? {} : undefined }),
        404,
        'route_not_found',
      );
    }
  });
});

describe('the sandbox routes need sandbox:write', () => {
  it('a credits:read key reads no outbox and resets nothing, even in sandbox mode', async () => {
    const server = await startServer({ seed: 'demo' });
    open.push(() => server.close());
    const patients = await server.service.core.q.patients.count({});
    expect(patients).toBeGreaterThan(100);
    const reader = await server.keyWith('credits:read');
    expectProblem(
      await server.request('GET', '/sandbox/outbox', { token: reader }),
      403,
      'insufficient_permissions',
    );
    expectProblem(
      await server.request('POST', '/sandbox/reset', { token: reader, body: { seed: 'empty' } }),
      403,
      'insufficient_permissions',
    );
    expect(await server.service.core.q.patients.count({})).toBe(patients);
    expect(await server.service.core.sandboxAudit()).toEqual([]);

    // With the permission, the reset happens and is recorded with what it replaced.
    const reset = await server.request('POST', '/sandbox/reset', {
      token: await server.keyWith('sandbox:write'),
      body: { seed: 'empty' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await server.service.core.sandboxAudit()).toEqual([
      expect.objectContaining({ action: 'reset_empty', source: 'api', patients }),
    ]);
  });
});

describe('turning sandbox mode on over a clinic', () => {
  it('asks for a confirmation when the clinic has patients, records the switch, and changes nothing without it', async () => {
    const clinic = await core();
    await addPatient(clinic, 'Montserrat', 'Ribas Pujol');
    const { ok, refused } = operationsOn(clinic);
    const error = await refused('settings.update', { sandbox: true });
    expect(error.code).toBe('validation_failed');
    expect(fieldErrors(error).map((e) => `${e.pointer} ${e.code}`)).toEqual([
      '/confirmSandbox confirmation_required',
    ]);
    expect(clinic.isSandbox()).toBe(false);
    expect(await clinic.q.settings.get('sandbox_mode')).toBe('off');
    expect(await clinic.sandboxAudit()).toEqual([]);

    const on = await ok<AppSettings>('settings.update', { sandbox: true, confirmSandbox: true });
    expect(on.sandbox).toBe(true);
    expect(on.sandboxLog).toEqual([
      expect.objectContaining({ action: 'enabled', source: 'window', patients: 1 }),
    ]);
    const off = await ok<AppSettings>('settings.update', { sandbox: false });
    expect(off.sandboxLog.map((r) => r.action)).toEqual(['disabled', 'enabled']);
    expect(await clinic.q.settings.get('sandbox_mode')).toBe('off');
  });

  it('an empty clinic has nothing to lose: no confirmation needed, still recorded', async () => {
    const clinic = await core();
    const { ok } = operationsOn(clinic);
    expect((await ok<AppSettings>('settings.update', { sandbox: true })).sandbox).toBe(true);
    expect(await clinic.sandboxAudit()).toEqual([
      expect.objectContaining({ action: 'enabled', source: 'window', patients: 0 }),
    ]);
  });

  it('the record outlives a reset and cannot be changed or deleted', async () => {
    const clinic = await core({ sandbox: true });
    await addPatient(clinic, 'Pau', 'Serra');
    await clinic.resetClinic('empty', 'window');
    expect(await clinic.sandboxAudit()).toEqual([
      expect.objectContaining({ action: 'reset_empty', source: 'window', patients: 1 }),
    ]);
    await clinic.resetClinic('empty', 'window');
    expect(await clinic.sandboxAudit()).toHaveLength(2);
    await expect(clinic.db.prepare('DELETE FROM sandbox_audit').run()).rejects.toThrow(
      /kept as written/,
    );
    await expect(clinic.db.prepare('UPDATE sandbox_audit SET patients = 0').run()).rejects.toThrow(
      /kept as written/,
    );
  });
});

describe('the developers’ serve keeps a clinic of its own', () => {
  const quiet = (): Io & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, out: (l) => lines.push(l), err: (l) => lines.push(l) };
  };

  it('defaults to a folder beside the desktop app’s, never the desktop app’s own', () => {
    const env = { XDG_CONFIG_HOME: '/srv/cfg' };
    expect(defaultSandboxDataDir(env, 'linux')).toBe(join('/srv/cfg', 'Engage Desk Sandbox'));
    expect(defaultSandboxDataDir(env, 'linux')).not.toBe(defaultDataDir(env, 'linux'));
  });

  it('serves a real clinic (switch off) without sandbox unless --sandbox, which is recorded', async () => {
    const { dir, cleanup } = tempDataDir();
    open.push(cleanup);
    // The clinic as the desktop app leaves it: switch off, patients in it.
    const desktop = await createCore({ dataDir: dir, seed: 'empty' });
    await addPatient(desktop, 'Laia', 'Font Vidal');
    await desktop.close();

    const io = quiet();
    let service: Service = await serveCommand(['--data', dir, '--port', '0'], io, {});
    expect(service.core.isSandbox()).toBe(false);
    expect(io.lines.join('\n')).toMatch(/Sandbox\s+off \(this clinic keeps its switch/);
    await service.close();

    service = await serveCommand(['--data', dir, '--port', '0', '--sandbox'], quiet(), {});
    open.push(() => service.close());
    expect(service.core.isSandbox()).toBe(true);
    expect(await service.core.sandboxAudit()).toEqual([
      expect.objectContaining({ action: 'enabled', source: 'cli', patients: 1 }),
    ]);
  });

  it('a new folder is a sandbox clinic', async () => {
    const { dir, cleanup } = tempDataDir();
    open.push(cleanup);
    // Created encrypted, as a new folder must be (a key, or --plain on purpose).
    const service = await serveCommand(
      ['--data', join(dir, 'new'), '--port', '0', '--seed', 'empty'],
      quiet(),
      { ENGAGE_DESK_DATA_KEY: DataKey.generate().reveal() },
    );
    open.push(() => service.close());
    expect(service.core.isSandbox()).toBe(true);
  });
});
