import { DEFAULT_APP_PORT, savedPort } from './app-settings';
import { createCore, type CoreOptions } from './core';
import { API_PREFIX } from './http/api-prefix';
import { buildHttpApp, type HttpOptions } from './http/app';
import type { WebBridgeOptions } from './http/routes/web-bridge';
import {
  capConnections,
  closeLettingRequestsFinish,
  resolveServerLimits,
  type ServerLimits,
} from './http/server-limits';
import { watchStopping } from './stopping-watch';
import { createOperations, type OperationHost, type Operations } from './operations';
import { SERVICE_VERSION } from './version';

// What an adapter needs to know about the database it opens (the CLI names the file and explains
// a database written by a newer version), without reaching into the store.
export { DatabaseFromTheFutureError, DB_FILE_NAME } from './store/db';
export { PostgresOpenError } from './store/pg-store';
// The data key and what an adapter does with it before the service starts (issue 20, encryption
// at rest): the CLI's key options and the desktop's key store and first-start conversion.
export { DataKey, DataKeyError, fileEncryption } from './store/data-key';
export { DataKeyRequiredError, PlainDatabaseError, WrongDataKeyError } from './store/db';
export {
  conversionFraction,
  ConversionVerifyError,
  DatabaseInUseError,
  encryptPlainDatabase,
  rekeyDatabase,
  removeConversionLeftovers,
  type ConversionProgress,
  type OnConversionProgress,
} from './store/convert-database';

export interface ServiceOptions
  extends CoreOptions, Partial<Omit<HttpOptions, 'webBridge' | 'bindHost' | 'serverLimits'>> {
  /**
   * Header, request and keep-alive timeouts and the connection cap; each one left out keeps its
   * default (DEFAULT_SERVER_LIMITS in http/server-limits.ts).
   */
  serverLimits?: Partial<ServerLimits>;
  /** Where the server's own warnings go (the connection cap); default console.warn. */
  onServerWarning?: (line: string) => void;
  host?: string;
  /** 0 picks a free port; 'saved' is the desktop app's saved port (settings `app_port`, 4010). */
  port?: number | 'saved';
  /** When the port is taken (EADDRINUSE), listen on a free one and say so in `portNotice`. */
  portFallback?: boolean;
  /**
   * Web mode: serve the contract's operations and pushed events to the web renderer under
   * /__bridge, guarded by this per-run token (and the built renderer itself when `appDir`).
   */
  webBridge?: Omit<WebBridgeOptions, 'operations'>;
  /**
   * Backups without asking (backup/backup-schedule.ts): every hour while the service runs and
   * once at close, after the last write. The desktop app and `serve`/`web` turn it on.
   */
  backups?: boolean;
  /** What the web bridge's operations may ask of the process hosting the service (a restore). */
  processHost?: OperationHost;
}

/**
 * Starts the whole service: the core (database, clock, jobs, domain) and its HTTP interface on
 * `host:port`. Electron main, the CLI and the tests all start it this way.
 */
export async function createService(options: ServiceOptions) {
  // Checked before anything opens, so a bad limit leaves nothing to close.
  const serverLimits = resolveServerLimits(options.serverLimits);
  const core = await createCore(options);
  try {
    const host = options.host ?? '127.0.0.1';
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    let url = '';
    let portNotice: { wanted: number; actual: number } | undefined;
    let operations: Operations | undefined;
    if (options.webBridge) {
      operations = createOperations({
        core,
        info: () => ({
          apiBaseUrl: url,
          version: SERVICE_VERSION,
          mode: 'web',
          ...(options.dataDir && !options.memory ? { dataDir: options.dataDir } : {}),
          ...(portNotice ? { portNotice } : {}),
        }),
        onError: (name, error) => options.onJobError?.(`operation ${name}`, error),
        ...(options.processHost ? { host: options.processHost } : {}),
      });
    }
    const app = await buildHttpApp(core, {
      bindHost: host,
      serverLimits,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.webBridge && operations
        ? { webBridge: { ...options.webBridge, operations } }
        : {}),
    });
    const warn = options.onServerWarning ?? ((line: string) => console.warn(line));
    capConnections(app.server, serverLimits.maxConnections, warn);
    const wanted =
      options.port === 'saved'
        ? await savedPort(core.q.settings)
        : (options.port ?? DEFAULT_APP_PORT);
    try {
      await app.listen({ host, port: wanted });
    } catch (error) {
      if (!options.portFallback || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
        throw error;
      // Another program holds the port: a free one keeps the app usable; the window says so.
      await app.listen({ host, port: 0 });
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : wanted;
    if (wanted !== 0 && port !== wanted) portNotice = { wanted, actual: port };
    url = `http://${urlHost}:${port}${API_PREFIX}`;
    // Form links point back at this server unless a public URL was configured.
    core.delivery.setListeningUrl(`http://${urlHost}:${port}`);
    await core.runner.start();
    if (options.backups) core.backups?.start();
    let closing: Promise<void> | undefined;
    return {
      core,
      app,
      port,
      /** Base URL of the interface, ending with /api/v1. */
      url,
      /** Origin of the server (web mode: where the renderer and /__bridge are). */
      origin: `http://${urlHost}:${port}`,
      /** Set when the wanted port was taken and `portFallback` picked another. */
      portNotice,
      /** The operations the web bridge serves (web mode only). */
      operations,
      /**
       * Stops accepting, lets in-flight requests finish, stops the jobs and closes the database.
       * `backup: false` skips the backup at quit (a restore is about to replace the database).
       */
      close(how: { backup?: boolean } = {}): Promise<void> {
        closing ??= (async () => {
          const watch = watchStopping(app.server, warn);
          try {
            watch.step('the requests in flight and the open connections');
            await closeLettingRequestsFinish(app, { warn });
            watch.step('the jobs under way');
            await core.runner.stop();
            // The reads answered last still wait for their group commit (domain/audit-trail.ts):
            // stored now, so the backup at quit holds them too (core.close() stores them anyway).
            watch.step('the access log');
            try {
              await core.audit.flush();
            } catch {
              // Kept waiting: core.close() tries again and reports a refusal.
            }
            // Nothing writes any more: the backup at quit holds the very last state.
            watch.step('the backup');
            if (options.backups && how.backup !== false) await core.backups?.atQuit();
            else await core.backups?.stop();
            watch.step('the database');
            await core.close();
          } finally {
            watch.done();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await core.runner.stop();
    await core.close();
    throw error;
  }
}

export type Service = Awaited<ReturnType<typeof createService>>;
