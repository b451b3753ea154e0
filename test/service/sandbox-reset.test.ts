import { describe, expect, it } from 'vitest';
import { CLINIC_TABLES, KEPT_TABLES } from '../../src-main/service/store/clinic-reset';
import { count, expectProblem, serversClosedAfterEach } from './helpers';
import { withOperations } from './operation-harness';
import { deleteGuards, tableNames } from './engine-sql';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

describe('POST /sandbox/reset', () => {
  it('replaces the clinic: demo comes back, keys and webhooks stay', async () => {
    const server = await newServer({ seed: 'demo' });
    const demoPatients = await count(server, 'patients');
    expect(demoPatients).toBeGreaterThan(0);
    await server.request('POST', '/patients', {
      body: { firstName: 'Extra', lastName: 'Patient' },
    });
    const hook = await server.request('POST', '/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks', events: ['patient.created'] },
    });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 60 } });

    const reset = await server.request('POST', '/sandbox/reset', { body: { seed: 'demo' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ seed: 'demo', patients: demoPatients });
    expect(await count(server, 'patients')).toBe(demoPatients);
    expect(await count(server, 'webhook_deliveries')).toBe(0);
    // The key still works; the webhook is still registered.
    const list = await server.request('GET', '/patients?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(demoPatients);
    expect((await server.request('GET', `/webhooks/${hook.body.id}`)).status).toBe(200);
    // Time never goes back.
    expect((await server.request('GET', '/sandbox/clock')).body.offsetSeconds).toBe(60);
  });

  it('an empty reset leaves no patients and an opened credit account', async () => {
    const server = await newServer({ seed: 'demo' });
    const reset = await server.request('POST', '/sandbox/reset', { body: { seed: 'empty' } });
    expect(reset.body).toEqual({ seed: 'empty', patients: 0 });
    expect((await server.request('GET', '/patients')).body).toMatchObject({ data: [], total: 0 });
    expect((await server.request('GET', '/clinical-forms')).body.data).toEqual([]);
    const balance = await server.request('GET', '/billing/balance');
    expect(balance.body).toMatchObject({ balance: 2000, plan: 'professional', usedThisMonth: 0 });
    // The emptied clinic works like a new one.
    const created = await server.request('POST', '/patients', {
      body: { firstName: 'Ana', lastName: 'García' },
    });
    expect(created.status).toBe(201);
    expect((await server.request('GET', '/patients?search=garc')).body.total).toBe(1);
  });

  it('decides for every table: a new table must be cleared or kept on purpose', async () => {
    const server = await newServer({ seed: 'empty' });
    const { db } = server.service.core;
    // FTS5 keeps its own shadow tables (patient_search_*), emptied with its 'delete-all' command.
    const tables = (await tableNames(db)).filter((name) => !name.startsWith('patient_search'));
    expect(tables).toEqual([...CLINIC_TABLES, ...KEPT_TABLES].sort());
  });

  it('puts back every guard against deleting records', async () => {
    const server = await newServer({ seed: 'demo' });
    const { db } = server.service.core;
    const guards = () => deleteGuards(db);
    const before = await guards();
    expect(before.length).toBeGreaterThan(0);
    await server.request('POST', '/sandbox/reset', { body: { seed: 'demo' } });
    expect(await guards()).toEqual(before);
    // And they still refuse: a patient cannot be deleted outside a reset.
    await expect(db.prepare('DELETE FROM patients').run()).rejects.toThrow();
  });

  it('is refused with a bad seed, without a credential, and outside sandbox mode', async () => {
    const server = await newServer();
    expectProblem(
      await server.request('POST', '/sandbox/reset', { body: { seed: 'all' } }),
      422,
      'validation_failed',
    );
    expectProblem(
      await server.request('POST', '/sandbox/reset', { body: { seed: 'demo' }, token: null }),
      401,
      'invalid_token',
    );
    const off = await newServer({ sandbox: false });
    expectProblem(
      await off.request('POST', '/sandbox/reset', { body: { seed: 'demo' } }),
      404,
      'route_not_found',
    );
  });

  it('the sandbox.reset operation does the same', async () => {
    const server = await newServer();
    const { ops } = withOperations(server);
    const result = await ops.run('sandbox.reset', { seed: 'demo' });
    expect(result).toMatchObject({ ok: true, value: { seed: 'demo' } });
    expect(await count(server, 'patients')).toBeGreaterThan(0);
    expect((await server.request('GET', '/patients?limit=1')).status).toBe(200);
    const bad = await ops.run('sandbox.reset', { seed: 'everything' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });
});
