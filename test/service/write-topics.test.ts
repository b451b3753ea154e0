import { describe, expect, it } from 'vitest';
import type { Topic } from '../../src-preload/contract';
import { announce, type TopicsOf } from '../../src-main/service/changes/announce';
import { createChangeFeed } from '../../src-main/service/changes/change-feed';
import { formFixture, serversClosedAfterEach, type TestServer } from './helpers';
import { operationsOn } from './operation-harness';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const { newServer } = serversClosedAfterEach(T0);
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The topics the window hears while `act` runs (coalesced per tick, as the feed sends them). */
async function heardDuring(server: TestServer, act: () => Promise<unknown>): Promise<Topic[]> {
  await tick();
  const heard = new Set<Topic>();
  const stop = server.service.core.changes.subscribe((event) => {
    if (event.type === 'changed') for (const topic of event.data.topics) heard.add(topic);
  });
  await act();
  await tick();
  stop();
  return [...heard].sort();
}

describe('a write says what it changed once, whichever transport asked', () => {
  it('the same writes over IPC and over HTTP refresh the same views', async () => {
    const server = await newServer();
    const { ops } = operationsOn(server.service.core);
    let answered: Topic[] | undefined;
    const lastChanged = () => answered;
    const ok = async (name: string, input: unknown) => {
      const result = await ops.run(name, input);
      if (!result.ok) throw new Error(`${name} refused: ${result.error.message}`);
      answered = result.changed;
    };
    const { formId, patientId } = await formFixture(server);
    const other = await formFixture(server);

    // Each write twice: once through the window's operations, once through the HTTP API.
    const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'create a patient',
        () => ok('patients.create', { firstName: 'Aina', lastName: 'Vidal' }),
        () => server.request('POST', '/patients', { body: { firstName: 'Pau', lastName: 'Roca' } }),
      ],
      [
        'update a patient',
        () => ok('patients.update', { id: patientId, patch: { lastName: 'Serra' } }),
        () => server.request('PATCH', `/patients/${patientId}`, { body: { lastName: 'Mas' } }),
      ],
      [
        'schedule a delivery',
        () =>
          ok('schedules.create', {
            formId,
            patientId,
            channel: 'email',
            scheduledAt: '2026-03-05T09:00:00.000Z',
          }),
        () =>
          server.request('POST', '/form-schedules', {
            body: {
              formId: other.formId,
              patientId: other.patientId,
              channel: 'email',
              scheduledAt: '2026-03-05T09:00:00.000Z',
            },
          }),
      ],
      [
        'register a webhook',
        () => ok('webhooks.create', { url: 'http://127.0.0.1:9/a', events: ['patient.created'] }),
        () =>
          server.request('POST', '/webhooks', {
            body: { url: 'http://127.0.0.1:9/b', events: ['patient.created'] },
          }),
      ],
    ];
    for (const [what, overIpc, overHttp] of pairs) {
      const ipc = await heardDuring(server, overIpc);
      const http = await heardDuring(server, overHttp);
      expect(ipc.length, what).toBeGreaterThan(0);
      expect(http, what).toEqual(ipc);
      // The operation's answer says the same, for the window to refresh without the push.
      expect(lastChanged(), what).toEqual(ipc);
    }

    // Cancelling: a pending schedule of each kind, one cancelled each way.
    const pending = (await server.request('GET', '/form-schedules?status=pending')).body.data as {
      id: string;
    }[];
    expect(pending).toHaveLength(2);
    const ipc = await heardDuring(server, () => ok('schedules.cancel', { id: pending[0]!.id }));
    const http = await heardDuring(server, () =>
      server.request('POST', `/form-schedules/${pending[1]!.id}/cancel`),
    );
    expect(ipc).toEqual(['credits', 'schedules']);
    expect(lastChanged()).toEqual(ipc);
    expect(http).toEqual(ipc);
  });

  it('an operation answers with what it changed, and only what it changed', async () => {
    const server = await newServer();
    const { ops } = operationsOn(server.service.core);
    const { formId, patientId } = await formFixture(server);

    // A read, and a refused write, changed nothing: no `changed` at all.
    const read = await ops.run('patients.list', {});
    expect(read).toMatchObject({ ok: true });
    expect(read).not.toHaveProperty('changed');
    expect(await ops.run('patients.create', { firstName: 'Sense cognom' })).not.toHaveProperty(
      'changed',
    );

    // Writes running at the same time each say only their own topics.
    const [patient, webhook, names] = await Promise.all([
      ops.run('patients.create', { firstName: 'Aina', lastName: 'Vidal' }),
      ops.run('webhooks.create', { url: 'http://127.0.0.1:9/a', events: ['patient.created'] }),
      ops.run('patients.list', {}),
    ]);
    const changedOf = (result: Awaited<ReturnType<typeof ops.run>>) =>
      result.ok ? (result.changed ?? []) : ['refused'];
    expect(changedOf(patient)).toContain('patients');
    expect(changedOf(patient)).not.toContain('webhooks');
    expect(changedOf(webhook)).toContain('webhooks');
    expect(changedOf(webhook)).not.toContain('patients');
    expect(changedOf(names)).toEqual([]);

    // A clock advance says what the jobs it ran changed (here: a delivery went out).
    await ops.run('schedules.create', {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: '2026-03-02T10:00:00.000Z',
    });
    const advanced = await ops.run('sandbox.advance', { seconds: 7200 });
    expect(changedOf(advanced)).toEqual(expect.arrayContaining(['clock', 'schedules']));
  });

  it('collect counts what the work waited for, nothing after it answered, nothing of others', async () => {
    const feed = createChangeFeed();
    const { value, changed } = await feed.collect(async () => {
      feed.changed('patients');
      // What the work waits for counts, however it was started.
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          feed.changed('forms');
          resolve();
        }, 1),
      );
      feed.changed('alerts');
      return 7;
    });
    expect(value).toBe(7);
    expect(changed).toEqual(['alerts', 'forms', 'patients']);
    // A timer the work started but did not wait for keeps its scope, and runs after the answer:
    // it counts neither there nor for a write running at that moment.
    const first = await feed.collect(async () => {
      setTimeout(() => feed.changed('calls'), 5);
      return 1;
    });
    const second = await feed.collect(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      feed.changed('keys');
    });
    expect(first.changed).toEqual([]);
    expect(second.changed).toEqual(['keys']);
  });

  it('a read or a refused write announces nothing', async () => {
    const server = await newServer();
    const { ok, refused } = operationsOn(server.service.core);
    expect(await heardDuring(server, () => ok('patients.list', {}))).toEqual([]);
    expect(await heardDuring(server, () => server.request('GET', '/patients'))).toEqual([]);
    expect(
      await heardDuring(server, () => refused('patients.create', { firstName: 'Sense cognom' })),
    ).toEqual([]);
    expect(
      await heardDuring(server, () =>
        server.request('POST', '/patients', { body: { firstName: 'Sense cognom' } }),
      ),
    ).toEqual([]);
  });

  it('announce tells after a write returns or resolves, never after one that throws', async () => {
    const told: Topic[][] = [];
    const service = {
      write: (fail: boolean) => {
        if (fail) throw new Error('refused');
        return 1;
      },
      later: async () => 2,
      read: () => 3,
    };
    const topics: TopicsOf<typeof service> = {
      write: ['patients'],
      later: ['forms', 'credits'],
      read: [],
    };
    const announced = announce(service, topics, (...t) => told.push(t));
    expect(() => announced.write(true)).toThrow('refused');
    expect(told).toEqual([]);
    expect(announced.write(false)).toBe(1);
    expect(announced.read()).toBe(3);
    expect(told).toEqual([['patients']]);
    const pending = announced.later();
    expect(told).toHaveLength(1); // not before the promise settles
    expect(await pending).toBe(2);
    expect(told).toEqual([['patients'], ['forms', 'credits']]);
  });
});

// Compile-time checks (npm run typecheck): a method that does not declare what it changes, or a
// declaration for a method that does not exist, does not compile.
interface Service {
  create(): number;
  list(): number[];
}
// @ts-expect-error `list` is missing: every method says what it changes, [] for a read.
export const missing: TopicsOf<Service> = { create: ['patients'] };
export const extra: TopicsOf<Service> = {
  create: ['patients'],
  list: [],
  // @ts-expect-error `remove` is not a method of the service.
  remove: ['patients'],
};
// @ts-expect-error `patient` is not a topic.
export const unknownTopic: TopicsOf<Service> = { create: ['patient'], list: [] };
