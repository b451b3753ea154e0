import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../src-main/service/schemas/auth';
import {
  Conversation,
  ConversationList,
  MessageExchange,
} from '../../src-main/service/schemas/conversation';
import {
  expectProblem,
  fakeTime,
  startServer,
  tempDataDir,
  type ApiResponse,
  type TestServer,
  count,
  events,
  expectSchema,
  qs,
  serversClosedAfterEach,
  type ListBody,
} from './helpers';
import { MIN, T0_ISO, T0, iso } from './time';

/*
 * AI chat conversations through real HTTP (interface spec: Conversation, Message, Limits;
 * api-decisions §§2, 3, 5, 6, 7, 8, 9, 10): the start and its 10-credit charge with a welcome in
 * the conversation's language, message exchanges at 1 credit each, every refusal (422, 402, 400
 * conversation_ended, 404, 403, 401) leaving the books and the tables untouched, the 30-minute
 * inactivity close on the sandbox clock (and its postponement by a message), the explicit end,
 * red-flag escalation, lists with filters and cursors, idempotent retries and the close job
 * surviving a restart.
 *
 * Every server runs on a fake real-time source, so the service clock only moves when a test
 * advances it: timestamps are asserted exactly.
 */

const CONV_ID = /^conv_[0-9A-HJKMNP-TV-Z]{26}$/;
const MSG_ID = /^msg_[0-9A-HJKMNP-TV-Z]{26}$/;
const LEDGER_ID = /^led_[0-9A-HJKMNP-TV-Z]{26}$/;
const UNKNOWN_CONV = 'conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
const UNKNOWN_PATIENT = 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G';

const START_BALANCE = 2000;
const CONTEXT =
  'Seguimiento postoperatorio tras una prótesis de rodilla. Tono cercano, sin diagnósticos.';

/** Words only the welcome of each language uses ("asistente virtual", "assistent virtual"…). */
const LANGUAGE_MARK = {
  es: /asistente virtual/,
  ca: /assistent virtual/,
  en: /virtual assistant/,
} as const;
type Language = keyof typeof LANGUAGE_MARK;
const LANGUAGES = Object.keys(LANGUAGE_MARK) as Language[];

interface MessageBody {
  id: string;
  role: 'assistant' | 'patient';
  content: string;
  escalated: boolean;
  metadata?: Record<string, unknown>;
  createdAt: string;
}

interface ConversationBody {
  id: string;
  patientId: string;
  context: string;
  language: Language;
  status: 'active' | 'ended';
  messageCount: number;
  lastMessageAt: string;
  escalated: boolean;
  escalatedAt?: string;
  creditsConsumed: number;
  createdAt: string;
  endedAt?: string;
  endReason?: 'inactivity' | 'closed';
  messages: MessageBody[];
}

type ConversationSummaryBody = Omit<ConversationBody, 'messages'>;

