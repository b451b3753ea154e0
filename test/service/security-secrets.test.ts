import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/service/core';
import { parseSmtpUrl } from '../../src-main/service/delivery/smtp-settings';
import { createOperations } from '../../src-main/service/operations';
import { hashApiKey } from '../../src-main/service/security/api-key-format';
import { startServer, type ApiResponse, type TestServer } from './helpers';
import { logCapture } from './log-capture';

/*
 * Secrets at rest and in output (issue 8 part 5): API keys are stored only as their SHA-256
 * (whichever way they were made: `keys create`, the desktop's keys.create operation, `serve
 * --api-key`), so the database file and its WAL never hold the key or its base62 body; and no log
 * line (pino at trace level, the most verbose there is) and no error body ever carries an API key,
 * an access token, a webhook secret, an SMTP password or a language model's API key, even when
 * the request that failed carried it.
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(repo, 'bin', 'engage-desk.mjs');
const DB_FILE = 'engage-desk.db';
const WAIT_MS = 30_000;

const dirs: string[] = [];
const closers: Array<() => unknown> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-sec-'));
  dirs.push(dir);
  return dir;
}

/** The environment of a child: a fake home, no SMTP or model settings of this machine. */
function childEnv(home: string): NodeJS.ProcessEnv {
  const {
    ENGAGE_DESK_SMTP_URL: _s,
    ENGAGE_DESK_ASSISTANT_URL: _u,
    ENGAGE_DESK_ASSISTANT_MODEL: _m,
    ENGAGE_DESK_ASSISTANT_KEY: _k,
    ENGAGE_DESK_DATA_KEY: _dk,
    ...env
  } = process.env;
  return { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
}

/** Runs the CLI to its end; stdout and stderr. */
function runCli(
  args: string[],
  home: string,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repo, env: childEnv(home) });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), WAIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** Every byte of the database: main file, WAL and shared memory (whatever exists). */
function databaseBytes(dir: string): Buffer {
  return Buffer.concat(
    ['', '-wal', '-shm', '-journal']
      .map((suffix) => join(dir, DB_FILE + suffix))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file)),
  );
}

/** Fails if the bytes hold the secret in UTF-8 or UTF-16 (SQLite may store either). */
function expectAbsent(bytes: Buffer, secret: string, what: string): void {
  expect(bytes.includes(Buffer.from(secret, 'utf8')), `${what} in UTF-8`).toBe(false);
  expect(bytes.includes(Buffer.from(secret, 'utf16le')), `${what} in UTF-16`).toBe(false);
}

function expectKeyNotStored(dir: string, key: string): void {
  const bytes = databaseBytes(dir);
  expect(bytes.length).toBeGreaterThan(0);
  expectAbsent(bytes, key, 'the key');
  expectAbsent(bytes, key.slice(3), "the key's base62 body");
  // What is there instead: its SHA-256, as the lookup column.
  expect(bytes.includes(Buffer.from(hashApiKey(key)))).toBe(true);
}

// ---------------------------------------------------------------------------------------------

