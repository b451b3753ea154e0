import { createServer } from 'node:http';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3-multiple-ciphers';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src-main/cli/default-data-dir';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { applyKey, DataKey } from '../../src-main/service/store/data-key';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(repo, 'bin', 'engage-desk.mjs');
const DB_FILE = 'engage-desk.db';
/**
 * A process line is waited for, never timed: this only bounds a hang. A first start over
 * PostgreSQL seeds the demo clinic by round trips (10 to 15 s alone), and with another test
 * worker and a third process on two cores it passed 30 s.
 */
const WAIT_MS = 120_000;
const KEY = /^sk_[0-9A-Za-z]{43}$/;
const ANY_KEY = /sk_[0-9A-Za-z]{20,}/;
const STACK = /\n\s+at .+:\d+/;

// ---------------------------------------------------------------------------------------------
// Child processes and temporary directories, all cleaned up after each test.

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Resolves with the first stdout line matching; rejects when the process ends first. */
  waitForStdout(pattern: RegExp): Promise<string>;
  waitForStderr(pattern: RegExp): Promise<string>;
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const running = new Set<Cli>();
const tempDirs: string[] = [];
/** Where the default data dir would be for children: never the real one. */
let fakeHome: string;

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-cli-'));
  tempDirs.push(dir);
  return dir;
}

function isRunning(cli: Cli): boolean {
  return cli.child.exitCode === null && cli.child.signalCode === null;
}

const TEST_DATA_KEY = randomBytes(32).toString('hex');

function spawnCli(args: string[], extraEnv: Record<string, string> = {}): Cli {
  // The machine's own SMTP and model settings must not leak into the children: e-mail stays in
  // the outbox and the built-in assistant answers.
  const {
    ENGAGE_DESK_SMTP_URL: _smtp,
    ENGAGE_DESK_ASSISTANT_URL: _url,
    ENGAGE_DESK_ASSISTANT_MODEL: _model,
    ENGAGE_DESK_ASSISTANT_KEY: _key,
    ENGAGE_DESK_DATA_KEY: _dataKey,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: repo,
    env: {
      ...inherited,
      HOME: fakeHome,
      XDG_CONFIG_HOME: join(fakeHome, '.config'),
      APPDATA: join(fakeHome, 'AppData'),
      // Every clinic these tests make is encrypted, as a real one is (one random key per run).
      ENGAGE_DESK_DATA_KEY: TEST_DATA_KEY,
      ...extraEnv,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const notify = () => waiters.slice().forEach((w) => w());
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    notify();
  });
  child.stderr.on('data', (chunk: string) => {
    err += chunk;
    notify();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal });
      notify();
    });
  });
  let closed = false;
  void exited.then(() => (closed = true));

  const waitFor = (which: () => string, name: string, pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = which()
          .split('\n')
          .find((l, i, all) => (i < all.length - 1 || closed) && pattern.test(l));
        if (line !== undefined) return done(() => resolve(line));
        if (closed) {
          done(() =>
            reject(
              new Error(
                `engage-desk ${args.join(' ')} ended (${child.exitCode ?? child.signalCode}) before ${name} matched ${pattern}\nstdout: ${out}\nstderr: ${err}`,
              ),
            ),
          );
        }
      };
      const timer = setTimeout(
        () =>
          done(() =>
            reject(
              new Error(
                `no ${name} line matching ${pattern} from engage-desk ${args.join(' ')}\nstdout: ${out}\nstderr: ${err}`,
              ),
            ),
          ),
        WAIT_MS,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        const i = waiters.indexOf(check);
        if (i >= 0) waiters.splice(i, 1);
        settle();
      };
      waiters.push(check);
      check();
    });

  const cli: Cli = {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForStdout: (pattern) => waitFor(() => out, 'stdout', pattern),
    waitForStderr: (pattern) => waitFor(() => err, 'stderr', pattern),
    async stop(signal = 'SIGTERM') {
      if (isRunning(cli)) child.kill(signal);
      return exited;
    },
  };
  running.add(cli);
  return cli;
}

/** Runs a command that ends by itself. */
async function runCli(args: string[]): Promise<Exit & { stdout: string; stderr: string }> {
  const cli = spawnCli(args);
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), WAIT_MS);
  const exit = await cli.exited;
  clearTimeout(timer);
  return { ...exit, stdout: cli.stdout(), stderr: cli.stderr() };
}

interface Served {
  cli: Cli;
  baseUrl: string;
  apiKey: string;
  port: number;
}

