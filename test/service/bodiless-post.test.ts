import { describe, expect, it } from 'vitest';
import { addPatient, expectProblem, serversClosedAfterEach } from './helpers';

/*
 * Issue 18: most HTTP clients send `Content-Type: application/json` on every POST, also on the
 * bodiless ones (cancel, end, retry). An empty body with that header is no body, not malformed
 * JSON: it used to answer 400 `invalid_json`, which on cancel reads like the spec's 400 for a
 * schedule that cannot be cancelled. A route that needs a body still says so (422).
 */

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const { newServer } = serversClosedAfterEach(T0);

describe('a POST with the JSON content type and no body', () => {
  it('cancels a schedule and ends a conversation', async () => {
    const server = await newServer({ seed: 'demo' });
    const { core } = server.service;
    const patientId = await addPatient(core, 'Aina', 'Roig Pons');
    const forms = await server.request('GET', '/clinical-forms?limit=1');
    const formId = forms.body.data[0].id as string;
    const schedule = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email', scheduledAt: '2026-11-21T10:00:00.000Z' },
    });
    expect(schedule.status, schedule.text).toBe(201);
    const empty = { rawBody: '', headers: { 'content-type': 'application/json' } };
    const cancelled = await server.request(
      'POST',
      `/form-schedules/${schedule.body.id}/cancel`,
      empty,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    const conversation = await server.request('POST', '/conversations', {
      body: { patientId, context: 'Control tras la cirugía' },
    });
    expect(conversation.status, conversation.text).toBe(201);
    const ended = await server.request('POST', `/conversations/${conversation.body.id}/end`, empty);
    expect(ended.status, ended.text).toBe(200);
  });

  it('is still refused where a body is needed, as a validation failure that changes nothing', async () => {
    const server = await newServer();
    const before = await server.service.core.q.patients.count({});
    const res = await server.request('POST', '/patients', {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 422, 'validation_failed');
    expect(await server.service.core.q.patients.count({})).toBe(before);
    // Whitespace is not "no body": it is malformed JSON text.
    expectProblem(
      await server.request('POST', '/patients', {
        rawBody: '  ',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
  });
});
