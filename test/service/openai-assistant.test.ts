import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallSetup, ChatSetup, ChatTurn } from '../../src-main/service/assistant/assistant';
import { createAssistantRouter } from '../../src-main/service/assistant/assistant-settings';
import {
  builtinWelcome,
  createBuiltinAssistant,
} from '../../src-main/service/assistant/builtin/builtin-assistant';
import { PHRASES } from '../../src-main/service/assistant/builtin/phrases';
import { callSummary } from '../../src-main/service/assistant/builtin/simulated-call';
import { completionsUrl } from '../../src-main/service/assistant/openai-assistant';
import { createCore } from '../../src-main/service/core';
import { ProblemError } from '../../src-main/service/errors';
import { CallDetail } from '../../src-main/service/schemas/call';
import { Conversation, MessageExchange } from '../../src-main/service/schemas/conversation';
import { readContext } from '../../src-main/service/assistant/builtin/context-reading';
import { transcriptAnswers, triageAnswers } from '../../src-main/service/triage/transcript-triage';
import { expectProblem, fakeTime, startServer, type TestServer } from './helpers';

/** Reply labels in words: a digit the patient did not write would make the reply unsafe. */
const WORDS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis'];

/*
 * The OpenAI-compatible assistant provider (src-main/service/assistant/openai-assistant.ts) and
 * the router that falls back to the built-in assistant (assistant-settings.ts), against a fake
 * chat-completions server written here with node:http on 127.0.0.1:0. Each test scripts what the
 * fake answers (text, status, delay, malformed body, a dropped socket) and reads back the requests
 * it received. Conversations and calls go through the real HTTP API of a real service whose clock
 * only moves when a test advances it; the provider's own timeouts run on real time.
 */

const T0 = Date.parse('2026-05-10T08:00:00.000Z');
const START_BALANCE = 2000;
const API_KEY = 'sk-test-123';
const MODEL = 'test-model';
const TIMEOUT_MS = 500;
const CONTEXT =
  'Seguimiento postoperatorio tras una prótesis de rodilla. Pregunta por el dolor, la fiebre y la herida. No des diagnósticos.';
const PURPOSE = 'Seguimiento postoperatorio tras la prótesis de rodilla: dolor y fiebre.';

// ---------------------------------------------------------------------------------------------
// The fake chat-completions server

interface ChatMessage {
  role: string;
  content: string;
}

interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  stream: boolean;
}

interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: ChatRequest;
}

/** What the fake does with one request. */
type Behaviour =
  /** 200 with a chat.completion whose choices[0].message.content is `reply`. */
  | { reply: string; delayMs?: number }
  /** Any status with this JSON body or raw text. */
  | { status: number; json?: unknown; text?: string; delayMs?: number }
  /** Drops the connection without answering. */
  | { destroy: true }
  /** Sends the headers and the start of a body, then nothing more. */
  | { stallBody: true };

type Script = (request: FakeRequest, index: number) => Behaviour | Promise<Behaviour>;

interface FakeModel {
  /** http://127.0.0.1:port (no path). */
  origin: string;
  requests: FakeRequest[];
  script(next: Script): void;
  close(): Promise<void>;
}

const completion = (content: unknown) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 1_778_400_000,
  model: MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

