import { createCore, type CoreOptions } from './core';
import { API_PREFIX, buildHttpApp, type HttpOptions } from './http/app';

export interface ServiceOptions extends CoreOptions, Partial<HttpOptions> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

/**
 * Starts the whole service: the core (database, clock, jobs, domain) and its HTTP interface on
 * `host:port`. Electron main, the CLI and the tests all start it this way.
 */
export async function createService(options: ServiceOptions) {
  const core = createCore(options);
  try {
    const app = await buildHttpApp(core, {
      sandbox: core.isSandbox(),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 4010 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 4010);
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    // Form links point back at this server unless a public URL was configured.
    core.delivery.setListeningUrl(`http://${urlHost}:${port}`);
    await core.runner.start();
    let closing: Promise<void> | undefined;
    return {
      core,
      app,
      port,
      /** Base URL of the interface, ending with /api/v1. */
      url: `http://${urlHost}:${port}${API_PREFIX}`,
      /** Stops accepting, lets in-flight requests finish, stops the jobs and closes the database. */
      close(): Promise<void> {
        closing ??= (async () => {
          await app.close();
          await core.runner.stop();
          core.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await core.runner.stop();
    core.close();
    throw error;
  }
}

export type Service = Awaited<ReturnType<typeof createService>>;
