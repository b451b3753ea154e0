import { describe, expect, it } from 'vitest';
import { count, EVERY_FIELD_ANSWERS, formFixture } from './helpers';
import { operationServers } from './operation-harness';

const START = Date.parse('2026-11-22T09:00:00.000Z');
const { setup } = operationServers(START);

describe('operations: app and patients', () => {
  it('app.info answers what the adapter gives', async () => {
    const { ok, server } = await setup();
    expect(await ok('app.info')).toEqual({ apiBaseUrl: server.url, version: 'test', mode: 'web' });
  });

  it('creates, lists with the tag filter, updates and reads a timeline', async () => {
    const { ok } = await setup();
    const ana = await ok('patients.create', {
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      tags: ['diabetes', 'post-op'],
    });
    await ok('patients.create', { firstName: 'Joan', lastName: 'Puig', tags: ['diabetes'] });
    await ok('patients.create', { firstName: 'Marta', lastName: 'Vidal' });

    const all = await ok('patients.list');
    expect(all.total).toBe(3);
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    const tagged = await ok('patients.list', { tag: 'post-op' });
    expect(tagged.data.map((p: any) => p.id)).toEqual([ana.id]);
    expect(tagged.total).toBe(1);
    const page = await ok('patients.list', { tag: 'diabetes', limit: 1 });
    expect(page.total).toBe(2);
    const next = await ok('patients.list', {
      tag: 'diabetes',
      limit: 1,
      cursor: page.pagination.cursor,
    });
    expect(next.data[0].id).toBe(ana.id);
    expect(await ok('patients.tags')).toEqual([
      { tag: 'diabetes', count: 2 },
      { tag: 'post-op', count: 1 },
    ]);

    const updated = await ok('patients.update', {
      id: ana.id,
      patch: { lastName: 'García López' },
    });
    expect(updated.lastName).toBe('García López');
    expect(await ok('patients.get', { id: ana.id })).toEqual(updated);
    expect(await ok('patients.timeline', { id: ana.id })).toEqual([]);
  });

  it('refuses bad input with the API pointers and codes', async () => {
    const { refused } = await setup();
    const error = await refused('patients.create', { firstName: 'Ana', email: 'nope' });
    expect(error.code).toBe('validation_failed');
    const errors = (error.details as any).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/lastName', code: 'required' }),
        expect.objectContaining({ pointer: '/email', code: 'format' }),
      ]),
    );
    const patch = await refused('patients.update', { id: 'pat_x', patch: { email: 'nope' } });
    expect((patch.details as any).errors[0]).toMatchObject({ pointer: '/email' });
    expect((await refused('patients.get', { id: 'pat_missing' })).code).toBe('resource_missing');
    expect((await refused('patients.list', { limit: 500 })).code).toBe('validation_failed');
    expect((await refused('patients.tags', { what: 1 })).code).toBe('validation_failed');
  });
});