async function startFakeModel(): Promise<FakeModel> {
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let script: Script = () => ({ reply: 'Hola, soy el modelo.' });

  const later = (res: ServerResponse, ms: number, act: () => void) => {
    if (!ms) return act();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) act();
    }, ms);
    timers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  };

  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: ChatRequest;
        try {
          body = JSON.parse(raw) as ChatRequest;
        } catch {
          body = { model: '', messages: [], temperature: NaN, stream: true };
        }
        const request: FakeRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          raw,
          body,
        };
        const index = requests.push(request) - 1;
        const behaviour = await script(request, index);
        if ('destroy' in behaviour) {
          req.socket.destroy();
          return;
        }
        if ('stallBody' in behaviour) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"id":"chatcmpl-fake","choices":[');
          return;
        }
        const status = 'reply' in behaviour ? 200 : behaviour.status;
        const text =
          'reply' in behaviour
            ? JSON.stringify(completion(behaviour.reply))
            : (behaviour.text ?? JSON.stringify(behaviour.json ?? {}));
        later(res, behaviour.delayMs ?? 0, () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(text);
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    script: (next) => {
      script = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Servers and fixtures

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function newFake(): Promise<FakeModel> {
  const fake = await startFakeModel();
  open.push(fake);
  return fake;
}

async function newServer(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer({ realNow: fakeTime(T0).now, ...options });
  open.push(server);
  return server;
}

/** A service whose assistant is the fake model (or whatever `baseUrl` says). */
function modelServer(baseUrl: string, extra: Parameters<typeof startServer>[0] = {}) {
  return newServer({
    assistant: {
      provider: 'openai',
      baseUrl,
      model: MODEL,
      apiKey: API_KEY,
      timeoutMs: TIMEOUT_MS,
    },
    ...extra,
  });
}

async function newPatient(
  server: TestServer,
  body: Record<string, unknown> = {},
): Promise<{ id: string; firstName: string }> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Lucía', lastName: 'Ferrer Gil', phone: '+34612345678', ...body },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id, firstName: res.body.firstName };
}

async function expectBooks(server: TestServer, expected: number): Promise<void> {
  const { core } = server.service;
  expect((await core.credits.balance()).balance).toBe(expected);
  expect(await core.q.creditLedger.sum()).toBe(expected);
}

const count = async (server: TestServer, table: string): Promise<number> =>
  (await server.service.core.db
    .prepare<[], number>(`SELECT count(*) FROM ${table}`)
    .pluck()
    .get())!;

async function chatSetup(
  server: TestServer,
  conversation: any,
  firstName: string,
): Promise<ChatSetup> {
  return {
    key: conversation.id,
    firstName,
    context: conversation.context,
    language: conversation.language,
    clinicName: await server.service.core.delivery.clinicName(),
  };
}

/** The stored messages as the assistant sees them: the history of the next reply. */
function turnsOf(conversation: any): ChatTurn[] {
  return conversation.messages.map((m: any) => ({
    role: m.role,
    content: m.content,
    metadata: m.metadata ?? {},
  }));
}

/** The chat-completions roles of stored messages. */
const asChat = (messages: any[]): ChatMessage[] =>
  messages.map((m) => ({
    role: m.role === 'patient' ? 'user' : 'assistant',
    content: m.content,
  }));

function startConversation(
  server: TestServer,
  patientId: string,
  language?: 'es' | 'ca' | 'en',
  context = CONTEXT,
) {
  return server.request('POST', '/conversations', {
    body: { patientId, context, ...(language ? { language } : {}) },
  });
}

const send = (server: TestServer, conversationId: string, content: string) =>
  server.request('POST', `/conversations/${conversationId}/messages`, { body: { content } });

// ---------------------------------------------------------------------------------------------

describe('completionsUrl', () => {
  it('accepts the base URL with or without a trailing slash or the endpoint path', () => {
    expect(completionsUrl('http://127.0.0.1:11434/v1')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    expect(completionsUrl('http://127.0.0.1:11434/v1/')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    expect(completionsUrl('http://127.0.0.1:11434/v1//')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    expect(completionsUrl('  http://127.0.0.1:8080/v1/chat/completions  ')).toBe(
      'http://127.0.0.1:8080/v1/chat/completions',
    );
    expect(completionsUrl('https://api.example.com/v1/chat/completions/')).toBe(
      'https://api.example.com/v1/chat/completions',
    );
  });
});

describe('conversations answered by the language model', () => {
  it('writes the welcome with the model, sending the context as the system prompt', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    const welcome = 'Hola Lucía, soy el asistente virtual. ¿Cómo se encuentra hoy?';
    fake.script(() => ({ reply: `  ${welcome}\n` }));

    const res = await startConversation(server, patient.id, 'es');
    expect(res.status).toBe(201);
    expect(Value.Check(Conversation, res.body)).toBe(true);
    expect(res.body).toMatchObject({
      patientId: patient.id,
      context: CONTEXT,
      language: 'es',
      status: 'active',
      messageCount: 1,
      creditsConsumed: 10,
      escalated: false,
    });
    expect(res.body.messages).toHaveLength(1);
    const [message] = res.body.messages;
    expect(message.role).toBe('assistant');
    expect(message.content).toBe(welcome); // trimmed
    expect(message.escalated).toBe(false);
    expect(message.metadata).toEqual({ provider: 'openai', model: MODEL });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(Object.keys(request!.body).sort()).toEqual(
      ['messages', 'model', 'stream', 'temperature'].sort(),
    );
    expect(request!.body.model).toBe(MODEL);
    expect(request!.body.stream).toBe(false);
    expect(typeof request!.body.temperature).toBe('number');
    const [system, user, ...rest] = request!.body.messages;
    expect(rest).toEqual([]);
    expect(system!.role).toBe('system');
    expect(system!.content).toContain(CONTEXT);
    expect(system!.content).toContain('Lucía');
    expect(system!.content).toContain('Spanish');
    expect(system!.content).toContain('112');
    expect(system!.content).toContain('usted'); // formal by default
    expect(system!.content).toContain(await server.service.core.delivery.clinicName());
    expect(user!.role).toBe('user');
    expect(user!.content).toContain('Lucía');

    // Charged like any conversation start; the key appears nowhere in what the API stores.
    await expectBooks(server, START_BALANCE - 10);
    const stored = await server.request('GET', `/conversations/${res.body.id}`);
    expect(stored.body.messages).toEqual(res.body.messages);
    expect(stored.text).not.toContain(API_KEY);
  });

  it('names the conversation language in the system prompt (es, ca, en)', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server, { firstName: 'Jordi' });
    fake.script((_req, i) => ({ reply: `Benvinguda ${i}` }));
    const expected = [
      ['es', 'Spanish', 'usted'],
      ['ca', 'Catalan', 'vostè'],
      ['en', 'English', undefined],
    ] as const;
    for (const [i, [language, name, formal]] of expected.entries()) {
      const res = await startConversation(server, patient.id, language);
      expect(res.status).toBe(201);
      expect(res.body.language).toBe(language);
      expect(res.body.messages[0].content).toBe(`Benvinguda ${i}`);
      const system = fake.requests[i]!.body.messages[0]!;
      expect(system.role).toBe('system');
      expect(system.content).toContain(CONTEXT);
      expect(system.content).toContain('Jordi');
      expect(system.content).toContain(`Always answer in ${name}.`);
      for (const other of ['Spanish', 'Catalan', 'English'].filter((n) => n !== name))
        expect(system.content).not.toContain(other);
      expect(system.content).toContain('112');
      if (formal) expect(system.content).toContain(`formally (${formal})`);
      else expect(system.content).not.toMatch(/formally/);
    }
    // No language given: es.
    const byDefault = await startConversation(server, patient.id);
    expect(byDefault.body.language).toBe('es');
    expect(fake.requests[3]!.body.messages[0]!.content).toContain('Always answer in Spanish.');
    expect(fake.requests).toHaveLength(4);
    await expectBooks(server, START_BALANCE - 40);
  });

  it('sends the whole history with mapped roles and stores the model reply, charging 1 credit', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    const replies = [
      'Hola Lucía. ¿Cuánto dolor tiene del 0 al 10?',
      'Entendido, un 3. ¿Ha tenido fiebre?',
      'Gracias. ¿Cómo ve la herida?',
    ];
    fake.script((_req, i) => ({ reply: replies[i]! }));
    const conversation = (await startConversation(server, patient.id)).body;

    const first = await send(server, conversation.id, 'Un 3, más o menos.');
    expect(first.status).toBe(200);
    expect(Value.Check(MessageExchange, first.body)).toBe(true);
    expect(first.body.creditsConsumed).toBe(1);
    expect(first.body.patientMessage).toMatchObject({
      role: 'patient',
      content: 'Un 3, más o menos.',
      escalated: false,
    });
    expect(first.body.assistantMessage).toMatchObject({
      role: 'assistant',
      content: replies[1],
      escalated: false,
      metadata: { provider: 'openai', model: MODEL },
    });
    expect(first.body.assistantMessage.metadata).toEqual({ provider: 'openai', model: MODEL });

    const second = await send(server, conversation.id, 'No, nada de fiebre.');
    expect(second.status).toBe(200);
    expect(second.body.assistantMessage.content).toBe(replies[2]);

    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request.body.model).toBe(MODEL);
      expect(request.body.messages[0]!.role).toBe('system');
      expect(request.body.messages[0]!.content).toContain(CONTEXT);
    }
    expect(fake.requests[1]!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: replies[0] },
      { role: 'user', content: 'Un 3, más o menos.' },
    ]);
    expect(fake.requests[2]!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: replies[0] },
      { role: 'user', content: 'Un 3, más o menos.' },
      { role: 'assistant', content: replies[1] },
      { role: 'user', content: 'No, nada de fiebre.' },
    ]);

    const stored = (await server.request('GET', `/conversations/${conversation.id}`)).body;
    expect(stored.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['assistant', replies[0]],
      ['patient', 'Un 3, más o menos.'],
      ['assistant', replies[1]],
      ['patient', 'No, nada de fiebre.'],
      ['assistant', replies[2]],
    ]);
    expect(stored.messageCount).toBe(5);
    expect(stored.creditsConsumed).toBe(12);
    await expectBooks(server, START_BALANCE - 12);
  });

  it('reaches the endpoint whether the base URL ends in a slash or is the full URL', async () => {
    const fake = await newFake();
    fake.script((req) => ({ reply: `Hola desde ${req.url}` }));
    for (const baseUrl of [
      `${fake.origin}/v1/`,
      `${fake.origin}/v1/chat/completions`,
      `${fake.origin}/v1/chat/completions/`,
    ]) {
      const server = await modelServer(baseUrl);
      const patient = await newPatient(server);
      const res = await startConversation(server, patient.id);
      expect(res.status).toBe(201);
      expect(res.body.messages[0].content).toBe('Hola desde /v1/chat/completions');
      expect(res.body.messages[0].metadata).toEqual({ provider: 'openai', model: MODEL });
    }
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
  });

  it('sends no Authorization header when no key is configured', async () => {
    const fake = await newFake();
    const server = await newServer({
      assistant: { provider: 'openai', baseUrl: `${fake.origin}/v1`, model: 'llama3.2' },
    });
    const patient = await newPatient(server);
    const res = await startConversation(server, patient.id);
    expect(res.status).toBe(201);
    expect(res.body.messages[0].metadata).toEqual({ provider: 'openai', model: 'llama3.2' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.body.model).toBe('llama3.2');
  });

  it('writes a reply for the conversation as it stands when two messages race a slow model', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    let bothArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (bothArrived = resolve));
    fake.script(async (req, i) => {
      if (i === 0) return { reply: 'Bienvenida.' };
      if (i === 1) {
        await barrier;
        return { reply: 'Respuesta uno' };
      }
      if (i === 2) {
        bothArrived();
        return { reply: 'Respuesta dos (llega tarde)', delayMs: 150 };
      }
      // Words, not digits: a number the patient did not write would be replaced (reply-safety).
      return { reply: `Respuesta ${WORDS[i]}` };
    });
    const conversation = (await startConversation(server, patient.id)).body;
    const [a, b] = await Promise.all([
      send(server, conversation.id, 'Mensaje A'),
      send(server, conversation.id, 'Mensaje B'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The request answered first wins; the other was asked again with the first exchange in it.
    expect(fake.requests).toHaveLength(4);
    const firstUser = fake.requests[1]!.body.messages.at(-1)!.content;
    const secondUser = firstUser === 'Mensaje A' ? 'Mensaje B' : 'Mensaje A';
    expect(fake.requests[2]!.body.messages.at(-1)!.content).toBe(secondUser);
    expect(fake.requests[3]!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Bienvenida.' },
      { role: 'user', content: firstUser },
      { role: 'assistant', content: 'Respuesta uno' },
      { role: 'user', content: secondUser },
    ]);
    const stored = (await server.request('GET', `/conversations/${conversation.id}`)).body;
    expect(stored.messages.map((m: any) => m.content)).toEqual([
      'Bienvenida.',
      firstUser,
      'Respuesta uno',
      secondUser,
      'Respuesta tres',
    ]);
    expect(stored.creditsConsumed).toBe(12);
    await expectBooks(server, START_BALANCE - 12);
  });
});

