import type { NotificationKind } from '../domain/notifications';
import type { AlertPriority, AlertReasonCode } from '../schemas/alert';
import type { Channel, ScheduleStatus } from '../schemas/form-schedule';
import type { RequestLogEntry, SandboxClockView } from './views';
import type { Topic } from './topics';

/** Events pushed from main to the window (IPC in Electron, Server-Sent Events in web mode). */
export interface PushEvents {
  /** Data changed (through the window, the HTTP API or a job); coalesced per tick. */
  changed: { topics: Topic[] };
  /** A schedule moved: created, sent, failed, completed or cancelled. */
  'schedule.changed': { scheduleId: string; status: ScheduleStatus };
  /** A delivery happened (the message went out) or failed. */
  'delivery.happened': { scheduleId: string; status: 'sent' | 'failed'; channel: Channel };
  /** A conversation got a message or ended. */
  'conversation.message': { conversationId: string };
  /** Something for the notification centre. */
  notification: { id: string; kind: NotificationKind };
  /** An alert was raised (or joined by a new sign): the desk says so, loudly when urgent. */
  alert: { id: string; priority: AlertPriority; patientId: string; code: AlertReasonCode };
  /** The HTTP interface answered requests (newest first); one event per tick, not per request. */
  'request.logged': { entries: RequestLogEntry[] };
  /** The sandbox clock moved. */
  clock: SandboxClockView;
  /**
   * The desktop's first start with encryption converts a plain clinic before the service opens
   * (src-main/desktop-data-key.ts): how far it is, 0 to 1, for the starting screen's bar.
   */
  'startup.conversion': { fraction: number };
}

export type PushEventName = keyof PushEvents;

export type PushEvent = { [K in PushEventName]: { type: K; data: PushEvents[K] } }[PushEventName];

/** Every event name, as the keys of one object so a new event cannot be left out. */
const PUSH_EVENT_SET: Record<PushEventName, true> = {
  changed: true,
  'schedule.changed': true,
  'delivery.happened': true,
  'conversation.message': true,
  notification: true,
  alert: true,
  'request.logged': true,
  clock: true,
  'startup.conversion': true,
};

export const PUSH_EVENT_NAMES = Object.keys(PUSH_EVENT_SET) as readonly PushEventName[];
