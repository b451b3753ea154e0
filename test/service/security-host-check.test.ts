import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/service/core';
import { buildHttpApp } from '../../src-main/service/http/app';
import { hostName, isLoopbackBind } from '../../src-main/service/http/host-check';
import { T0 } from './time';
import {
  expectProblem,
  serversClosedAfterEach,
  type ApiResponse,
  type TestServer,
} from './helpers';

/*
 * DNS-rebinding protection (issue 8 part 5; api-decisions "Authentication and limits"): the
 * loopback server refuses every request whose Host header is not a loopback name, the bound
 * address or the public URL's host, on every kind of route, with 403 host_not_allowed; bound to
 * a non-loopback address the check is off. Requests are written on raw sockets so the Host header
 * (or its absence, or the HTTP version) is exactly what the test says.
 */

const { newServer } = serversClosedAfterEach(T0);

interface RawReply extends ApiResponse {
  raw: string;
}

/** One request on its own connection, the bytes exactly as given; resolves with the parsed reply. */
function rawRequest(
  port: number,
  options: { path: string; host?: string | null; version?: '1.0' | '1.1'; token?: string },
): Promise<RawReply> {
  const lines = [`GET ${options.path} HTTP/${options.version ?? '1.1'}`];
  if (options.host !== null) lines.push(`Host: ${options.host ?? `127.0.0.1:${port}`}`);
  if (options.token) lines.push(`Authorization: Bearer ${options.token}`);
  lines.push('Connection: close', '', '');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      let text = rest.join('\r\n\r\n');
      if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) text = unchunk(text);
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: body as never,
        text,
        raw,
      });
    });
    // Written, not ended: a client's FIN before the answer aborts the request (Node's HTTP
    // server), and `Connection: close` has the server close once it has answered.
    socket.write(lines.join('\r\n'));
  });
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

const portOf = (server: TestServer) => Number(new URL(server.url).port);

