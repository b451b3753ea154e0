import { describe, expect, it } from 'vitest';
import { CHAT_PAGE_CSP } from '../../src-main/service/chat-page/chat-page-style';
import type { Topic } from '../../src-main/service/contract';
import {
  count,
  expectProblem,
  footprint,
  formFixture,
  serversClosedAfterEach,
  tempDataDir,
  type TestServer,
} from './helpers';

/** The patient chat page `/c/{token}` over real HTTP (api-decisions "Chat links"). */

const T0 = Date.parse('2026-11-20T09:00:00.000Z');
const { newServer, cleanups } = serversClosedAfterEach(T0);
const TABLES = [
  'conversation_messages',
  'conversations',
  'outbox',
  'chat_links',
  'events',
] as const;

const origin = (server: TestServer) => new URL(server.url).origin;

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

async function getPage(server: TestServer, path: string): Promise<Page> {
  const response = await fetch(`${origin(server)}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function post(
  server: TestServer,
  path: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<Page> {
  const response = await fetch(`${origin(server)}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const say = (message: string) => new URLSearchParams({ message }).toString();

/** A patient (Núria Puig Soler, both channels), a conversation with her and a link sent by WhatsApp. */
async function chatWithLink(
  server: TestServer,
  options: { language?: 'es' | 'ca' | 'en'; patient?: Parameters<typeof formFixture>[1] } = {},
) {
  const { core } = server.service;
  const { patientId } = await formFixture(server, options.patient);
  const conversation = await core.conversations.start({
    patientId,
    context: 'Seguimiento tras la cirugía de rodilla.',
    language: options.language ?? 'es',
  });
  const link = await core.chatLinks.create(conversation.id, 'whatsapp');
  const url = new URL(link.url);
  const token = /^\/c\/([A-Za-z0-9_-]{43})$/.exec(url.pathname)?.[1];
  expect(token, link.url).toBeDefined();
  return { patientId, conversation, link, path: url.pathname, token: token! };
}

describe('sending a chat link', () => {
  it('writes the WhatsApp message to the outbox with a link at the running server, free of charge', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { patientId } = await formFixture(server);
    const conversation = await core.conversations.start({
      patientId,
      context: 'Seguimiento.',
      language: 'ca',
    });
    const balance = (await core.credits.balance()).balance;
    const link = await core.chatLinks.create(conversation.id, 'whatsapp');
    expect((await core.credits.balance()).balance).toBe(balance);
    expect(link.creditsConsumed).toBe(0);
    // Port 0 was asked for: the link follows the address the server really listens on.
    expect(new URL(link.url).origin).toBe(origin(server));
    const outbox = await server.request('GET', `/sandbox/outbox?patientId=${patientId}`);
    expect(outbox.body.data).toHaveLength(1);
    const message = outbox.body.data[0];
    expect(message).toMatchObject({
      id: link.outboxMessageId,
      channel: 'whatsapp',
      to: '+34612345678',
      link: link.url,
    });
    // In the conversation's language, with the 112 reminder.
    expect(message.body).toContain('Hola, Núria!');
    expect(message.body).toContain('truqui al 112');
    expect(message.body).toContain(link.url);
    // Only the hash is stored.
    const token = new URL(link.url).pathname.slice(3);
    const stored = (await core.db
      .prepare('SELECT token_hash FROM chat_links')
      .pluck()
      .all()) as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(token);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends by e-mail with a subject and an HTML part', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { conversation } = await chatWithLink(server, { language: 'en' });
    const link = await core.chatLinks.create(conversation.id, 'email');
    const row = (await core.q.outbox.get(link.outboxMessageId!))!;
    expect(row.to_address).toBe('nuria.puig@example.com');
    expect(row.subject).toBe('Conversation with Engage Desk');
    expect(row.html).toContain(`href="${link.url}"`);
    expect((await core.chatLinks.options(conversation.id)).sent.map((s) => s.channel)).toEqual([
      'email',
      'whatsapp',
    ]);
  });

  it('refuses a channel without an address or consent, and an ended conversation, storing nothing', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { patientId } = await formFixture(server, {
      patient: { phone: undefined, metadata: { emailConsent: false } },
    });
    const conversation = await core.conversations.start({ patientId, context: 'Seguimiento.' });
    const before = await footprint(server, TABLES);
    await expect(core.chatLinks.create(conversation.id, 'whatsapp')).rejects.toMatchObject({
      status: 422,
      code: 'patient_unreachable',
      extensions: { errors: [{ pointer: '/channel' }] },
    });
    await expect(core.chatLinks.create(conversation.id, 'email')).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      extensions: { errors: [{ pointer: '/channel', code: 'consent_refused' }] },
    });
    const options = await core.chatLinks.options(conversation.id);
    expect(options.channels).toEqual([
      { channel: 'whatsapp', consent: null, usable: false, reason: 'no_address' },
      {
        channel: 'email',
        address: 'nuria.puig@example.com',
        consent: false,
        usable: false,
        reason: 'no_consent',
      },
    ]);
    await core.conversations.close(conversation.id);
    const after = await footprint(server, TABLES);
    await expect(core.chatLinks.create(conversation.id)).rejects.toMatchObject({
      status: 400,
      code: 'conversation_ended',
    });
    expect(await footprint(server, TABLES)).toEqual(after);
    expect(after.outbox).toBe(before.outbox);
  });
});