describe('falling back to the built-in assistant', () => {
  it('answers with the built-in assistant when the model is slower than timeoutMs, and charges normally', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script(() => ({ reply: 'Demasiado tarde.', delayMs: 3000 }));
    const fallback = {
      from: 'openai',
      reason: 'timeout',
      detail: 'The language model did not answer within 0.5 s.',
    };

    const res = await startConversation(server, patient.id);
    expect(res.status).toBe(201);
    expect(Value.Check(Conversation, res.body)).toBe(true);
    const builtin = builtinWelcome(await chatSetup(server, res.body, 'Lucía'));
    expect(res.body.messages[0].content).toBe(builtin.content);
    expect(res.body.messages[0].content).toContain('Lucía');
    expect(res.body.messages[0].metadata).toEqual({
      ...builtin.metadata,
      provider: 'builtin',
      fallback,
    });
    expect(res.body.creditsConsumed).toBe(10);
    await expectBooks(server, START_BALANCE - 10);

    const history = turnsOf(res.body);
    const message = 'Un 2 sobre 10.';
    const expected = await createBuiltinAssistant().reply(
      await chatSetup(server, res.body, 'Lucía'),
      history,
      message,
    );
    const sent = await send(server, res.body.id, message);
    expect(sent.status).toBe(200);
    expect(sent.body.creditsConsumed).toBe(1);
    expect(sent.body.assistantMessage.content).toBe(expected.content);
    expect(sent.body.assistantMessage.metadata).toEqual({ ...expected.metadata, fallback });
    expect(sent.body.assistantMessage.metadata.provider).toBe('builtin');
    expect(fake.requests).toHaveLength(2);
    await expectBooks(server, START_BALANCE - 11);
  });

  it('times out a model that sends its headers and then stalls the body', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script(() => ({ stallBody: true }));
    const res = await startConversation(server, patient.id);
    expect(res.status).toBe(201);
    expect(res.body.messages[0].metadata.provider).toBe('builtin');
    expect(res.body.messages[0].metadata.fallback).toEqual({
      from: 'openai',
      reason: 'timeout',
      detail: 'The language model did not answer within 0.5 s.',
    });
    await expectBooks(server, START_BALANCE - 10);
  });

  it('falls back on an HTTP error, saying the status but not the key', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script((_req, i) =>
      i === 0
        ? { status: 500, json: { error: { message: 'model overloaded', type: 'server_error' } } }
        : i === 1
          ? { status: 502, text: '<html><body>Bad gateway</body></html>' }
          : { status: 429, json: { error: 'rate limited' } },
    );

    const res = await startConversation(server, patient.id);
    expect(res.status).toBe(201);
    const welcome = res.body.messages[0];
    expect(welcome.content).toBe(
      builtinWelcome(await chatSetup(server, res.body, 'Lucía')).content,
    );
    expect(welcome.metadata.provider).toBe('builtin');
    expect(welcome.metadata.fallback).toEqual({
      from: 'openai',
      reason: 'http_error',
      detail: 'The language model answered HTTP 500: model overloaded.',
    });
    expect(res.text).not.toContain(API_KEY);

    const second = await send(server, res.body.id, 'Bien, gracias.');
    expect(second.status).toBe(200);
    expect(second.body.assistantMessage.metadata.fallback).toEqual({
      from: 'openai',
      reason: 'http_error',
      detail: 'The language model answered HTTP 502.',
    });
    const third = await send(server, res.body.id, 'Un 1.');
    expect(third.status).toBe(200);
    expect(third.body.assistantMessage.metadata.fallback).toEqual({
      from: 'openai',
      reason: 'http_error',
      detail: 'The language model answered HTTP 429: rate limited.',
    });
    expect(fake.requests).toHaveLength(3);
    await expectBooks(server, START_BALANCE - 12);
    const stored = await server.request('GET', `/conversations/${res.body.id}`);
    expect(stored.text).not.toContain(API_KEY);
  });

  it('never puts the API key in the fallback detail, even when the model echoes it', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script(() => ({
      status: 401,
      json: {
        error: { message: `Incorrect API key provided: ${API_KEY}.`, code: 'invalid_api_key' },
      },
    }));
    const res = await startConversation(server, patient.id);
    expect(res.status).toBe(201);
    const { fallback } = res.body.messages[0].metadata;
    expect(fallback.reason).toBe('http_error');
    expect(fallback.detail).toContain('401');
    expect(fallback.detail).not.toContain(API_KEY);
    expect(res.text).not.toContain(API_KEY);
  });

  it('falls back with invalid_response on malformed JSON, missing choices or empty content', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    const notJson = 'The language model did not answer with JSON.';
    const noMessage = 'The language model answered without a message (choices[0].message.content).';
    const cases: [Behaviour, string][] = [
      [{ status: 200, text: '{"choices": [' }, notJson],
      [{ status: 200, text: 'OK' }, notJson],
      [{ status: 200, text: '' }, notJson],
      [{ status: 200, json: { id: 'chatcmpl-x', object: 'chat.completion' } }, noMessage],
      [{ status: 200, json: { choices: [] } }, noMessage],
      [{ status: 200, json: completion(null) }, noMessage],
      [{ status: 200, json: completion('   \n ') }, noMessage],
      [{ status: 200, json: completion(42) }, noMessage],
      [{ status: 200, json: [] }, noMessage],
    ];
    fake.script((_req, i) => cases[i]![0]);
    for (const [i, [, detail]] of cases.entries()) {
      const res = await startConversation(server, patient.id);
      expect(res.status, `case ${i}`).toBe(201);
      const welcome = res.body.messages[0];
      expect(welcome.content).toBe(
        builtinWelcome(await chatSetup(server, res.body, 'Lucía')).content,
      );
      expect(welcome.metadata.provider).toBe('builtin');
      expect(welcome.metadata.fallback, `case ${i}`).toEqual({
        from: 'openai',
        reason: 'invalid_response',
        detail,
      });
    }
    expect(fake.requests).toHaveLength(cases.length);
    await expectBooks(server, START_BALANCE - 10 * cases.length);
  });

  it('falls back with network_error when the model drops the connection or is not there', async () => {
    const fake = await newFake();
    fake.script(() => ({ destroy: true }));
    const dropping = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(dropping);
    const res = await startConversation(dropping, patient.id);
    expect(res.status).toBe(201);
    expect(res.body.messages[0].metadata.provider).toBe('builtin');
    expect(res.body.messages[0].metadata.fallback).toMatchObject({
      from: 'openai',
      reason: 'network_error',
    });
    expect(res.body.messages[0].metadata.fallback.detail).toMatch(
      /^The language model could not be reached \(.+\)\.$/,
    );
    expect(fake.requests).toHaveLength(1);
    await expectBooks(dropping, START_BALANCE - 10);

    const port = await closedPort();
    const refused = await modelServer(`http://127.0.0.1:${port}/v1`);
    const other = await newPatient(refused);
    const started = await startConversation(refused, other.id);
    expect(started.status).toBe(201);
    expect(started.body.messages[0].content).toBe(
      builtinWelcome(await chatSetup(refused, started.body, 'Lucía')).content,
    );
    expect(started.body.messages[0].metadata.fallback).toEqual({
      from: 'openai',
      reason: 'network_error',
      detail: 'The language model could not be reached (ECONNREFUSED).',
    });
    const sent = await send(refused, started.body.id, 'Un 4.');
    expect(sent.status).toBe(200);
    expect(sent.body.assistantMessage.metadata.fallback.reason).toBe('network_error');
    await expectBooks(refused, START_BALANCE - 11);
  });

  it.each([
    ['Un dolor de 7 sobre 10 es intenso; lo anoto para el equipo.', 'Me duele bastante'],
    ['Anoto que ha tenido 38,5 de fiebre.', 'Creo que tuve algo de fiebre'],
    ['Tome 2 comprimidos cada 8 horas.', '¿Qué hago con el dolor?'],
  ])(
    'replaces a model reply that states a number the patient did not give ("%s")',
    async (modelReply, message) => {
      const fake = await newFake();
      const server = await modelServer(`${fake.origin}/v1`);
      const patient = await newPatient(server);
      fake.script((_req, i) => ({ reply: i === 0 ? 'Hola, Lucía.' : modelReply }));
      const conversation = (await startConversation(server, patient.id)).body;
      const expected = await createBuiltinAssistant().reply(
        await chatSetup(server, conversation, 'Lucía'),
        turnsOf(conversation),
        message,
      );
      const res = await send(server, conversation.id, message);
      expect(res.status).toBe(200);
      expect(fake.requests).toHaveLength(2); // the model was asked, and not believed
      expect(res.body.assistantMessage.content).toBe(expected.content);
      expect(res.body.assistantMessage.content).not.toBe(modelReply);
      expect(res.body.assistantMessage.metadata).toMatchObject({
        provider: 'builtin',
        replaced: 'invented_number',
      });
    },
  );

  it("keeps a model reply that repeats the patient's own number", async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script((_req, i) => ({ reply: i === 0 ? 'Hola, Lucía.' : 'Anoto un 6 sobre 10.' }));
    const conversation = (await startConversation(server, patient.id)).body;
    const res = await send(server, conversation.id, 'Diría que un 6');
    expect(res.body.assistantMessage.content).toBe('Anoto un 6 sobre 10.');
    expect(res.body.assistantMessage.metadata.provider).toBe('openai');
    expect(res.body.assistantMessage.metadata.replaced).toBeUndefined();
  });

  it.each([
    ['Me he caído en la ducha y me he hecho una brecha en la cabeza', 'fall_injury'],
    ['No he podido hacer pis desde ayer por la tarde', 'urinary_retention'],
  ])(
    'answers an urgent message ("%s") with the built-in reply: the team calls today, no 112',
    async (message, sign) => {
      const fake = await newFake();
      const server = await modelServer(`${fake.origin}/v1`);
      const patient = await newPatient(server);
      fake.script(() => ({ reply: 'Modelo.' }));
      const conversation = (await startConversation(server, patient.id)).body;
      const res = await send(server, conversation.id, message);
      expect(fake.requests).toHaveLength(1); // only the welcome
      expect(res.body.assistantMessage.escalated).toBe(true);
      expect(res.body.assistantMessage.metadata).toMatchObject({
        provider: 'builtin',
        redFlags: [sign],
      });
      expect(res.body.assistantMessage.content).not.toContain('112');
    },
  );

  it('answers a red-flag message with the built-in urgent-care reply, without asking the model', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script((_req, i) => ({ reply: `Modelo ${WORDS[i]}` }));
    const conversation = (await startConversation(server, patient.id)).body;
    expect(fake.requests).toHaveLength(1);

    const alarm = 'Tengo un dolor en el pecho muy fuerte desde hace un rato.';
    const expected = await createBuiltinAssistant().reply(
      await chatSetup(server, conversation, 'Lucía'),
      turnsOf(conversation),
      alarm,
    );
    const res = await send(server, conversation.id, alarm);
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1); // the model was not asked
    expect(res.body.creditsConsumed).toBe(1);
    expect(res.body.patientMessage).toMatchObject({
      role: 'patient',
      content: alarm,
      escalated: true,
    });
    expect(res.body.assistantMessage.escalated).toBe(true);
    expect(res.body.assistantMessage.content).toBe(expected.content);
    expect(res.body.assistantMessage.content).toContain('112');
    expect(res.body.assistantMessage.content).toContain('Lucía');
    expect(res.body.assistantMessage.metadata.provider).toBe('builtin');
    expect(res.body.assistantMessage.metadata.redFlags).toEqual(['chest_pain']);
    expect(res.body.assistantMessage.metadata.fallback).toBeUndefined();

    const stored = (await server.request('GET', `/conversations/${conversation.id}`)).body;
    expect(stored.escalated).toBe(true);
    await expectBooks(server, START_BALANCE - 11);

    // The next ordinary message goes back to the model, with the red-flag exchange in its history.
    const next = await send(server, conversation.id, 'Ya he llamado, gracias.');
    expect(next.body.assistantMessage.content).toBe('Modelo uno');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.slice(1)).toEqual([
      ...asChat(stored.messages),
      { role: 'user', content: 'Ya he llamado, gracias.' },
    ]);
  });
});

