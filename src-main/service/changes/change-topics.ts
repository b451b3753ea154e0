import type { Topic } from '../../../src-preload/contract';
import type { EventType } from '../domain/event-log';

/** What each logged event touched, beyond its own resource (charges, the outbox). */
export const EVENT_TOPICS: Record<EventType, Topic[]> = {
  'patient.created': ['patients'],
  'form.completed': ['responses', 'schedules'],
  'call.ended': ['calls', 'credits'],
  'conversation.ended': ['conversations', 'credits'],
  'credits.low': ['credits'],
  'schedule.sent': ['schedules', 'outbox'],
};

/** Every topic: a sandbox reset replaces everything. */
export const ALL_TOPICS: readonly Topic[] = [
  'patients',
  'forms',
  'responses',
  'schedules',
  'outbox',
  'conversations',
  'calls',
  'credits',
  'keys',
  'webhooks',
  'notifications',
  'alerts',
  'settings',
  'clock',
];

/**
 * Topics of a successful write over the HTTP API, by route (relative to /api/v1). Writes also
 * reach the feed through the event log, but most (a PATCH, a cancel, a message) log no event.
 */
const ROUTE_TOPICS: [prefix: string, topics: Topic[]][] = [
  ['/patients', ['patients']],
  ['/form-schedules', ['schedules', 'outbox', 'credits']],
  ['/conversations', ['conversations', 'credits']],
  ['/voice/calls', ['calls', 'credits']],
  ['/webhooks', ['webhooks']],
  ['/alerts', ['alerts']],
  ['/sandbox/form-schedules', ['schedules', 'responses']],
  ['/sandbox/events', ['webhooks']],
  ['/sandbox/reset', [...ALL_TOPICS]],
];

export function routeTopics(path: string): Topic[] {
  return (
    ROUTE_TOPICS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? []
  );
}
