import { describe, expect, it } from 'vitest';
import { footprint, formFixture, type TestServer } from './helpers';
import { fieldErrors, operationServers } from './operation-harness';

/**
 * The conversation and call operations the Chats and Calls screens use: what they answer (every
 * record with its patient's name, so no screen shows a raw id) and what they refuse (each refusal
 * stores, charges and schedules nothing).
 */
const START = Date.parse('2026-11-22T09:00:00.000Z');
const { setup } = operationServers(START);

/** What a refusal must leave exactly as it was. */
const snapshot = (server: TestServer) =>
  footprint(server, [
    'credit_ledger',
    'conversations',
    'conversation_messages',
    'calls',
    'jobs',
    'events',
  ]);

const NURIA = { firstName: 'Núria', lastName: 'Puig Soler' };
const CONTEXT = 'Seguimiento tras la cirugía de rodilla';

describe('conversations: every answer names its patient', () => {
  it('lists (with the filters), reads, starts and ends with the patient beside the id', async () => {
    const { ok, core, server } = await setup();
    const { patientId } = await formFixture(server);
    const joan = (await core.patients.create({ firstName: 'Joan', lastName: 'Riba' })).id;

    const started = await ok('conversations.start', {
      patientId,
      context: CONTEXT,
      language: 'ca',
    });
    expect(started).toMatchObject({
      patientId,
      patient: { id: patientId, ...NURIA },
      language: 'ca',
      status: 'active',
      messageCount: 1,
    });
    expect(started.messages).toHaveLength(1);
    const other = await ok('conversations.start', { patientId: joan, context: CONTEXT });

    const all = await ok('conversations.list');
    expect(all.data.map((c: any) => c.id)).toEqual([other.id, started.id]);
    expect(all.data.map((c: any) => c.patient)).toEqual([
      { id: joan, firstName: 'Joan', lastName: 'Riba' },
      { id: patientId, ...NURIA },
    ]);
    expect(all.data[0]).not.toHaveProperty('messages');

    const hers = await ok('conversations.list', { patientId });
    expect(hers.data.map((c: any) => c.id)).toEqual([started.id]);
    expect(hers.data[0].patient).toEqual({ id: patientId, ...NURIA });

    // Paged by cursor, each page enriched.
    const first = await ok('conversations.list', { status: 'active', limit: 1 });
    expect(first.pagination.hasMore).toBe(true);
    const second = await ok('conversations.list', {
      status: 'active',
      limit: 1,
      cursor: first.pagination.cursor,
    });
    expect(second.data.map((c: any) => c.patient.firstName)).toEqual(['Núria']);

    const read = await ok('conversations.get', { id: started.id });
    expect(read.patient).toEqual({ id: patientId, ...NURIA });
    expect(read.messages[0].role).toBe('assistant');

    const ended = await ok('conversations.end', { id: started.id });
    expect(ended).toMatchObject({
      status: 'ended',
      endReason: 'closed',
      endedAt: new Date(START).toISOString(),
      patient: { id: patientId, ...NURIA },
    });
    expect((await ok('conversations.list', { status: 'ended' })).data[0]).toMatchObject({
      id: started.id,
      endReason: 'closed',
      patient: NURIA,
    });
  });

  it('refuses a start it cannot pay, for an inactive or unknown patient, or with bad input; nothing changes', async () => {
    const { refused, core, server } = await setup({
      plans: { starter: 9, professional: 9, enterprise: 9 },
    });
    const { patientId } = await formFixture(server);
    const before = await snapshot(server);

    const poor = await refused('conversations.start', { patientId, context: CONTEXT });
    expect(poor).toMatchObject({
      code: 'insufficient_credits',
      details: { balance: 9, required: 10 },
    });

    const bad = await refused('conversations.start', {
      patientId,
      context: '   ',
      language: 'fr',
    });
    expect(bad.code).toBe('validation_failed');
    const pointers = fieldErrors(bad).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/context', '/language']));

    const unknown = await refused('conversations.start', {
      patientId: 'pat_nope',
      context: CONTEXT,
    });
    expect(unknown.code).toBe('validation_failed');
    expect(fieldErrors(unknown)[0]).toMatchObject({
      pointer: '/patientId',
      code: 'not_found',
    });

    await core.patients.update(patientId, { status: 'inactive' });
    const afterUpdate = await snapshot(server);
    const inactive = await refused('conversations.start', { patientId, context: CONTEXT });
    expect(inactive.code).toBe('patient_inactive');
    expect(await snapshot(server)).toEqual(afterUpdate);
    expect({ ...afterUpdate, events: before.events }).toEqual(before);
  });

  it('refuses a message to an ended chat, saying why it ended; nothing is stored or charged', async () => {
    const { ok, refused, server } = await setup();
    const { patientId } = await formFixture(server);

    const closed = await ok('conversations.start', { patientId, context: CONTEXT });
    await ok('conversations.end', { id: closed.id });
    let before = await snapshot(server);
    const toClosed = await refused('conversations.send', { id: closed.id, content: 'Hola' });
    expect(toClosed).toMatchObject({
      code: 'conversation_ended',
      details: { conversationStatus: 'ended', endReason: 'closed' },
    });
    const again = await refused('conversations.end', { id: closed.id });
    expect(again.code).toBe('conversation_ended');
    expect(await snapshot(server)).toEqual(before);

    // Idle for 30 minutes: it closes by inactivity, and says so.
    const idle = await ok('conversations.start', { patientId, context: CONTEXT });
    await ok('sandbox.advance', { seconds: 31 * 60 });
    const read = await ok('conversations.get', { id: idle.id });
    expect(read).toMatchObject({
      status: 'ended',
      endReason: 'inactivity',
      endedAt: new Date(START + 30 * 60_000).toISOString(),
      patient: NURIA,
    });
    before = await snapshot(server);
    const toIdle = await refused('conversations.send', { id: idle.id, content: 'Hola' });
    expect(toIdle).toMatchObject({
      code: 'conversation_ended',
      details: { endReason: 'inactivity' },
    });
    expect(await snapshot(server)).toEqual(before);
    expect((await ok('conversations.get', { id: idle.id })).messageCount).toBe(1);
  });

  it('refuses a message it cannot pay, or an empty one, and keeps the chat as it was', async () => {
    const { ok, refused, server } = await setup({
      plans: { starter: 10, professional: 10, enterprise: 10 },
    });
    const { patientId } = await formFixture(server);
    const chat = await ok('conversations.start', { patientId, context: CONTEXT });
    const before = await snapshot(server);
    expect(before.balance).toBe(0);

    const poor = await refused('conversations.send', { id: chat.id, content: 'Estoy bien' });
    expect(poor).toMatchObject({
      code: 'insufficient_credits',
      details: { balance: 0, required: 1 },
    });
    const empty = await refused('conversations.send', { id: chat.id, content: ' \n ' });
    expect(fieldErrors(empty)[0]).toMatchObject({ pointer: '/content' });
    const missing = await refused('conversations.send', { id: 'conv_nope', content: 'Hola' });
    expect(missing.code).toBe('resource_missing');
    expect(await snapshot(server)).toEqual(before);
    expect(await ok('conversations.get', { id: chat.id })).toMatchObject({
      status: 'active',
      messageCount: 1,
      creditsConsumed: 10,
    });
  });
});

