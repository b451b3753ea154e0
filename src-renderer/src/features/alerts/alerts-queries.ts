import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AlertView, InputOf, Page } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import { callOperation, operationQuery, pagedQuery, usePagedList } from '../../data/bridge-query';
import { dataKey, whatOf } from '../../data/query-keys';
import { editCachedNow, useWrite } from '../../data/topic-invalidation';
import { ALERT_PRIORITIES, ALERT_STATES, type AlertAction, type AlertFilter } from './alerts-store';

export const ALERT_PAGE_SIZE = 20;
/** The service's largest page. */
const MAX_PAGE = 100;

type ListQuery = InputOf<'alerts', 'list'>;

/**
 * The service lists alerts newest first; the screen shows open ones first, urgent at the top. So
 * the list is read as consecutive segments: open urgent, open for review, acknowledged urgent,
 * acknowledged for review, then resolved ones (newest first), each narrowed by the filters.
 */
export function segmentsOf(filter: AlertFilter): ListQuery[] {
  const base: ListQuery = {
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.source ? { sourceType: filter.source } : {}),
  };
  const states = filter.state ? [filter.state] : ALERT_STATES;
  return states.flatMap((state): ListQuery[] => {
    if (filter.priority) return [{ ...base, state, priority: filter.priority }];
    if (state === 'resolved') return [{ ...base, state }];
    return ALERT_PRIORITIES.map((priority) => ({ ...base, state, priority }));
  });
}

/** The list's cursor: which segment, and the service's cursor inside it. */
function encodeCursor(segment: number, cursor: string): string {
  return `${segment}:${cursor}`;
}

function decodeCursor(cursor: string | undefined): { segment: number; cursor: string } {
  if (!cursor) return { segment: 0, cursor: '' };
  const at = cursor.indexOf(':');
  return { segment: Number(cursor.slice(0, at)) || 0, cursor: cursor.slice(at + 1) };
}

/** Reads `limit` alerts across the segments from `cursor` on, as one page of the whole list. */
async function readAcross(
  bridge: Bridge,
  segments: ListQuery[],
  limit: number,
  from: string | undefined,
): Promise<Page<AlertView>> {
  let { segment, cursor } = decodeCursor(from);
  const data: AlertView[] = [];
  while (segment < segments.length && data.length < limit) {
    const page = await callOperation(bridge, 'alerts', 'list', {
      ...segments[segment],
      limit: Math.min(MAX_PAGE, limit - data.length),
      ...(cursor ? { cursor } : {}),
    });
    data.push(...page.data);
    if (page.pagination.hasMore) {
      cursor = page.pagination.cursor;
    } else {
      segment += 1;
      cursor = '';
    }
  }
  const hasMore = segment < segments.length;
  return {
    data,
    pagination: { cursor: hasMore ? encodeCursor(segment, cursor) : '', hasMore, limit },
  };
}

/** The Alerts screen's list for `filter`, in its order (see `segmentsOf`), a page at a time. */
export function useAlertList(filter: AlertFilter) {
  const bridge = useBridge();
  const input = {
    patientId: filter.patient?.id,
    priority: filter.priority,
    source: filter.source,
    state: filter.state,
  };
  return usePagedList(
    pagedQuery(dataKey(['alerts'], 'alerts.listAcross:pages', input), (cursor) =>
      readAcross(bridge, segmentsOf(filter), ALERT_PAGE_SIZE, cursor),
    ),
  );
}

export function alertCountsQuery(bridge: Bridge) {
  return operationQuery(bridge, ['alerts'], 'alerts', 'counts');
}

/** Open alerts by priority (the navigation and the dashboard). */
export function useAlertCounts() {
  return useQuery(alertCountsQuery(useBridge()));
}

/** A patient's alerts not yet resolved, urgent first (the patient page). */
export function usePatientAlerts(patientId: string) {
  return useQuery(
    operationQuery(useBridge(), ['alerts'], 'alerts', 'ofPatient', { id: patientId }),
  );
}

/** The patient's name for the filter, when no row of theirs says it (a `?patientId=` link). */
export function usePatientName(patientId: string | undefined, enabled: boolean) {
  return useQuery({
    ...operationQuery(useBridge(), ['patients'], 'patients', 'get', { id: patientId ?? '' }),
    enabled: enabled && patientId !== undefined,
    select: (patient) => ({
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
    }),
  });
}

/** `alert` as every cached answer of the alerts topic holds it (a resolved one leaves a patient's). */
function placeAlert(alert: Pick<AlertView, 'id' | 'state'> & Partial<AlertView>) {
  const edit = (item: AlertView) => (item.id === alert.id ? { ...item, ...alert } : item);
  return (data: unknown, key: readonly unknown[]) => {
    switch (whatOf(key)) {
      case 'alerts.listAcross:pages': {
        const pages = data as InfiniteData<Page<AlertView>, string>;
        return {
          ...pages,
          pages: pages.pages.map((page) => ({ ...page, data: page.data.map(edit) })),
        };
      }
      case 'alerts.ofPatient': {
        const list = data as AlertView[];
        return alert.state === 'resolved'
          ? list.filter((item) => item.id !== alert.id)
          : list.map(edit);
      }
      default:
        return data;
    }
  };
}

/**
 * Acknowledges or resolves an alert with an optional note. The alert shows its new state at once
 * and goes back when the service refuses (the dialog says why); the service's answer replaces it,
 * then everything of the topic is read again (its place in the list moved).
 */
export function useAlertAction() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: ({ action, id, note }: { action: AlertAction; id: string; note: string }) => {
      const input = { id, ...(note.trim() ? { note: note.trim() } : {}) };
      return action === 'acknowledge'
        ? callOperation(bridge, 'alerts', 'acknowledge', input)
        : callOperation(bridge, 'alerts', 'resolve', input);
    },
    optimistic: {
      topics: ['alerts'],
      edit: ({ action, id }) =>
        placeAlert({ id, state: action === 'acknowledge' ? 'acknowledged' : 'resolved' }),
    },
    onSuccess: (alert) => editCachedNow(client, ['alerts'], placeAlert(alert)),
  });
}
