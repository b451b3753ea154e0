import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DEMO_FORMS } from '../../src-main/service/seed/demo-forms';
import { Alert, AlertList } from '../../src-main/service/schemas/alert';
import { CORPUS_CA } from './triage/corpus-ca';
import { CORPUS_EN } from './triage/corpus-en';
import { CORPUS_ES } from './triage/corpus-es';
import {
  addPatient,
  count,
  expectProblem,
  expectSchema,
  footprint,
  qs,
  serversClosedAfterEach,
  type ListBody,
  type TestServer,
} from './helpers';

/**
 * Alerts over HTTP (docs/api-decisions.md, "Alerts"): raised in the transaction of their cause,
 * listed with filters and keyset pages, moved forward by acknowledge and resolve, and nothing
 * else changed by either. Bad input is a problem response that changes nothing.
 */
const START = Date.parse('2026-11-26T09:00:00.000Z');
const { newServer } = serversClosedAfterEach(START);

type AlertBody = Static<typeof Alert>;

const advance = (server: TestServer, seconds: number) =>
  server.request('POST', '/sandbox/clock/advance', { body: { seconds } });

async function chat(server: TestServer, patientId: string, language: 'es' | 'ca' | 'en' = 'es') {
  const res = await server.request('POST', '/conversations', {
    body: { patientId, context: 'Seguimiento general', language },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const say = (server: TestServer, conversationId: string, content: string) =>
  server.request('POST', `/conversations/${conversationId}/messages`, { body: { content } });

async function alertsOf(server: TestServer, query: Record<string, string> = {}) {
  const res = await server.request<ListBody<AlertBody>>('GET', `/alerts${qs(query)}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(AlertList, res.body);
  return res.body.data;
}

const demoForm = (key: string) => DEMO_FORMS.find((f) => f.key === key)!.definition;

/** One message per warning sign and language from the labelled corpus (not this file's words). */
function sampleMessages() {
  const out: { lang: 'es' | 'ca' | 'en'; sign: string; text: string; postOp?: boolean }[] = [];
  for (const corpus of [CORPUS_ES, CORPUS_CA, CORPUS_EN]) {
    const seen = new Set<string>();
    for (const c of corpus) {
      if (c.expect === 'ordinary' || seen.has(c.sign!)) continue;
      seen.add(c.sign!);
      out.push({
        lang: c.lang,
        sign: c.sign!,
        text: c.text,
        ...(c.postOp ? { postOp: true } : {}),
      });
    }
  }
  return out;
}

describe('alerts raised by chats', () => {
  it.each(sampleMessages().map((m) => [m.lang, m.sign, m] as const))(
    '%s %s: the message is escalated and an urgent alert is raised with it',
    async (lang, sign, m) => {
      const server = await newServer();
      const patientId = await addPatient(server.service.core, 'Carme', 'Riera');
      const res = await server.request('POST', '/conversations', {
        body: {
          patientId,
          context: m.postOp ? 'Seguimiento postoperatorio' : 'Seguimiento general',
          language: lang,
        },
      });
      const sent = await say(server, res.body.id, m.text);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.assistantMessage.escalated).toBe(true);
      const alerts = await alertsOf(server, { patientId });
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        patientId,
        source: { type: 'conversation', id: res.body.id },
        priority: 'urgent',
        state: 'open',
      });
      expect(alerts[0]!.signs).toContain(sign);
      const emergency = alerts[0]!.reasonCode === 'chat_emergency';
      expect(sent.body.assistantMessage.content.includes('112')).toBe(emergency);
    },
  );

  it('a second sign in the same chat joins the open alert; after acknowledging, a new one is raised', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Pau', 'Serra');
    const id = await chat(server, patientId);
    await say(server, id, 'Me he caído en la escalera y me he abierto la ceja');
    await say(server, id, 'Y ahora me aprieta mucho el pecho');
    let alerts = await alertsOf(server, { patientId });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.signs.sort()).toEqual(['chest_pain', 'fall_injury']);
    expect(alerts[0]!.reasonCode).toBe('chat_emergency');

    await server.request('POST', `/alerts/${alerts[0]!.id}/acknowledge`, { body: {} });
    await say(server, id, 'Ahora no puedo respirar');
    alerts = await alertsOf(server, { patientId });
    expect(alerts.map((a) => a.state)).toEqual(['open', 'acknowledged']);
    expect(alerts[0]!.signs).toEqual(['breathing_difficulty']);
  });

  it('a clinical message the assistant cannot place raises an alert for review', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Lola', 'Vidal');
    const id = await chat(server, patientId);
    const sent = await say(server, id, 'Bien, pero me pica mucho la pierna desde ayer');
    expect(sent.body.assistantMessage.escalated).toBe(false);
    const alerts = await alertsOf(server, { patientId });
    expect(alerts).toMatchObject([{ priority: 'review', reasonCode: 'chat_for_team' }]);
  });

  it('a question about a past warning sign is for the team: it raises an alert for review', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Pau', 'Roig');
    const id = await chat(server, patientId);
    const sent = await say(
      server,
      id,
      'Hace años tuve un infarto; ¿puedo seguir tomando el ibuprofeno para la rodilla?',
    );
    expect(sent.body.assistantMessage.escalated).toBe(false);
    expect(sent.body.assistantMessage.metadata).toMatchObject({ forTeam: true });
    const alerts = await alertsOf(server, { patientId });
    expect(alerts).toMatchObject([{ priority: 'review', reasonCode: 'chat_for_team' }]);
  });

  it('an escalating message refused for credits raises no alert (one transaction)', async () => {
    // 11 credits: the chat's start (10) and one ordinary message (1), then nothing left.
    const server = await newServer({
      plan: 'starter',
      plans: { starter: 11, professional: 11, enterprise: 11 },
    });
    const patientId = await addPatient(server.service.core, 'Rosa', 'Pons');
    const id = await chat(server, patientId);
    expect((await say(server, id, 'Bien, gracias')).status).toBe(200);
    const before = await footprint(server, ['alerts', 'conversation_messages']);
    const sent = await say(server, id, 'Tengo un dolor muy fuerte en el pecho');
    expectProblem(sent, 402, 'insufficient_credits');
    expect(await footprint(server, ['alerts', 'conversation_messages'])).toEqual(before);
  });
});

describe('alerts raised by form responses', () => {
  async function sentSchedule(server: TestServer, formKey: string) {
    const { core } = server.service;
    const formId = (await core.forms.create(demoForm(formKey))).id;
    const patientId = await addPatient(core, 'Jordi', 'Mas');
    const res = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    expect(res.status, res.text).toBe(201);
    await advance(server, 1);
    return { scheduleId: res.body.id as string, patientId, formId };
  }

  const phq9 = (item9: number, others = 0) =>
    Array.from({ length: 9 }, (_, i) => ({
      fieldId: `phq9_${i + 1}`,
      value: demoForm('phq9').fields[i]!.options![i === 8 ? item9 : others]!,
    }));

  it('PHQ-9 item 9 above 0 raises an urgent alert in the same transaction as the response', async () => {
    const server = await newServer();
    const { scheduleId, patientId } = await sentSchedule(server, 'phq9');
    const res = await server.request('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
      body: { responses: phq9(1) },
    });
    expect(res.status, res.text).toBe(201);
    const alerts = await alertsOf(server, { patientId });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      priority: 'urgent',
      reasonCode: 'response_rule',
      source: { type: 'form_response', id: res.body.id },
      detail: { fieldId: 'phq9_9', value: demoForm('phq9').fields[8]!.options![1] },
    });
    // The alert and the response were written together: same time, and both exist.
    expect(alerts[0]!.raisedAt).toBe(res.body.completedAt);
  });

  it('a severe PHQ-9 total (20 or more) is urgent, 15–19 is for review, lower raises nothing', async () => {
    const server = await newServer();
    for (const [answers, expected] of [
      [phq9(0, 3), 'urgent'],
      [phq9(0, 2), 'review'],
      [phq9(0, 1), undefined],
    ] as const) {
      const { scheduleId, patientId } = await sentSchedule(server, 'phq9');
      await server.request('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
        body: { responses: answers },
      });
      const alerts = await alertsOf(server, { patientId });
      expect(alerts.map((a) => a.priority)).toEqual(expected ? [expected] : []);
    }
  });

  it('a written answer with a warning sign is triaged like a chat message', async () => {
    const server = await newServer();
    const { scheduleId, patientId } = await sentSchedule(server, 'pain_nrs');
    await server.request('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
      body: {
        responses: [
          { fieldId: 'pain_now', value: 3 },
          { fieldId: 'pain_worst_24h', value: 5 },
          {
            fieldId: 'pain_comments',
            value: 'esta mañana se me ha dormido medio cuerpo de repente',
          },
        ],
      },
    });
    const alerts = await alertsOf(server, { patientId });
    expect(alerts).toMatchObject([
      { priority: 'urgent', reasonCode: 'response_text', signs: ['stroke'] },
    ]);
  });

  it("a written answer is read against its field's question: a bare temperature or pain score", async () => {
    const server = await newServer();
    const { core } = server.service;
    // A clinic's own post-operative form, with written answers where a scale would have done.
    const formId = (
      await core.forms.create({
        name: 'Seguimiento tras la cirugía de rodilla',
        description: 'Control en casa tras la prótesis.',
        fields: [
          {
            id: 'fever',
            type: 'text',
            label: '¿Ha tenido fiebre? Si se la ha tomado, indique la temperatura.',
            required: false,
          },
          {
            id: 'pain',
            type: 'text',
            label: 'Del 0 al 10, ¿cuánto le duele hoy?',
            required: false,
          },
          { id: 'days', type: 'text', label: '¿Cuántos días lleva en casa?', required: false },
        ],
      })
    ).id;
    const submit = async (answers: Record<string, string>) => {
      const patientId = await addPatient(core, 'Jordi', 'Mas');
      const res = await server.request('POST', '/form-schedules', {
        body: { formId, patientId, channel: 'email' },
      });
      await advance(server, 1);
      const submitted = await server.request(
        'POST',
        `/sandbox/form-schedules/${res.body.id}/submit`,
        {
          body: {
            responses: Object.entries(answers).map(([fieldId, value]) => ({ fieldId, value })),
          },
        },
      );
      expect(submitted.status, submitted.text).toBe(201);
      return alertsOf(server, { patientId });
    };
    expect(await submit({ fever: 'sí, 38,4 anoche', days: '9' })).toMatchObject([
      { priority: 'urgent', reasonCode: 'response_text', signs: ['post_op_fever'] },
    ]);
    expect(await submit({ pain: 'un 9', days: '3' })).toMatchObject([
      { priority: 'urgent', reasonCode: 'response_text', signs: ['severe_pain'] },
    ]);
    // The same numbers under a question about days, and a low fever and pain, raise nothing.
    expect(await submit({ fever: 'no, 36,8', pain: '2', days: '9' })).toEqual([]);
  });

  it('a failed delivery of a form with urgent rules raises an alert for review', async () => {
    const server = await newServer();
    const { core } = server.service;
    const formId = (await core.forms.create(demoForm('phq9'))).id;
    const patientId = await addPatient(core, 'Marta', 'Coll', { email: 'marta@bounce.example' });
    const res = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    await advance(server, 1);
    expect((await server.request('GET', `/form-schedules/${res.body.id}`)).body.status).toBe(
      'failed',
    );
    expect(await alertsOf(server, { patientId })).toMatchObject([
      { priority: 'review', reasonCode: 'delivery_failed', source: { type: 'form_schedule' } },
    ]);
  });
});

describe('alerts raised by calls', () => {
  it('a call that fails to a patient with an urgent alert raises an urgent alert', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Oriol', 'Font', { phone: '+34600110000' });
    await say(server, await chat(server, patientId), 'Me cuesta muchísimo respirar');
    const call = await server.request('POST', '/voice/calls', {
      body: { patientId, purpose: 'Seguimiento' },
    });
    expect(call.status, call.text).toBe(201);
    await advance(server, 120);
    const alerts = await alertsOf(server, { patientId, sourceType: 'call' });
    expect(alerts).toMatchObject([
      { priority: 'urgent', reasonCode: 'call_failed', detail: { failureReason: 'no_answer' } },
    ]);
  });

  it('every patient turn of a call transcript is triaged', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Anna', 'Roca', { phone: '+34600123456' });
    // The assistant writes the call; here it hears a patient describe a stroke.
    core.assistants.assistant.call = async () => ({
      turns: [
        { role: 'assistant', content: 'Hola, ¿cómo se encuentra?', offsetSeconds: 0 },
        {
          role: 'patient',
          content: 'Regular, desde hace un rato no puedo mover el brazo derecho',
          offsetSeconds: 5,
        },
        { role: 'assistant', content: 'Llame ahora al 112.', offsetSeconds: 12 },
      ],
      durationSeconds: 20,
      summary: 'Llamada.',
      metadata: { provider: 'builtin' },
    });
    const call = await server.request('POST', '/voice/calls', {
      body: { patientId, purpose: 'Seguimiento' },
    });
    await advance(server, 120);
    const detail = await server.request('GET', `/voice/calls/${call.body.id}`);
    expect(detail.body.metadata.triage).toEqual({ level: 'emergency', signs: ['stroke'] });
    expect(await alertsOf(server, { patientId })).toMatchObject([
      {
        priority: 'urgent',
        reasonCode: 'call_emergency',
        source: { type: 'call', id: call.body.id },
      },
    ]);
  });
});

describe('acknowledge and resolve', () => {
  async function oneAlert(server: TestServer) {
    const patientId = await addPatient(server.service.core, 'Berta', 'Ribas');
    await say(server, await chat(server, patientId), 'Mi hija se ha desmayado y no responde');
    return (await alertsOf(server, { patientId }))[0]!;
  }
  const TABLES = [
    'patients',
    'conversations',
    'conversation_messages',
    'events',
    'credit_ledger',
    'alerts',
    'jobs',
  ] as const;

  it('acknowledging records who, when and the note, and changes nothing else', async () => {
    const server = await newServer();
    const alert = await oneAlert(server);
    const before = await footprint(server, TABLES);
    const res = await server.request('POST', `/alerts/${alert.id}/acknowledge`, {
      body: { note: 'Llamada al 112 hecha por la familia; la llamo en una hora.' },
    });
    expect(res.status, res.text).toBe(200);
    expectSchema(Alert, res.body);
    expect(res.body).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: { type: 'api_key', name: 'test' },
      acknowledgeNote: 'Llamada al 112 hecha por la familia; la llamo en una hora.',
    });
    expect(await footprint(server, TABLES)).toEqual(before);
    expect(res.body.priority).toBe(alert.priority);
    expect(res.body.raisedAt).toBe(alert.raisedAt);
  });

  it('moves only forward: acknowledge twice is 400, resolve, then resolve again is 400', async () => {
    const server = await newServer();
    const alert = await oneAlert(server);
    const path = `/alerts/${alert.id}`;
    expect((await server.request('POST', `${path}/acknowledge`)).status).toBe(200);
    expectProblem(await server.request('POST', `${path}/acknowledge`), 400, 'alert_acknowledged');
    const resolved = await server.request('POST', `${path}/resolve`, {
      body: { note: 'Ingresada.' },
    });
    expect(resolved.body).toMatchObject({ state: 'resolved', resolveNote: 'Ingresada.' });
    expectProblem(
      await server.request('POST', `${path}/resolve`, { body: {} }),
      400,
      'alert_resolved',
    );
    expectProblem(await server.request('POST', `${path}/acknowledge`), 400, 'alert_resolved');
  });

  it('resolving an open alert acknowledges it in the same step', async () => {
    const server = await newServer();
    const alert = await oneAlert(server);
    const res = await server.request('POST', `/alerts/${alert.id}/resolve`, { body: {} });
    expect(res.body.state).toBe('resolved');
    expect(res.body.acknowledgedAt).toBe(res.body.resolvedAt);
  });

  it('the database refuses to delete an alert or move it back', async () => {
    const server = await newServer();
    const alert = await oneAlert(server);
    const { db } = server.service.core;
    await expect(db.prepare('DELETE FROM alerts').run()).rejects.toThrow(/kept/);
    await server.request('POST', `/alerts/${alert.id}/acknowledge`);
    await expect(
      db
        .prepare(`UPDATE alerts SET state = 'open', acknowledged_at = NULL, acknowledged_by = NULL`)
        .run(),
    ).rejects.toThrow(/forward/);
  });
});

describe('listing and bad input', () => {
  it('filters by state, priority and source, pages with cursors, and the open count follows', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Quim', 'Bosch');
    for (const text of ['Me aprieta el pecho', 'Me pica el brazo', 'No puedo orinar desde ayer']) {
      await say(server, await chat(server, patientId), text);
    }
    expect(await alertsOf(server, { priority: 'urgent' })).toHaveLength(2);
    expect(await alertsOf(server, { priority: 'review' })).toHaveLength(1);
    expect(await alertsOf(server, { state: 'resolved' })).toHaveLength(0);
    expect(await core.alerts.openCounts()).toEqual({ urgent: 2, review: 1 });
    const first = await server.request('GET', `/alerts${qs({ limit: 2 })}`);
    expect(first.body.pagination.hasMore).toBe(true);
    const next = await server.request(
      'GET',
      `/alerts${qs({ limit: 2, cursor: first.body.pagination.cursor })}`,
    );
    expect(next.body.data).toHaveLength(1);
    // A cursor bound to other filters is refused.
    expectProblem(
      await server.request(
        'GET',
        `/alerts${qs({ limit: 2, state: 'open', cursor: first.body.pagination.cursor })}`,
      ),
      400,
      'invalid_cursor',
    );
  });

  it.each([
    ['/alerts?state=closed', 422, 'validation_failed'],
    ['/alerts?priority=high', 422, 'validation_failed'],
    ['/alerts?limit=0', 422, 'validation_failed'],
    ['/alerts?sourceType=email', 422, 'validation_failed'],
    ['/alerts/alert_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 404, 'resource_missing'],
  ] as const)('GET %s answers %i %s', async (path, status, code) => {
    const server = await newServer();
    expectProblem(await server.request('GET', path), status, code);
  });

  it('bad bodies are refused and change nothing', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Eva', 'Prat');
    await say(server, await chat(server, patientId), 'Tengo convulsiones');
    const alert = (await alertsOf(server))[0]!;
    const before = await footprint(server, ['alerts']);
    for (const body of [{ note: 'x'.repeat(2001) }, { note: 3 }, { nota: 'typo' }]) {
      expectProblem(
        await server.request('POST', `/alerts/${alert.id}/acknowledge`, { body }),
        422,
        'validation_failed',
      );
    }
    expectProblem(
      await server.request('POST', `/alerts/${alert.id}/acknowledge`, {
        rawBody: '{"note":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
    expectProblem(
      await server.request('POST', '/alerts/alert_01JD8X3V6Q9R2T5W7Y0B4C6E8G/resolve', {
        body: {},
      }),
      404,
      'resource_missing',
    );
    expect(await footprint(server, ['alerts'])).toEqual(before);
    expect((await server.request('GET', `/alerts/${alert.id}`)).body.state).toBe('open');
  });

  it('reading needs patients:read and acting needs patients:write', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Gil', 'Sala');
    await say(
      server,
      await chat(server, patientId),
      'Se me cierra la garganta después del antibiótico',
    );
    const alert = (await alertsOf(server))[0]!;
    const credits = await server.keyWith('credits:read');
    const reader = await server.keyWith('patients:read');
    expectProblem(
      await server.request('GET', '/alerts', { token: credits }),
      403,
      'insufficient_permissions',
    );
    expect((await server.request('GET', '/alerts', { token: reader })).status).toBe(200);
    expectProblem(
      await server.request('POST', `/alerts/${alert.id}/acknowledge`, { token: reader, body: {} }),
      403,
      'insufficient_permissions',
    );
    expect(await count(server, 'alerts')).toBe(1);
  });
});
