import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

// The receiver the docs show (examples/webhook-receiver.mjs), run as it is documented, against a
// real delivery: it must accept what the service signs and refuse anything else.

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function startExample(secret: string) {
  const child: ChildProcess = spawn(process.execPath, ['examples/webhook-receiver.mjs', '0'], {
    env: { ...process.env, WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => child.kill());
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    waiters.splice(0).forEach((w) => w());
  });
  const nextLine = async (index: number): Promise<string> => {
    while (lines.length <= index) await new Promise<void>((r) => waiters.push(r));
    return lines[index]!;
  };
  return { lines, nextLine };
}

async function deliveries(server: TestServer, webhookId: string) {
  return (await server.request('GET', `/webhooks/${webhookId}/deliveries`)).body.data;
}

it('accepts the signed deliveries of the service, once per event id, and refuses forgeries', async () => {
  const server = await startServer();
  cleanups.push(() => server.close());
  const created = await server.request('POST', '/webhooks', {
    body: { url: 'http://127.0.0.1:9/placeholder', events: ['patient.created'] },
  });
  expect(created.status).toBe(201);
  const example = startExample(created.body.secret);
  const port = Number(/:(\d+)\//.exec(await example.nextLine(0))![1]);
  const moved = await server.request('PATCH', `/webhooks/${created.body.id}`, {
    body: { url: `http://127.0.0.1:${port}/` },
  });
  expect(moved.status).toBe(200);

  const patient = await server.request('POST', '/patients', {
    body: { firstName: 'Núria', lastName: 'Puig' },
  });
  const line = await example.nextLine(1);
  expect(line).toBe(
    `patient.created ${JSON.stringify({ patientId: patient.body.id, status: 'active', createdAt: patient.body.createdAt })}`,
  );
  await server.service.core.runner.idle();
  let [delivery] = await deliveries(server, created.body.id);
  expect(delivery.status).toBe('delivered');
  expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([204]);

  // A replay of the same event is accepted (2xx) but not handled twice.
  const retried = await server.request(
    'POST',
    `/webhooks/${created.body.id}/deliveries/${delivery.eventId}/retry`,
  );
  expect(retried.status).toBe(200);
  expect(retried.body.attempts.at(-1)).toMatchObject({ trigger: 'manual', statusCode: 204 });
  expect(example.lines).toHaveLength(2);

  // The same body with a signature made with another secret, a tampered body, no signature.
  const body = JSON.stringify(delivery.payload);
  const headers = delivery.attempts[0].requestHeaders as Record<string, string>;
  const forged = [
    { ...headers, 'x-service-signature': `sha256=${'0'.repeat(64)}` },
    headers,
    { 'content-type': 'application/json' },
  ];
  const bodies = [body, body.replace('active', 'inactive'), body];
  for (let i = 0; i < forged.length; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: forged[i],
      body: bodies[i],
    });
    expect(res.status).toBe(401);
  }
  expect(example.lines).toHaveLength(2);
  [delivery] = await deliveries(server, created.body.id);
  expect(delivery.attempts).toHaveLength(2);
});
