import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Notification, PushEvent } from '../../src-preload/contract';
import type { TestServer } from './helpers';
import { operationServers } from './operation-harness';

const START = Date.parse('2026-11-24T10:00:00.000Z');
const operations = operationServers(START);
const { cleanups } = operations;

/** A small allowance, so the low-balance line is 10 credits. */
const PLANS = { starter: 100, professional: 100, enterprise: 100 };

async function setup(options: Parameters<typeof operations.setup>[0] = {}) {
  const { server, core, ok, refused } = await operations.setup({ plans: PLANS, ...options });
  const all = async (): Promise<Notification[]> =>
    (await ok<{ data: Notification[] }>('notifications.list', { limit: 100 })).data;
  const unread = async (): Promise<number> =>
    (await ok<{ unread: number }>('notifications.unreadCount')).unread;
  return { server, core, ok, refused, all, unread };
}

async function patient(server: TestServer, firstName: string, lastName: string) {
  const res = await server.request('POST', '/patients', {
    body: { firstName, lastName, email: `${firstName.toLowerCase()}@example.org` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

async function chat(server: TestServer, patientId: string) {
  const res = await server.request('POST', '/conversations', {
    body: { patientId, context: 'Seguimiento tras la cirugía', language: 'es' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

async function say(server: TestServer, conversationId: string, content: string) {
  const res = await server.request('POST', `/conversations/${conversationId}/messages`, {
    body: { content },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { patientMessage: { createdAt: string; escalated: boolean } };
}

describe('credits.low in the notification centre', () => {
  it('is raised once per dip below 10% of the allowance, with the event, and again after a top-up', async () => {
    const { core, all, unread } = await setup();
    await core.credits.charge({ amount: 85, reason: 'test' });
    expect(await all()).toEqual([]);
    await core.credits.charge({ amount: 6, reason: 'test' }); // 15 -> 9: below 10
    await core.credits.charge({ amount: 4, reason: 'test' }); // still below: no second one
    const [low] = await all();
    expect(await all()).toHaveLength(1);
    expect(low).toMatchObject({
      kind: 'credits.low',
      data: {
        balance: 9,
        monthlyAllowance: 100,
        threshold: 10,
        plan: 'professional',
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    expect(low!.readAt).toBeUndefined();
    const lowEvents = await core.db
      .prepare("SELECT count(*) FROM events WHERE type = 'credits.low'")
      .pluck()
      .get();
    expect(lowEvents).toBe(1);
    expect(await unread()).toBe(1);

    // Back above the line re-arms it; the next dip is news again.
    await core.credits.topUp(50);
    expect(await all()).toHaveLength(1);
    await core.credits.charge({ amount: 48, reason: 'test' }); // 55 -> 7
    const kinds = (await all()).map((n) => [n.kind, n.kind === 'credits.low' && n.data.balance]);
    expect(kinds).toEqual([
      ['credits.low', 7],
      ['credits.low', 9],
    ]);
  });

  it('is raised in the transaction of the charge: a charge rolled back leaves none', async () => {
    const { core, all } = await setup();
    const rolledBack = () =>
      core.db.transaction(async () => {
        await core.credits.charge({ amount: 95, reason: 'test' });
        throw new Error('the action failed after its charge');
      });
    await expect(rolledBack()).rejects.toThrow('the action failed');
    expect((await core.credits.balance()).balance).toBe(100);
    expect(await all()).toEqual([]);
  });

  it('is raised by real spending through the API, and a refused charge raises nothing', async () => {
    const { server, all } = await setup();
    const ana = await patient(server, 'Ana', 'García');
    for (let i = 0; i < 9; i++) await chat(server, ana.id); // 100 -> 10: not below
    expect(await all()).toEqual([]);
    await chat(server, ana.id); // 10 -> 0
    expect((await all()).map((n) => n.kind)).toEqual(['credits.low']);
    const refused = await server.request('POST', '/conversations', {
      body: { patientId: ana.id, context: 'Otra', language: 'es' },
    });
    expect(refused.status).toBe(402);
    expect(await all()).toHaveLength(1);
  });
});

describe('conversation.escalated in the notification centre', () => {
  it("names the patient and links the chat, once per conversation, in the message's transaction", async () => {
    const { server, core, all } = await setup({
      plans: { starter: 500, professional: 500, enterprise: 500 },
    });
    const pushed: PushEvent[] = [];
    cleanups.push(core.changes.subscribe((event) => pushed.push(event)));
    const marta = await patient(server, 'Marta', 'Vidal Puig');
    const conversation = await chat(server, marta.id);
    await say(server, conversation.id, 'Estoy bien, gracias');
    expect(await all()).toEqual([]);

    const sent = await say(server, conversation.id, 'Tengo un dolor en el pecho muy fuerte');
    expect(sent.patientMessage.escalated).toBe(true);
    const [escalated] = await all();
    expect(escalated).toEqual({
      id: expect.stringMatching(/^ntf_/),
      kind: 'conversation.escalated',
      data: {
        conversationId: conversation.id,
        patient: { id: marta.id, firstName: 'Marta', lastName: 'Vidal Puig' },
        redFlags: ['chest_pain'],
        escalatedAt: sent.patientMessage.createdAt,
      },
      createdAt: sent.patientMessage.createdAt,
    });
    await expect
      .poll(() => pushed.find((e) => e.type === 'notification'))
      .toEqual({
        type: 'notification',
        data: { id: escalated!.id, kind: 'conversation.escalated' },
      });
    expect(pushed).toContainEqual({
      type: 'changed',
      data: expect.objectContaining({ topics: expect.arrayContaining(['notifications']) }),
    });

    // The chat is already flagged: a second red flag in it is not a second notification.
    await say(server, conversation.id, 'Ahora me falta el aire');
    expect(await all()).toHaveLength(1);
    // Another patient's chat is.
    const joan = await patient(server, 'Joan', 'Soler');
    const other = await chat(server, joan.id);
    await say(server, other.id, 'No puedo respirar');
    expect(
      (await all()).map((n) => n.kind === 'conversation.escalated' && n.data.patient.firstName),
    ).toEqual(['Joan', 'Marta']);
  });

  it('raises nothing for a message that is refused (ended conversation, no credits)', async () => {
    const { server, all } = await setup({
      plans: { starter: 11, professional: 11, enterprise: 11 },
    });
    const ana = await patient(server, 'Ana', 'García');
    const conversation = await chat(server, ana.id); // 11 -> 1
    const ended = await server.request('POST', `/conversations/${conversation.id}/end`);
    expect(ended.status, ended.text).toBe(200);
    const refused = await server.request('POST', `/conversations/${conversation.id}/messages`, {
      body: { content: 'Tengo dolor en el pecho' },
    });
    expect(refused.status).toBe(400);
    expect((await all()).filter((n) => n.kind === 'conversation.escalated')).toEqual([]);
  });
});

describe('webhook.disabled in the notification centre', () => {
  it('carries the URL and the failure counts', async () => {
    const { server, core, all } = await setup();
    const receiver = http.createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          receiver.closeAllConnections();
          receiver.close(() => resolve());
        }),
    );
    const address = receiver.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}/hooks`;
    const registered = await server.request('POST', '/webhooks', {
      body: { url, events: ['patient.created'] },
    });
    expect(registered.status, registered.text).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await server.request('POST', '/sandbox/events', {
        body: { event: 'patient.created' },
      });
      expect(res.status).toBe(201);
    }
    await expect.poll(async () => (await all()).length, { timeout: 10_000 }).toBe(1);
    await core.runner.idle();
    expect((await all())[0]).toMatchObject({
      kind: 'webhook.disabled',
      data: {
        webhookId: registered.body.id,
        url,
        failedAttempts: 10,
        attempts: 10,
        // Each event's retry was still due: they are failed with the webhook.
        pendingDeliveriesFailed: 10,
      },
    });
  });
});

describe('reading and marking', () => {
  it('counts unread, marks one and all read, pages and filters', async () => {
    const { core, ok, all, unread } = await setup();
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        await core.notifications.raise('webhook.disabled', {
          webhookId: `wh_${n}`,
          url: `https://example.org/${n}`,
          failedAttempts: 10,
          attempts: 10,
          pendingDeliveriesFailed: 0,
        }),
      );
    expect(await unread()).toBe(3);
    const first = await ok('notifications.list', { limit: 2 });
    expect(first.data.map((n: Notification) => n.id)).toEqual([ids[2], ids[1]]);
    expect(first.pagination.hasMore).toBe(true);
    const second = await ok('notifications.list', { limit: 2, cursor: first.pagination.cursor });
    expect(second.data.map((n: Notification) => n.id)).toEqual([ids[0]]);

    expect(await ok('notifications.markRead', { id: ids[1] })).toEqual({ id: ids[1] });
    expect(await unread()).toBe(2);
    const unreadOnly = await ok('notifications.list', { unread: true });
    expect(unreadOnly.data.map((n: Notification) => n.id)).toEqual([ids[2], ids[0]]);
    expect((await all()).find((n) => n.id === ids[1])?.readAt).toBe(core.clock.nowIso());

    expect(await ok('notifications.markAllRead')).toEqual({ marked: 2 });
    expect(await unread()).toBe(0);
    expect((await ok('notifications.list', { unread: true })).data).toEqual([]);
    // Nothing left to mark: a second call is harmless and says so.
    expect(await ok('notifications.markAllRead')).toEqual({ marked: 0 });
    // Marking one again keeps its first reading time.
    const before = (await all()).find((n) => n.id === ids[1])!.readAt;
    await core.advanceClock(60);
    await ok('notifications.markRead', { id: ids[1] });
    expect((await all()).find((n) => n.id === ids[1])!.readAt).toBe(before);
  });

  it('refuses what it cannot do and changes nothing', async () => {
    const { core, refused, unread } = await setup();
    await core.notifications.raise('credits.low', {
      balance: 9,
      monthlyAllowance: 100,
      threshold: 10,
      plan: 'starter',
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(await refused('notifications.markRead', { id: 'ntf_missing' })).toMatchObject({
      code: 'resource_missing',
    });
    expect(await refused('notifications.markRead', {})).toMatchObject({
      code: 'validation_failed',
      details: { errors: [expect.objectContaining({ pointer: '/id' })] },
    });
    expect(await refused('notifications.markAllRead', { all: true })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await refused('notifications.unreadCount', { x: 1 })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await refused('notifications.list', { unread: 'yes' })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await refused('notifications.list', { limit: 0 })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await unread()).toBe(1);
  });
});