describe('operations: forms, schedules, responses and the outbox', () => {
  it('schedules, delivers, answers and shows it everywhere', async () => {
    const { ok, core, server } = await setup();
    const { formId, patientId } = await formFixture(server);
    const scheduledAt = new Date(START + 3600_000).toISOString();
    const schedule = await ok('schedules.create', {
      formId,
      patientId,
      channel: 'email',
      scheduledAt,
    });
    expect(schedule.status).toBe('pending');

    const upcoming = await ok('schedules.upcoming');
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({
      id: schedule.id,
      formName: 'Every field type',
      patient: { id: patientId, firstName: 'Núria', lastName: 'Puig Soler' },
    });
    expect(await ok('schedules.upcoming', { to: new Date(START + 60_000).toISOString() })).toEqual(
      [],
    );

    await ok('sandbox.advance', { seconds: 3600 });
    expect((await ok('schedules.get', { id: schedule.id })).status).toBe('sent');
    const outbox = await ok('outbox.list', { scheduleId: schedule.id });
    expect(outbox.data).toHaveLength(1);

    await core.schedules.submit(schedule.id, EVERY_FIELD_ANSWERS);
    const recent = await ok('responses.recent');
    expect(recent[0]).toMatchObject({
      formId,
      formName: 'Every field type',
      patient: { id: patientId },
    });
    const responses = await ok('responses.list', { formId });
    expect(responses.data[0].id).toBe(recent[0].id);
    expect((await ok('responses.get', { id: recent[0].id })).id).toBe(recent[0].id);

    const forms = await ok('forms.list');
    expect(forms.data.map((f: any) => f.id)).toEqual([formId]);
    expect((await ok('forms.get', { id: formId })).name).toBe('Every field type');
    const list = await ok('schedules.list', { patientId });
    expect(list.data[0]).toMatchObject({ id: schedule.id, status: 'completed' });

    const timeline = await ok('patients.timeline', { id: patientId });
    expect(timeline.map((item: any) => item.kind).sort()).toEqual(['response', 'schedule']);
    expect(timeline[0].at >= timeline[1].at).toBe(true);
  });

  it('answers the price list the ledger charges by, and refuses input to it', async () => {
    const { ok, refused, server, core } = await setup();
    const prices = await ok('credits.prices');
    expect(prices).toEqual(core.prices);
    expect(prices.conversationStart).toBe(10);
    expect(prices.conversationMessage).toBe(1);
    const { formId, patientId } = await formFixture(server);
    const before = (await ok('credits.balance')).balance;
    await ok('schedules.create', { formId, patientId, channel: 'email' });
    expect((await ok('credits.balance')).balance).toBe(before - prices.deliveryEmail);
    expect((await refused('credits.prices', { free: true })).code).toBe('validation_failed');
  });

  it('cancels and refunds; a sent schedule is not cancellable', async () => {
    const { ok, refused, server } = await setup();
    const { formId, patientId } = await formFixture(server);
    const before = (await ok('credits.balance')).balance;
    const later = new Date(START + 86_400_000).toISOString();
    const schedule = await ok('schedules.create', {
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: later,
    });
    expect((await ok('credits.balance')).balance).toBe(before - 2);
    expect(await ok('schedules.cancel', { id: schedule.id })).toMatchObject({
      status: 'cancelled',
      creditsRefunded: 2,
    });
    expect((await ok('credits.balance')).balance).toBe(before);
    const error = await refused('schedules.cancel', { id: schedule.id });
    expect(error.code).toBe('schedule_not_cancellable');
    const bad = await refused('schedules.create', { formId, patientId, channel: 'fax' });
    expect((bad.details as any).errors[0]).toMatchObject({ pointer: '/channel', code: 'enum' });
  });

  it('402 insufficient credits changes nothing', async () => {
    const { ok, refused, core, server } = await setup();
    const { formId, patientId } = await formFixture(server);
    const { balance } = await core.credits.balance();
    await core.credits.charge({ amount: balance, reason: 'test: empty the account' });
    const schedules = await count(server, 'form_schedules');
    const ledger = await count(server, 'credit_ledger');
    const error = await refused('schedules.create', { formId, patientId, channel: 'email' });
    expect(error).toMatchObject({
      code: 'insufficient_credits',
      details: { balance: 0, required: 1 },
    });
    expect(await count(server, 'form_schedules')).toBe(schedules);
    expect(await count(server, 'credit_ledger')).toBe(ledger);
    expect((await ok('credits.balance')).balance).toBe(0);
  });
});

describe('operations: conversations and calls', () => {
  it('starts, sends, ends; lists what needs attention', async () => {
    const { ok, refused, server } = await setup();
    const { patientId } = await formFixture(server);
    const conversation = await ok('conversations.start', {
      patientId,
      context: 'Follow-up after surgery',
    });
    expect(conversation.status).toBe('active');
    const exchange = await ok('conversations.send', {
      id: conversation.id,
      content: 'Tengo un dolor en el pecho muy fuerte',
    });
    expect(exchange.creditsConsumed).toBe(1);
    const attention = await ok('conversations.attention');
    expect(attention.map((c: any) => c.id)).toEqual([conversation.id]);
    expect(attention[0].patient).toMatchObject({ id: patientId });
    expect((await ok('conversations.list', { escalated: true })).data).toHaveLength(1);
    expect((await ok('conversations.get', { id: conversation.id })).messages.length).toBe(3);
    expect((await ok('conversations.end', { id: conversation.id })).status).toBe('ended');
    expect(await ok('conversations.attention')).toEqual([]);
    expect(
      (await refused('conversations.send', { id: conversation.id, content: 'hola' })).code,
    ).toBe('conversation_ended');
    const empty = await refused('conversations.send', { id: conversation.id, content: '' });
    expect((empty.details as any).errors[0]).toMatchObject({ pointer: '/content' });
  });

  it('starts a call that runs on the sandbox clock', async () => {
    const { ok, refused, server } = await setup();
    const { patientId } = await formFixture(server);
    const call = await ok('calls.start', { patientId, purpose: 'Check on recovery' });
    expect(call.status).toBe('queued');
    await ok('sandbox.advance', { seconds: 3600 });
    expect((await ok('calls.get', { id: call.id })).status).toBe('completed');
    expect((await ok('calls.list', { patientId })).data).toHaveLength(1);
    expect((await refused('calls.start', { patientId })).code).toBe('validation_failed');
  });
});

