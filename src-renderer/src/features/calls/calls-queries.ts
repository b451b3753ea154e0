import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import { dayRange } from './call-format';
import { rangeIsValid, type CallFilter } from './calls-store';

export const CALL_PAGE_SIZE = 25;

export type StartCall = InputOf<'calls', 'start'>;

/**
 * The calls for `filter`, newest first, a page at a time. Every step of a call's simulated
 * lifecycle is a job that touches the `calls` topic, so the list follows it. A range whose end
 * comes before its start is not asked for.
 */
/** The list's filters as the service reads them (its CSV export takes the same). */
export function callFilters(filter: CallFilter) {
  return {
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...dayRange(filter.from, filter.to),
  };
}

export function useCallList(filter: CallFilter) {
  const options = pagedOperation(useBridge(), ['calls'], 'calls', 'list', {
    limit: CALL_PAGE_SIZE,
    ...callFilters(filter),
  });
  return usePagedList({ ...options, enabled: rangeIsValid(filter) });
}

function callQuery(bridge: Bridge, id: string) {
  return operationQuery(bridge, ['calls'], 'calls', 'get', { id });
}

/** One call, followed through its lifecycle. */
export function useCall(id: string) {
  return useQuery(callQuery(useBridge(), id));
}

/** Places a call; its answer is cached, so its page shows it at once. */
export function useStartCall() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: (input: StartCall) => callOperation(bridge, 'calls', 'start', input),
    onSuccess: (call) => void client.setQueryData(callQuery(bridge, call.id).queryKey, call),
  });
}
