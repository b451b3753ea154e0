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
 * exists if and only if the change does, and so do its webhook deliveries (made by `afterEmit`
 * in that same transaction).
 */
export function createEventLog(
  events: EventQueries,
  clock: Clock,
  newId: IdFactory,
  /** Runs in the same transaction as the insert: the webhook fan-out. */
  afterEmit: (id: string, type: EventType, createdAt: string) => Promise<void> = async () => {},
) {
  return {
    async emit(type: EventType, data: Record<string, unknown>): Promise<string> {
      const id = newId('evt');
      const createdAt = clock.nowIso();
      await events.insert(id, type, JSON.stringify(data), createdAt);
      await afterEmit(id, type, createdAt);
      return id;
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