/** `serve … --json` on 127.0.0.1:0; resolves once the one JSON line is out. */
async function serveJson(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const cli = spawnCli(['serve', '--port', '0', '--json', ...args], env);
  const line = await cli.waitForStdout(/^\{/);
  const info = JSON.parse(line) as { baseUrl: string; apiKey: string };
  const port = Number(new URL(info.baseUrl).port);
  return { cli, baseUrl: info.baseUrl, apiKey: info.apiKey, port };
}

/** `serve` with its human output on 127.0.0.1:0; resolves once it says how to stop it. */
async function serveHuman(args: string[]): Promise<{ cli: Cli; baseUrl: string; key?: string }> {
  const cli = spawnCli(['serve', '--port', '0', ...args]);
  await cli.waitForStdout(/Press Ctrl\+C to stop/);
  const api = /^\s*API\s+(http:\/\/\S+)\s*$/m.exec(cli.stdout());
  if (!api) throw new Error(`no API line in:\n${cli.stdout()}`);
  const key = /^\s*API key\s+(sk_[0-9A-Za-z]+)/m.exec(cli.stdout());
  return { cli, baseUrl: api[1]!, ...(key ? { key: key[1]! } : {}) };
}

interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

async function api(
  baseUrl: string,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

function countBy<T extends string | number>(items: T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[String(item)] = (counts[String(item)] ?? 0) + 1;
  return counts;
}

/** Schedules one e-mail delivery of a demo form, delivers it, and returns the outbox row. */
async function deliverOneEmail(served: Served) {
  const call = (method: string, path: string, body?: unknown) =>
    api(served.baseUrl, served.apiKey, method, path, body);
  const patient = await call('POST', '/patients', newPatient('Puig'));
  expect(patient.status).toBe(201);
  // Forms are authored in the app, not over the API: the demo clinic brings its own.
  const forms = await call('GET', '/clinical-forms');
  expect(forms.status).toBe(200);
  const formId = forms.body.data[0]?.id as string;
  const schedule = await call('POST', '/form-schedules', {
    formId,
    patientId: patient.body.id,
    channel: 'email',
  });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  expect((await call('POST', '/sandbox/clock/advance', { seconds: 1 })).status).toBe(200);
  const outbox = await call('GET', `/sandbox/outbox?scheduleId=${schedule.body.id}`);
  const got = await call('GET', `/form-schedules/${schedule.body.id}`);
  expect(got.body.status).toBe('sent');
  return { outbox: outbox.body.data[0] as { link: string; transport: string } };
}

const newPatient = (lastName: string) => ({
  firstName: 'Núria',
  lastName,
  email: `nuria.${lastName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()}@example.com`,
  phone: '+34612345678',
  tags: ['post-op'],
});

beforeAll(() => {
  // Never run a stale bundle.
  execFileSync('npm', ['run', '-s', 'build:cli'], { cwd: repo, stdio: 'pipe' });
  fakeHome = mkdtempSync(join(tmpdir(), 'engage-desk-home-'));
}, 120_000);

afterEach(async () => {
  const all = [...running];
  running.clear();
  for (const cli of all) if (isRunning(cli)) cli.child.kill('SIGKILL');
  await Promise.all(all.map((cli) => cli.exited));
  // No command ever printed the data key (logs included: the server logs to stderr).
  for (const cli of all)
    expect(cli.stdout() + cli.stderr(), 'the data key in CLI output').not.toContain(TEST_DATA_KEY);
  while (tempDirs.length) {
    const dir = tempDirs.pop()!;
    rmSync(dir, { recursive: true, force: true });
    // A server stopped on `--data dir` backed it up beside it (docs/data-safety.md).
    rmSync(`${dir} backups`, { recursive: true, force: true });
  }
});

afterAll(() => {
  // The children never wrote to the (fake) default data dir.
  const fakeDefault = join(fakeHome, '.config', 'Engage Desk');
  const touched = existsSync(fakeDefault);
  rmSync(fakeHome, { recursive: true, force: true });
  expect(touched, `a command wrote to the default data dir ${fakeDefault}`).toBe(false);
});

// ---------------------------------------------------------------------------------------------

describe('engage-desk serve --json', { timeout: 60_000 }, () => {
  it('prints exactly one JSON line {baseUrl, apiKey} and serves the demo clinic with that key', async () => {
    const served = await serveJson(['--memory']);
    const line = served.cli.stdout().split('\n')[0]!;
    const info = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(info).sort()).toEqual(['apiKey', 'baseUrl']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(info.apiKey).toMatch(KEY);
    expect(served.port).toBeGreaterThan(0);

    const res = await api(served.baseUrl, served.apiKey, 'GET', '/patients?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(200);
    expect(res.body.data).toHaveLength(5);
    // The default rate limit is on and says so.
    expect(res.headers.get('ratelimit-policy')).toBeTruthy();
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
    // The sandbox is on by default.
    expect((await api(served.baseUrl, served.apiKey, 'GET', '/sandbox/clock')).status).toBe(200);
    expect((await api(served.baseUrl, null, 'GET', '/patients')).status).toBe(401);

    // Nothing else on stdout while running, nor when stopping.
    expect(served.cli.stdout()).toBe(`${line}\n`);
    expect(served.cli.stderr()).not.toMatch(/loopback/i);
    const exit = await served.cli.stop('SIGTERM');
    expect(exit.code).toBe(0);
    expect(served.cli.stdout()).toBe(`${line}\n`);
  });

  it('--api-key makes that exact key work with every permission and --json reports it', async () => {
    const custom = 'sk_EngageDeskCustomTestKey0123456789abcdefXYZ';
    const served = await serveJson(['--memory', '--seed', 'empty', '--api-key', custom]);
    expect(served.apiKey).toBe(custom);
    const balance = await api(served.baseUrl, custom, 'GET', '/billing/balance');
    expect(balance.status).toBe(200);
    expect(balance.body.plan).toBeDefined();
    expect((await api(served.baseUrl, custom, 'GET', '/billing/ledger')).status).toBe(200);
    const created = await api(served.baseUrl, custom, 'POST', '/patients', newPatient('Ibáñez'));
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^pat_/);
    const list = await api(served.baseUrl, custom, 'GET', '/patients');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
  });

  it('--api-key brings back a revoked key with every permission on an existing data dir', async () => {
    const dir = join(tempDir(), 'clinic');
    const custom = 'sk_AnotherCustomKeyForRestoring0123456789';
    const first = await serveJson(['--data', dir, '--seed', 'empty', '--api-key', custom]);
    expect((await api(first.baseUrl, custom, 'GET', '/patients')).status).toBe(200);
    expect((await first.cli.stop()).code).toBe(0);
    const listed = await runCli(['keys', 'list', '--json', '--data', dir]);
    const entry = (JSON.parse(listed.stdout) as Array<{ id: string; name: string }>).find(
      (k) => k.name === 'Key given with --api-key',
    )!;
    expect(entry).toBeDefined();
    expect((await runCli(['keys', 'revoke', entry.id, '--data', dir])).code).toBe(0);

    const second = await serveJson(['--data', dir, '--api-key', custom]);
    expect(second.apiKey).toBe(custom);
    expect((await api(second.baseUrl, custom, 'GET', '/billing/balance')).status).toBe(200);
    expect(
      (await api(second.baseUrl, custom, 'POST', '/patients', newPatient('Puig'))).status,
    ).toBe(201);
  });
});

describe('engage-desk serve with a data directory', { timeout: 90_000 }, () => {
  it('shows the URL and a new key once, and keeps the data across restarts', async () => {
    const dir = join(tempDir(), 'clinic');
    const first = await serveHuman(['--data', dir]);
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(first.key).toMatch(KEY);
    expect(first.cli.stdout()).toContain(dir);
    const created = await api(first.baseUrl, first.key!, 'POST', '/patients', newPatient('Güell'));
    expect(created.status).toBe(201);
    expect(existsSync(join(dir, DB_FILE))).toBe(true);
    expect((await first.cli.stop('SIGTERM')).code).toBe(0);

    const second = await serveHuman(['--data', dir]);
    // The key was shown once; the second start shows none.
    expect(second.key).toBeUndefined();
    expect(second.cli.stdout()).not.toMatch(ANY_KEY);
    expect(second.cli.stderr()).not.toMatch(ANY_KEY);
    const again = await api(second.baseUrl, first.key!, 'GET', `/patients/${created.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.lastName).toBe('Güell');
    const list = await api(second.baseUrl, first.key!, 'GET', '/patients?limit=1');
    expect(list.body.total).toBeGreaterThanOrEqual(201); // the demo clinic plus ours
  });

  it('--seed empty on a new data dir starts with no patients', async () => {
    const dir = join(tempDir(), 'empty-clinic');
    const served = await serveHuman(['--data', dir, '--seed', 'empty']);
    expect(served.key).toMatch(KEY);
    const list = await api(served.baseUrl, served.key!, 'GET', '/patients');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    expect(list.body.data).toEqual([]);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s exits 0 and the data survives a restart',
    async (signal) => {
      const dir = join(tempDir(), 'clinic');
      const first = await serveJson(['--data', dir, '--seed', 'empty']);
      const created = await api(first.baseUrl, first.apiKey, 'POST', '/patients', {
        ...newPatient('Fàbregas'),
        firstName: `Signal ${signal}`,
      });
      expect(created.status).toBe(201);
      const exit = await first.cli.stop(signal);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(first.cli.stderr()).toContain(signal);

      const second = await serveJson(['--data', dir]);
      const list = await api(second.baseUrl, second.apiKey, 'GET', '/patients');
      expect(list.body.total).toBe(1);
      expect(list.body.data[0].id).toBe(created.body.id);
      expect(list.body.data[0].firstName).toBe(`Signal ${signal}`);
    },
  );

  it('loses nothing acknowledged when killed with SIGKILL', async () => {
    const dir = join(tempDir(), 'clinic');
    const first = await serveJson(['--data', dir, '--seed', 'empty']);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await api(first.baseUrl, first.apiKey, 'POST', '/patients', {
        ...newPatient('Puig'),
        firstName: `Acked ${i}`,
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const clock = await api(first.baseUrl, first.apiKey, 'POST', '/sandbox/clock/advance', {
      seconds: 86_400,
    });
    expect(clock.status).toBe(200);
    const exit = await first.cli.stop('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');

    const second = await serveJson(['--data', dir]);
    const list = await api(second.baseUrl, second.apiKey, 'GET', '/patients?limit=100');
    expect(list.body.total).toBe(20);
    expect(list.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    // The acknowledged clock advance survived too: service time did not go back.
    const now = await api(second.baseUrl, second.apiKey, 'GET', '/sandbox/clock');
    expect(now.body.offsetSeconds).toBeGreaterThanOrEqual(86_400);
  });

  it('handles SIGTERM sent as soon as the --json line is read (exit 0, not killed)', async () => {
    // A supervisor reads the ready line and may stop the server right away; the signal handlers
    // must be in place before readiness is announced. Repeated because it is a race.
    const exits: string[] = [];
    for (let i = 0; i < 5; i++) {
      const cli = spawnCli(['serve', '--port', '0', '--json', '--memory', '--seed', 'empty']);
      await cli.waitForStdout(/^\{/);
      const exit = await cli.stop('SIGTERM');
      exits.push(`exit code ${exit.code}, signal ${exit.signal}`);
    }
    expect(exits.filter((e) => e !== 'exit code 0, signal null')).toEqual([]);
  });

  it('finishes in-flight requests on SIGTERM: each completes with 200 or fails to connect, none 5xx', async () => {
    // 50 concurrent GETs; SIGTERM goes out as soon as the first answer is back, so the server is
    // busy with the rest. Each must then either be answered normally or never get an answer
    // (connection refused or closed); a 5xx (e.g. 503 while closing) breaks "finish in-flight
    // requests". A few rounds, since which requests are in flight varies from run to run.
    const rounds: Array<Array<number | 'connection error'>> = [];
    for (let round = 0; round < 3; round++) {
      const served = await serveJson(['--memory', '--rate-limit', 'off']);
      const headers = { authorization: `Bearer ${served.apiKey}` };
      const responses = Array.from({ length: 50 }, () =>
        fetch(`${served.baseUrl}/patients?limit=100`, { headers }),
      );
      void Promise.race(responses)
        .catch(() => undefined)
        .finally(() => served.cli.child.kill('SIGTERM'));
      const settled = await Promise.allSettled(
        responses.map(async (pending) => {
          const res = await pending;
          return { status: res.status, text: await res.text() };
        }),
      );
      expect(await served.cli.exited).toEqual({ code: 0, signal: null });

      for (const s of settled) {
        if (s.status === 'fulfilled' && s.value.status === 200) {
          expect((JSON.parse(s.value.text) as { data: unknown[] }).data).toHaveLength(100);
        } else if (s.status === 'rejected') {
          expect(s.reason).toBeInstanceOf(Error);
        }
      }
      rounds.push(
        settled.map((s) => (s.status === 'fulfilled' ? s.value.status : 'connection error')),
      );
    }
    // At least the first answer of each round was a real one.
    for (const statuses of rounds) expect(statuses).toContain(200);
    const bad = rounds.flat().filter((s) => s !== 200 && s !== 'connection error');
    expect(bad, JSON.stringify(rounds.map((r) => countBy(r)))).toEqual([]);
  });
});

describe('engage-desk serve options', { timeout: 60_000 }, () => {
  it('--rate-limit off sends no RateLimit headers', async () => {
    const served = await serveJson(['--memory', '--seed', 'empty', '--rate-limit', 'off']);
    const res = await api(served.baseUrl, served.apiKey, 'GET', '/patients');
    expect(res.status).toBe(200);
    for (const name of [
      'ratelimit',
      'ratelimit-policy',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
  });

  it('--rate-limit 2/60 answers the third request with 429', async () => {
    const served = await serveJson(['--memory', '--seed', 'empty', '--rate-limit', '2/60']);
    const get = () => api(served.baseUrl, served.apiKey, 'GET', '/patients');
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect((await get()).status).toBe(200);
    const third = await get();
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('--public-url sets the base of the form links sent to patients', async () => {
    const served = await serveJson([
      '--memory',
      '--public-url',
      'https://forms.example.org/clinic/',
    ]);
    const link = await deliverOneEmail(served);
    expect(link.outbox.link).toMatch(/^https:\/\/forms\.example\.org\/clinic\/f\/[\w-]{43}$/);
    expect(link.outbox.transport).toBe('outbox');
  });

  it('--smtp (or ENGAGE_DESK_SMTP_URL) sends e-mail deliveries through that SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as { port: number };
      const url = `smtp://127.0.0.1:${port}?from=citas@example.org`;
      for (const [args, env] of [
        [['--smtp', url], {}],
        [[], { ENGAGE_DESK_SMTP_URL: url }],
      ] as const) {
        const served = await serveJson(['--memory', ...args], env);
        const sent = await deliverOneEmail(served);
        expect(sent.outbox.transport).toBe('smtp');
        expect(received.at(-1)).toContain('citas@example.org');
        // Quoted-printable may wrap long lines; the token itself survives intact.
        expect(received.at(-1)).toContain(sent.outbox.link.split('/f/')[1]!.slice(0, 20));
        await served.cli.stop();
      }
      expect(received).toHaveLength(2);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('--assistant-url/--assistant-model (key from ENGAGE_DESK_ASSISTANT_KEY) make a local model write the replies', async () => {
    const seen: { auth?: string; model?: string }[] = [];
    const model = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string };
        seen.push({ auth: req.headers.authorization, model: body.model });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            choices: [
              { index: 0, message: { role: 'assistant', content: 'Hola desde el modelo local.' } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = model.address() as AddressInfo;
      const served = await serveJson(
        [
          '--memory',
          '--assistant-url',
          `http://127.0.0.1:${port}/v1`,
          '--assistant-model',
          'llama3.2',
        ],
        { ENGAGE_DESK_ASSISTANT_KEY: 'sk-local-key' },
      );
      const patients = await api(
        served.baseUrl,
        served.apiKey,
        'GET',
        '/patients?limit=1&status=active',
      );
      const started = await api(served.baseUrl, served.apiKey, 'POST', '/conversations', {
        patientId: patients.body.data[0].id,
        context: 'Seguimiento de la medicación',
      });
      expect(started.status).toBe(201);
      expect(started.body.messages[0].content).toBe('Hola desde el modelo local.');
      expect(started.body.messages[0].metadata).toEqual({ provider: 'openai', model: 'llama3.2' });
      expect(seen).toEqual([{ auth: 'Bearer sk-local-key', model: 'llama3.2' }]);
      await served.cli.stop();
      // The human banner names the model and where it runs, never the key.
      const human = await serveHuman([
        '--memory',
        '--assistant-url',
        `http://127.0.0.1:${port}/v1`,
        '--assistant-model',
        'llama3.2',
      ]);
      expect(human.cli.stdout()).toMatch(
        new RegExp(`Assistant\\s+llama3\\.2 at http://127\\.0\\.0\\.1:${port}/v1`),
      );
      expect(human.cli.stdout()).not.toContain('sk-local-key');
      await human.cli.stop();
    } finally {
      await new Promise<void>((resolve) => model.close(() => resolve()));
    }
  });

  it('--no-sandbox removes the sandbox routes', async () => {
    const served = await serveJson(['--memory', '--seed', 'empty', '--no-sandbox']);
    const res = await api(served.baseUrl, served.apiKey, 'GET', '/sandbox/clock');
    expect(res.status).toBe(404);
    expect((await api(served.baseUrl, served.apiKey, 'GET', '/patients')).status).toBe(200);
  });

  it('warns on stderr when binding to a non-loopback address', async () => {
    const cli = spawnCli([
      'serve',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--memory',
      '--seed',
      'empty',
    ]);
    const warning = await cli.waitForStderr(/loopback/i);
    cli.child.kill('SIGKILL');
    await cli.exited;
    expect(warning).toMatch(/warning/i);
    expect(warning).toContain('0.0.0.0');
    expect(warning).toMatch(/not loopback/i);
  });

  it('refuses a port that is already in use, naming the port', async () => {
    const first = await serveJson(['--memory', '--seed', 'empty']);
    const second = await runCli([
      'serve',
      '--memory',
      '--seed',
      'empty',
      '--port',
      String(first.port),
    ]);
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    expect(second.stderr).toContain(String(first.port));
    expect(second.stderr).toMatch(/in use/i);
    expect(second.stderr).not.toMatch(STACK);
    expect(second.stdout).toBe('');
    // The first server is unharmed.
    expect((await api(first.baseUrl, first.apiKey, 'GET', '/patients')).status).toBe(200);
  });

  it('refuses a database written by a newer Engage Desk and leaves it untouched', async () => {
    const dir = join(tempDir(), 'clinic');
    const first = await serveJson(['--data', dir, '--seed', 'empty']);
    // One answered request first, so this test is about the database, not about how soon after
    // the ready line a signal is handled (that has its own test).
    expect((await api(first.baseUrl, null, 'GET', '/health')).status).toBe(200);
    expect((await first.cli.stop()).code).toBe(0);
    const file = join(dir, DB_FILE);
    const db = new Database(file);
    applyKey(db, DataKey.from(TEST_DATA_KEY));
    db.pragma('user_version = 999');
    db.close();

    const result = await runCli(['serve', '--data', dir, '--port', '0', '--json']);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/written by a newer Engage Desk/);
    expect(result.stderr).not.toMatch(STACK);

    const after = new Database(file, { readonly: true });
    applyKey(after, DataKey.from(TEST_DATA_KEY));
    try {
      expect(after.pragma('user_version', { simple: true })).toBe(999);
    } finally {
      after.close();
    }
  });
});

describe('engage-desk usage errors', { timeout: 60_000 }, () => {
  it.each([
    ['an unknown flag', ['serve', '--memory', '--frobnicate'], /--frobnicate/],
    [
      '--data with --memory',
      ['serve', '--data', '<dir>', '--memory'],
      /--data.*--memory|--memory.*--data/,
    ],
    ['--port 70000', ['serve', '--memory', '--port', '70000'], /--port.*70000/],
    ['--port abc', ['serve', '--memory', '--port', 'abc'], /--port/],
    ['--seed other', ['serve', '--memory', '--seed', 'other'], /--seed.*other/],
    ['a bad --api-key', ['serve', '--memory', '--api-key', 'sk_short'], /--api-key/],
    ['a non-sk --api-key', ['serve', '--memory', '--api-key', `pk_${'a'.repeat(43)}`], /--api-key/],
    ['--rate-limit bogus', ['serve', '--memory', '--rate-limit', 'bogus'], /--rate-limit.*bogus/],
    ['--rate-limit 0/60', ['serve', '--memory', '--rate-limit', '0/60'], /--rate-limit/],
    ['an unknown command', ['frobnicate'], /Unknown command 'frobnicate'/],
    ['--smtp with another scheme', ['serve', '--memory', '--smtp', 'ftp://h?from=a@b'], /--smtp/],
    ['--smtp without from', ['serve', '--memory', '--smtp', 'smtp://mail.example.org'], /from/],
    ['--public-url not a URL', ['serve', '--memory', '--public-url', 'forms'], /--public-url/],
    [
      '--assistant-url not a URL',
      ['serve', '--memory', '--assistant-url', 'ollama', '--assistant-model', 'm'],
      /--assistant-url/,
    ],
    [
      '--assistant-url without a model',
      ['serve', '--memory', '--assistant-url', 'http://127.0.0.1:11434/v1'],
      /--assistant-model/,
    ],
    ['--assistant-model alone', ['serve', '--memory', '--assistant-model', 'm'], /--assistant-url/],
    [
      '--assistant-timeout 0',
      [
        'serve',
        '--memory',
        '--assistant-url',
        'http://127.0.0.1:1/v1',
        '--assistant-model',
        'm',
        '--assistant-timeout',
        '0',
      ],
      /--assistant-timeout/,
    ],
  ])('%s exits 2 with a clear message', async (_label, args, message) => {
    const dir = join(tempDir(), 'never-created');
    const result = await runCli(args.map((a) => (a === '<dir>' ? dir : a)));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^engage-desk: /);
    expect(result.stderr).not.toMatch(STACK);
    expect(result.stdout).toBe('');
    expect(existsSync(dir)).toBe(false);
  });
});

/** `keys create` for a read-only key named CI. */
function createReadKey(dir: string) {
  return runCli([
    'keys',
    'create',
    '--name',
    'CI',
    '--permissions',
    'patients:read,credits:read',
    '--data',
    dir,
  ]);
}

describe('engage-desk keys', { timeout: 90_000 }, () => {
  it('creates a limited key: stdout is only the key; it reads patients and is refused writing', async () => {
    const dir = join(tempDir(), 'clinic');
    const created = await createReadKey(dir);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^sk_[0-9A-Za-z]{43}\n$/);
    const key = created.stdout.trim();

    const served = await serveJson(['--data', dir]);
    const list = await api(served.baseUrl, key, 'GET', '/patients');
    expect(list.status).toBe(200);
    expect((await api(served.baseUrl, key, 'GET', '/billing/balance')).status).toBe(200);
    const write = await api(served.baseUrl, key, 'POST', '/patients', newPatient('Roig'));
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('insufficient_permissions');
  });

  it('lists keys by id and hint, never the key; --json is JSON', async () => {
    const dir = join(tempDir(), 'clinic');
    const created = await createReadKey(dir);
    const key = created.stdout.trim();
    expect(key).toMatch(KEY);

    const json = await runCli(['keys', 'list', '--json', '--data', dir]);
    expect(json.code).toBe(0);
    const keys = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(Array.isArray(keys)).toBe(true);
    const ci = keys.find((k) => k.name === 'CI')!;
    expect(ci).toBeDefined();
    expect(ci.id).toMatch(/^key_/);
    expect(ci.hint).toEqual(expect.any(String));
    expect(ci.permissions).toEqual(['patients:read', 'credits:read']);
    expect(ci).not.toHaveProperty('key');
    expect(json.stdout).not.toContain(key);
    expect(json.stdout).not.toMatch(ANY_KEY);

    const human = await runCli(['keys', 'list', '--data', dir]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(ci.id as string);
    expect(human.stdout).toContain(ci.hint as string);
    expect(human.stdout).toContain('CI');
    expect(human.stdout).not.toContain(key);
    expect(human.stdout).not.toMatch(ANY_KEY);
    expect(human.stderr).not.toContain(key);
  });

  it('revokes a key: a server already running on the same data dir refuses it at once', async () => {
    const dir = join(tempDir(), 'clinic');
    const served = await serveJson(['--data', dir, '--seed', 'empty']);
    const created = await runCli([
      'keys',
      'create',
      '--name',
      'Soon revoked',
      '--permissions',
      'patients:read',
      '--json',
      '--data',
      dir,
    ]);
    expect(created.code).toBe(0);
    const info = JSON.parse(created.stdout) as { id: string; key: string };
    expect(info.key).toMatch(KEY);
    expect((await api(served.baseUrl, info.key, 'GET', '/patients')).status).toBe(200);

    const revoked = await runCli(['keys', 'revoke', info.id, '--data', dir]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(info.id);

    const after = await api(served.baseUrl, info.key, 'GET', '/patients');
    expect(after.status).toBe(401);
    // The server's own key is untouched.
    expect((await api(served.baseUrl, served.apiKey, 'GET', '/patients')).status).toBe(200);
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--json', '--data', dir])).stdout,
    ) as Array<{
      id: string;
      revokedAt?: string;
    }>;
    expect(listed.find((k) => k.id === info.id)?.revokedAt).toEqual(expect.any(String));
  });

  it('refuses an unknown permission with exit 2', async () => {
    const dir = join(tempDir(), 'clinic');
    const result = await runCli([
      'keys',
      'create',
      '--name',
      'Bad',
      '--permissions',
      'patients:read,patients:delete',
      '--data',
      dir,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('patients:delete');
    expect(result.stderr).not.toMatch(STACK);
    expect(result.stdout).not.toMatch(ANY_KEY);
    const listed = await runCli(['keys', 'list', '--json', '--data', dir]);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it('--permissions all gives every permission', async () => {
    const dir = join(tempDir(), 'clinic');
    const created = await runCli([
      'keys',
      'create',
      '--name',
      'Everything',
      '--permissions',
      'all',
      '--data',
      dir,
    ]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(KEY);
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--json', '--data', dir])).stdout,
    ) as Array<{
      name: string;
      permissions: string[];
    }>;
    expect([...listed.find((k) => k.name === 'Everything')!.permissions].sort()).toEqual(
      [...PERMISSIONS].sort(),
    );
    const served = await serveJson(['--data', dir]);
    expect((await api(served.baseUrl, key, 'GET', '/billing/balance')).status).toBe(200);
    expect((await api(served.baseUrl, key, 'POST', '/patients', newPatient('Vila'))).status).toBe(
      201,
    );
  });

  it('revoking an unknown key id exits 2 with a message', async () => {
    const dir = join(tempDir(), 'clinic');
    const result = await runCli([
      'keys',
      'revoke',
      'key_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
      '--data',
      dir,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/key_01JD8X3V6Q9R2T5W7Y0B4C6E8G|not found|no api key/i);
    expect(result.stderr).not.toMatch(STACK);
  });

  it.each([
    ['an unknown keys action', ['keys', 'frobnicate']],
    ['keys create without --name', ['keys', 'create', '--permissions', 'all']],
    ['keys create without --permissions', ['keys', 'create', '--name', 'X']],
    ['keys revoke without an id', ['keys', 'revoke']],
  ])('%s exits 2 and leaves the data dir alone', async (_label, args) => {
    const dir = join(tempDir(), 'never-created');
    const result = await runCli([...args, '--data', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^engage-desk: /);
    expect(result.stderr).not.toMatch(STACK);
    expect(existsSync(join(dir, DB_FILE))).toBe(false);
  });
});

describe('engage-desk help and version', () => {
  it('--help prints the usage and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const part of [
      'engage-desk serve',
      '--port',
      '--host',
      '--data',
      '--memory',
      '--seed',
      '--api-key',
      '--rate-limit',
      '--no-sandbox',
      '--json',
      'engage-desk keys create',
      'engage-desk keys list',
      'engage-desk keys revoke',
    ]) {
      expect(result.stdout).toContain(part);
    }
    expect(result.stderr).toBe('');
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${pkg.version}\n`);
  });
});

describe('defaultDataDir', () => {
  it('uses XDG_CONFIG_HOME on Linux, else ~/.config', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/srv/cfg' }, 'linux')).toBe(
      join('/srv/cfg', 'Engage Desk'),
    );
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Engage Desk'));
    expect(defaultDataDir({ XDG_CONFIG_HOME: '' }, 'linux')).toBe(
      join(homedir(), '.config', 'Engage Desk'),
    );
  });

  it('uses ~/Library/Application Support on macOS', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/srv/cfg' }, 'darwin')).toBe(
      join(homedir(), 'Library', 'Application Support', 'Engage Desk'),
    );
  });

  it('uses APPDATA on Windows, else ~/AppData/Roaming', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\nuria\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\nuria\\AppData\\Roaming', 'Engage Desk'),
    );
    expect(defaultDataDir({}, 'win32')).toBe(join(homedir(), 'AppData', 'Roaming', 'Engage Desk'));
  });
});

describe.skipIf(!postgresUrl)(
  'engage-desk serve --database (PostgreSQL)',
  { timeout: 300_000 },
  () => {
    it('refuses what does not go with a PostgreSQL database, before anything opens', async () => {
      const both = await runCli(['serve', '--database', 'postgres://x@127.0.0.1/y', '--memory']);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('--database excludes --data and --memory');
      const notPg = await runCli(['serve', '--database', 'mysql://root:hunter2@db/clinic']);
      expect(notPg.code).toBe(2);
      expect(notPg.stderr).toContain("takes a postgres:// URL, not 'mysql://root:***@db/clinic'");
      expect(notPg.stderr).not.toContain('hunter2');
      const keyFile = await runCli([
        'serve',
        '--database',
        'postgres://x@127.0.0.1/y',
        '--data-key-file',
        '/nonexistent',
      ]);
      expect(keyFile.code).toBe(2);
      expect(keyFile.stderr).toContain('--data-key-file is for a SQLite data folder');
    });

    it('says plainly that the server cannot be reached, with no stack', async () => {
      const result = await runCli([
        'serve',
        '--port',
        '0',
        '--database',
        'postgres://clinic:secret@127.0.0.1:1/engage',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'PostgreSQL cannot be reached at 127.0.0.1:1 (ECONNREFUSED): is the server running and listening there?',
      );
      expect(result.stderr).not.toMatch(STACK);
      expect(result.stderr).not.toContain('secret');
    });

    it('migrates and seeds a new database, then serves the same clinic again after a restart', async () => {
      const database = await createTestDatabase();
      try {
        const url = new URL(database.url);
        url.password = 'not-shown';
        const first = await serveHuman(['--database', url.toString(), '--seed', 'demo']);
        expect(first.cli.stdout()).toMatch(
          /Data\s+PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/engage_test_\w+ \(new: demo clinic\)/,
        );
        expect(first.cli.stdout()).not.toContain('not-shown');
        const page = await fetch(`${first.baseUrl}/patients?limit=5`, {
          headers: { authorization: `Bearer ${first.key}` },
        });
        const body = (await page.json()) as { total: number; data: { id: string }[] };
        expect(page.status).toBe(200);
        expect(body.total).toBeGreaterThan(10);
        await first.cli.stop();
        // The environment variable works as the flag does; the clinic is the one seeded before.
        const again = spawnCli(['serve', '--port', '0', '--json'], {
          ENGAGE_DESK_DATABASE_URL: database.url,
        });
        await again.waitForStdout(/^\{/);
        const info = JSON.parse(again.stdout().split('\n')[0]!) as {
          baseUrl: string;
          apiKey: string;
        };
        const reread = (await (
          await fetch(`${info.baseUrl}/patients?limit=5`, {
            headers: { authorization: `Bearer ${info.apiKey}` },
          })
        ).json()) as { total: number; data: { id: string }[] };
        expect(reread.total).toBe(body.total);
        expect(reread.data.map((p) => p.id)).toEqual(body.data.map((p) => p.id));
        await again.stop();
      } finally {
        await database.drop();
      }
    });
  },
);