describe('the chat page', () => {
  it('is a strict, uncached page with the conversation and nothing of the patient beyond the first name', async () => {
    const server = await newServer();
    const { path } = await chatWithLink(server);
    const page = await getPage(server, path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CHAT_PAGE_CSP);
    expect(CHAT_PAGE_CSP).toContain("default-src 'none'");
    expect(CHAT_PAGE_CSP).not.toContain('script-src');
    expect(CHAT_PAGE_CSP).not.toContain('unsafe');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).not.toMatch(/<script|\son\w+=|https?:\/\//i);
    expect(page.text).toContain('Núria');
    for (const secret of ['Puig', 'Soler', 'nuria.puig@example.com', '612345678', 'rodilla']) {
      expect(page.text).not.toContain(secret);
    }
    expect(page.text).toContain(`<form class="composer" method="post" action="${path}">`);
    expect(page.text).toContain('<textarea id="message" name="message"');
  });

  it('takes a message through the conversation operation: reply, one credit, the conversations topic', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { conversation, path } = await chatWithLink(server);
    const balance = (await core.credits.balance()).balance;
    const heard: Topic[][] = [];
    const stop = core.changes.subscribe((event) => {
      if (event.type === 'changed') heard.push(event.data.topics);
    });
    const posted = await post(server, path, say('Me encuentro bien, el dolor es de 2 sobre 10.'));
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`${path}#latest`);
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    expect(heard.flat()).toContain('conversations');
    expect((await core.credits.balance()).balance).toBe(balance - 1);
    const after = await core.conversations.get(conversation.id);
    expect(after.messages.map((m) => m.role)).toEqual(['assistant', 'patient', 'assistant']);
    const page = await getPage(server, path);
    expect(page.text).toContain('el dolor es de 2 sobre 10');
    expect(page.text).toContain('id="latest"');
  });

  it('answers an emergency with 112 on the page at once, and raises the alert', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { conversation, path } = await chatWithLink(server);
    expect(
      (await post(server, path, say('Tengo un dolor muy fuerte en el pecho y me cuesta respirar')))
        .status,
    ).toBe(303);
    const page = await getPage(server, path);
    expect(page.text).toMatch(/class="message message--assistant message--escalated" id="latest"/);
    expect(page.text.slice(page.text.indexOf('id="latest"'))).toContain('112');
    expect((await core.conversations.get(conversation.id)).escalated).toBe(true);
    expect(await count(server, 'alerts')).toBe(1);
  });

  it("escapes the patient's own words", async () => {
    const server = await newServer();
    const { path } = await chatWithLink(server);
    const attack = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "quotes"';
    expect((await post(server, path, say(attack))).status).toBe(303);
    const page = await getPage(server, path);
    expect(page.text).not.toContain('<script>');
    expect(page.text).not.toContain('<img');
    expect(page.text).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; &quot;quotes&quot;',
    );
    // Refused words come back in the box escaped too.
    const refused = await post(server, path, say(`${attack}${'x'.repeat(4001)}`));
    expect(refused.status).toBe(422);
    expect(refused.text).not.toContain('<script>');
  });

  it('refuses bad input with a 4xx that changes nothing', async () => {
    const server = await newServer();
    const { path } = await chatWithLink(server);
    const before = await footprint(server, TABLES);
    const empty = await post(server, path, say('   '));
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Escriba su mensaje antes de enviarlo.');
    expect(empty.text).toContain('aria-invalid="true"');
    const missing = await post(server, path, '');
    expect(missing.status).toBe(422);
    const long = await post(server, path, say('a'.repeat(4001)));
    expect(long.status).toBe(422);
    expect(long.text).toContain('demasiado largo');
    expect(long.text).toContain('a'.repeat(4001));
    const control = await post(server, path, say('hola\u0000'));
    expect(control.status).toBe(422);
    const json = await post(server, path, JSON.stringify({ message: 'hola' }), 'application/json');
    expect(json.status).toBe(415);
    const text = await post(server, path, 'message=hola', 'text/plain');
    expect(text.status).toBe(415);
    expect(await footprint(server, TABLES)).toEqual(before);
  });

  it('opens only its own conversation; form and chat tokens are not interchangeable', async () => {
    const server = await newServer();
    const { core } = server.service;
    const first = await chatWithLink(server);
    const otherPatient = (
      await core.patients.create({
        firstName: 'Jordi',
        lastName: 'Vila',
        phone: '+34600111222',
      })
    ).id;
    const other = await core.conversations.start({ patientId: otherPatient, context: 'Otro.' });
    await core.conversations.send(other.id, 'Mensaje secreto de Jordi');
    const page = await getPage(server, first.path);
    expect(page.text).not.toContain('Jordi');
    // The chat token does not open a form page, and a made-up token opens nothing.
    const asForm = await getPage(server, `/f/${first.token}`);
    expect(asForm.status).toBe(404);
    expect(asForm.text).not.toContain('Núria');
    const guessed = await getPage(server, `/c/${'A'.repeat(43)}`);
    expect(guessed.status).toBe(404);
    expect(guessed.headers.get('content-security-policy')).toBe(CHAT_PAGE_CSP);
    expect((await getPage(server, '/c/short')).status).toBe(404);

    // A form link does not open a chat.
    const { formId, patientId } = await formFixture(server);
    const now = core.clock.now();
    const schedule = await core.schedules.create({
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: new Date(now + 60_000).toISOString(),
    });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 61 } });
    const formLink = (await core.q.outbox.bySchedule(schedule.id))[0]!.link!;
    const formToken = new URL(formLink).pathname.slice(3);
    expect((await getPage(server, `/f/${formToken}`)).status).toBe(200);
    const before = await footprint(server, TABLES);
    expect((await getPage(server, `/c/${formToken}`)).status).toBe(404);
    expect((await post(server, `/c/${formToken}`, say('hola'))).status).toBe(404);
    expect(await footprint(server, TABLES)).toEqual(before);
  });

  it('stops working (410, a calm page) once the conversation is closed, storing and charging nothing', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { conversation, path } = await chatWithLink(server, { language: 'ca' });
    await core.conversations.close(conversation.id);
    const before = await footprint(server, TABLES);
    const page = await getPage(server, path);
    expect(page.status).toBe(410);
    expect(page.text).toContain('Aquesta conversa ha acabat');
    expect(page.text).toContain('112');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).not.toContain('<textarea');
    const posted = await post(server, path, say('Hola?'));
    expect(posted.status).toBe(410);
    expect(await footprint(server, TABLES)).toEqual(before);
  });

  it('stops working after 30 minutes without messages', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { conversation, path } = await chatWithLink(server);
    expect((await getPage(server, path)).status).toBe(200);
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 31 * 60 } });
    const balance = (await core.credits.balance()).balance;
    const posted = await post(server, path, say('¿Sigue ahí?'));
    expect(posted.status).toBe(410);
    expect(posted.text).toContain('Esta conversación ha terminado');
    expect((await core.conversations.get(conversation.id)).endReason).toBe('inactivity');
    expect((await core.conversations.get(conversation.id)).messages).toHaveLength(1);
    expect((await core.credits.balance()).balance).toBe(balance);
  });

  it('with no credits left says the clinic will call, stores nothing and tells the coordinator', async () => {
    const server = await newServer({ plans: { starter: 10, professional: 10, enterprise: 10 } });
    const { core } = server.service;
    const { conversation, path, patientId } = await chatWithLink(server);
    expect((await core.credits.balance()).balance).toBe(0);
    const before = await footprint(server, TABLES);
    const posted = await post(server, path, say('Me duele mucho el pecho'));
    expect(posted.status).toBe(402);
    expect(posted.text).toContain('se pondrá en contacto con usted');
    expect(posted.text).toContain('112');
    expect(await footprint(server, TABLES)).toEqual(before);
    const notices = (
      await core.db
        .prepare<[], { kind: string; data: string }>('SELECT kind, data FROM notifications')
        .all()
    ).filter((n) => n.kind === 'conversation.unanswered');
    expect(notices).toHaveLength(1);
    expect(JSON.parse(notices[0]!.data)).toMatchObject({
      conversationId: conversation.id,
      patient: { id: patientId, firstName: 'Núria' },
      reason: 'insufficient_credits',
      content: 'Me duele mucho el pecho',
      signs: ['chest_pain'],
    });
  });

  it('keeps working across a restart (only the hash is stored) and still refuses a guess', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const first = await newServer({ dataDir: data.dir });
    const { path } = await chatWithLink(first);
    await first.close();
    const again = await newServer({ dataDir: data.dir });
    const page = await getPage(again, path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Núria');
    expect((await post(again, path, say('Sigo aquí, todo bien.'))).status).toBe(303);
    expect(
      (await getPage(again, `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`)).status,
    ).toBe(404);
  });

  it('redacts the token from request logs', async () => {
    const { redactUrl } = await import('../../src-main/service/http/log-redaction');
    expect(redactUrl(`/c/${'a'.repeat(43)}?x=1`)).toBe('/c/[token]?x=1');
    expect(redactUrl('/api/v1/conversations')).toBe('/api/v1/conversations');
  });
});

describe('an unknown request', () => {
  it('on the API stays a problem document', async () => {
    const server = await newServer();
    expectProblem(
      await server.request('GET', '/conversations/conv_missing'),
      404,
      'resource_missing',
    );
  });
});
