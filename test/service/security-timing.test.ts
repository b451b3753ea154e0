import { createHash } from 'node:crypto';
import * as crypto from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createCore } from '../../src-main/service/core';
import { createCursorSigner } from '../../src-main/service/security/cursor-signer';
import { hashApiKey } from '../../src-main/service/security/api-key-format';
import { hashFormToken } from '../../src-main/service/domain/form-schedules';
import { signBody, verifySignature } from '../../src-main/service/webhooks/webhook-signature';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { serversClosedAfterEach } from './helpers';
import { T0 } from './time';
import { columnNames } from './engine-sql';

/*
 * Timing-safe comparisons (issue 8 part 5). A secret is never compared with `===` against what
 * a caller sent: API keys and form tokens are looked up by their SHA-256 (an index lookup on a
 * digest the caller cannot steer byte by byte), and HMACs (webhook signatures, list cursors) and
 * the web bridge token are compared with crypto.timingSafeEqual, which these tests watch being
 * called. A static scan backs this up for code written later.
 */

// The real node:crypto, with timingSafeEqual watched (every module of this file's graph sees it).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, default: actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

const { newServer } = serversClosedAfterEach(T0);

/** The same string with its last character changed. */
const lastCharOff = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;

describe('API keys: looked up by SHA-256, never compared as text', () => {
  it('stores only the hash column, looks it up by hash, and refuses a key one character off', async () => {
    const core = await createCore({ memory: true, seed: 'empty' });
    try {
      const columns = await columnNames(core.db, 'api_keys');
      expect(columns).toContain('key_hash');
      expect(columns.filter((c) => /key|secret|token/.test(c))).toEqual(['key_hash']);
      const { key, id } = await core.apiKeys.create({ name: 'k', permissions: PERMISSIONS });
      const row = (await core.db
        .prepare('SELECT key_hash, hint FROM api_keys WHERE id = ?')
        .get(id)) as {
        key_hash: string;
        hint: string;
      };
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(row.hint).toHaveLength(12); // sk_ + 4, an ellipsis, the last 4: never enough to use

      const asked: string[] = [];
      const byHash = core.q.apiKeys.byHash;
      core.q.apiKeys.byHash = async (hash: string) => {
        asked.push(hash);
        return await byHash(hash);
      };
      const wrong = lastCharOff(key);
      expect(await core.apiKeys.authenticate(wrong)).toBeUndefined();
      expect((await core.apiKeys.authenticate(key))?.id).toBe(id);
      expect(asked).toEqual([hashApiKey(wrong), hashApiKey(key)]);
    } finally {
      await core.close();
    }
  });

  it('over HTTP: the key one character off, and a JWT one character off, are 401', async () => {
    const server = await newServer();
    expect(
      (await server.request('GET', '/patients', { token: lastCharOff(server.key) })).status,
    ).toBe(401);
    const token = await server.request('POST', '/auth/token', {
      body: { apiKey: server.key },
      token: null,
    });
    const jwt = token.body.accessToken as string;
    expect((await server.request('GET', '/patients', { token: jwt })).status).toBe(200);
    // A changed signature byte, and a different spelling of the same signature (base64url's
    // spare bits in the last character): neither is the token that was issued.
    const middle = jwt.length - 10;
    const flipped = `${jwt.slice(0, middle)}${jwt[middle] === 'A' ? 'B' : 'A'}${jwt.slice(middle + 1)}`;
    const signature = jwt.slice(jwt.lastIndexOf('.') + 1);
    const last = signature.at(-1)!;
    const alias = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].find(
      (c) =>
        c !== last &&
        Buffer.from(signature.slice(0, -1) + c, 'base64url').equals(
          Buffer.from(signature, 'base64url'),
        ),
    )!;
    expect(alias).toBeDefined();
    for (const variant of [flipped, `${jwt.slice(0, -1)}${alias}`, lastCharOff(jwt)]) {
      expect((await server.request('GET', '/patients', { token: variant })).status).toBe(401);
    }
  });
});

describe('form tokens: stored and looked up as SHA-256', () => {
  it('keeps only token_hash and finds a schedule by the hash of the token', async () => {
    const core = await createCore({ memory: true, seed: 'empty' });
    try {
      const columns = await columnNames(core.db, 'form_schedules');
      expect(columns.filter((c) => /token/.test(c))).toEqual(['token_hash']);
      const asked: string[] = [];
      const byTokenHash = core.q.formSchedules.byTokenHash;
      core.q.formSchedules.byTokenHash = async (hash: string) => {
        asked.push(hash);
        return await byTokenHash(hash);
      };
      const token = 'A'.repeat(43);
      expect(await core.schedules.byToken(token)).toBeUndefined();
      expect(asked).toEqual([hashFormToken(token)]);
      // A malformed token is not even looked up.
      expect(await core.schedules.byToken('short')).toBeUndefined();
      expect(asked).toHaveLength(1);
    } finally {
      await core.close();
    }
  });
});