describe("a bare answer to the model's own question", () => {
  it('is heard against that question: a pain of 9 escalates without the model, a 2 goes on', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const asked = 'Hola, Lucía. Del 0 al 10, ¿cuánto le duele hoy la rodilla?';
    fake.script((_req, i) => ({ reply: i === 0 ? asked : `Modelo ${WORDS[i]}` }));

    const severe = await newPatient(server);
    const conversation = (await startConversation(server, severe.id)).body;
    expect(conversation.messages[0].content).toBe(asked);
    const res = await send(server, conversation.id, 'pues un 9');
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1); // the model was not asked to answer a severe pain
    expect(res.body.patientMessage.escalated).toBe(true);
    expect(res.body.assistantMessage).toMatchObject({
      escalated: true,
      metadata: { provider: 'builtin', redFlags: ['severe_pain'] },
    });
    expect(res.body.assistantMessage.content).not.toContain('112');
    const alerts = await server.request('GET', `/alerts?patientId=${severe.id}`);
    expect(alerts.body.data).toMatchObject([{ priority: 'urgent', signs: ['severe_pain'] }]);

    const mild = await newPatient(server, { phone: '+34612345679' });
    const calm = (await startConversation(server, mild.id)).body;
    const ok = await send(server, calm.id, 'un 2');
    expect(ok.body.assistantMessage.escalated).toBe(false);
    expect(ok.body.assistantMessage.metadata.provider).toBe('openai');
    expect(fake.requests).toHaveLength(3);
    expect((await server.request('GET', `/alerts?patientId=${mild.id}`)).body.data).toEqual([]);
  });
});