describe('API keys are stored only as their hash', () => {
  it('keys create (CLI): the printed key is nowhere in the database file or its WAL', async () => {
    const home = tempDir();
    const data = tempDir();
    const created = await runCli(
      ['keys', 'create', '--data', data, '--plain', '--name', 'CI', '--permissions', 'all'],
      home,
    );
    expect(created.code, created.err).toBe(0);
    const key = created.out.trim();
    expect(key).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    expect(created.err).not.toContain(key.slice(3));
    expectKeyNotStored(data, key);
    // And it works: the hash is what authenticates it.
    const core = await createCore({ dataDir: data });
    try {
      expect((await core.apiKeys.authenticate(key))?.name).toBe('CI');
      expect(JSON.stringify(await core.apiKeys.list())).not.toContain(key.slice(3, -4));
    } finally {
      await core.close();
    }
  });

  it('keys.create (desktop operation): answered once, stored as a hash, listed by hint only', async () => {
    const data = tempDir();
    const core = await createCore({ dataDir: data, seed: 'empty' });
    try {
      const operations = createOperations({
        core,
        info: () => ({ apiBaseUrl: '', version: '0', mode: 'web' }) as never,
      });
      const result = await operations.run('keys.create', {
        name: 'Desk',
        permissions: ['patients:read'],
      });
      expect(result.ok).toBe(true);
      const key = (result as { value: { key: string } }).value.key;
      expect(key).toMatch(/^sk_[0-9A-Za-z]{43}$/);
      const listed = await operations.run('keys.list', undefined);
      expect(JSON.stringify(listed)).not.toContain(key.slice(3, -4));
      const row = (await core.db
        .prepare('SELECT * FROM api_keys WHERE id = ?')
        .get((result as { value: { id: string } }).value.id)) as Record<string, unknown>;
      expect(row.key_hash).toBe(hashApiKey(key));
      expect(JSON.stringify(row)).not.toContain(key.slice(3, -4));
      await core.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      expectKeyNotStored(data, key);
    } finally {
      await core.close();
    }
  });

  it('serve --api-key: the given key works and is not stored, nor written to stderr', async () => {
    const home = tempDir();
    const data = tempDir();
    const key = 'sk_GivenOnTheCommandLine0123456789abcd';
    const child = spawn(
      process.execPath,
      [
        BIN,
        'serve',
        '--port',
        '0',
        '--json',
        '--data',
        data,
        '--plain',
        '--seed',
        'empty',
        '--api-key',
        key,
      ],
      { cwd: repo, env: childEnv(home) },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    closers.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await closed;
    });
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no JSON line: ${out} ${err}`)), WAIT_MS);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const first = out.split('\n').find((l, i, all) => i < all.length - 1 && l.startsWith('{'));
        if (first) {
          clearTimeout(timer);
          resolve(first);
        }
      });
      child.on('close', () => reject(new Error(`serve ended: ${out} ${err}`)));
    });
    const { baseUrl } = JSON.parse(line) as { baseUrl: string };
    const res = await fetch(`${baseUrl}/patients`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    await closed;
    expect(err).not.toContain(key);
    expectKeyNotStored(data, key);
  });
});

// ---------------------------------------------------------------------------------------------

describe('no secret in any log line or error body', () => {
  /** A server logging everything at trace level into `log`. */
  async function loggedServer(): Promise<{ server: TestServer; log: () => string[] }> {
    const capture = logCapture();
    const server = await startServer({ logger: { level: 'trace', stream: capture.stream } });
    closers.push(() => server.close());
    return { server, log: capture.lines };
  }

  /** A local receiver for webhooks (sandbox mode allows http://127.0.0.1). */
  async function receiver(): Promise<string> {
    const http = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(500).end('no'));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          http.closeAllConnections();
          http.close(() => resolve());
        }),
    );
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`;
  }

  it('API keys, access tokens and webhook secrets, in successful and failing requests', async () => {
    const { server, log } = await loggedServer();
    const { key } = server;
    const bodies: ApiResponse[] = [];
    const ask = async (
      method: string,
      path: string,
      options: Parameters<TestServer['request']>[2] = {},
    ) => {
      const res = await server.request(method, path, options);
      bodies.push(res);
      return res;
    };

    expect((await ask('GET', '/patients')).status).toBe(200);
    const token = await ask('POST', '/auth/token', { body: { apiKey: key }, token: null });
    expect(token.status).toBe(200);
    bodies.pop(); // the one answer that shows the access token, by design
    const jwt = token.body.accessToken as string;
    expect((await ask('GET', '/patients', { token: jwt })).status).toBe(200);

    // Failing credentials: a key one character off, a tampered and a truncated JWT, a malformed
    // Authorization header carrying the key, the token exchange with a wrong key.
    const offByOne = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await ask('GET', '/patients', { token: offByOne })).status).toBe(401);
    expect((await ask('GET', '/patients', { token: `${jwt.slice(0, -2)}xx` })).status).toBe(401);
    expect((await ask('GET', '/patients', { token: jwt.slice(0, 40) })).status).toBe(401);
    expect(
      (await ask('GET', '/patients', { token: null, headers: { authorization: `Token ${key}` } }))
        .status,
    ).toBe(401);
    expect(
      (await ask('POST', '/auth/token', { body: { apiKey: offByOne }, token: null })).status,
    ).toBe(401);
    // Validation errors on bodies carrying the secrets as values.
    expect(
      (await ask('POST', '/auth/token', { body: { apiKey: key, scope: jwt }, token: null })).status,
    ).toBe(422);
    expect((await ask('POST', '/auth/token', { body: { apiKey: 42 }, token: null })).status).toBe(
      422,
    );
    expect(
      (
        await ask('POST', '/auth/token', {
          rawBody: `{"apiKey":"${key}"`,
          token: null,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await ask('POST', '/patients', { body: { firstName: key, lastName: 7, note: jwt } })).status,
    ).toBe(422);

    // Webhooks: the secret shown once; a delivery to a failing receiver (attempts logged);
    // then refused creations and updates that carry the secret.
    const created = await ask('POST', '/webhooks', {
      body: { url: await receiver(), events: ['patient.created'] },
    });
    expect(created.status, created.text).toBe(201);
    const secret = created.body.secret as string;
    bodies.pop(); // the one answer that shows the secret, by design
    expect(
      (await ask('POST', '/sandbox/events', { body: { event: 'patient.created' } })).status,
    ).toBe(201);
    await server.service.core.runner.idle();
    for (const body of [
      { url: `https://hooks.example.com/${secret}`, events: ['nope'] },
      {
        url: `ftp://hooks.example.com/?s=${encodeURIComponent(secret)}`,
        events: ['patient.created'],
      },
      { url: 'https://hooks.example.com/x', events: ['patient.created'], secret },
    ]) {
      expect((await ask('POST', '/webhooks', { body })).status).toBe(422);
    }
    expect(
      (await ask('PATCH', `/webhooks/${created.body.id}`, { body: { secret, url: 'x' } })).status,
    ).toBe(422);
    const listed = await ask('GET', '/webhooks');
    expect(listed.status).toBe(200);
    const deliveries = await ask('GET', `/webhooks/${created.body.id}/deliveries`);
    expect(deliveries.status).toBe(200);

    const lines = log();
    // The logger did log at trace level (every request in and out).
    expect(lines.filter((l) => l.includes('incoming request')).length).toBeGreaterThanOrEqual(
      bodies.length,
    );
    for (const [what, value] of [
      ['API key', key.slice(3)],
      ['off-by-one key', offByOne.slice(3)],
      ['JWT signature', jwt.split('.')[2]!],
      ['webhook secret', secret.slice(6)],
    ] as const) {
      for (const line of lines) expect(line, `${what} in a log line`).not.toContain(value);
      for (const res of bodies) expect(res.text, `${what} in a response body`).not.toContain(value);
    }
    // An error body never echoes the Authorization header either.
    for (const res of bodies.filter((r) => r.status >= 400))
      expect(res.text).not.toMatch(/Bearer [^<"]{20,}/);
  });

  it('SMTP passwords and model API keys in desktop settings: not in refusals, not read back, not logged', async () => {
    const { server, log } = await loggedServer();
    const errors: unknown[] = [];
    const operations = createOperations({
      core: server.service.core,
      info: () => ({ apiBaseUrl: server.url, version: '0', mode: 'web' }) as never,
      onError: (_name, error) => errors.push(error),
    });
    const PASSWORD = 'Pw9xTopSecretSmtp';
    const MODEL_KEY = 'sk-modelKeyTopSecret42';
    const outputs: unknown[] = [];
    for (const smtpUrl of [
      `smtp://citas:${PASSWORD}@mail.example.org:99999?from=citas@example.org`,
      `smtp://citas:${PASSWORD}@mail example.org:587?from=citas@example.org`,
      `http://citas:${PASSWORD}@mail.example.org:587?from=citas@example.org`,
      `smtp://citas:${PASSWORD}@mail.example.org:587`,
      `citas:${PASSWORD}`,
    ]) {
      const refused = await operations.run('settings.update', { smtpUrl, clinicName: 'Clínica' });
      expect(refused.ok, JSON.stringify(refused)).toBe(false);
      outputs.push(refused);
    }
    // And the CLI's parser, whose message `serve --smtp` prints.
    for (const text of [
      `smtp://u:${PASSWORD}@host:99999?from=a@b.c`,
      `smtp://u:${PASSWORD}@ho st`,
    ]) {
      expect(() => parseSmtpUrl(text)).toThrow();
      try {
        parseSmtpUrl(text);
      } catch (error) {
        outputs.push((error as Error).message);
      }
    }
    for (const assistant of [
      { provider: 'openai', baseUrl: 'ftp://model.local', model: 'm', apiKey: MODEL_KEY },
      { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: '', apiKey: MODEL_KEY },
      {
        provider: 'openai',
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'm',
        apiKey: MODEL_KEY,
        x: MODEL_KEY,
      },
    ]) {
      const refused = await operations.run('settings.update', { assistant });
      expect(refused.ok, JSON.stringify(refused)).toBe(false);
      outputs.push(refused);
    }
    // Saved for real: the settings read back masked, without the key.
    const saved = await operations.run('settings.update', {
      smtpUrl: `smtp://citas:${PASSWORD}@mail.example.org:587?from=citas@example.org`,
      assistant: {
        provider: 'openai',
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'm',
        apiKey: MODEL_KEY,
      },
    });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    outputs.push(saved, await operations.run('settings.get', undefined));
    expect(JSON.stringify(saved)).toContain(':****@');

    const text = JSON.stringify(outputs) + JSON.stringify(errors.map(String)) + log().join('\n');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(MODEL_KEY);
  });

  it('serve --smtp with a broken URL does not print the password', async () => {
    const home = tempDir();
    const run = await runCli(
      [
        'serve',
        '--memory',
        '--port',
        '0',
        '--smtp',
        'smtp://citas:Pw9xCliSecret@mail.example.org:99999?from=a@b.c',
      ],
      home,
    );
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/--smtp/);
    expect(run.out + run.err).not.toContain('Pw9xCliSecret');
  });
});