describe('HMACs and the bridge token: crypto.timingSafeEqual', () => {
  it('webhook signatures: verified in constant time; one character off is refused', () => {
    const secret = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=';
    const body = '{"id":"evt_1"}';
    const good = signBody(secret, body);
    timingSafeEqual.mockClear();
    expect(verifySignature(secret, body, good)).toBe(true);
    expect(verifySignature(secret, body, lastCharOff(good))).toBe(false);
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
    // A header of another length is refused without comparing (the length is public).
    expect(verifySignature(secret, body, `${good}0`)).toBe(false);
    expect(verifySignature(secret, body, undefined)).toBe(false);
  });

  it('list cursors: their HMAC is checked in constant time', () => {
    const signer = createCursorSigner(Buffer.alloc(32, 7));
    const cursor = signer.sign('patients', {}, ['2026-01-01', 'pat_1']);
    timingSafeEqual.mockClear();
    expect(signer.verify('patients', {}, cursor, 2)).toEqual(['2026-01-01', 'pat_1']);
    expect(() => signer.verify('patients', {}, lastCharOff(cursor), 2)).toThrow();
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it('the web bridge token: compared as SHA-256 digests in constant time', async () => {
    const TOKEN = 'bridge-token-0123456789abcdefghijklmnopqrstuv';
    const server = await newServer({ webBridge: { token: TOKEN } });
    const origin = server.service.origin;
    const post = (token: string) =>
      fetch(`${origin}/__bridge/ops/patients.list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.status);
    timingSafeEqual.mockClear();
    expect(await post(TOKEN)).toBe(200);
    expect(await post(lastCharOff(TOKEN))).toBe(401);
    expect(await post('x')).toBe(401);
    expect(timingSafeEqual).toHaveBeenCalledTimes(3);
    for (const [a, b] of timingSafeEqual.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });
});

// ---------------------------------------------------------------------------------------------

/**
 * A static heuristic, documented here: in src-main/service, no `===`/`!==`/`==`/`!=` may compare
 * an operand whose last name segment ends in secret, token, key, signature, password, hash, hmac,
 * digest or mac with anything but a literal (undefined, null, a string, a number) or a `.length`.
 * The comparisons that remain are listed with the reason they are no secret comparison; a new
 * one fails this test until it is made timing safe or listed here with its reason.
 */
const ALLOWED: Record<string, string> = {
  'assistant/assistant-settings.ts: cached?.key !== key':
    'cache identity of the settings object (the process own data), not a credential check',
  'delivery/delivery-settings.ts: cached?.key !== key':
    'cache identity of the SMTP settings (the process own data), not a credential check',
  'http/idempotency.ts: existing.request_hash !== requestHash':
    'a digest of the request body (Idempotency-Key reuse), not a secret',
  'seed/demo-deliveries.ts: f.key === key': 'demo form names',
  'assistant/builtin/understanding.ts: k === key': 'topic names of the built-in assistant',
  'domain/response-alerts.ts: rule.instrument !== found.instrument.key':
    'instrument names (phq9, gad7), not a credential',
};

const SECRETISH = /(secret|token|key|signature|password|hash|hmac|digest|mac)s?$/i;
const OPERAND = String.raw`[A-Za-z_$][\w$.?]*(?:\[[^\]]*\])?|'[^']*'|"[^"]*"|\x60[^\x60]*\x60|\d+`;
const COMPARISON = new RegExp(`(${OPERAND})\\s*([!=]==?)\\s*(${OPERAND})`, 'g');
const isLiteral = (s: string) =>
  /^(undefined|null|true|false|\d+|'.*'|".*"|`.*`)$/.test(s) || /\.(length|size)$/.test(s);
const lastSegment = (s: string) =>
  s
    .replace(/\[[^\]]*\]$/, '')
    .split(/\??\./)
    .pop() ?? s;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('static scan', () => {
  const root = fileURLToPath(new URL('../../src-main/service', import.meta.url));

  it('finds no equality comparison on secret-like names beyond the documented ones', () => {
    const found: string[] = [];
    for (const file of sourceFiles(root)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      for (const line of lines) {
        if (/^\s*(\*|\/\*)/.test(line)) continue;
        const code = line.replace(/\/\/.*$/, '');
        for (const match of code.matchAll(COMPARISON)) {
          const [text, left, , right] = match as unknown as [string, string, string, string];
          if (isLiteral(left) || isLiteral(right)) continue;
          if (SECRETISH.test(lastSegment(left)) || SECRETISH.test(lastSegment(right)))
            found.push(`${relative(root, file)}: ${text}`);
        }
      }
    }
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
    // The allow-list stays honest: every entry still exists.
    expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([]);
  });

  it('catches the comparison it is meant to catch', () => {
    const sample = 'if (given === storedToken) ok(); if (req.secret !== undefined) no();';
    const hits = [...sample.matchAll(COMPARISON)]
      .filter(([, l, , r]) => !isLiteral(l!) && !isLiteral(r!))
      .filter(([, l, , r]) => SECRETISH.test(lastSegment(l!)) || SECRETISH.test(lastSegment(r!)))
      .map(([t]) => t);
    expect(hits).toEqual(['given === storedToken']);
  });

  it('never uses Buffer#equals or Buffer.compare (not constant time) in the service', () => {
    const offenders = sourceFiles(root).filter((file) =>
      /\.equals\(|Buffer\.compare\(/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