describe('a short balance stops before the model is asked', () => {
  it('refuses a conversation start with 402: no request to the model, nothing stored', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`, {
      plans: { starter: 9, professional: 9, enterprise: 9 },
    });
    const patient = await newPatient(server);
    const res = await startConversation(server, patient.id);
    expectProblem(res, 402, 'insufficient_credits');
    expect(fake.requests).toHaveLength(0);
    expect(await count(server, 'conversations')).toBe(0);
    expect(await count(server, 'conversation_messages')).toBe(0);
    await expectBooks(server, 9);
  });

  it('refuses a message with 402: no request to the model, nothing stored or charged', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`, {
      plans: { starter: 10, professional: 10, enterprise: 10 },
    });
    const patient = await newPatient(server);
    const conversation = (await startConversation(server, patient.id)).body;
    expect(conversation.messages[0].metadata.provider).toBe('openai');
    expect(fake.requests).toHaveLength(1);
    await expectBooks(server, 0);
    const ledgerRows = await count(server, 'credit_ledger');

    const res = await send(server, conversation.id, 'Un 3.');
    expectProblem(res, 402, 'insufficient_credits');
    expect(fake.requests).toHaveLength(1);
    const red = await send(server, conversation.id, 'Me duele mucho el pecho.');
    expectProblem(red, 402, 'insufficient_credits');

    const stored = (await server.request('GET', `/conversations/${conversation.id}`)).body;
    expect(stored.messages).toEqual(conversation.messages);
    expect(stored.messageCount).toBe(1);
    expect(stored.escalated).toBe(false);
    expect(stored.creditsConsumed).toBe(10);
    expect(await count(server, 'conversation_messages')).toBe(1);
    expect(await count(server, 'credit_ledger')).toBe(ledgerRows);
    await expectBooks(server, 0);
  });

  it('refuses a call with 402 and never asks the model for it', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`, {
      plans: { starter: 4, professional: 4, enterprise: 4 },
    });
    const patient = await newPatient(server);
    const res = await server.request('POST', '/voice/calls', {
      body: { patientId: patient.id, purpose: PURPOSE },
    });
    expectProblem(res, 402, 'insufficient_credits');
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 3600 } });
    expect(fake.requests).toHaveLength(0);
    expect(await count(server, 'calls')).toBe(0);
    await expectBooks(server, 4);
  });
});

describe('voice calls with the language model', () => {
  const QUESTIONS = ['¿Cuánto dolor tiene del 0 al 10?', '¿Ha tenido fiebre?'];
  const GOODBYE = 'Muchas gracias, Lucía. Que se mejore. Hasta pronto.';
  const SUMMARY = 'Lucía refiere dolor leve y no ha tenido fiebre. Sin incidencias.';
  const isSummary = (req: FakeRequest) =>
    req.body.messages[0]!.content.startsWith('Summarise this phone call');

  async function callAndFinish(server: TestServer, patientId: string) {
    const created = await server.request('POST', '/voice/calls', {
      body: { patientId, purpose: PURPOSE },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('queued');
    const advanced = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 3600 },
    });
    expect(advanced.status).toBe(200);
    const res = await server.request('GET', `/voice/calls/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(Value.Check(CallDetail, res.body)).toBe(true);
    return res.body;
  }

  async function expectCharged(server: TestServer, call: any): Promise<void> {
    expect(call.status).toBe('completed');
    expect(call.duration).toBeGreaterThan(0);
    expect(call.creditsConsumed).toBe(Math.ceil(call.duration / 60) * 5);
    expect(Date.parse(call.completedAt) - Date.parse(call.answeredAt)).toBe(call.duration * 1000);
    await expectBooks(server, START_BALANCE - call.creditsConsumed);
    const ended = (
      await server.service.core.db
        .prepare<[], string>(`SELECT data FROM events WHERE type = 'call.ended'`)
        .pluck()
        .all()
    ).map((d) => JSON.parse(d));
    expect(ended).toEqual([
      {
        callId: call.id,
        patientId: call.patientId,
        status: 'completed',
        duration: call.duration,
        creditsConsumed: call.creditsConsumed,
        completedAt: call.completedAt,
      },
    ]);
  }

  it('lets the model run the call, ending at [END], and write the summary', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    let asked = 0;
    fake.script((req) => {
      if (isSummary(req)) return { reply: SUMMARY };
      const line = [...QUESTIONS, `${GOODBYE} [END]`][asked++]!;
      return { reply: line };
    });

    const call = await callAndFinish(server, patient.id);
    expect(call.language).toBe('es');
    await expectCharged(server, call);
    expect(call.summary).toBe(SUMMARY);
    expect(call.metadata.provider).toBe('openai');
    expect(call.metadata.model).toBe(MODEL);
    expect(call.metadata.fallback).toBeUndefined();

    const { transcript } = call;
    expect(transcript).toHaveLength(8);
    transcript.forEach((turn: any, i: number) =>
      expect(turn.role).toBe(i % 2 === 0 ? 'assistant' : 'patient'),
    );
    expect(transcript[0].content).toContain('Lucía');
    expect(transcript[2].content).toBe(QUESTIONS[0]);
    expect(transcript[4].content).toBe(QUESTIONS[1]);
    expect(transcript[6].content).toBe(GOODBYE);
    for (const turn of transcript) expect(turn.content).not.toContain('[END]');
    // The simulated patient answered what the model asked: a pain level, then the fever.
    const pain = Number(/\d+/.exec(transcript[3].content)?.[0]);
    expect(pain).toBeGreaterThanOrEqual(0);
    expect(pain).toBeLessThanOrEqual(10);
    expect(call.metadata.findings.pain).toBe(pain);
    expect(typeof call.metadata.findings.fever).toBe('boolean');
    // Turns are timed from the answer, in order.
    expect(transcript[0].at).toBe(call.answeredAt);
    for (let i = 1; i < transcript.length; i++)
      expect(Date.parse(transcript[i].at)).toBeGreaterThan(Date.parse(transcript[i - 1].at));

    // Three turns of the call, then the summary.
    expect(fake.requests).toHaveLength(4);
    const turns = fake.requests.slice(0, 3);
    for (const [k, request] of turns.entries()) {
      expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request.body.model).toBe(MODEL);
      const [system, ...rest] = request.body.messages;
      expect(system!.role).toBe('system');
      expect(system!.content).toContain(PURPOSE);
      expect(system!.content).toContain('Lucía');
      expect(system!.content).toContain('phone call');
      expect(system!.content).toContain('Always answer in Spanish.');
      expect(system!.content).toContain('112');
      expect(system!.content).toContain('[END]');
      expect(rest).toEqual(asChat(transcript.slice(0, 2 + 2 * k)));
    }
    const summaryRequest = fake.requests[3]!;
    expect(isSummary(summaryRequest)).toBe(true);
    expect(summaryRequest.body.messages[0]!.content).toContain('in Spanish');
    expect(summaryRequest.body.messages).toHaveLength(2);
    expect(summaryRequest.body.messages[1]).toEqual({
      role: 'user',
      content: transcript
        .map((t: any) => `${t.role === 'assistant' ? 'Assistant' : 'Patient'}: ${t.content}`)
        .join('\n'),
    });

    // The list form omits transcript and summary.
    const list = await server.request('GET', '/voice/calls');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].transcript).toBeUndefined();
    expect(list.body.data[0].summary).toBeUndefined();
  });

  it('wraps up a call whose model never says [END] after 7 turns, ending with a goodbye', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    let asked = 0;
    fake.script((req) =>
      isSummary(req) ? { reply: SUMMARY } : { reply: `Pregunta ${++asked}: ¿algo más?` },
    );
    const call = await callAndFinish(server, patient.id);
    await expectCharged(server, call);
    // At most 7 model turns, then the summary.
    expect(fake.requests).toHaveLength(8);
    expect(fake.requests.filter(isSummary)).toHaveLength(1);
    expect(call.summary).toBe(SUMMARY);
    expect(call.transcript.filter((t: any) => t.content.startsWith('Pregunta'))).toHaveLength(7);
    // A transcript is a dialogue: the two sides take turns to the end.
    call.transcript.forEach((turn: any, i: number) =>
      expect(turn.role, `turn ${i}: ${turn.content}`).toBe(i % 2 === 0 ? 'assistant' : 'patient'),
    );
  });

  it('completes the call with the built-in assistant when the model fails', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script(() => ({ status: 500, json: { error: { message: 'boom' } } }));

    const call = await callAndFinish(server, patient.id);
    await expectCharged(server, call);
    const setup: CallSetup = {
      key: call.id,
      firstName: 'Lucía',
      context: PURPOSE,
      purpose: PURPOSE,
      language: 'es',
      clinicName: await server.service.core.delivery.clinicName(),
    };
    const builtin = await createBuiltinAssistant().call(setup);
    expect(call.transcript.map((t: any) => [t.role, t.content])).toEqual(
      builtin.turns.map((t) => [t.role, t.content]),
    );
    expect(call.duration).toBe(builtin.durationSeconds);
    expect(call.summary).toBe(builtin.summary);
    // The service triages every patient turn, whoever wrote the call, against its question.
    const verdict = triageAnswers(transcriptAnswers(builtin.turns), {
      postOp: readContext(PURPOSE).purpose === 'post_op',
      language: 'es',
    });
    expect(call.metadata).toEqual({
      ...builtin.metadata,
      provider: 'builtin',
      ...(verdict.level !== 'none' ? { triage: verdict } : {}),
      fallback: {
        from: 'openai',
        reason: 'http_error',
        detail: 'The language model answered HTTP 500: boom.',
      },
    });
    expect(JSON.stringify(call)).not.toContain(API_KEY);
    // The first failure ends the model's part: one request, no summary asked.
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back for the whole call when the model times out half way', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    fake.script((_req, i) =>
      i === 0 ? { reply: QUESTIONS[0]! } : { reply: 'Tarde.', delayMs: 3000 },
    );
    const call = await callAndFinish(server, patient.id);
    await expectCharged(server, call);
    expect(call.metadata.provider).toBe('builtin');
    expect(call.metadata.fallback).toEqual({
      from: 'openai',
      reason: 'timeout',
      detail: 'The language model did not answer within 0.5 s.',
    });
    // Not a mix of the two: nothing the model said stays in the transcript.
    expect(call.transcript.map((t: any) => t.content)).not.toContain(QUESTIONS[0]);
    expect(call.transcript.map((t: any) => t.content)).not.toContain('Tarde.');
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the model transcript and writes the built-in summary when only the summary fails', async () => {
    const fake = await newFake();
    const server = await modelServer(`${fake.origin}/v1`);
    const patient = await newPatient(server);
    let asked = 0;
    fake.script((req) =>
      isSummary(req)
        ? { status: 503, json: { error: { message: 'busy' } } }
        : { reply: [...QUESTIONS, `${GOODBYE} [END]`][asked++]! },
    );
    const call = await callAndFinish(server, patient.id);
    await expectCharged(server, call);
    expect(call.metadata.provider).toBe('openai');
    expect(call.metadata.fallback).toBeUndefined();
    expect(call.transcript[2].content).toBe(QUESTIONS[0]);
    const setup: CallSetup = {
      key: call.id,
      firstName: 'Lucía',
      context: PURPOSE,
      purpose: PURPOSE,
      language: 'es',
      clinicName: await server.service.core.delivery.clinicName(),
    };
    // The built-in summary ends with what the triage of the patient's turns asks for, each
    // read against the model's question before it (the simulated patient may or may not report
    // a pain of 8 or more, or a fever after surgery, both urgent).
    const { level } = triageAnswers(transcriptAnswers(call.transcript), {
      postOp: true,
      language: 'es',
    });
    const escalated = level === 'emergency' || level === 'urgent' ? level : undefined;
    expect(call.summary).toBe(callSummary(PHRASES.es, setup, call.metadata.findings, escalated));
    expect(call.summary).toContain('Lucía');
    expect(fake.requests).toHaveLength(4);
  });
});

