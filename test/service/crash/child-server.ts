import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * A hang's limit, never a timing: a start on PostgreSQL seeds the demo clinic over round trips
 * (10 to 15 s alone, past 30 s on a loaded machine, where the last limit cut one off).
 */
const WAIT_MS = 120_000;

/**
 * Bundles the CLI exactly as `npm run build:cli` does, but into a directory of its own inside the
 * repository (so dependencies resolve from its node_modules): test files run in parallel, and a
 * rebuild of out/cli (emptied first) would pull the bundle from under another file's children.
 * The bundle is what `bin/engage-desk.mjs` imports.
 */
export function buildCli(outDir: string): string {
  execFileSync(
    process.execPath,
    [
      join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.cli.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
    ],
    { cwd: REPO, stdio: 'pipe' },
  );
  return join(outDir, 'cli.js');
}

export interface ChildServer {
  baseUrl: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown code runs, like a power cut for the process. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the clean exit. */
  stop(): Promise<void>;
}

/** `engage-desk serve --json` on 127.0.0.1:0; resolves once it prints its one JSON line. */
export async function serveChild(
  cliJs: string,
  args: string[],
  home: string,
): Promise<ChildServer> {
  const {
    ENGAGE_DESK_SMTP_URL: _smtp,
    ENGAGE_DESK_ASSISTANT_URL: _url,
    ENGAGE_DESK_ASSISTANT_MODEL: _model,
    ENGAGE_DESK_ASSISTANT_KEY: _key,
    ENGAGE_DESK_DATA_KEY: _dataKey,
    // The engine is the test's choice (--data or --database), never the shell's.
    ENGAGE_DESK_DATABASE_URL: _database,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [cliJs, 'serve', '--port', '0', '--json', ...args], {
    cwd: REPO,
    env: {
      ...inherited,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      APPDATA: join(home, 'AppData'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`no JSON line from serve ${args.join(' ')}\nstdout: ${out}\nstderr: ${err}`),
      );
    }, WAIT_MS);
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const first = out.split('\n')[0]!;
      if (out.includes('\n') && first.startsWith('{')) {
        clearTimeout(timer);
        resolve(first);
      }
    });
    child.stderr!.on('data', (chunk: string) => (err += chunk));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`serve ended (${code ?? signal}) before its JSON line\nstderr: ${err}`));
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      await exited;
    },
  };
}
