import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import type { AttemptRecord } from '../../src-main/service/domain/webhook-deliveries';
import { createAttemptRecorder } from '../../src-main/service/webhooks/attempt-recorder';
import { fakeTime } from './helpers';
import { T0 } from './time';

/*
 * The group commit of webhook attempt records (webhooks/attempt-recorder.ts): attempts that end
 * together are stored in one transaction; one commit is under way at a time and what ends
 * meanwhile goes in the next (commits side by side refused each other on PostgreSQL); one record
 * that fails to store rejects alone, its writes undone, and the others are stored.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A core with one webhook and `events` pending deliveries (its job runner is not started). */
async function clinic(events: number) {
  const core = await createCore({ memory: true, seed: 'empty', realNow: fakeTime(T0).now });
  cleanups.push(async () => {
    await core.runner.stop();
    if (core.db.open) await core.close();
  });
  const hook = await core.webhooks.create({
    url: 'https://receiver.example.com/hooks',
    events: ['patient.created'],
  });
  await core.db.transaction(async () => {
    for (let i = 0; i < events; i++)
      await core.events.emit('patient.created', {
        patientId: `pat_rec${String(i).padStart(23, '0')}`,
        status: 'active',
        createdAt: core.clock.nowIso(),
      });
  });
  const webhook = (await core.q.webhooks.get(hook.id))!;
  const eventIds = await core.db
    .prepare<[string], string>(
      'SELECT event_id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq',
    )
    .pluck()
    .all(hook.id);
  return { core, webhook, eventIds };
}

function success(webhook: AttemptRecord['webhook'], eventId: string): AttemptRecord {
  return {
    webhook,
    eventId,
    trigger: 'automatic',
    attempt: 1,
    url: webhook.url,
    request: { body: Buffer.from('{}'), headers: {} },
    attemptedAt: new Date(T0).toISOString(),
    outcome: { succeeded: true, statusCode: 200, durationMs: 3 },
  };
}

const counts = async (core: Core) => ({
  delivered: await core.db
    .prepare<[], number>(`SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`)
    .pluck()
    .get(),
  attempts: await core.db
    .prepare<[], number>('SELECT count(*) FROM webhook_attempts')
    .pluck()
    .get(),
});

describe('the attempt recorder', () => {
  it('stores attempts that end together in one commit, and the ones that end during it in the next', async () => {
    const { core, webhook, eventIds } = await clinic(30);
    const commits: number[] = [];
    const real = core.db.transaction.bind(core.db);
    let open = 0;
    let mostOpen = 0;
    core.db.transaction = async (fn) => {
      if (core.db.inTransaction) return await real(fn);
      open++;
      mostOpen = Math.max(mostOpen, open);
      try {
        let stored = 0;
        const result = await real(async () => {
          // The first commit is slow (a busy server), so records end while it is under way.
          if (!commits.length) await new Promise((resolve) => setTimeout(resolve, 30));
          stored = 0;
          const value = await fn();
          stored = (await counts(core)).attempts!;
          return value;
        });
        commits.push(stored);
        return result;
      } finally {
        open--;
      }
    };
    cleanups.push(() => {
      core.db.transaction = real;
    });
    const record = createAttemptRecorder(core.db, core.webhookDeliveries);
    const first = eventIds.slice(0, 10).map((id) => record(success(webhook, id)));
    // Ten more end while the first commit is under way (it starts 2 ms after the first record).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = eventIds.slice(10, 20).map((id) => record(success(webhook, id)));
    expect(await Promise.all([...first, ...second])).toEqual(Array(20).fill(true));
    expect(mostOpen).toBe(1);
    expect(commits.length).toBeLessThanOrEqual(2);
    expect(commits.at(-1)).toBe(20);
    expect(await counts(core)).toEqual({ delivered: 20, attempts: 20 });
  });

  it('rejects one record that fails alone, its writes undone, and stores the others', async () => {
    const { core, webhook, eventIds } = await clinic(5);
    const bad = eventIds[2]!;
    const failing = {
      ...core.webhookDeliveries,
      // Fails after its writes, so that only undoing them leaves the delivery pending.
      async recordAttempt(record: AttemptRecord) {
        const stored = await core.webhookDeliveries.recordAttempt(record);
        if (record.eventId === bad) throw new Error('the store refused this record');
        return stored;
      },
    };
    const record = createAttemptRecorder(core.db, failing);
    const results = await Promise.allSettled(eventIds.map((id) => record(success(webhook, id))));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await counts(core)).toEqual({ delivered: 4, attempts: 4 });
    expect(await core.q.webhookDeliveries.get(webhook.id, bad)).toMatchObject({
      status: 'pending',
      attempt_count: 0,
    });
  });

  it('says false for an attempt already recorded (a run again after a crash) or a delivery gone', async () => {
    const { core, webhook, eventIds } = await clinic(2);
    const record = createAttemptRecorder(core.db, core.webhookDeliveries);
    expect(await record(success(webhook, eventIds[0]!))).toBe(true);
    expect(await record(success(webhook, eventIds[0]!))).toBe(false);
    expect(await record({ ...success(webhook, 'evt_01JD8X3V6Q9R2T5W7Y0B4C6E8G') })).toBe(false);
    expect(await record({ ...success(webhook, eventIds[1]!), trigger: 'manual' })).toBe(true);
    expect(await counts(core)).toEqual({ delivered: 2, attempts: 2 });
  });
});