describe('the assistant settings (router)', () => {
  async function newCore(options: Parameters<typeof createCore>[0] = {}) {
    const core = await createCore({
      memory: true,
      seed: 'empty',
      realNow: fakeTime(T0).now,
      ...options,
    });
    open.push(core);
    return core;
  }

  async function catchError(fn: () => unknown): Promise<unknown> {
    try {
      await fn();
    } catch (error) {
      return error;
    }
    throw new Error('expected the call to throw');
  }

  it('describes the provider without ever exposing the key', async () => {
    const core = await newCore();
    const router = core.assistants;
    expect(await router.describe()).toEqual({ provider: 'builtin', source: 'default' });
    expect(await router.assistant.provider()).toBe('builtin');

    await router.save({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: API_KEY,
      timeoutMs: 500,
    });
    const described = await router.describe();
    expect(described).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      hasApiKey: true,
      timeoutMs: 500,
      source: 'settings',
    });
    expect(JSON.stringify(described)).not.toContain(API_KEY);
    expect(await router.assistant.provider()).toBe('openai');

    await router.save({ provider: 'openai', baseUrl: 'http://127.0.0.1:8080/v1', model: 'qwen' });
    expect(await router.describe()).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'qwen',
      hasApiKey: false,
      source: 'settings',
    });
  });

  it('refuses an invalid provider setting and keeps the one saved before', async () => {
    const core = await newCore();
    const router = core.assistants;
    const good = {
      provider: 'openai' as const,
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: API_KEY,
    };
    await router.save(good);
    const before = await core.q.settings.get('assistant');

    const bad = await catchError(() =>
      router.save({ provider: 'openai', baseUrl: 'ftp://x', model: 'm' }),
    );
    expect(bad).toBeInstanceOf(ProblemError);
    expect((bad as ProblemError).status).toBe(422);
    expect((bad as ProblemError).code).toBe('validation_failed');
    expect((bad as ProblemError).extensions).toMatchObject({
      errors: [{ pointer: '/baseUrl', code: 'format' }],
    });
    for (const baseUrl of ['', 'http://', '127.0.0.1:11434/v1', 'javascript:alert(1)']) {
      const error = await catchError(() =>
        router.save({ provider: 'openai', baseUrl, model: 'm' }),
      );
      expect((error as ProblemError).code, baseUrl).toBe('validation_failed');
    }
    const noModel = await catchError(() =>
      router.save({ provider: 'openai', baseUrl: 'https://api.example.com/v1', model: '   ' }),
    );
    expect((noModel as ProblemError).status).toBe(422);
    expect((noModel as ProblemError).extensions).toMatchObject({
      errors: [{ pointer: '/model', code: 'minLength' }],
    });

    expect(await core.q.settings.get('assistant')).toBe(before);
    expect(await router.describe()).toMatchObject({ provider: 'openai', model: 'llama3.2' });
  });

  it('save(null) returns to the built-in assistant', async () => {
    const core = await newCore();
    const router = core.assistants;
    await router.save({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
    });
    expect(await router.assistant.provider()).toBe('openai');
    await router.save(null);
    expect(await router.describe()).toEqual({ provider: 'builtin', source: 'default' });
    expect(await router.assistant.provider()).toBe('builtin');
    expect(await core.q.settings.get('assistant')).toBeUndefined();
  });

  it('prefers the run option to the saved setting and says so', async () => {
    const core = await newCore({
      assistant: { provider: 'openai', baseUrl: 'http://127.0.0.1:1234/v1', model: 'local' },
    });
    const router = core.assistants;
    expect(await router.describe()).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:1234/v1',
      model: 'local',
      hasApiKey: false,
      source: 'run',
    });
    await router.save({ provider: 'builtin' });
    expect(await router.describe()).toMatchObject({ provider: 'openai', source: 'run' });
    // The router on its own, on the same settings, reads what was saved.
    expect(await createAssistantRouter(core.q.settings, {}).describe()).toEqual({
      provider: 'builtin',
      source: 'settings',
    });
  });

  it('takes a saved provider into use at once, and a return to builtin stops the requests', async () => {
    const fake = await newFake();
    const server = await newServer();
    const patient = await newPatient(server);
    const router = server.service.core.assistants;
    fake.script(() => ({ reply: 'Hola desde el modelo guardado.' }));

    const before = await startConversation(server, patient.id);
    expect(before.body.messages[0].metadata.provider).toBe('builtin');
    expect(fake.requests).toHaveLength(0);

    await router.save({
      provider: 'openai',
      baseUrl: `${fake.origin}/v1`,
      model: 'saved',
      apiKey: 'sk-saved',
    });
    const during = await startConversation(server, patient.id);
    expect(during.body.messages[0].content).toBe('Hola desde el modelo guardado.');
    expect(during.body.messages[0].metadata).toEqual({ provider: 'openai', model: 'saved' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-saved');

    await router.save(null);
    const after = await startConversation(server, patient.id);
    expect(after.body.messages[0].metadata).toEqual({
      provider: 'builtin',
      topic: after.body.messages[0].metadata.topic,
    });
    expect(after.body.messages[0].metadata.fallback).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    await expectBooks(server, START_BALANCE - 30);
  });
});