/** A form link's path on this server: one form sent by e-mail (sandbox clock advanced). */
async function formPath(server: TestServer): Promise<string> {
  const { core } = server.service;
  const formId = (
    await core.forms.create({
      name: 'Seguimiento',
      type: 'follow_up',
      fields: [{ id: 'ok', type: 'boolean', label: '¿Bien?', required: true }],
    })
  ).id;
  const patientId = (
    await core.patients.create({
      firstName: 'Núria',
      lastName: 'Puig',
      email: 'nuria@example.com',
    })
  ).id;
  const created = await server.request('POST', '/form-schedules', {
    body: { formId, patientId, channel: 'email' },
  });
  expect(created.status, created.text).toBe(201);
  expect(
    (await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } })).status,
  ).toBe(200);
  const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${created.body.id}`);
  const link = outbox.body.data[0].link as string;
  return `/f/${link.slice(link.lastIndexOf('/') + 1)}`;
}

const FOREIGN_HOSTS = [
  'evil.example',
  'evil.example:80',
  '127.0.0.1.evil.example',
  'localhost.evil',
  'localhost.evil:4010',
  'evil.localhost',
  '127.0.0.1.nip.io',
  '[::1].evil.example',
  '[::2]',
  '[fe80::1]',
  '0.0.0.0',
  '10.0.0.1',
  '2130706433',
  'localhost@evil.example',
  '127.0.0.1:99999',
  '',
];

describe('a loopback server (the default) refuses foreign Host headers', () => {
  it('answers 403 host_not_allowed on /api/v1, /openapi.json, /f/… and unknown paths', async () => {
    const server = await newServer();
    const port = portOf(server);
    const form = await formPath(server);
    for (const host of FOREIGN_HOSTS) {
      for (const path of [
        '/api/v1/patients',
        '/api/v1/openapi.json',
        '/api/v1/health',
        form,
        '/nothing-here',
      ]) {
        const res = await rawRequest(port, { path, host, token: server.key });
        expect(res.status, `${host} ${path}: ${res.text}`).toBe(403);
        expectProblem(res, 403, 'host_not_allowed');
        // Nothing of the page or the data behind it.
        expect(res.text).not.toContain('Núria');
        expect(res.text).not.toContain('<form');
      }
    }
  });

  it('accepts 127.0.0.1, localhost and [::1] with any port or none, in any case', async () => {
    const server = await newServer();
    const port = portOf(server);
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `localhost:${port}`,
      'LOCALHOST',
      'localhost:1',
      `[::1]:${port}`,
      '[::1]',
    ]) {
      const res = await rawRequest(port, { path: '/api/v1/patients', host, token: server.key });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
      expect((await rawRequest(port, { path: '/api/v1/openapi.json', host })).status).toBe(200);
    }
  });

  it('refuses an HTTP/1.0 request without Host; Node refuses HTTP/1.1 without one (400)', async () => {
    const server = await newServer();
    const port = portOf(server);
    const old = await rawRequest(port, { path: '/api/v1/health', host: null, version: '1.0' });
    expectProblem(old, 403, 'host_not_allowed');
    const withHost = await rawRequest(port, { path: '/api/v1/health', version: '1.0' });
    expect(withHost.status).toBe(200);
    const missing = await rawRequest(port, { path: '/api/v1/health', host: null });
    expect(missing.status).toBe(400);
  });

  it('refuses before authentication and rate limiting: no bucket is spent, no key checked', async () => {
    const server = await newServer({ rateLimit: { limit: 2, windowSeconds: 60 } });
    const port = portOf(server);
    for (let i = 0; i < 5; i++) {
      const res = await rawRequest(port, {
        path: '/api/v1/patients',
        host: 'evil.example',
        token: 'sk_wrongwrongwrongwrongwrong',
      });
      expectProblem(res, 403, 'host_not_allowed');
      expect(res.headers.get('ratelimit-limit') ?? res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const ok = await rawRequest(port, { path: '/api/v1/patients', token: server.key });
    expect(ok.status, ok.text).toBe(200);
  });

  it('accepts the host of the configured public URL (any port), and only that one', async () => {
    const server = await newServer({ publicUrl: 'https://Forms.Clinic.example/base' });
    const port = portOf(server);
    const form = await formPath(server);
    for (const host of [
      'forms.clinic.example',
      'forms.clinic.example:443',
      `forms.clinic.example:${port}`,
    ]) {
      const page = await rawRequest(port, { path: form, host });
      expect(page.status, `${host}: ${page.text}`).toBe(200);
      expect(page.text).toContain('<form');
    }
    for (const host of [
      'clinic.example',
      'evil.forms.clinic.example',
      'forms.clinic.example.evil',
    ]) {
      expectProblem(await rawRequest(port, { path: form, host }), 403, 'host_not_allowed');
    }
  });
});

describe('bound elsewhere', () => {
  it('on ::1, accepts [::1] and the loopback names, refuses foreign hosts', async () => {
    const server = await newServer({ host: '::1' });
    const port = portOf(server);
    const ask = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = connect(port, '::1');
        let raw = '';
        socket.on('data', (c) => (raw += c.toString()));
        socket.on('error', reject);
        socket.on('end', () => resolve(Number(raw.split(' ')[1])));
        socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
    expect(await ask(`[::1]:${port}`)).toBe(200);
    expect(await ask('localhost')).toBe(200);
    expect(await ask('evil.example')).toBe(403);
  });

  it('on 0.0.0.0 (a LAN bind) the check is off: any Host is answered', async () => {
    // Not listened on (tests stay on loopback): the app alone, asked in process.
    const core = await createCore({ memory: true, seed: 'empty' });
    const app = await buildHttpApp(core, { bindHost: '0.0.0.0', rateLimit: 'off' });
    try {
      const key = (await core.apiKeys.create({ name: 'lan', permissions: ['patients:read'] })).key;
      for (const host of ['desk.lan:4010', '192.168.1.20', 'evil.example']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/patients',
          headers: { host, authorization: `Bearer ${key}` },
        });
        expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      }
      // The same app bound to loopback refuses them.
      const guarded = await buildHttpApp(core, { bindHost: '127.0.0.1', rateLimit: 'off' });
      const res = await guarded.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { host: 'desk.lan' },
      });
      expect(res.statusCode).toBe(403);
      await guarded.close();
    } finally {
      await app.close();
      await core.close();
    }
  });
});

describe('the rules as functions', () => {
  it('knows loopback binds', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackBind(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'desk.lan', '10.0.0.1'])
      expect(isLoopbackBind(host), host).toBe(false);
  });

  it('reads the host name of a Host header, or nothing when malformed', () => {
    expect(hostName('LocalHost:4010')).toBe('localhost');
    expect(hostName('[::1]:80')).toBe('[::1]');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [
      '',
      'a b',
      'localhost:',
      'localhost:abc',
      'user@localhost',
      '::1',
      'localhost:70000',
    ])
      expect(hostName(bad), bad).toBeUndefined();
  });
});
