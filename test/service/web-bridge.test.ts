import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../src-preload/contract';
import { formFixture, readResponse, serversClosedAfterEach } from './helpers';

const START = Date.parse('2026-11-22T09:00:00.000Z');
const { newServer, cleanups } = serversClosedAfterEach(START);
const TOKEN = 'bridge-token-for-tests';

function origin(url: string): string {
  return url.replace(/\/api\/v1$/, '');
}

async function op(
  url: string,
  name: string,
  input?: unknown,
  headers: Record<string, string> = {},
) {
  return readResponse(
    await fetch(`${origin(url)}/__bridge/ops/${name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(input === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
    }),
  );
}

/** Reads pushed events from the bridge stream until `until` says stop (or a time limit). */
async function collectEvents(
  url: string,
  until: (events: PushEvent[]) => boolean,
  trigger: () => Promise<unknown>,
): Promise<PushEvent[]> {
  const controller = new AbortController();
  const response = await fetch(`${origin(url)}/__bridge/events`, {
    headers: { authorization: `Bearer ${TOKEN}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: PushEvent[] = [];
  let buffer = '';
  const timer = setTimeout(() => controller.abort(), 10_000);
  // The first chunk (the `: connected` comment) says the subscription is in place.
  buffer += (await reader.read()).value ?? '';
  await trigger();
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (type && data) events.push({ type, data: JSON.parse(data) } as PushEvent);
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('web bridge: guards', () => {
  it('does not exist without a token', async () => {
    const server = await newServer();
    const response = await op(server.url, 'patients.list', {});
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('route_not_found');
  });

  it('runs operations with the token and answers the result envelope', async () => {
    const server = await newServer({ webBridge: { token: TOKEN } });
    const created = await op(server.url, 'patients.create', {
      firstName: 'Ana',
      lastName: 'García',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      ok: true,
      value: { firstName: 'Ana' },
      // What the write changed crosses the bridge too: the window refreshes it from there.
      changed: expect.arrayContaining(['patients']),
    });
    const info = await op(server.url, 'app.info');
    expect(info.body).toEqual({
      ok: true,
      value: { apiBaseUrl: server.url, version: expect.any(String), mode: 'web' },
    });
    const refused = await op(server.url, 'patients.create', { firstName: 'Ana' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      ok: false,
      error: {
        code: 'validation_failed',
        details: { errors: [{ pointer: '/lastName', code: 'required' }] },
      },
    });
  });

  it('401 without the right token, 403 for a foreign Host', async () => {
    const server = await newServer({ webBridge: { token: TOKEN } });
    for (const authorization of ['', 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await op(server.url, 'patients.list', {}, { authorization });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_token');
    }
    // An API key is no bridge credential.
    expect(
      (await op(server.url, 'patients.list', {}, { authorization: `Bearer ${server.key}` })).status,
    ).toBe(401);
    // A DNS-rebinding page reaches 127.0.0.1 with its own host name.
    const { request } = await import('node:http');
    const port = new URL(server.url).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/__bridge/ops/patients.list',
          method: 'POST',
          headers: { host: `evil.example:${port}`, authorization: `Bearer ${TOKEN}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('is not in the OpenAPI document and not rate limited', async () => {
    const server = await newServer({
      webBridge: { token: TOKEN },
      rateLimit: { limit: 2, windowSeconds: 60 },
    });
    const doc = await server.request('GET', '/openapi.json');
    expect(JSON.stringify(doc.body)).not.toContain('__bridge');
    for (let i = 0; i < 5; i++)
      expect((await op(server.url, 'patients.list', {})).status).toBe(200);
  });
});

describe('web bridge: pushed events', () => {
  it('delivers `changed` after a patient is created over the public API', async () => {
    const server = await newServer({ webBridge: { token: TOKEN } });
    const events = await collectEvents(
      server.url,
      (list) => list.some((e) => e.type === 'changed' && e.data.topics.includes('patients')),
      () => server.request('POST', '/patients', { body: { firstName: 'Ana', lastName: 'García' } }),
    );
    expect(events.find((e) => e.type === 'changed')).toBeDefined();
  });

  it('delivers schedule.changed and delivery.happened when a clock advance delivers', async () => {
    const server = await newServer({ webBridge: { token: TOKEN } });
    const { formId, patientId } = await formFixture(server);
    const schedule = await server.service.core.schedules.create({
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: new Date(START + 3600_000).toISOString(),
    });
    const events = await collectEvents(
      server.url,
      (list) =>
        list.some((e) => e.type === 'delivery.happened') && list.some((e) => e.type === 'clock'),
      () => op(server.url, 'sandbox.advance', { seconds: 7200 }),
    );
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'schedule.changed', data: { scheduleId: schedule.id, status: 'sent' } },
        {
          type: 'delivery.happened',
          data: { scheduleId: schedule.id, status: 'sent', channel: 'whatsapp' },
        },
        { type: 'clock', data: { now: expect.any(String), offsetSeconds: 7200 } },
      ]),
    );
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const server = await newServer({ webBridge: { token: TOKEN } });
    const response = await fetch(`${origin(server.url)}/__bridge/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const reader = response.body!.getReader();
    await reader.read();
    // Were the stream waited for, this would never return (the test's limit says so).
    await server.close();
    const rest = await reader.read().catch(() => ({ done: true }));
    expect(rest.done).toBe(true);
  });

  it('refuses a stream asked for once the server is stopping, so the stop is not held by it', async () => {
    // A request whose last bytes arrive after the stop began, on a connection open before it:
    // the open streams have been ended by then, and this one would be held open for ever.
    const server = await newServer({ webBridge: { token: TOKEN } });
    const { app } = server.service;
    const accepted = new Promise<Socket>((resolve) => app.server.once('connection', resolve));
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /__bridge/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n`,
    );
    // The server has read the request's start: its connection is not idle, so the stop leaves it.
    const onServer = await accepted;
    await vi.waitFor(() => expect(onServer.bytesRead).toBeGreaterThan(0));
    const closing = server.close();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    socket.write('\r\n');
    await closing;
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('retry-after: 1');
    expect(answer).toContain('"code":"service_stopping"');
  });
});

describe('web bridge: the built renderer', () => {
  let appDir: string;
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  it('serves index.html with the token, assets, and never the API paths', async () => {
    appDir = mkdtempSync(join(tmpdir(), 'engage-web-'));
    writeFileSync(
      join(appDir, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    writeFileSync(join(appDir, 'app.js'), 'console.log(1)');
    const server = await newServer({ webBridge: { token: TOKEN, appDir } });
    cleanups.push(() => undefined);
    const base = origin(server.url);
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-store');
    expect(await index.text()).toContain(`<meta name="engage-bridge-token" content="${TOKEN}">`);
    const asset = await fetch(`${base}/app.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${base}/patients/pat_1`)).status).toBe(200);
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
    // fetch normalises dot segments; a raw request keeps them and still stays inside appDir.
    const { request } = await import('node:http');
    const escaped = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: new URL(base).port, path: '/..%2f..%2f..%2fetc%2fpasswd' },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(`${res.statusCode} ${text}`));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(escaped).not.toContain('root:');
    const api = await readResponse(await fetch(`${server.url}/nothing-here`));
    expect(api.body.code).toBe('route_not_found');
  });
});
