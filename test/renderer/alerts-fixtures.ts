import type { AlertView, PatientRef } from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';

export const marta: PatientRef = { id: 'pat_01JMARTA', firstName: 'Marta', lastName: 'Vidal Puig' };
export const jordi: PatientRef = { id: 'pat_01JJORDI', firstName: 'Jordi', lastName: 'Puig' };

type AlertOverrides = Partial<AlertView> & Pick<AlertView, 'id' | 'reasonCode'>;

export function makeAlert(overrides: AlertOverrides): AlertView {
  const patient = overrides.patient ?? marta;
  return {
    patientId: patient.id,
    patient,
    source: { type: 'conversation', id: 'conv_01JCHAT' },
    priority: 'urgent',
    reason: 'English words for integrators: never shown',
    signs: [],
    detail: {},
    state: 'open',
    raisedAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

/** Marta's chest pain in a chat: urgent, open, the newest. */
export const chatEmergency = makeAlert({
  id: 'alert_01JCHATEMERGENCY',
  reasonCode: 'chat_emergency',
  signs: ['chest_pain', 'breathing_difficulty'],
  detail: { conversationId: 'conv_01JCHAT', messageId: 'msg_01JMSG' },
  raisedAt: '2026-11-24T10:00:00.000Z',
});

/** Jordi's PHQ-9 item 9 answered 2: urgent, open, older. */
export const phqItem = makeAlert({
  id: 'alert_01JPHQITEM',
  patient: jordi,
  patientId: jordi.id,
  reasonCode: 'response_rule',
  source: { type: 'form_response', id: 'resp_01JPHQ' },
  detail: {
    formId: 'form_01JPHQ',
    formName: 'PHQ-9',
    fieldId: 'q9',
    subject: 'Pensamientos de que estaría mejor muerto',
    value: 2,
    rule: { min: 1 },
  },
  raisedAt: '2026-11-23T08:00:00.000Z',
});

/** Marta's PHQ-9 total for review, newer than the urgent ones but listed after them. */
export const phqTotal = makeAlert({
  id: 'alert_01JPHQTOTAL',
  priority: 'review',
  reasonCode: 'response_rule',
  source: { type: 'form_response', id: 'resp_01JPHQ2' },
  detail: {
    formId: 'form_01JPHQ',
    formName: 'PHQ-9',
    instrument: 'phq9',
    subject: 'PHQ-9 total',
    value: 16,
    rule: { min: 15, max: 19 },
  },
  raisedAt: '2026-11-24T11:00:00.000Z',
});

/** A failed delivery of a form with urgent rules, acknowledged over the API with a note. */
export const deliveryFailed = makeAlert({
  id: 'alert_01JDELIVERY',
  patient: jordi,
  patientId: jordi.id,
  priority: 'review',
  reasonCode: 'delivery_failed',
  source: { type: 'form_schedule', id: 'sch_01JSCH' },
  detail: {
    formId: 'form_01JPOSTOP',
    formName: 'Control postoperatorio',
    failureReason: 'email_bounced',
  },
  state: 'acknowledged',
  raisedAt: '2026-11-22T08:00:00.000Z',
  acknowledgedAt: '2026-11-22T09:15:00.000Z',
  acknowledgedBy: { type: 'api_key', id: 'key_01JCRM', name: 'CRM de la clínica' },
  acknowledgeNote: 'Le llamamos para confirmar el correo.',
});

/** A call that said urgent things, resolved at the desk. */
export const callUrgent = makeAlert({
  id: 'alert_01JCALL',
  reasonCode: 'call_urgent',
  source: { type: 'call', id: 'call_01JCALL' },
  signs: ['post_op_fever'],
  detail: { callId: 'call_01JCALL' },
  state: 'resolved',
  raisedAt: '2026-11-21T08:00:00.000Z',
  acknowledgedAt: '2026-11-21T08:30:00.000Z',
  acknowledgedBy: { type: 'desk', name: 'Engage Desk' },
  resolvedAt: '2026-11-21T12:00:00.000Z',
  resolvedBy: { type: 'desk', name: 'Engage Desk' },
  resolveNote: 'Visto en consulta: sin fiebre.',
});

export const ALL = [chatEmergency, phqItem, phqTotal, deliveryFailed, callUrgent];

/**
 * The alert operations over an in-memory list, as the service answers them: newest first,
 * filtered, paged by offset cursors; acknowledge and resolve move the state and keep the note.
 */
export function alertsFake(initial: AlertView[] = ALL) {
  const items = initial.map((a) => ({ ...a }));
  const newestFirst = () => [...items].sort((a, b) => b.raisedAt.localeCompare(a.raisedAt));
  const DESK = { type: 'desk' as const, name: 'Engage Desk' };
  const handlers: MemoryHandlers = {
    alerts: {
      list: ({ limit = 20, cursor, patientId, state, priority, sourceType }) => {
        const shown = newestFirst().filter(
          (a) =>
            (!patientId || a.patientId === patientId) &&
            (!state || a.state === state) &&
            (!priority || a.priority === priority) &&
            (!sourceType || a.source.type === sourceType),
        );
        const start = cursor ? Number(cursor) : 0;
        const hasMore = start + limit < shown.length;
        return {
          data: shown.slice(start, start + limit).map((a) => ({ ...a })),
          pagination: { cursor: hasMore ? String(start + limit) : '', hasMore, limit },
        };
      },
      counts: () => ({
        urgent: items.filter((a) => a.state === 'open' && a.priority === 'urgent').length,
        review: items.filter((a) => a.state === 'open' && a.priority === 'review').length,
      }),
      ofPatient: ({ id }) =>
        newestFirst()
          .filter((a) => a.patientId === id && a.state !== 'resolved')
          .sort((a, b) => (a.priority === b.priority ? 0 : a.priority === 'urgent' ? -1 : 1)),
      acknowledge: ({ id, note }) => {
        const found = items.find((a) => a.id === id)!;
        if (found.state !== 'open') throw { code: 'alert_acknowledged', message: 'already' };
        Object.assign(found, {
          state: 'acknowledged',
          acknowledgedAt: '2026-11-24T12:00:00.000Z',
          acknowledgedBy: DESK,
          ...(note ? { acknowledgeNote: note } : {}),
        });
        return { ...found };
      },
      resolve: ({ id, note }) => {
        const found = items.find((a) => a.id === id)!;
        if (found.state === 'resolved') throw { code: 'alert_resolved', message: 'already' };
        Object.assign(found, {
          state: 'resolved',
          resolvedAt: '2026-11-24T12:30:00.000Z',
          resolvedBy: DESK,
          ...(note ? { resolveNote: note } : {}),
        });
        return { ...found };
      },
    },
    patients: {
      get: ({ id }) => {
        const ref = [marta, jordi].find((p) => p.id === id);
        if (!ref) throw { code: 'resource_missing', message: 'no such patient' };
        return {
          ...ref,
          status: 'active',
          tags: [],
          metadata: {},
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        };
      },
    },
  };
  return {
    handlers,
    items,
    add(alert: AlertView) {
      items.push({ ...alert });
    },
  };
}
