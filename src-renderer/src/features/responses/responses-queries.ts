import { useQuery } from '@tanstack/react-query';
import type { InputOf, Language, ResponseExport, Topic } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import { rangeInvalid, type ResponseFilters } from './responses-store';

/** Rows per page of the responses table. */
export const PAGE_SIZE = 25;

/** What a response shows: its answers, its form's questions, its patient's name. */
const SHOWN: readonly Topic[] = ['responses', 'forms', 'patients'];

/** The instant a local calendar day starts, as ISO (the service compares instants). */
export function localDayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/**
 * The service's scope for the filters: the days are the user's, so `from` is the start of that
 * local day and the inclusive `to` day becomes the start of the next one (the service's `to` is
 * exclusive).
 */
export function scopeInput(
  formId: string,
  filters: ResponseFilters,
  withPatient = true,
): InputOf<'responses', 'analysis'> {
  const input: InputOf<'responses', 'analysis'> = { formId };
  if (withPatient && filters.patient) input.patientId = filters.patient.id;
  if (!rangeInvalid(filters)) {
    if (filters.from) input.from = localDayStart(filters.from);
    if (filters.to) input.to = localDayStart(filters.to, 1);
  }
  return input;
}

/** The form whose responses are shown. */
export function useResponsesForm(formId: string) {
  return useQuery(operationQuery(useBridge(), ['forms'], 'forms', 'get', { id: formId }));
}

/** The table: the responses the filters select, newest first, a page at a time. */
export function useResponseList(formId: string, filters: ResponseFilters) {
  return usePagedList(
    pagedOperation(useBridge(), SHOWN, 'responses', 'list', {
      ...scopeInput(formId, filters),
      limit: PAGE_SIZE,
    }),
  );
}

/**
 * The charts: the selected patient's measures over time (none without a patient) and every
 * patient's latest values (the patient filter does not apply).
 */
export function useResponseCharts(formId: string, filters: ResponseFilters) {
  const bridge = useBridge();
  const trend = useQuery({
    ...operationQuery(bridge, SHOWN, 'responses', 'analysis', scopeInput(formId, filters)),
    enabled: filters.patient !== undefined,
  });
  const distribution = useQuery(
    operationQuery(bridge, SHOWN, 'responses', 'analysis', scopeInput(formId, filters, false)),
  );
  return { trend, distribution };
}

/** One response in full. */
export function useResponse(id: string) {
  return useQuery(operationQuery(useBridge(), SHOWN, 'responses', 'get', { id }));
}

/** The CSV of the form's responses under the filters (a read, not kept). */
export function useExportCsv() {
  const bridge = useBridge();
  return (formId: string, filters: ResponseFilters, language: Language): Promise<ResponseExport> =>
    callOperation(bridge, 'responses', 'exportCsv', { ...scopeInput(formId, filters), language });
}

/** The inbox: every form's responses, newest first, a page at a time (unread only, or one form). */
export function useInbox(filters: { unread: boolean; formId: string }) {
  return usePagedList(
    pagedOperation(useBridge(), SHOWN, 'responses', 'inbox', {
      limit: PAGE_SIZE,
      ...(filters.unread ? { unread: true } : {}),
      ...(filters.formId ? { formId: filters.formId } : {}),
    }),
  );
}

/** Marks responses read (opened) or unread again. */
export function useMarkResponses() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (input: InputOf<'responses', 'mark'>) =>
      callOperation(bridge, 'responses', 'mark', input),
  });
}
