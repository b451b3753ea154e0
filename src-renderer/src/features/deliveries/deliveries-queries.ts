import { useQuery } from '@tanstack/react-query';
import type { ClinicalForm, InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import {
  callOperation,
  failingAs,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { dataKey } from '../../data/query-keys';
import { useWrite } from '../../data/topic-invalidation';
import { addDays, daysRange, fromDayKey, type MonthRef } from './calendar-model';
import type { DeliveryFilters, OutboxFilters } from './deliveries-store';
import { localTimeZone } from './service-time';

export const PAGE_SIZE = 25;
export const OUTBOX_PAGE_SIZE = 20;
/** The most deliveries one day's list shows (the service's largest page). */
export const DAY_LIMIT = 100;
/** The service's largest page. */
const MAX_PAGE = 100;
/** Forms are few; this many pages of 100 is far beyond any clinic's catalogue. */
const MAX_FORM_PAGES = 20;

type ListInput = InputOf<'schedules', 'list'>;

export function listInput(filters: DeliveryFilters): ListInput {
  const input: ListInput = { limit: PAGE_SIZE };
  if (filters.status) input.status = filters.status;
  if (filters.channel) input.channel = filters.channel;
  if (filters.formId) input.formId = filters.formId;
  if (filters.patient) input.patientId = filters.patient.id;
  if (filters.series) input.seriesId = filters.series.id;
  input.sort = filters.sort;
  return input;
}

/** The list's filters without its paging: what its CSV export takes. */
export function exportFilters(filters: DeliveryFilters): Omit<ListInput, 'limit' | 'cursor'> {
  const { limit: _limit, ...rest } = listInput(filters);
  return rest;
}

/** Every delivery the filters select, newest first, a page at a time. */
export function useDeliveryRows(filters: DeliveryFilters) {
  return usePagedList(
    pagedOperation(useBridge(), ['schedules'], 'schedules', 'list', listInput(filters)),
  );
}

/** Every form, archived ones included, by name (the filter names them; active ones are sent). */
export function useAllForms() {
  const bridge = useBridge();
  return useQuery({
    queryKey: dataKey(['forms'], 'forms.all'),
    queryFn: () =>
      failingAs(async () => {
        const forms: ClinicalForm[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < MAX_FORM_PAGES; pages++) {
          const page = await callOperation(bridge, 'forms', 'list', {
            limit: MAX_PAGE,
            ...(cursor ? { cursor } : {}),
          });
          forms.push(...page.data);
          if (!page.pagination.hasMore) break;
          cursor = page.pagination.cursor;
        }
        return forms.sort((a, b) => a.name.localeCompare(b.name));
      }),
  });
}

/** The messages the service sent, newest first; a delivery that falls due writes here. */
export function useOutbox(filters: OutboxFilters) {
  return usePagedList(
    pagedOperation(useBridge(), ['outbox', 'schedules'], 'outbox', 'list', {
      limit: OUTBOX_PAGE_SIZE,
      ...(filters.channel ? { channel: filters.channel } : {}),
      ...(filters.patient ? { patientId: filters.patient.id } : {}),
    }),
  );
}

/**
 * The instants whose deliveries a month's grid can show, whatever day its weeks start on: a grid
 * begins at most six days before the 1st and ends at most six days after the last day.
 */
export function monthWindow(month: MonthRef): { from: string; to: string } {
  const first = new Date(month.year, month.month, 1);
  const last = new Date(month.year, month.month + 1, 0);
  return daysRange(addDays(first, -6), addDays(last, 6));
}

/** Pending deliveries counted per local day around `month`. */
export function useCalendarCounts(month: MonthRef | undefined) {
  return useQuery({
    ...operationQuery(useBridge(), ['schedules'], 'schedules', 'calendar', {
      ...(month ? monthWindow(month) : { from: '', to: '' }),
      timeZone: localTimeZone(),
    }),
    enabled: month !== undefined,
  });
}

/** The pending deliveries of one local day (YYYY-MM-DD). */
export function useDayDeliveries(day: string) {
  const start = fromDayKey(day);
  return useQuery(
    operationQuery(useBridge(), ['schedules'], 'schedules', 'upcoming', {
      ...daysRange(start, start),
      limit: DAY_LIMIT,
    }),
  );
}

/** Cancels a pending delivery (its credits come back); a 400 when it had already left. */
export function useCancelDelivery() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (id: string) => callOperation(bridge, 'schedules', 'cancel', { id }),
  });
}

/** Schedules one delivery; the lists and the balance are read again. */
export function useScheduleDelivery() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (input: InputOf<'schedules', 'create'>) =>
      callOperation(bridge, 'schedules', 'create', input),
  });
}

/** Schedules a series for one patient: every delivery made and charged at once. */
export function useScheduleSeries() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (input: InputOf<'series', 'create'>) =>
      callOperation(bridge, 'series', 'create', input),
  });
}

/** Cancels a series' pending deliveries in one step; their credits come back. */
export function useCancelSeries() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (id: string) => callOperation(bridge, 'series', 'cancel', { id }),
  });
}

/** A series as the service tells it (plan, counts, credits). */
export function useSeries(id: string | undefined) {
  return useQuery({
    ...operationQuery(useBridge(), ['schedules'], 'series', 'get', { id: id ?? '' }),
    enabled: id !== undefined,
  });
}

/** Sends a failed delivery again, by its channel or another, now or later. */
export function useRetryDelivery() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (input: InputOf<'schedules', 'retry'>) =>
      callOperation(bridge, 'schedules', 'retry', input),
  });
}
