import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src-main/service/create-service';
import { APP_PORT_SETTING } from '../../src-main/service/app-settings';
import { tempDataDir } from './helpers';

const started: Service[] = [];
const held: Server[] = [];
const dirs: Array<() => void> = [];
afterEach(async () => {
  while (started.length) await started.pop()!.close();
  while (held.length) await new Promise((resolve) => held.pop()!.close(resolve));
  while (dirs.length) dirs.pop()!();
});

/** A port another program holds for the test. */
async function holdPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  held.push(server);
  return (server.address() as { port: number }).port;
}

describe('createService: port', () => {
  it('falls back to a free port when the wanted one is taken, and says so', async () => {
    const taken = await holdPort();
    const service = await createService({
      memory: true,
      seed: 'empty',
      port: taken,
      portFallback: true,
    });
    started.push(service);
    expect(service.port).not.toBe(taken);
    expect(service.portNotice).toEqual({ wanted: taken, actual: service.port });
    expect(service.url).toBe(`http://127.0.0.1:${service.port}/api/v1`);
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });

  it('without portFallback a taken port is an error', async () => {
    const taken = await holdPort();
    await expect(createService({ memory: true, seed: 'empty', port: taken })).rejects.toMatchObject(
      {
        code: 'EADDRINUSE',
      },
    );
  });

  it("'saved' reads the port saved in the settings; a free port gives no notice", async () => {
    const { dir, cleanup } = tempDataDir();
    dirs.push(cleanup);
    const probe = await holdPort();
    await new Promise((resolve) => held.pop()!.close(resolve));
    const first = await createService({ dataDir: dir, seed: 'empty', port: 0 });
    await first.core.q.settings.set(APP_PORT_SETTING, String(probe));
    await first.close();
    const service = await createService({ dataDir: dir, port: 'saved', portFallback: true });
    started.push(service);
    expect(service.port).toBe(probe);
    expect(service.portNotice).toBeUndefined();
  });

  it('sandbox mode follows the saved switch unless the option says otherwise', async () => {
    const { dir, cleanup } = tempDataDir();
    dirs.push(cleanup);
    // A clinic is real unless said otherwise: off by default, and the default is saved.
    const real = await createService({ dataDir: dir, seed: 'empty', port: 0 });
    expect(real.core.isSandbox()).toBe(false);
    expect(await real.core.q.settings.get('sandbox_mode')).toBe('off');
    await real.close();
    const first = await createService({ dataDir: dir, port: 0, sandbox: true });
    expect(first.core.isSandbox()).toBe(true);
    // Turned on over a clinic whose switch was off: recorded as the command line's doing.
    expect((await first.core.sandboxAudit()).map((r) => [r.action, r.source])).toEqual([
      ['enabled', 'cli'],
    ]);
    await first.core.q.settings.set('sandbox_mode', 'off');
    await first.close();
    const saved = await createService({ dataDir: dir, port: 0 });
    expect(saved.core.isSandbox()).toBe(false);
    expect((await fetch(`${saved.url}/sandbox/clock`)).status).toBe(404);
    await saved.close();
    const flag = await createService({ dataDir: dir, port: 0, sandbox: true });
    started.push(flag);
    expect(flag.core.isSandbox()).toBe(true);
  });
});