describe('operations: credits, keys and notifications', () => {
  it('tops up, shows the ledger and the usage of every day of the period', async () => {
    const { ok, refused, core, server } = await setup();
    const { formId, patientId } = await formFixture(server);
    const before = await ok('credits.balance');
    const after = await ok('credits.topUp', { amount: 250, reason: 'Invoice 17' });
    expect(after.balance).toBe(before.balance + 250);
    const ledger = await ok('credits.ledger', { kind: 'grant' });
    expect(ledger.data[0]).toMatchObject({ amount: 250 });
    for (const bad of [0, 1_000_001, 2.5, '10']) {
      const error = await refused('credits.topUp', { amount: bad });
      expect((error.details as any).errors[0].pointer).toBe('/amount');
    }
    await core.schedules.create({ formId, patientId, channel: 'whatsapp' });
    const cancelled = await core.schedules.create({
      formId,
      patientId,
      channel: 'email',
      scheduledAt: new Date(START + 86_400_000).toISOString(),
    });
    await core.schedules.cancel(cancelled.id);
    const usage = await ok('credits.usage');
    expect(usage.resetsAt).toBe('2026-12-01T00:00:00.000Z');
    expect(usage.periodStart).toBe('2026-11-01T00:00:00.000Z');
    expect(usage.days).toHaveLength(22);
    expect(usage.days[0]).toEqual({ date: '2026-11-01', consumed: 0 });
    expect(usage.days[21]).toEqual({ date: '2026-11-22', consumed: 2 });
  });

  it('creates, lists (revoked flagged, newest first) and revokes keys', async () => {
    const { ok, refused, server } = await setup();
    const created = await ok('keys.create', {
      name: 'Integration',
      permissions: ['patients:read'],
    });
    expect(created.key).toMatch(/^sk_/);
    const response = await server.request('GET', '/patients', { token: created.key });
    expect(response.status).toBe(200);
    const revoked = await ok('keys.revoke', { id: created.id });
    expect(revoked.revokedAt).toBeDefined();
    const keys = await ok('keys.list');
    expect(keys[0]).toMatchObject({ id: created.id, revokedAt: revoked.revokedAt });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect((await server.request('GET', '/patients', { token: created.key })).status).toBe(401);
    const error = await refused('keys.create', { name: 'x', permissions: ['everything'] });
    expect((error.details as any).errors[0].pointer).toBe('/permissions/0');
    expect((await refused('keys.revoke', { id: 'key_missing' })).code).toBe('resource_missing');
  });

  it('lists and marks notifications read', async () => {
    const { ok, refused, core } = await setup();
    const id = await core.notifications.raise('webhook.disabled', {
      webhookId: 'wh_x',
      url: 'https://example.org/hook',
      failedAttempts: 20,
      attempts: 20,
      pendingDeliveriesFailed: 0,
    });
    expect((await ok('notifications.list', { unread: true })).data.map((n: any) => n.id)).toEqual([
      id,
    ]);
    expect(await ok('notifications.markRead', { id })).toEqual({ id });
    expect((await ok('notifications.list', { unread: true })).data).toEqual([]);
    expect((await refused('notifications.markRead', { id: 'ntf_missing' })).code).toBe(
      'resource_missing',
    );
  });
});

describe('operations: webhooks', () => {
  it('registers, updates, lists failed deliveries across webhooks and removes', async () => {
    const { ok, refused, core } = await setup({ webhookTimeoutMs: 500 });
    // A closed port: every attempt fails fast.
    const hook = await ok('webhooks.create', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['patient.created'],
    });
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await ok('webhooks.list')).data).toHaveLength(1);
    const updated = await ok('webhooks.update', {
      id: hook.id,
      patch: { events: ['patient.created', 'call.ended'] },
    });
    expect(updated.events).toEqual(['patient.created', 'call.ended']);
    const bad = await refused('webhooks.update', { id: hook.id, patch: { url: 'ftp://x' } });
    expect(bad.code).toBe('validation_failed');
    expect((bad.details as any).errors[0].pointer).toBe('/url');

    await core.patients.create({ firstName: 'Ana', lastName: 'García' });
    await ok('sandbox.advance', { seconds: 3 * 3600 });
    await core.runner.idle();
    const failed = await ok('webhooks.failedDeliveries');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      webhookId: hook.id,
      webhookUrl: 'http://127.0.0.1:9/hooks',
      event: 'patient.created',
      failureReason: 'retries_exhausted',
      attemptCount: 4,
    });
    const deliveries = await ok('webhooks.deliveries', { id: hook.id, status: 'failed' });
    expect(deliveries.data[0].eventId).toBe(failed[0].eventId);
    const retried = await ok('webhooks.retry', { id: hook.id, eventId: failed[0].eventId });
    expect(retried.eventId).toBe(failed[0].eventId);
    expect(await ok('webhooks.remove', { id: hook.id })).toEqual({ id: hook.id, deleted: true });
    expect((await refused('webhooks.get', { id: hook.id })).code).toBe('resource_missing');
  });
});

