import type { Topic } from '../../../src-preload/contract';

/**
 * Every query key of the window is `[topics, what, input?]`:
 *
 * - `topics`: the pushed-change topics whose data the query shows. A `changed` event for any of
 *   them makes the query stale (see topic-invalidation.ts), so no screen subscribes on its own;
 * - `what`: the operation it reads (`keys.list`) or, for a read made of several calls, a name of
 *   its own (`alerts.listAcross`);
 * - `input`: what it was asked with (filters, an id), so each answer is kept under its own key
 *   and an answer for an older input can never land on a newer one.
 *
 * A key with no topic (the request log) is refreshed only by its own events.
 */
export type DataKey = readonly [topics: readonly Topic[], what: string, input?: unknown];

export function dataKey(topics: readonly Topic[], what: string, input?: unknown): DataKey {
  return input === undefined ? [topics, what] : [topics, what, input];
}

/** The topics a key (any query's key) shows; none when it is not one of ours. */
export function topicsOf(key: readonly unknown[]): readonly Topic[] {
  return Array.isArray(key[0]) ? (key[0] as readonly Topic[]) : [];
}

/** Whether a query with this key shows any of `topics`. */
export function showsAny(key: readonly unknown[], topics: readonly Topic[]): boolean {
  return topicsOf(key).some((topic) => topics.includes(topic));
}

/** What a key reads (`notifications.list`), to tell a topic's queries apart. */
export function whatOf(key: readonly unknown[]): string | undefined {
  return typeof key[1] === 'string' ? key[1] : undefined;
}
