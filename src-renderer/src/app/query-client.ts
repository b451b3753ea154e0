import { QueryClient } from '@tanstack/react-query';
import { isUnreachable } from '../bridge/bridge';

/** While the service cannot be reached, a screen reads again this often until it answers. */
const UNREACHABLE_RETRY_MS = 5_000;

const MAX_RETRIES = 2;

/**
 * Whether a failed read is tried again: only when the service could not be reached. An answer
 * from the service (a 4xx-style refusal such as `resource_missing` or `validation_failed`, or an
 * `internal_error`) would come back the same: its error state shows at once, with a retry button.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isUnreachable(error);
}

/**
 * The window's query cache, with defaults for a service on the same machine:
 *
 * - `networkMode: 'always'`: the service is local, so the browser's idea of being online (false
 *   on a desktop without a network) must never pause a read;
 * - no refetch on window focus or reconnection: pushed `changed` events say when data moved;
 * - `staleTime: 0`: a screen that opens reads its data again (showing what the cache kept
 *   meanwhile), as the screens always did;
 * - answers are kept an hour after their last screen closed, so coming back shows them at once;
 * - a refresh keeps the data on screen until the new answer arrives (Query's own behaviour for
 *   the same key; lists whose key moves under the user ask for `placeholderData` themselves);
 * - a read that could not reach the service is read again every few seconds until it answers
 *   (its screen says the service is not answering meanwhile);
 * - writes are never retried: a retried write could act twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 0,
        gcTime: 60 * 60_000,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
        refetchInterval: (query) =>
          isUnreachable(query.state.error) ? UNREACHABLE_RETRY_MS : false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