interface ExchangeBody {
  patientMessage: MessageBody;
  assistantMessage: MessageBody;
  creditsConsumed: number;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const { newServer, cleanups } = serversClosedAfterEach(T0);

/** A patient created through the API; returns its id. */
async function createPatient(
  server: TestServer,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Montserrat', lastName: 'Ferrer Vila', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

function postConversation(
  server: TestServer,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  return server.request('POST', '/conversations', { body, ...options });
}

/** Starts a conversation that must succeed and returns its body. */
async function start(
  server: TestServer,
  patientId: string,
  extra: Record<string, unknown> = {},
): Promise<ConversationBody> {
  const res = await postConversation(server, { patientId, context: CONTEXT, ...extra });
  expect(res.status, res.text).toBe(201);
  expectSchema(Conversation, res.body);
  return res.body;
}

function postMessage(
  server: TestServer,
  id: string,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  return server.request('POST', `/conversations/${id}/messages`, {
    body,
    ...options,
  });
}

/** Sends a message that must succeed and returns the exchange. */
async function send(server: TestServer, id: string, content: string): Promise<ExchangeBody> {
  const res = await postMessage(server, id, { content });
  expect(res.status, res.text).toBe(200);
  expectSchema(MessageExchange, res.body);
  return res.body;
}

async function getConversation(server: TestServer, id: string): Promise<ConversationBody> {
  const res = await server.request<ConversationBody>('GET', `/conversations/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(Conversation, res.body);
  return res.body;
}

async function list(
  server: TestServer,
  params: Record<string, string | number | boolean | undefined> = {},
): Promise<ListBody<ConversationSummaryBody>> {
  const res = await server.request<ListBody<ConversationSummaryBody>>(
    'GET',
    `/conversations${qs(params)}`,
  );
  expect(res.status, res.text).toBe(200);
  expectSchema(ConversationList, res.body);
  return res.body;
}

const ids = (page: { data: Array<{ id: string }> }) => page.data.map((c) => c.id);

async function advance(server: TestServer, seconds: number): Promise<string> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return res.body.now as string;
}

async function balance(server: TestServer): Promise<number> {
  const res = await server.request('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body.balance as number;
}

/** Every ledger entry that concerns one resource, newest first, read over HTTP. */
async function ledgerFor(server: TestServer, resourceId: string): Promise<any[]> {
  const res = await server.request('GET', '/billing/ledger?limit=100');
  expect(res.status, res.text).toBe(200);
  expect(res.body.pagination.hasMore).toBe(false);
  return (res.body.data as any[]).filter((entry) => entry.resourceId === resourceId);
}

/** The ledger sums to the balance, as the API reports it and as the account row holds it. */
async function expectBooksBalance(server: TestServer): Promise<void> {
  const { core } = server.service;
  const reported = await balance(server);
  expect(await core.q.creditLedger.sum()).toBe(reported);
  expect((await core.credits.balance()).balance).toBe(reported);
}

/** Everything a refused request must leave as it was. */
/** A welcome-only conversation started at T0, closed by inactivity at T0 + 30 min, with its event. */
async function expectClosedByInactivity(
  server: TestServer,
  conv: ConversationBody,
  patientId: string,
): Promise<void> {
  expect(await getConversation(server, conv.id)).toEqual({
    ...conv,
    status: 'ended',
    endedAt: iso(T0 + 30 * MIN),
    endReason: 'inactivity',
  });
  expect((await events(server, 'conversation.ended')).map((e) => e.data)).toEqual([
    {
      conversationId: conv.id,
      patientId,
      endReason: 'inactivity',
      messageCount: 1,
      creditsConsumed: 10,
      endedAt: iso(T0 + 30 * MIN),
    },
  ]);
}

async function snapshot(server: TestServer) {
  return {
    balance: await balance(server),
    ledgerSum: await server.service.core.q.creditLedger.sum(),
    ledgerRows: await count(server, 'credit_ledger'),
    conversations: await count(server, 'conversations'),
    messages: await count(server, 'conversation_messages'),
    jobs: await count(server, 'jobs'),
    events: await count(server, 'events'),
  };
}

/** The pointers (body) or parameters (query) of a 422's errors. */
function where(res: ApiResponse): string[] {
  return (res.body.errors as Array<{ pointer?: string; parameter?: string }>).map(
    (e) => e.pointer ?? e.parameter ?? '?',
  );
}

// ---------------------------------------------------------------------------------------------

describe('POST /conversations', () => {
  it('starts an active conversation with a Spanish welcome by default, charges 10 and records the charge', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);

    const res = await postConversation(server, { patientId, context: CONTEXT });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expectSchema(Conversation, res.body);
    const id = res.body.id;
    expect(id).toMatch(CONV_ID);
    expect(res.headers.get('location')).toBe(`/api/v1/conversations/${id}`);
    expect(res.body).toEqual({
      id,
      patientId,
      context: CONTEXT,
      language: 'es',
      status: 'active',
      messageCount: 1,
      lastMessageAt: T0_ISO,
      escalated: false,
      creditsConsumed: 10,
      createdAt: T0_ISO,
      messages: [
        {
          id: expect.stringMatching(MSG_ID),
          role: 'assistant',
          content: expect.any(String),
          escalated: false,
          metadata: { provider: 'builtin', topic: 'pain' },
          createdAt: T0_ISO,
        },
      ],
    });
    const welcome = res.body.messages[0]!.content;
    expect(welcome).toContain('Montserrat');
    expect(welcome).toMatch(LANGUAGE_MARK.es);
    expect(welcome).not.toMatch(LANGUAGE_MARK.en);
    expect(welcome).not.toMatch(LANGUAGE_MARK.ca);
    // The last name is not how a chat addresses a patient.
    expect(welcome).not.toContain('Ferrer');

    expect(await getConversation(server, id)).toEqual(res.body);

    expect(await balance(server)).toBe(START_BALANCE - 10);
    expect(await ledgerFor(server, id)).toEqual([
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -10,
        balanceAfter: START_BALANCE - 10,
        reason: expect.any(String),
        resourceType: 'conversation',
        resourceId: id,
        createdAt: T0_ISO,
      },
    ]);
    expect(await count(server, 'credit_ledger')).toBe(2); // the opening grant and this charge
    expect(await count(server, 'conversations')).toBe(1);
    expect(await count(server, 'conversation_messages')).toBe(1);
    expect(await events(server, 'conversation.ended')).toEqual([]);
    await expectBooksBalance(server);
  });

  it('defaults to es even for a patient who prefers another language', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, {
      firstName: 'Pere',
      metadata: { preferredLanguage: 'ca' },
    });
    const body = await start(server, patientId);
    expect(body.language).toBe('es');
    expect(body.messages[0]!.content).toMatch(LANGUAGE_MARK.es);
    expect(body.messages[0]!.content).toContain('Pere');
  });

  it.each(LANGUAGES)(
    'writes the welcome in %s, addressing the patient by first name',
    async (language) => {
      const server = await newServer();
      const patientId = await createPatient(server, { firstName: 'Àngela', lastName: 'Roig' });
      const body = await start(server, patientId, { language });
      expect(body.language).toBe(language);
      expect(body.messages).toHaveLength(1);
      const [welcome] = body.messages;
      expect(welcome!.role).toBe('assistant');
      expect(welcome!.content).toContain('Àngela');
      expect(welcome!.content).toMatch(LANGUAGE_MARK[language]);
      for (const other of LANGUAGES.filter((l) => l !== language)) {
        expect(welcome!.content).not.toMatch(LANGUAGE_MARK[other]);
      }
      expect((await getConversation(server, body.id)).language).toBe(language);
      expect(await balance(server)).toBe(START_BALANCE - 10);
    },
  );

  it('refuses every invalid body with a 422 and changes nothing', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const before = await snapshot(server);
    const ok = { patientId, context: CONTEXT };
    const cases: Array<{ name: string; body: unknown; pointers: string[] }> = [
      { name: 'missing context', body: { patientId }, pointers: ['/context'] },
      { name: 'empty context', body: { ...ok, context: '' }, pointers: ['/context'] },
      { name: 'whitespace context', body: { ...ok, context: '  \n\t ' }, pointers: ['/context'] },
      { name: 'context not a string', body: { ...ok, context: 42 }, pointers: ['/context'] },
      { name: 'unknown language', body: { ...ok, language: 'fr' }, pointers: ['/language'] },
      { name: 'upper-case language', body: { ...ok, language: 'ES' }, pointers: ['/language'] },
      { name: 'extra field', body: { ...ok, tone: 'formal' }, pointers: ['/tone'] },
      { name: 'missing patientId', body: { context: CONTEXT }, pointers: ['/patientId'] },
      { name: 'empty patientId', body: { ...ok, patientId: '' }, pointers: ['/patientId'] },
    ];
    for (const { name, body, pointers } of cases) {
      const res = await postConversation(server, body);
      expectProblem(res, 422, 'validation_failed');
      expect([...new Set(where(res))], name).toEqual(pointers);
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses an unknown patient (validation_failed at /patientId) and changes nothing', async () => {
    const server = await newServer();
    await createPatient(server);
    const before = await snapshot(server);
    const res = await postConversation(server, { patientId: UNKNOWN_PATIENT, context: CONTEXT });
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors).toEqual([
      { pointer: '/patientId', code: 'not_found', detail: expect.any(String) },
    ]);
    expect(await snapshot(server)).toEqual(before);
    expect(await list(server)).toEqual({
      data: [],
      pagination: { cursor: '', hasMore: false, limit: 20 },
    });
  });

  it('refuses an inactive patient (patient_inactive) and changes nothing', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const patched = await server.request('PATCH', `/patients/${patientId}`, {
      body: { status: 'inactive' },
    });
    expect(patched.status, patched.text).toBe(200);
    const before = await snapshot(server);
    const res = await postConversation(server, { patientId, context: CONTEXT });
    expectProblem(res, 422, 'patient_inactive');
    expect(where(res)).toEqual(['/patientId']);
    expect(await snapshot(server)).toEqual(before);

    // Reactivated, the same request goes through.
    await server.request('PATCH', `/patients/${patientId}`, { body: { status: 'active' } });
    await start(server, patientId);
    expect(await balance(server)).toBe(before.balance - 10);
  });

  it('answers 402 insufficient_credits when the balance is below 10 and stores nothing', async () => {
    const server = await newServer({ plans: { starter: 9, professional: 9, enterprise: 9 } });
    const patientId = await createPatient(server);
    const before = await snapshot(server);
    expect(before.balance).toBe(9);

    const res = await postConversation(server, { patientId, context: CONTEXT });
    expectProblem(res, 402, 'insufficient_credits');
    expect(res.body.balance).toBe(9);
    expect(res.body.required).toBe(10);
    expect(await snapshot(server)).toEqual(before);
    await expectBooksBalance(server);

    // One more credit is exactly enough, and leaves nothing.
    await server.service.core.credits.topUp(1, 'test');
    const body = await start(server, patientId);
    expect(body.creditsConsumed).toBe(10);
    expect(await balance(server)).toBe(0);
    await expectBooksBalance(server);
  });
});

describe('POST /conversations/{id}/messages', () => {
  it('stores the exchange, charges 1 credit per message and lists every message in order', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);

    const contents = ['Me duele un 3 de 10', 'No tengo fiebre', 'La herida está bien'];
    const exchanges: ExchangeBody[] = [];
    let at = T0;
    for (const [i, content] of contents.entries()) {
      at += 2 * MIN;
      expect(await advance(server, 120)).toBe(iso(at));
      const exchange = await send(server, conv.id, content);
      expect(exchange).toEqual({
        patientMessage: {
          id: expect.stringMatching(MSG_ID),
          role: 'patient',
          content,
          escalated: false,
          createdAt: iso(at),
        },
        assistantMessage: {
          id: expect.stringMatching(MSG_ID),
          role: 'assistant',
          content: expect.any(String),
          escalated: false,
          metadata: expect.objectContaining({ provider: 'builtin' }),
          createdAt: iso(at),
        },
        creditsConsumed: 1,
      });
      expect(exchange.assistantMessage.content.length).toBeGreaterThan(0);
      expect(exchange.patientMessage.id).not.toBe(exchange.assistantMessage.id);
      expect(await balance(server)).toBe(START_BALANCE - 10 - (i + 1));
      exchanges.push(exchange);
    }

    const full = await getConversation(server, conv.id);
    expect(full).toEqual({
      ...conv,
      messageCount: 7,
      creditsConsumed: 13,
      lastMessageAt: iso(at),
      messages: [
        conv.messages[0],
        ...exchanges.flatMap((e) => [e.patientMessage, e.assistantMessage]),
      ],
    });
    expect(full.messages.map((m) => m.role)).toEqual([
      'assistant',
      'patient',
      'assistant',
      'patient',
      'assistant',
      'patient',
      'assistant',
    ]);
    expect(new Set(full.messages.map((m) => m.id)).size).toBe(7);

    const ledger = await ledgerFor(server, conv.id);
    expect(ledger.map((e) => e.amount)).toEqual([-1, -1, -1, -10]);
    expect(ledger.map((e) => e.balanceAfter)).toEqual([1987, 1988, 1989, 1990]);
    expect(ledger.every((e) => e.resourceType === 'conversation' && e.kind === 'consume')).toBe(
      true,
    );
    expect(await count(server, 'conversation_messages')).toBe(7);
    await expectBooksBalance(server);
  });

  it('stores two messages sent at once as two whole exchanges, each charged once', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    const [a, b] = await Promise.all([
      postMessage(server, conv.id, { content: 'Me duele un 2 de 10' }),
      postMessage(server, conv.id, { content: 'No tengo fiebre' }),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    const full = await getConversation(server, conv.id);
    expect(full.messageCount).toBe(5);
    expect(full.creditsConsumed).toBe(12);
    expect(full.messages.map((m) => m.role)).toEqual([
      'assistant',
      'patient',
      'assistant',
      'patient',
      'assistant',
    ]);
    // Each patient message is followed by its own reply.
    const pairs = [full.messages.slice(1, 3), full.messages.slice(3, 5)].map((pair) =>
      pair.map((m) => m.id),
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        [a.body.patientMessage.id, a.body.assistantMessage.id],
        [b.body.patientMessage.id, b.body.assistantMessage.id],
      ]),
    );
    expect(await balance(server)).toBe(START_BALANCE - 12);
    await expectBooksBalance(server);
  });

  it('accepts content of exactly 4000 characters', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    const content = 'a'.repeat(4000);
    const exchange = await send(server, conv.id, content);
    expect(exchange.patientMessage.content).toBe(content);
    expect(await balance(server)).toBe(START_BALANCE - 11);
  });

  it('refuses invalid content with a 422 and changes nothing', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    const before = await snapshot(server);
    const cases: Array<{ name: string; body: unknown; pointers: string[] }> = [
      { name: 'empty', body: { content: '' }, pointers: ['/content'] },
      { name: 'whitespace', body: { content: ' \n ' }, pointers: ['/content'] },
      { name: 'over 4000', body: { content: 'a'.repeat(4001) }, pointers: ['/content'] },
      { name: 'missing', body: {}, pointers: ['/content'] },
      { name: 'not a string', body: { content: 7 }, pointers: ['/content'] },
      { name: 'extra field', body: { content: 'Hola', role: 'assistant' }, pointers: ['/role'] },
    ];
    for (const { name, body, pointers } of cases) {
      const res = await postMessage(server, conv.id, body);
      expectProblem(res, 422, 'validation_failed');
      expect([...new Set(where(res))], name).toEqual(pointers);
    }
    expect(await snapshot(server)).toEqual(before);
    const after = await getConversation(server, conv.id);
    expect(after.messageCount).toBe(1);
    expect(after.creditsConsumed).toBe(10);
  });

  it('answers 402 with a balance of 0 and stores nothing', async () => {
    const server = await newServer({ plans: { starter: 10, professional: 10, enterprise: 10 } });
    const conv = await start(server, await createPatient(server));
    expect(await balance(server)).toBe(0);
    const before = await snapshot(server);

    const res = await postMessage(server, conv.id, { content: 'Hola' });
    expectProblem(res, 402, 'insufficient_credits');
    expect(res.body.balance).toBe(0);
    expect(res.body.required).toBe(1);
    expect(await snapshot(server)).toEqual(before);
    const after = await getConversation(server, conv.id);
    expect(after).toEqual(conv);
    expect(after.messageCount).toBe(1);
    expect(after.messages).toHaveLength(1);
    await expectBooksBalance(server);

    // With a credit, the same message goes through.
    await server.service.core.credits.topUp(1, 'test');
    await send(server, conv.id, 'Hola');
    expect((await getConversation(server, conv.id)).messageCount).toBe(3);
    expect(await balance(server)).toBe(0);
  });

  it('answers 400 conversation_ended on an ended conversation, storing and charging nothing', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    await send(server, conv.id, 'Me duele un 2 de 10');
    const end = await server.request('POST', `/conversations/${conv.id}/end`);
    expect(end.status, end.text).toBe(200);
    const ended = await getConversation(server, conv.id);
    const before = await snapshot(server);

    const res = await postMessage(server, conv.id, { content: '¿Sigue ahí?' });
    expectProblem(res, 400, 'conversation_ended');
    expect(res.body.status).toBe(400);
    expect(res.body.conversationStatus).toBe('ended');
    expect(res.body.endReason).toBe('closed');
    expect(await snapshot(server)).toEqual(before);
    expect(await getConversation(server, conv.id)).toEqual(ended);
    expect(ended.messageCount).toBe(3);
    expect(ended.creditsConsumed).toBe(11);
    await expectBooksBalance(server);
  });

  it('answers 404 resource_missing for an unknown conversation and changes nothing', async () => {
    const server = await newServer();
    await start(server, await createPatient(server));
    const before = await snapshot(server);
    expectProblem(
      await postMessage(server, UNKNOWN_CONV, { content: 'Hola' }),
      404,
      'resource_missing',
    );
    expectProblem(
      await server.request('GET', `/conversations/${UNKNOWN_CONV}`),
      404,
      'resource_missing',
    );
    expectProblem(
      await server.request('POST', `/conversations/${UNKNOWN_CONV}/end`),
      404,
      'resource_missing',
    );
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('inactivity close', () => {
  it('stays active at 29 minutes after the last message and ends at 30, exactly then', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);
    await advance(server, 5 * 60);
    const exchange = await send(server, conv.id, 'Me duele un 4 de 10');
    const last = T0 + 5 * MIN;
    expect(exchange.patientMessage.createdAt).toBe(iso(last));

    await advance(server, 29 * 60);
    const at29 = await getConversation(server, conv.id);
    expect(at29.status).toBe('active');
    expect(at29.endedAt).toBeUndefined();
    expect(at29.endReason).toBeUndefined();
    expect(await events(server, 'conversation.ended')).toEqual([]);
    expect((await list(server, { status: 'active' })).data.map((c) => c.id)).toEqual([conv.id]);

    await advance(server, 60);
    const ended = await getConversation(server, conv.id);
    expect(ended).toEqual({
      ...conv,
      status: 'ended',
      messageCount: 3,
      creditsConsumed: 11,
      lastMessageAt: iso(last),
      endedAt: iso(last + 30 * MIN),
      endReason: 'inactivity',
      messages: [conv.messages[0], exchange.patientMessage, exchange.assistantMessage],
    });
    expect(await events(server, 'conversation.ended')).toEqual([
      {
        type: 'conversation.ended',
        data: {
          conversationId: conv.id,
          patientId,
          endReason: 'inactivity',
          messageCount: 3,
          creditsConsumed: 11,
          endedAt: iso(last + 30 * MIN),
        },
        createdAt: iso(last + 30 * MIN),
      },
    ]);
    expect((await list(server, { status: 'ended' })).data.map((c) => c.id)).toEqual([conv.id]);
    expect((await list(server, { status: 'active' })).data).toEqual([]);

    // Closing costs nothing, and the chat takes no more messages.
    expect(await balance(server)).toBe(START_BALANCE - 11);
    const before = await snapshot(server);
    const res = await postMessage(server, conv.id, { content: 'Hola de nuevo' });
    expectProblem(res, 400, 'conversation_ended');
    expect(res.body.endReason).toBe('inactivity');
    expect(await snapshot(server)).toEqual(before);
    await expectBooksBalance(server);
  });

  it('is postponed by a message at minute 29: still active 29 minutes after it, ended at 30', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);

    await advance(server, 29 * 60);
    expect((await getConversation(server, conv.id)).status).toBe('active');
    await send(server, conv.id, 'Estoy bien, gracias');
    const last = T0 + 29 * MIN;
    expect((await getConversation(server, conv.id)).lastMessageAt).toBe(iso(last));

    // Past the first deadline (T0 + 30 min) and up to 29 minutes after the message.
    await advance(server, 29 * 60);
    const active = await getConversation(server, conv.id);
    expect(active.status).toBe('active');
    expect(active.endedAt).toBeUndefined();
    expect(await events(server, 'conversation.ended')).toEqual([]);

    await advance(server, 60);
    const ended = await getConversation(server, conv.id);
    expect(ended.status).toBe('ended');
    expect(ended.endReason).toBe('inactivity');
    expect(ended.endedAt).toBe(iso(last + 30 * MIN));
    const fired = await events(server, 'conversation.ended');
    expect(fired).toHaveLength(1);
    expect(fired[0]!.data).toEqual({
      conversationId: conv.id,
      patientId,
      endReason: 'inactivity',
      messageCount: 3,
      creditsConsumed: 11,
      endedAt: iso(last + 30 * MIN),
    });

    // Much later, still one event.
    await advance(server, 3600);
    expect(await events(server, 'conversation.ended')).toHaveLength(1);
  });

  it('closes a conversation with only its welcome 30 minutes after creation', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);

    await advance(server, 30 * 60 - 1);
    expect((await getConversation(server, conv.id)).status).toBe('active');
    await advance(server, 1);
    await expectClosedByInactivity(server, conv, patientId);
  });

  it('closes each conversation on its own deadline', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const first = await start(server, patientId);
    await advance(server, 10 * 60);
    const second = await start(server, patientId);
    await advance(server, 25 * 60); // T0 + 35 min
    expect((await getConversation(server, first.id)).status).toBe('ended');
    expect((await getConversation(server, second.id)).status).toBe('active');
    await advance(server, 5 * 60); // T0 + 40 min
    expect((await getConversation(server, second.id)).endedAt).toBe(iso(T0 + 40 * MIN));
    expect(
      (await events(server, 'conversation.ended')).map((e) => [
        e.data.conversationId,
        e.data.endedAt,
      ]),
    ).toEqual([
      [first.id, iso(T0 + 30 * MIN)],
      [second.id, iso(T0 + 40 * MIN)],
    ]);
  });
});

describe('POST /conversations/{id}/end', () => {
  it('ends with endReason closed and one event; a second end is 400 and no inactivity close follows', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);
    await advance(server, 60);
    const exchange = await send(server, conv.id, 'Todo bien');
    await advance(server, 4 * 60);
    const balanceBefore = await balance(server);

    const res = await server.request<ConversationBody>('POST', `/conversations/${conv.id}/end`);
    expect(res.status, res.text).toBe(200);
    expectSchema(Conversation, res.body);
    const endedAt = iso(T0 + 5 * MIN);
    expect(res.body).toEqual({
      ...conv,
      status: 'ended',
      messageCount: 3,
      creditsConsumed: 11,
      lastMessageAt: iso(T0 + MIN),
      endedAt,
      endReason: 'closed',
      messages: [conv.messages[0], exchange.patientMessage, exchange.assistantMessage],
    });
    expect(await getConversation(server, conv.id)).toEqual(res.body);
    expect(await balance(server)).toBe(balanceBefore);
    const expectedEvent = {
      type: 'conversation.ended',
      data: {
        conversationId: conv.id,
        patientId,
        endReason: 'closed',
        messageCount: 3,
        creditsConsumed: 11,
        endedAt,
      },
      createdAt: endedAt,
    };
    expect(await events(server, 'conversation.ended')).toEqual([expectedEvent]);

    const before = await snapshot(server);
    const again = await server.request('POST', `/conversations/${conv.id}/end`);
    expectProblem(again, 400, 'conversation_ended');
    expect(again.body.endReason).toBe('closed');
    expect(await snapshot(server)).toEqual(before);

    await advance(server, 3600);
    expect(await events(server, 'conversation.ended')).toEqual([expectedEvent]);
    expect(await getConversation(server, conv.id)).toEqual(res.body);
    await expectBooksBalance(server);
  });
});

describe('a deadline that passed before its job ran', () => {
  /*
   * Real time moves (fakeTime.set) without a sandbox advance: the close job is due but its timer
   * has not fired yet. The service says it closes the conversation "whoever notices it first".
   */
  async function stale() {
    const time = fakeTime(T0);
    const server = await newServer({ realNow: time.now });
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);
    time.set(T0 + 31 * MIN);
    return { server, patientId, conv };
  }

  it('a message gets 400 conversation_ended and the close is recorded at the deadline', async () => {
    const { server, patientId, conv } = await stale();
    const balanceBefore = await balance(server);
    const res = await postMessage(server, conv.id, { content: 'Hola' });
    expectProblem(res, 400, 'conversation_ended');
    expect(res.body.endReason).toBe('inactivity');
    expect(await balance(server)).toBe(balanceBefore);
    await expectClosedByInactivity(server, conv, patientId);
  });

  it('POST /end gets 400 conversation_ended (inactivity) and the close is recorded at the deadline', async () => {
    const { server, patientId, conv } = await stale();
    const res = await server.request('POST', `/conversations/${conv.id}/end`);
    expectProblem(res, 400, 'conversation_ended');
    expect(res.body.endReason).toBe('inactivity');
    // The answer says the conversation ended by inactivity; reading it must agree.
    await expectClosedByInactivity(server, conv, patientId);
  });
});

describe('the conversation_ended problem', () => {
  it('keeps the RFC 9457 status member as the HTTP status (400)', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    const end = await server.request('POST', `/conversations/${conv.id}/end`);
    expect(end.status, end.text).toBe(200);
    for (const res of [
      await postMessage(server, conv.id, { content: 'Hola' }),
      await server.request('POST', `/conversations/${conv.id}/end`),
    ]) {
      expectProblem(res, 400, 'conversation_ended');
      expect(res.body.endReason).toBe('closed');
      expect(res.body.status, res.text).toBe(400);
    }
  });
});

describe('escalation', () => {
  const RED_FLAGS: Array<{ language: Language; content: string; flag: string }> = [
    { language: 'es', content: 'Tengo un dolor en el pecho muy fuerte', flag: 'chest_pain' },
    { language: 'en', content: "I can't breathe", flag: 'breathing_difficulty' },
    { language: 'ca', content: 'vull morir', flag: 'suicidal_thoughts' },
    { language: 'es', content: 'sangra mucho y no para', flag: 'heavy_bleeding' },
  ];

  it.each(RED_FLAGS)(
    'escalates $content with a 112 instruction and marks the conversation',
    async ({ language, content, flag }) => {
      const server = await newServer();
      const patientId = await createPatient(server, { firstName: 'Jordi' });
      const conv = await start(server, patientId, { language });
      const calm = await start(server, patientId, { language });
      await advance(server, 3 * 60);
      const at = iso(T0 + 3 * MIN);

      const exchange = await send(server, conv.id, content);
      expect(exchange.patientMessage).toEqual({
        id: expect.stringMatching(MSG_ID),
        role: 'patient',
        content,
        escalated: true,
        metadata: { redFlags: [flag] },
        createdAt: at,
      });
      expect(exchange.assistantMessage.escalated).toBe(true);
      expect(exchange.assistantMessage.metadata?.redFlags).toEqual([flag]);
      expect(exchange.assistantMessage.content).toContain('112');
      expect(exchange.assistantMessage.content).toContain('Jordi');
      expect(exchange.creditsConsumed).toBe(1);
      expect(await balance(server)).toBe(START_BALANCE - 21);

      const full = await getConversation(server, conv.id);
      expect(full.escalated).toBe(true);
      expect(full.escalatedAt).toBe(at);
      expect(full.status).toBe('active');
      expect(full.messages.slice(1).map((m) => m.escalated)).toEqual([true, true]);
      expect(full.messages[0]!.escalated).toBe(false);

      expect(ids(await list(server, { escalated: true }))).toEqual([conv.id]);
      expect(ids(await list(server, { escalated: false }))).toEqual([calm.id]);
      expect(ids(await list(server))).toEqual([calm.id, conv.id]);
      const summary = (await list(server, { escalated: true })).data[0]!;
      expect(summary.escalated).toBe(true);
      expect(summary.escalatedAt).toBe(at);
    },
  );

  const AFTER_A_NEGATED_CLAUSE: Array<{ content: string; flag: string }> = [
    { content: 'No aguanto más, quiero morir', flag: 'suicidal_thoughts' },
    { content: 'No estoy bien. Sangra mucho la herida', flag: 'heavy_bleeding' },
    { content: 'No, me duele mucho el pecho', flag: 'chest_pain' },
    { content: 'No puedo más, me falta el aire', flag: 'breathing_difficulty' },
    { content: "I can't sleep, my chest hurts", flag: 'chest_pain' },
  ];

  it.each(AFTER_A_NEGATED_CLAUSE)(
    'escalates $content: a negation in an earlier clause does not negate the red flag',
    async ({ content, flag }) => {
      const server = await newServer();
      const conv = await start(server, await createPatient(server));
      const exchange = await send(server, conv.id, content);
      expect(exchange.patientMessage.metadata?.redFlags).toEqual([flag]);
      expect(exchange.patientMessage.escalated).toBe(true);
      expect(exchange.assistantMessage.escalated).toBe(true);
      expect(exchange.assistantMessage.content).toContain('112');
      expect((await getConversation(server, conv.id)).escalated).toBe(true);
    },
  );

  it('does not escalate a negated symptom', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);
    const exchange = await send(server, conv.id, 'no tengo dolor en el pecho');
    expect(exchange.patientMessage.escalated).toBe(false);
    expect(exchange.patientMessage.metadata).toBeUndefined();
    expect(exchange.assistantMessage.escalated).toBe(false);
    expect(exchange.assistantMessage.metadata?.redFlags).toBeUndefined();
    expect(exchange.assistantMessage.content).not.toContain('112');
    const full = await getConversation(server, conv.id);
    expect(full.escalated).toBe(false);
    expect(full.escalatedAt).toBeUndefined();
    expect(ids(await list(server, { escalated: true }))).toEqual([]);
    expect(ids(await list(server, { escalated: false }))).toEqual([conv.id]);
  });

  it('keeps the first escalatedAt when a later message raises another red flag', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    await advance(server, 60);
    await send(server, conv.id, 'Tengo un dolor en el pecho muy fuerte');
    await advance(server, 60);
    const calm = await send(server, conv.id, 'Ya estoy mejor, me duele un 2 de 10');
    expect(calm.patientMessage.escalated).toBe(false);
    expect(calm.assistantMessage.escalated).toBe(false);
    await advance(server, 60);
    await send(server, conv.id, 'Ahora me falta el aire');
    const full = await getConversation(server, conv.id);
    expect(full.escalated).toBe(true);
    expect(full.escalatedAt).toBe(iso(T0 + MIN));
    expect(full.messages.map((m) => m.escalated)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('GET /conversations', () => {
  /** Two patients, five conversations a minute apart; returns them oldest first. */
  async function fixture(server: TestServer) {
    const ana = await createPatient(server, { firstName: 'Ana' });
    const bo = await createPatient(server, { firstName: 'Bo' });
    const made: ConversationBody[] = [];
    for (const [i, patientId] of [ana, bo, ana, bo, ana].entries()) {
      if (i > 0) await advance(server, 60);
      made.push(await start(server, patientId));
    }
    return { ana, bo, made };
  }

  it('lists newest first, without messages, and filters by patientId, status and escalated', async () => {
    const server = await newServer();
    const { ana, bo, made } = await fixture(server);
    const [c0, c1, c2, c3, c4] = made.map((c) => c.id) as [string, string, string, string, string];
    // c1 escalated, c2 ended.
    await send(server, c1, 'Me ahogo, no puedo respirar');
    const end = await server.request('POST', `/conversations/${c2}/end`);
    expect(end.status, end.text).toBe(200);

    const all = await list(server);
    expect(ids(all)).toEqual([c4, c3, c2, c1, c0]);
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    for (const item of all.data) {
      expect(item).not.toHaveProperty('messages');
      const { messages, ...summary } = await getConversation(server, item.id);
      expect(messages.length).toBe(item.messageCount);
      expect(item).toEqual(summary);
    }

    expect(ids(await list(server, { patientId: ana }))).toEqual([c4, c2, c0]);
    expect(ids(await list(server, { patientId: bo }))).toEqual([c3, c1]);
    expect(ids(await list(server, { patientId: UNKNOWN_PATIENT }))).toEqual([]);
    expect(ids(await list(server, { status: 'ended' }))).toEqual([c2]);
    expect(ids(await list(server, { status: 'active' }))).toEqual([c4, c3, c1, c0]);
    expect(ids(await list(server, { escalated: true }))).toEqual([c1]);
    expect(ids(await list(server, { escalated: false }))).toEqual([c4, c3, c2, c0]);
    expect(ids(await list(server, { patientId: ana, status: 'active' }))).toEqual([c4, c0]);
    expect(ids(await list(server, { patientId: ana, escalated: true }))).toEqual([]);
    expect(ids(await list(server, { patientId: bo, escalated: true, status: 'active' }))).toEqual([
      c1,
    ]);
  });

  it('pages with limit and cursor, with no duplicates and no gaps', async () => {
    const server = await newServer();
    const { ana, made } = await fixture(server);
    const expected = made.map((c) => c.id).reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    for (let guard = 0; guard < 10; guard++) {
      const page = await list(server, { limit: 2, cursor });
      expect(page.pagination.limit).toBe(2);
      pages.push(page.data.length);
      seen.push(...ids(page));
      if (!page.pagination.hasMore) {
        expect(page.pagination.cursor).toBe('');
        break;
      }
      expect(page.pagination.cursor).not.toBe('');
      cursor = page.pagination.cursor;
      // A conversation started while paging does not shift the pages.
      if (guard === 0) await start(server, ana);
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);

    // Filtered pages.
    const first = await list(server, { patientId: ana, limit: 2 });
    expect(first.pagination.hasMore).toBe(true);
    const second = await list(server, {
      patientId: ana,
      limit: 2,
      cursor: first.pagination.cursor,
    });
    const anaIds = [...ids(first), ...ids(second)];
    expect(second.pagination).toEqual({ cursor: '', hasMore: false, limit: 2 });
    expect(anaIds).toHaveLength(4);
    expect(new Set(anaIds).size).toBe(4);
    expect(anaIds.slice(1)).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);

    // An empty cursor is the first page.
    expect(ids(await list(server, { limit: 2, cursor: '' }))).toEqual(
      ids(await list(server, { limit: 2 })),
    );
  });

  it('refuses a bad cursor (400 invalid_cursor) and a limit outside 1..100 (422)', async () => {
    const server = await newServer();
    const { ana } = await fixture(server);
    const page = await list(server, { limit: 2 });

    for (const cursor of ['garbage', `${page.pagination.cursor}x`, 'eyJhIjoxfQ']) {
      const res = await server.request('GET', `/conversations${qs({ cursor })}`);
      expectProblem(res, 400, 'invalid_cursor');
    }
    // A cursor is bound to its filters.
    expectProblem(
      await server.request(
        'GET',
        `/conversations${qs({ limit: 2, cursor: page.pagination.cursor, patientId: ana })}`,
      ),
      400,
      'invalid_cursor',
    );

    for (const limit of [0, 101, -1]) {
      const res = await server.request('GET', `/conversations${qs({ limit })}`);
      expectProblem(res, 422, 'validation_failed');
      expect(where(res)).toEqual(['limit']);
    }
    for (const [name, value] of [
      ['status', 'open'],
      ['escalated', 'maybe'],
    ] as const) {
      const res = await server.request('GET', `/conversations${qs({ [name]: value })}`);
      expectProblem(res, 422, 'validation_failed');
      expect(where(res)).toContain(name);
    }
    expect((await list(server, { limit: 100 })).data).toHaveLength(5);
    expect((await list(server, { limit: 1 })).data).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('answers 403 insufficient_permissions without conversations:write, and 401 without a credential', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const conv = await start(server, patientId);
    const others = PERMISSIONS.filter((p) => p !== 'conversations:write') as Permission[];
    const denied = await server.keyWith(...others);
    const before = await snapshot(server);

    const routes: Array<{ method: string; path: string; body?: unknown }> = [
      { method: 'GET', path: '/conversations' },
      { method: 'GET', path: `/conversations/${conv.id}` },
      { method: 'POST', path: '/conversations', body: { patientId, context: CONTEXT } },
      { method: 'POST', path: `/conversations/${conv.id}/messages`, body: { content: 'Hola' } },
      { method: 'POST', path: `/conversations/${conv.id}/end` },
    ];
    for (const { method, path, body } of routes) {
      const forbidden = await server.request(method, path, { body, token: denied });
      expectProblem(forbidden, 403, 'insufficient_permissions');
      expect(forbidden.body.requiredPermission, `${method} ${path}`).toBe('conversations:write');
      expect(forbidden.headers.get('www-authenticate') ?? '').toContain(
        'error="insufficient_scope", scope="conversations:write"',
      );

      const anonymous = await server.request(method, path, { body, token: null });
      expectProblem(anonymous, 401, 'invalid_token');
      expect(anonymous.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/);
    }
    expect(await snapshot(server)).toEqual(before);
    expect(await getConversation(server, conv.id)).toEqual(conv);

    // conversations:write alone is enough for every route.
    const only = await server.keyWith('conversations:write');
    const res = await postMessage(server, conv.id, { content: 'Hola' }, { token: only });
    expect(res.status, res.text).toBe(200);
    const listed = await server.request('GET', '/conversations', { token: only });
    expect(listed.status, listed.text).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('replays POST /conversations with the same body and charges once', async () => {
    const server = await newServer();
    const patientId = await createPatient(server);
    const headers = { 'idempotency-key': 'start-once-1' };
    const body = { patientId, context: CONTEXT, language: 'en' };

    const first = await postConversation(server, body, { headers });
    expect(first.status, first.text).toBe(201);
    const replay = await postConversation(server, body, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('location')).toBe(first.headers.get('location'));

    expect(await count(server, 'conversations')).toBe(1);
    expect(await count(server, 'conversation_messages')).toBe(1);
    expect(await balance(server)).toBe(START_BALANCE - 10);
    expect(await ledgerFor(server, first.body.id)).toHaveLength(1);

    // The same key with another body is refused and changes nothing.
    const before = await snapshot(server);
    const reused = await postConversation(server, { ...body, language: 'ca' }, { headers });
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await snapshot(server)).toEqual(before);
    await expectBooksBalance(server);
  });

  it('replays a message with the same body and charges once', async () => {
    const server = await newServer();
    const conv = await start(server, await createPatient(server));
    const headers = { 'idempotency-key': 'message-once-1' };

    const first = await postMessage(
      server,
      conv.id,
      { content: 'Me duele un 5 de 10' },
      { headers },
    );
    expect(first.status, first.text).toBe(200);
    await advance(server, 60);
    const replay = await postMessage(
      server,
      conv.id,
      { content: 'Me duele un 5 de 10' },
      { headers },
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    const full = await getConversation(server, conv.id);
    expect(full.messageCount).toBe(3);
    expect(full.creditsConsumed).toBe(11);
    expect(full.messages).toHaveLength(3);
    expect(await balance(server)).toBe(START_BALANCE - 11);
    expect(await ledgerFor(server, conv.id)).toHaveLength(2);

    // Without the key, the same text is a new message.
    await send(server, conv.id, 'Me duele un 5 de 10');
    expect((await getConversation(server, conv.id)).messageCount).toBe(5);
    expect(await balance(server)).toBe(START_BALANCE - 12);
    await expectBooksBalance(server);
  });
});

describe('restart durability', () => {
  it('closes a conversation by inactivity after a restart on the same data directory', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const first = await startServer({ dataDir: data.dir, realNow: fakeTime(T0).now });
    cleanups.push(() => first.close());
    const patientId = await createPatient(first);
    const conv = await start(first, patientId);
    await first.close();

    const second = await newServer({ dataDir: data.dir });
    expect((await getConversation(second, conv.id)).status).toBe('active');
    await advance(second, 29 * 60);
    expect((await getConversation(second, conv.id)).status).toBe('active');
    await advance(second, 2 * 60);
    const ended = await getConversation(second, conv.id);
    expect(ended).toEqual({
      ...conv,
      status: 'ended',
      endedAt: iso(T0 + 30 * MIN),
      endReason: 'inactivity',
    });
    expect((await events(second, 'conversation.ended')).map((e) => e.data)).toEqual([
      {
        conversationId: conv.id,
        patientId,
        endReason: 'inactivity',
        messageCount: 1,
        creditsConsumed: 10,
        endedAt: iso(T0 + 30 * MIN),
      },
    ]);
    expect(await balance(second)).toBe(START_BALANCE - 10);
    await expectBooksBalance(second);
  });

  it('closes at the deadline, on start, a conversation whose deadline passed while the server was down', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const first = await startServer({ dataDir: data.dir, realNow: fakeTime(T0).now });
    cleanups.push(() => first.close());
    const patientId = await createPatient(first);
    const conv = await start(first, patientId);
    await advance(first, 60);
    const exchange = await send(first, conv.id, 'Me duele un 1 de 10');
    await first.close();

    // Started again well after the deadline (T0 + 31 min).
    const second = await newServer({ dataDir: data.dir, realNow: fakeTime(T0 + 46 * MIN).now });
    const ended = await getConversation(second, conv.id);
    expect(ended).toEqual({
      ...conv,
      status: 'ended',
      messageCount: 3,
      creditsConsumed: 11,
      lastMessageAt: iso(T0 + MIN),
      endedAt: iso(T0 + 31 * MIN),
      endReason: 'inactivity',
      messages: [conv.messages[0], exchange.patientMessage, exchange.assistantMessage],
    });
    expect((await events(second, 'conversation.ended')).map((e) => e.data)).toEqual([
      {
        conversationId: conv.id,
        patientId,
        endReason: 'inactivity',
        messageCount: 3,
        creditsConsumed: 11,
        endedAt: iso(T0 + 31 * MIN),
      },
    ]);
  });
});
