import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isFinal } from '../../src-main/service/http/idempotency';
import { expectProblem, fakeTime, startServer, type TestServer } from './helpers';
import { T0 } from './time';

/*
 * Issue 17, finding 7: a `409 conversation_busy` ("send this one again") was stored as the
 * answer to its Idempotency-Key and replayed for 24 hours to the very retries it asked for.
 * Only final answers are kept now: a 2xx or a 4xx from the action itself, never a "try again"
 * status (409, 429 …), a 5xx, or a refusal made before the action began (Stripe's rule; see
 * docs/api-decisions.md, "Errors").
 *
 * The busy answer is produced for real: a language model (a fake chat-completions server here)
 * is held while other messages reach the same conversation, three times, which is what makes
 * the service give up with 409 conversation_busy.
 */

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** A chat-completions server that answers at once, or holds the next request until released. */
async function heldModel() {
  let armed = false;
  const held: Array<() => void> = [];
  const waiting: Array<(release: () => void) => void> = [];
  let requests = 0;
  const answer = (res: ServerResponse) => () => {
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_778_400_000,
        model: 'test-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'Gracias por contarlo. ¿Algo más?' },
            finish_reason: 'stop',
          },
        ],
      }),
    );
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      const release = answer(res);
      if (!armed) return release();
      armed = false;
      const waiter = waiting.shift();
      if (waiter) waiter(release);
      else held.push(release);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const model = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    /** The next request is held. */
    holdNext: () => {
      armed = true;
    },
    /** Resolves with the release of the held request once it has arrived. */
    arrival: () =>
      new Promise<() => void>((resolve) => {
        const ready = held.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.push(model);
  return model;
}

async function modelServer(origin: string): Promise<TestServer> {
  const server = await startServer({
    realNow: fakeTime(T0).now,
    assistant: {
      provider: 'openai',
      baseUrl: `${origin}/v1`,
      model: 'test-model',
      timeoutMs: 60_000,
    },
  });
  open.push(server);
  return server;
}

async function storedKeys(server: TestServer, key: string) {
  return await server.service.core.db
    .prepare('SELECT state, response_status FROM idempotency_keys WHERE key = ?')
    .all(key);
}

describe('Idempotency-Key and answers that ask for a retry', () => {
  it('does not store 409 conversation_busy: the retry it asks for is run, not replayed', async () => {
    const model = await heldModel();
    const server = await modelServer(model.origin);
    const patient = await server.request('POST', '/patients', {
      body: { firstName: 'Pau', lastName: 'Roca', phone: '+34612345671' },
    });
    expect(patient.status, patient.text).toBe(201);
    const started = await server.request('POST', '/conversations', {
      body: { patientId: patient.body.id, context: 'Seguimiento tras la visita de control.' },
    });
    expect(started.status, started.text).toBe(201);
    const path = `/conversations/${started.body.id}/messages`;
    const key = 'busy-retry-1';
    const message = { content: 'Todo bien, gracias por preguntar.' };
    const sendKeyed = () =>
      server.request('POST', path, { body: message, headers: { 'idempotency-key': key } });

    // The keyed message waits for the model three times; each time another message gets in
    // first, so its reply would answer a conversation that has moved on.
    model.holdNext();
    const busy = sendKeyed();
    for (let round = 0; round < 3; round++) {
      const release = await model.arrival();
      const other = await server.request('POST', path, {
        body: { content: `Otra cosa que quería decir (${round + 1}).` },
      });
      expect(other.status, other.text).toBe(200);
      if (round < 2) model.holdNext();
      release();
    }
    const first = await busy;
    expectProblem(first, 409, 'conversation_busy');
    expect(await storedKeys(server, key)).toEqual([]);

    const requestsBefore = model.requests();
    const retry = await sendKeyed();
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body.patientMessage.content).toBe(message.content);
    expect(model.requests()).toBe(requestsBefore + 1);
    expect(await storedKeys(server, key)).toEqual([{ state: 'done', response_status: 200 }]);

    // The success is final: from now on it is what the key replays.
    const again = await sendKeyed();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(retry.text);
    expect(model.requests()).toBe(requestsBefore + 1);
  });
});

describe('which answers are final', () => {
  const problem = (code: string) => JSON.stringify({ code });

  it('keeps successes and the action’s own refusals', () => {
    expect(isFinal(200, '{"id":"x"}')).toBe(true);
    expect(isFinal(201, '{"id":"x"}')).toBe(true);
    expect(isFinal(400, problem('conversation_ended'))).toBe(true);
    expect(isFinal(400, problem('schedule_not_cancellable'))).toBe(true);
    expect(isFinal(402, problem('insufficient_credits'))).toBe(true);
    expect(isFinal(404, problem('resource_missing'))).toBe(true);
    expect(isFinal(422, problem('patient_inactive'))).toBe(true);
  });

  it('never keeps a "try again", a server failure or a refusal before the action began', () => {
    expect(isFinal(409, problem('conversation_busy'))).toBe(false);
    expect(isFinal(409, problem('idempotency_key_in_use'))).toBe(false);
    expect(isFinal(409, problem('anything_else'))).toBe(false);
    expect(isFinal(429, problem('rate_limited'))).toBe(false);
    expect(isFinal(408, problem('bad_request'))).toBe(false);
    expect(isFinal(500, problem('internal_error'))).toBe(false);
    expect(isFinal(503, problem('internal_error'))).toBe(false);
    expect(isFinal(422, problem('validation_failed'))).toBe(false);
    expect(isFinal(401, problem('invalid_token'))).toBe(false);
    expect(isFinal(403, problem('insufficient_permissions'))).toBe(false);
  });
});
