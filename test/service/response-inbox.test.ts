import { describe, expect, it } from 'vitest';
import { serversClosedAfterEach } from './helpers';
import { operationsOn } from './operation-harness';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

async function clinicWithAnswers() {
  const server = await newServer();
  const { core } = server.service;
  const { ops } = operationsOn(core, server.url);
  const run = async (name: any, input?: unknown): Promise<any> => {
    const result = await ops.run(name, input);
    return result.ok ? result.value : { refused: result.error };
  };
  const control = await core.forms.create({
    name: 'Control',
    fields: [{ id: 'how', type: 'text', label: '¿Cómo está?', required: true }],
  });
  const pain = await core.forms.create({
    name: 'Dolor',
    fields: [{ id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 0, max: 10 }],
  });
  const ana = await core.patients.create({
    firstName: 'Ana',
    lastName: 'Puig',
    email: 'a@example.com',
  });
  const pau = await core.patients.create({
    firstName: 'Pau',
    lastName: 'Roca',
    email: 'p@example.com',
  });
  const answer = async (patientId: string, formId: string, value: unknown, fieldId: string) => {
    const s = await core.schedules.create({ formId, patientId, channel: 'email' });
    await core.advanceClock(60);
    return (await core.schedules.submit(s.id, [{ fieldId, value }])).id as string;
  };
  const first = await answer(ana.id, control.id, 'Bien', 'how');
  const second = await answer(pau.id, pain.id, 3, 'pain');
  const third = await answer(ana.id, pain.id, 4, 'pain');
  return { server, run, control, pain, ana, responses: [first, second, third] };
}

describe('responses.inbox and responses.mark', () => {
  it('lists every form’s responses newest first with form, patient and read state', async () => {
    const { run, responses, ana } = await clinicWithAnswers();
    const page = await run('responses.inbox', { limit: 2 });
    expect(page.data.map((r: any) => r.id)).toEqual([responses[2], responses[1]]);
    expect(page.data[0]).toMatchObject({
      formName: 'Dolor',
      patient: { id: ana.id, firstName: 'Ana', lastName: 'Puig' },
      read: false,
      scores: [],
    });
    expect(page.unread).toBe(3);
    expect(page.pagination.hasMore).toBe(true);
    const next = await run('responses.inbox', { limit: 2, cursor: page.pagination.cursor });
    expect(next.data.map((r: any) => r.id)).toEqual([responses[0]]);
  });

  it('marks read and unread, filters the unread and one form, and says what changed', async () => {
    const { run, responses, pain } = await clinicWithAnswers();
    const marked = await run('responses.mark', { ids: [responses[0], responses[1]], read: true });
    expect(marked).toEqual({ changed: 2 });
    // Marking again changes nothing; an unknown id is ignored.
    expect(await run('responses.mark', { ids: [responses[0], 'resp_nope'], read: true })).toEqual({
      changed: 0,
    });
    const unread = await run('responses.inbox', { unread: true });
    expect(unread.data.map((r: any) => r.id)).toEqual([responses[2]]);
    expect(unread.unread).toBe(1);
    const all = await run('responses.inbox', {});
    expect(all.data.map((r: any) => r.read)).toEqual([false, true, true]);
    const painOnly = await run('responses.inbox', { formId: pain.id });
    expect(painOnly.data.map((r: any) => r.id)).toEqual([responses[2], responses[1]]);
    expect(await run('responses.mark', { ids: [responses[1]], read: false })).toEqual({
      changed: 1,
    });
    expect((await run('responses.inbox', { unread: true })).unread).toBe(2);
    // A cursor belongs to its filters.
    const first = await run('responses.inbox', { limit: 1 });
    const crossed = await run('responses.inbox', {
      limit: 1,
      unread: true,
      cursor: first.pagination.cursor,
    });
    expect(crossed.refused.code).toBe('invalid_cursor');
  });

  it('refuses bad input and changes nothing', async () => {
    const { run, responses } = await clinicWithAnswers();
    expect((await run('responses.mark', { ids: [], read: true })).refused.code).toBe(
      'validation_failed',
    );
    expect((await run('responses.mark', { ids: [responses[0]] })).refused.code).toBe(
      'validation_failed',
    );
    expect((await run('responses.inbox', {})).unread).toBe(3);
  });
});