describe('calls: every answer names its patient', () => {
  it('starts, lists with the filters and reads a call with its patient, through its lifecycle', async () => {
    const { ok, core, server } = await setup();
    const { patientId } = await formFixture(server);
    const joan = (
      await core.patients.create({
        firstName: 'Joan',
        lastName: 'Riba',
        phone: '+34600001111', // busy: fails from ringing
      })
    ).id;

    const call = await ok('calls.start', { patientId, purpose: 'Control tras la cirugía' });
    expect(call).toMatchObject({
      status: 'queued',
      language: 'ca', // the patient's preferred language
      patient: { id: patientId, ...NURIA },
    });
    const busy = await ok('calls.start', { patientId: joan, purpose: 'Recordatorio de cita' });
    expect(busy.patient).toEqual({ id: joan, firstName: 'Joan', lastName: 'Riba' });

    const listed = await ok('calls.list');
    expect(listed.data.map((c: any) => c.patient.firstName)).toEqual(['Joan', 'Núria']);
    expect(listed.data[0]).not.toHaveProperty('transcript');

    await ok('sandbox.advance', { seconds: 3600 });
    const failed = await ok('calls.list', { status: 'failed' });
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({
      id: busy.id,
      failureReason: 'busy',
      patient: { firstName: 'Joan' },
    });
    const hers = await ok('calls.list', { patientId, status: 'completed' });
    expect(hers.data.map((c: any) => c.id)).toEqual([call.id]);
    expect(hers.data[0].patient).toEqual({ id: patientId, ...NURIA });

    // The date range bounds createdAt: [from, to).
    const today = await ok('calls.list', { from: '2026-11-22', to: '2026-11-23' });
    expect(today.data).toHaveLength(2);
    const later = await ok('calls.list', { from: '2026-11-23' });
    expect(later.data).toEqual([]);

    const detail = await ok('calls.get', { id: call.id });
    expect(detail).toMatchObject({ status: 'completed', patient: { id: patientId, ...NURIA } });
    expect(detail.transcript.length).toBeGreaterThan(1);
    expect(detail.summary).toEqual(expect.any(String));
    expect(detail.creditsConsumed).toBe(Math.ceil(detail.duration / 60) * 5);
  });

  it('refuses a call to a patient without a phone, inactive, or without the minimum balance; nothing changes', async () => {
    const { refused, core, server } = await setup({
      plans: { starter: 4, professional: 4, enterprise: 4 },
    });
    const { patientId } = await formFixture(server);
    const noPhone = (await core.patients.create({ firstName: 'Pau', lastName: 'Serra' })).id;
    const before = await snapshot(server);

    const poor = await refused('calls.start', { patientId, purpose: 'Control' });
    expect(poor).toMatchObject({
      code: 'insufficient_credits',
      details: { balance: 4, required: 5 },
    });
    const unreachable = await refused('calls.start', { patientId: noPhone, purpose: 'Control' });
    expect(unreachable.code).toBe('patient_unreachable');
    expect(fieldErrors(unreachable)[0]).toMatchObject({ pointer: '/patientId' });
    const blank = await refused('calls.start', { patientId, purpose: ' ', language: 'de' });
    const pointers = fieldErrors(blank).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/purpose', '/language']));
    expect(await snapshot(server)).toEqual(before);

    await core.patients.update(patientId, { status: 'inactive' });
    const afterUpdate = await snapshot(server);
    expect((await refused('calls.start', { patientId, purpose: 'Control' })).code).toBe(
      'patient_inactive',
    );
    expect(await snapshot(server)).toEqual(afterUpdate);
  });

  it('refuses bad list filters and an unknown call', async () => {
    const { refused } = await setup();
    const status = await refused('calls.list', { status: 'lost' });
    expect(fieldErrors(status)[0]).toMatchObject({ pointer: '/status' });
    const from = await refused('calls.list', { from: 'yesterday' });
    expect(fieldErrors(from)[0]).toMatchObject({ pointer: '/from' });
    expect((await refused('calls.get', { id: 'call_nope' })).code).toBe('resource_missing');
    const chats = await refused('conversations.list', { status: 'open' });
    expect(fieldErrors(chats)[0]).toMatchObject({ pointer: '/status' });
  });
});
