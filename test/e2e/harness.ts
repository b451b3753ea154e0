import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The web-mode end-to-end harness: a real sandbox service with the demo clinic (the CLI's `web`
 * command, serving the built renderer with the HTTP bridge) and Debian's Chromium driven by
 * playwright-core. Nothing is faked between the page and the SQLite database.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
/** The built CLI and window (`ENGAGE_DESK_OUT`, default `out`: see vite.web.config.ts). */
export const OUT = join(repo, process.env.ENGAGE_DESK_OUT ?? 'out');
const CLI = join(OUT, 'cli', 'cli.js');
export const ARTIFACTS = join(repo, 'test-artifacts', 'e2e');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A process line is waited for, never timed: this only bounds a hung start. */
const START_WAIT_MS = 120_000;

export interface WebApp {
  appUrl: string;
  baseUrl: string;
  apiKey: string;
  /** Responses that broke the OpenAPI contract (the service's response check, issue 8 §6). */
  responseViolations(): string[];
  /** What the server wrote to stderr so far (shown when a test fails). */
  serverLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts `engage-desk web` on a fresh data directory: the demo clinic, or with `prepare` a
 * directory the test fills first (an existing database is never seeded).
 */
export async function startWebApp(
  options: { prepare?: (dataDir: string) => void } = {},
): Promise<WebApp> {
  const home = mkdtempSync(join(tmpdir(), 'engage-desk-e2e-'));
  const dataDir = join(home, 'data');
  if (options.prepare) {
    mkdirSync(dataDir, { recursive: true });
    options.prepare(dataDir);
  }
  // Every /api/v1 response is checked against the schema its route declares; see afterAll below.
  const violations = join(home, 'response-violations.jsonl');
  const {
    ENGAGE_DESK_SMTP_URL: _smtp,
    ENGAGE_DESK_ASSISTANT_URL: _url,
    ENGAGE_DESK_ASSISTANT_MODEL: _model,
    ENGAGE_DESK_ASSISTANT_KEY: _key,
    ENGAGE_DESK_DATA_KEY: _dataKey,
    ...env
  } = process.env;
  // A fresh clinic is encrypted, as a real one is (a random key per run, given the way a script
  // gives it); a prepared one (the benchmark's fixture writer) is a plain sandbox.
  const keyArgs = options.prepare ? ['--plain'] : [];
  const keyEnv = options.prepare ? {} : { ENGAGE_DESK_DATA_KEY: randomBytes(32).toString('hex') };
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      CLI,
      'web',
      '--app-dir',
      join(OUT, 'web'),
      '--data',
      dataDir,
      ...keyArgs,
      '--port',
      '0',
      '--json',
    ],
    {
      cwd: repo,
      env: {
        ...env,
        ...keyEnv,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        ENGAGE_DESK_CHECK_RESPONSES: violations,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that dies by a signal (a native crash, the OOM killer) writes nothing itself.
  child.once('exit', (code, signal) => {
    stderr += `\n[the server process ended: ${signal ? `signal ${signal}` : `exit code ${code}`}]\n`;
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`web app did not start:\n${stderr}`)),
      START_WAIT_MS,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, end));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web app exited with ${code}:\n${stderr}`));
    });
  });
  const started = JSON.parse(line) as { appUrl: string; baseUrl: string; apiKey: string };
  return {
    ...started,
    serverLog: () => stderr,
    responseViolations() {
      try {
        return readFileSync(violations, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The browser's own widgets (date and time inputs) in Spanish, like a clinic's desktop: on
    // Linux Chromium takes their locale from LANG/LANGUAGE (with chromium-l10n installed), not
    // from --lang alone.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--lang=es-ES'],
    env: { ...process.env, LANG: 'es_ES.UTF-8', LANGUAGE: 'es' },
  });
}

const logged = new WeakMap<Page, string[]>();

export async function openApp(
  browser: Browser,
  app: WebApp,
  path = '/',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  logged.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A failed load is reported below with its URL, which the console line lacks.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.goto(`${app.appUrl.replace(/\/$/, '')}/#${path}`);
  return { context, page };
}

/**
 * Keeps what the window asks the service from now on (requests, answers, failures, navigations),
 * for a test that waits through a restart (a restore, an import). `failure` builds the error to
 * throw when the wait fails: where the window was and what it said, what the server logged, and
 * the traffic's start and end. CI keeps only the end of its output, where the failure is, not the
 * server log printed after it.
 */
