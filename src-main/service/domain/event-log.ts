import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { EventQueries } from '../store/queries/events';

/** The event kinds of the interface spec. */
export const EVENT_TYPES = [
  'patient.created',
  'form.completed',
  'call.ended',
  'conversation.ended',
  'credits.low',
  'schedule.sent',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Writes an event to the log. Call it inside the transaction of the change it reports, so the event
 * exists if and only if the change does; delivery to webhooks reads the log later.
 */
export function createEventLog(events: EventQueries, clock: Clock, newId: IdFactory) {
  return {
    emit(type: EventType, data: Record<string, unknown>): string {
      const id = newId('evt');
      events.insert(id, type, JSON.stringify(data), clock.nowIso());
      return id;
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
