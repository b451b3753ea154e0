import type { CallListItem, CallView, InputOf, OutputOf } from '../../src-preload/contract';
import { nuria } from './chats-fixtures';

/** Calls shaped exactly as the service returns them, for the Calls screens' tests. */

export function call(id: string, over: Partial<CallView> = {}, patient = nuria): CallView {
  return {
    id,
    patientId: patient.id,
    patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName },
    status: 'queued',
    purpose: 'Seguimiento tras la cirugía de rodilla',
    language: 'ca',
    duration: 0,
    creditsConsumed: 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    metadata: {},
    ...over,
  };
}

export function completed(id: string, over: Partial<CallView> = {}, patient = nuria): CallView {
  return call(
    id,
    {
      status: 'completed',
      duration: 125,
      creditsConsumed: 15,
      answeredAt: '2026-11-22T10:00:12.000Z',
      completedAt: '2026-11-22T10:02:17.000Z',
      transcript: [
        {
          role: 'assistant',
          content: 'Hola Núria, et truco de la clínica. Com va la recuperació?',
          at: '2026-11-22T10:00:12.000Z',
        },
        {
          role: 'patient',
          content: 'Bé, el dolor és de 3 sobre 10.',
          at: '2026-11-22T10:00:30.000Z',
        },
        { role: 'assistant', content: 'Molt bé. Tens febre?', at: '2026-11-22T10:01:15.000Z' },
      ],
      summary: 'La pacient es recupera bé: dolor 3/10, sense febre.',
      metadata: { provider: 'builtin' },
      ...over,
    },
    patient,
  );
}

export function listItem(view: CallView): CallListItem {
  const { transcript: _t, summary: _s, metadata: _m, ...rest } = view;
  return rest;
}

type ListInput = InputOf<'calls', 'list'>;

/** A `calls.list` over an array, filtered and paged like the service (by offset). */
export function callList(all: CallListItem[]): (input: ListInput) => OutputOf<'calls', 'list'> {
  return (input) => {
    const matches = all.filter(
      (c) =>
        (!input.status || c.status === input.status) &&
        (!input.patientId || c.patientId === input.patientId) &&
        (!input.from || c.createdAt >= input.from) &&
        (!input.to || c.createdAt < input.to),
    );
    const limit = input.limit ?? 20;
    const start = input.cursor ? Number(input.cursor) : 0;
    const data = matches.slice(start, start + limit);
    const hasMore = start + limit < matches.length;
    return { data, pagination: { cursor: hasMore ? String(start + limit) : '', hasMore, limit } };
  };
}