export function watchRestart(page: Page, app: WebApp) {
  const traffic: string[] = [];
  const since = Date.now();
  const note = (line: string) => traffic.push(`+${Date.now() - since} ms ${line}`);
  page.on('request', (r) => note(`→ ${r.method()} ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => {
    void r.response().then((res) => note(`← ${res?.status()} ${new URL(r.url()).pathname}`));
  });
  page.on('requestfailed', (r) =>
    note(`× ${new URL(r.url()).pathname}: ${r.failure()?.errorText ?? '?'}`),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  const watch = {
    /**
     * Waits for the restart's outcome: `restored` shown (the window reloaded onto the restored
     * clinic), or `refused` (the dialog says why nothing happened); anything else, a refusal
     * included, fails with `failure`'s report and a picture named `screen`.
     */
    async restored(restored: Locator, refused: Locator, screen: string): Promise<void> {
      await restored
        .or(refused)
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async (error: Error) => {
          throw await watch.failure(error.message, screen);
        });
      if ((await restored.count()) !== 1)
        throw await watch.failure('the restart did not bring the restored clinic', screen);
    },
    async failure(why: string, screen: string): Promise<Error> {
      await screenshot(page, screen).catch(() => undefined);
      const main = await page
        .locator('main')
        .innerText()
        .catch((e: Error) => e.message);
      const shown =
        traffic.length > 50
          ? [...traffic.slice(0, 20), `… ${traffic.length - 50} more …`, ...traffic.slice(-30)]
          : traffic;
      return new Error(
        `${why}\nafter ${Date.now() - since} ms at ${page.url()}; the window said:\n${main.slice(0, 1500)}\nthe server logged:\n${app.serverLog().slice(-4000)}\nthe window asked:\n${shown.join('\n')}`,
      );
    },
  };
  return watch;
}

/** Errors the page logged (uncaught exceptions and console errors): a test expects none. */
export function pageErrors(page: Page): string[] {
  return logged.get(page) ?? [];
}

/**
 * What the window logged that a restart (a restore, an import) does not explain. While the
 * service stops, the web bridge refuses a new event stream with 503 service_stopping and
 * Retry-After 1, and the window connects again once it is back (routes/web-bridge.ts): whether
 * the window asks in that moment is a race, and the refusal is the design, not an error. That is
 * the bridge's only 503; anything else the window logged still counts.
 */
export function pageErrorsAcrossRestart(page: Page): string[] {
  return pageErrors(page).filter((error) => !/^HTTP 503 \S+\/__bridge\/events$/.test(error));
}

/**
 * Saves the screen under test-artifacts/e2e. The window scrolls inside <main>, so the viewport is
 * made as tall as the screen's content for the picture, then put back.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1366, height: 860 };
  const content = Number(
    await page.evaluate(
      "(document.querySelector('main')?.scrollHeight ?? 0) + (document.querySelector('.status-bar')?.clientHeight ?? 0)",
    ),
  );
  const height = Math.min(Math.max(viewport.height, content), 4000);
  if (height !== viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  if (height !== viewport.height) await page.setViewportSize(viewport);
}

/** A call to the public API, as an integrator would make it. */
export async function api<T = unknown>(
  app: Pick<WebApp, 'baseUrl' | 'apiKey'>,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.key ?? app.apiKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * One sandbox service and one browser for a test file, started before its tests and stopped after
 * them. Read `suite.app` and `suite.browser` inside the tests (they are set by then).
 */
export function webAppSuite(options: Parameters<typeof startWebApp>[0] = {}): {
  app: WebApp;
  browser: Browser;
} {
  const suite = {} as { app: WebApp; browser: Browser };
  beforeAll(async () => {
    suite.app = await startWebApp(options);
    suite.browser = await launchBrowser();
  });
  // A failing test shows what the server said: a job or restore that failed is reported there.
  afterEach((context) => {
    const log = suite.app?.serverLog().trim();
    if (context.task.result?.state === 'fail' && log) console.error(`server stderr:\n${log}`);
  });
  afterAll(async () => {
    await suite.browser?.close();
    const violations = suite.app?.responseViolations() ?? [];
    await suite.app?.stop();
    if (violations.length)
      throw new Error(`responses that break the OpenAPI contract:\n${violations.join('\n')}`);
  });
  return suite;
}
