import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../src-preload/contract';
import { createChangeFeed } from '../../src-main/service/changes/change-feed';
import { formFixture, serversClosedAfterEach } from './helpers';
import { operationsOn } from './operation-harness';

const START = Date.parse('2026-11-22T09:00:00.000Z');
const { newServer } = serversClosedAfterEach(START);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('change feed', () => {
  it('coalesces changed topics per tick and sends other events one by one', async () => {
    const feed = createChangeFeed();
    const seen: PushEvent[] = [];
    const stop = feed.subscribe((e) => seen.push(e));
    feed.changed('patients');
    feed.changed('credits', 'patients');
    feed.emit({ type: 'notification', data: { id: 'ntf_1', kind: 'webhook.disabled' } });
    feed.emit({ type: 'notification', data: { id: 'ntf_2', kind: 'webhook.disabled' } });
    expect(seen).toEqual([]); // never inside the caller's (transaction's) synchronous work
    await tick();
    expect(seen).toEqual([
      { type: 'notification', data: { id: 'ntf_1', kind: 'webhook.disabled' } },
      { type: 'notification', data: { id: 'ntf_2', kind: 'webhook.disabled' } },
      { type: 'changed', data: { topics: ['credits', 'patients'] } },
    ]);
    stop();
    feed.changed('patients');
    await tick();
    expect(seen).toHaveLength(3);
  });

  it('a throwing listener does not silence the others', async () => {
    const errors: unknown[] = [];
    const feed = createChangeFeed({ onListenerError: (e) => errors.push(e) });
    const seen: PushEvent[] = [];
    feed.subscribe(() => {
      throw new Error('closed window');
    });
    feed.subscribe((e) => seen.push(e));
    feed.changed('keys');
    await tick();
    expect(seen).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('hears operations, API writes, jobs, notifications and the clock', async () => {
    const server = await newServer();
    const { core } = server.service;
    const seen: PushEvent[] = [];
    core.changes.subscribe((e) => seen.push(e));
    const topics = () => new Set(seen.flatMap((e) => (e.type === 'changed' ? e.data.topics : [])));

    const { ops } = operationsOn(core);
    await ops.run('keys.create', { name: 'x', permissions: ['patients:read'] });
    await tick();
    expect(topics().has('keys')).toBe(true);

    seen.length = 0;
    await server.request('PATCH', `/patients/${(await formFixture(server)).patientId}`, {
      body: { lastName: 'Nou' },
    });
    await tick();
    expect(topics().has('patients')).toBe(true);

    const { formId, patientId } = await formFixture(server);
    await tick();
    seen.length = 0;
    const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
    await core.advanceClock(60);
    await tick();
    expect(seen).toEqual(
      expect.arrayContaining([
        { type: 'schedule.changed', data: { scheduleId: schedule.id, status: 'sent' } },
        {
          type: 'delivery.happened',
          data: { scheduleId: schedule.id, status: 'sent', channel: 'email' },
        },
        { type: 'clock', data: { now: expect.any(String), offsetSeconds: 60 } },
      ]),
    );
    expect(topics()).toEqual(new Set(['schedules', 'outbox', 'credits', 'clock']));

    seen.length = 0;
    const id = await core.notifications.raise('webhook.disabled', {
      webhookId: 'wh_1',
      url: 'https://example.org/hook',
      failedAttempts: 20,
      attempts: 20,
      pendingDeliveriesFailed: 0,
    });
    await tick();
    expect(seen).toContainEqual({ type: 'notification', data: { id, kind: 'webhook.disabled' } });

    seen.length = 0;
    const conversation = await core.conversations.start({ patientId, context: 'Seguiment' });
    await core.advanceClock(31 * 60);
    await tick();
    expect(seen).toContainEqual({
      type: 'conversation.message',
      data: { conversationId: conversation.id },
    });
  });
});
