import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBridge } from '../../app/app-context';
import { operationQuery } from '../../data/bridge-query';

const DAY_MS = 86_400_000;
/** How far ahead "upcoming" looks. */
const UPCOMING_DAYS = 7;
const UPCOMING_LIMIT = 100;
const RECENT_LIMIT = 8;
const ATTENTION_LIMIT = 10;
const FAILED_LIMIT = 5;

/**
 * Pending deliveries from `now` (the service clock in sandbox mode) to seven days later. "Now"
 * moves (the clock arrives or jumps, a minute ticks): the previous answer stays on screen until
 * the one for the new "now" arrives, and an answer for an older "now" never replaces it.
 */
export function useUpcoming(now: Date) {
  return useQuery({
    ...operationQuery(useBridge(), ['schedules'], 'schedules', 'upcoming', {
      from: now.toISOString(),
      to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS).toISOString(),
      limit: UPCOMING_LIMIT,
    }),
    placeholderData: keepPreviousData,
  });
}

/** The latest responses across all forms. */
export function useRecentResponses() {
  return useQuery(
    operationQuery(useBridge(), ['responses'], 'responses', 'recent', { limit: RECENT_LIMIT }),
  );
}

/** Escalated conversations still active. */
export function useAttention() {
  return useQuery(
    operationQuery(useBridge(), ['conversations'], 'conversations', 'attention', {
      limit: ATTENTION_LIMIT,
    }),
  );
}

/** Failed webhook deliveries across every webhook. */
export function useFailedDeliveries() {
  return useQuery(
    operationQuery(useBridge(), ['webhooks'], 'webhooks', 'failedDeliveries', {
      limit: FAILED_LIMIT,
    }),
  );
}
