import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createService } from '../service/create-service';
import { restoreInPlace } from '../service/backup/restore-in-place';
import type { RestoreRequest } from '../service/operations';
import { BRIDGE_TOKEN_META } from '../service/http/routes/web-bridge';
import { PERMISSIONS } from '../service/schemas/auth';
import { UsageError, type Io } from './io';
import {
  DATA_KEY_OPTIONS,
  DATA_KEY_USAGE,
  explainOpenError,
  keyForDataDir,
  resolveDataKey,
} from './data-key-option';
import { SANDBOX_FLAG_OPTIONS, SANDBOX_FLAGS_USAGE, sandboxOptions } from './sandbox-flags';

export const WEB_USAGE = `engage-desk web [options]   the window in a browser (web mode), on a sandbox clinic

  --app-dir DIR       serve this built web renderer (npm run build:web -> out/web) at /
  --dev               instead, start a Vite dev server for src-renderer (hot reload) that
                      proxies /__bridge, /api and /f to the service (npm run dev:web)
  --port N            service port (default $ENGAGE_DESK_PORT, else 4010; 0 picks a free one)
  --dev-port N        Vite dev server port with --dev (default 5173; 0 picks a free one)
  --data DIR          keep the clinic in DIR (default: in memory, gone when it stops)
${DATA_KEY_USAGE}
  --seed demo|empty   what a new clinic starts with (default demo)
${SANDBOX_FLAGS_USAGE}
  --json              print one line {"appUrl","baseUrl","apiKey"} on stdout once ready`;

export interface RunningWeb {
  close(): Promise<void>;
}

/**
 * `engage-desk web`: a sandbox service with the web bridge on (a random per-run token) and the
 * web renderer, built (--app-dir) or from the Vite dev server (--dev). The Playwright suite runs
 * `web --app-dir out/web --port 0 --json` and reads the URLs and an API key from stdout.
 */