describe('operations: settings and the sandbox', () => {
  it('reads and saves settings; the sandbox switch applies at once', async () => {
    const { ok, refused, server } = await setup();
    const settings = await ok('settings.get');
    expect(settings).toMatchObject({
      language: 'es',
      port: 4010,
      sandbox: true,
      plan: 'professional',
      assistant: { provider: 'builtin', hasKey: false, source: 'default' },
      smtp: { source: 'default' },
    });
    const saved = await ok('settings.update', {
      language: 'ca',
      port: 4321,
      plan: 'enterprise',
      clinicName: 'Clínica Sant Pau',
      notificationEmail: 'coordinacio@example.org',
      assistant: {
        provider: 'openai',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3',
        apiKey: 'secret-key',
        timeoutSeconds: 15,
      },
      smtpUrl: 'smtp://user:s3cret@mail.example.org:587?from=citas@example.org',
    });
    expect(saved).toMatchObject({
      language: 'ca',
      port: 4321,
      plan: 'enterprise',
      clinicName: 'Clínica Sant Pau',
      notificationEmail: 'coordinacio@example.org',
      assistant: {
        provider: 'openai',
        model: 'llama3',
        hasKey: true,
        timeoutSeconds: 15,
        source: 'settings',
      },
      smtp: {
        url: 'smtp://user:****@mail.example.org:587?from=citas%40example.org',
        source: 'settings',
      },
    });
    expect(JSON.stringify(saved)).not.toContain('s3cret');
    expect(JSON.stringify(saved)).not.toContain('secret-key');
    expect((await ok('credits.balance')).monthlyAllowance).toBe(10_000);
    // Editing the endpoint without the key keeps the saved key.
    const kept = await ok('settings.update', {
      assistant: { provider: 'openai', baseUrl: 'http://127.0.0.1:8080/v1', model: 'qwen' },
    });
    expect(kept.assistant.hasKey).toBe(true);

    for (const [input, pointer] of [
      [{ port: 80 }, '/port'],
      [{ port: 70000 }, '/port'],
      [{ smtpUrl: 'http://nope' }, '/smtpUrl'],
      [{ language: 'fr' }, '/language'],
    ] as const) {
      const error = await refused('settings.update', input);
      expect(error.code).toBe('validation_failed');
      expect((error.details as any).errors[0].pointer).toBe(pointer);
    }

    await ok('settings.update', { sandbox: false });
    expect((await server.request('GET', '/sandbox/clock')).status).toBe(404);
    expect((await refused('sandbox.advance', { seconds: 60 })).code).toBe('sandbox_off');
    expect((await refused('sandbox.clock')).code).toBe('sandbox_off');
    expect((await refused('sandbox.reset', { seed: 'empty' })).code).toBe('sandbox_off');
    await ok('settings.update', { sandbox: true });
    expect((await server.request('GET', '/sandbox/clock')).status).toBe(200);
  });

  it('reads and advances the clock', async () => {
    const { ok, refused } = await setup();
    const clock = await ok('sandbox.clock');
    expect(clock.offsetSeconds).toBe(0);
    const moved = await ok('sandbox.advance', { seconds: 120 });
    expect(moved).toMatchObject({ offsetSeconds: 120, jobsRun: expect.any(Number) });
    expect(Date.parse(moved.now) - Date.parse(clock.now)).toBe(120_000);
    const error = await refused('sandbox.advance', { seconds: -1 });
    expect((error.details as any).errors[0]).toMatchObject({
      pointer: '/seconds',
      code: 'minimum',
    });
  });

  it('an unexpected failure is internal_error without its message', async () => {
    const { ops, core } = await setup();
    await core.close();
    const result = await ops.run('patients.list', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal_error', message: expect.not.stringContaining('database') },
    });
  });
});