export async function webCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningWeb> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      'app-dir': { type: 'string' },
      dev: { type: 'boolean', default: false },
      port: { type: 'string' },
      'dev-port': { type: 'string', default: '5173' },
      data: { type: 'string' },
      ...DATA_KEY_OPTIONS,
      seed: { type: 'string', default: 'demo' },
      ...SANDBOX_FLAG_OPTIONS,
      json: { type: 'boolean', default: false },
    },
  });
  const port = portOf('--port', values.port ?? env.ENGAGE_DESK_PORT ?? '4010');
  const devPort = portOf('--dev-port', values['dev-port']);
  if (values.seed !== 'demo' && values.seed !== 'empty')
    throw new UsageError(`--seed takes demo or empty, not '${values.seed}'`);
  if (values.dev && values['app-dir'])
    throw new UsageError('--dev and --app-dir exclude each other');
  if (!values.dev && !values['app-dir'])
    throw new UsageError('Give --app-dir DIR (a built renderer) or --dev');
  const appDir = values['app-dir'] ? resolve(values['app-dir']) : undefined;
  if (appDir && !existsSync(resolve(appDir, 'index.html')))
    throw new UsageError(`${appDir} has no index.html; build it with npm run build:web`);

  let sandbox;
  try {
    sandbox = sandboxOptions(values);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.data && values['data-key-file'] !== undefined)
    throw new UsageError('--data-key-file needs --data (the default clinic is in memory)');
  const key = values.data ? keyForDataDir(values.data, resolveDataKey(values, env), io) : undefined;
  const token = randomBytes(32).toString('base64url');
  const dataDir = values.data;
  const seed = values.seed; // narrowed to demo | empty above
  const start = (onPort: number) =>
    createService({
      ...(dataDir ? { dataDir } : { memory: true }),
      ...(key ? { key } : {}),
      seed,
      host: '127.0.0.1',
      port: onPort,
      // Web mode is for tests and development: a new clinic is a sandbox (clock, reset, outbox);
      // a real one given with --data keeps its switch unless --sandbox says otherwise.
      ...sandbox,
      rateLimit: 'off',
      webBridge: { token, ...(appDir ? { appDir } : {}) },
      // A clinic kept on disk is backed up like the desktop app's (hourly and at stop).
      backups: Boolean(dataDir),
      ...(dataDir
        ? {
            processHost: {
              restore: (file: string, how: RestoreRequest) => void restore(file, how),
            },
          }
        : {}),
      logger: { level: 'error', stream: process.stderr },
      onJobError: (kind, error) => io.err(`Job ${kind} failed: ${(error as Error).message}`),
    }).catch((error: unknown) => {
      throw explainOpenError(error);
    });
  let service = await start(port);
  /**
   * Settings > Data's restore (backup/restore-in-place.ts): the service starts again on the same
   * port with the same token, so the page reloads onto the restored clinic (or, when the restore
   * did not happen, says why).
   */
  let restoring: Promise<void> | undefined;
  function restore(file: string, how: RestoreRequest): Promise<void> {
    restoring ??= (async () => {
      const onPort = service.port;
      service = await restoreInPlace({
        file,
        how,
        dataDir: dataDir!,
        key,
        close: () => service.close({ backup: false }),
        open: () => start(onPort),
        backupsOf: (running) => running.core.backups,
        log: (message) => io.err(message),
      });
    })()
      .catch((error: unknown) => {
        // The service did not close, or did not open again: said here rather than as an
        // unhandled rejection. Nothing listens, so nothing keeps the process alive: it ends.
        io.err(`The service could not start again after the restore: ${(error as Error).message}`);
        process.exitCode = 1;
      })
      .finally(() => (restoring = undefined));
    return restoring;
  }
  const apiKey = (
    await service.core.apiKeys.create({
      name: 'Key for engage-desk web',
      permissions: PERMISSIONS,
    })
  ).key;

  let appUrl = `${service.origin}/`;
  let closeDev: (() => Promise<void>) | undefined;
  if (values.dev) {
    try {
      const dev = await startDevServer(service.origin, token, devPort);
      appUrl = dev.url;
      closeDev = dev.close;
    } catch (error) {
      await service.close();
      throw error;
    }
  }

  if (values.json) io.out(JSON.stringify({ appUrl, baseUrl: service.url, apiKey }));
  else {
    io.out(
      `Engage Desk (web mode, ${service.core.isSandbox() ? 'sandbox clinic' : 'sandbox mode off: this clinic keeps its switch; --sandbox turns it on'})`,
    );
    io.out(`  Open        ${appUrl}`);
    io.out(`  API         ${service.url}`);
    io.out(`  API key     ${apiKey}`);
    io.out('Press Ctrl+C to stop.');
  }
  return {
    async close() {
      await closeDev?.();
      await restoring;
      await service.close();
    },
  };
}

function portOf(flag: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`${flag} takes 0..65535, not '${text}'`);
  return port;
}

/**
 * The Vite dev server for src-renderer (vite.web.config.ts), imported only here so the CLI runs
 * without Vite installed otherwise. Same origin for the page and the service: it proxies the
 * service's paths, and writes the token into index.html as the service does.
 */
async function startDevServer(target: string, token: string, port: number) {
  const { createServer } = await import('vite');
  const proxy = Object.fromEntries(
    ['/__bridge', '/api', '/f/', '/c/'].map((path) => [path, { target }]),
  );
  const server = await createServer({
    configFile: resolve('vite.web.config.ts'),
    server: { host: '127.0.0.1', port, strictPort: port !== 0, proxy },
    plugins: [
      {
        name: 'engage-desk:bridge-token',
        transformIndexHtml: () => [
          { tag: 'meta', attrs: { name: BRIDGE_TOKEN_META, content: token }, injectTo: 'head' },
        ],
      },
    ],
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
  return { url, close: () => server.close() };
}
