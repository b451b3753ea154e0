import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf, Patient } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import type { PatientQuery } from './patients-store';

/** Rows per request: the service's maximum page size. */
export const PAGE_SIZE = 100;

type ListInput = InputOf<'patients', 'list'>;
type MatchInput = InputOf<'patients', 'matching'>;
export type CreatePatient = InputOf<'patients', 'create'>;
export type UpdatePatient = InputOf<'patients', 'update'>['patch'];

/** A whole number typed in a filter field, or undefined when blank or not a number. */
function wholeNumber(text: string): number | undefined {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The list's filters and order as the service reads them (the paging aside). */
export function matchInput(query: PatientQuery): MatchInput {
  const input: MatchInput = {};
  const search = query.search.trim();
  if (search) input.search = search;
  if (query.status !== 'all') input.status = query.status;
  if (query.tag) input.tag = query.tag;
  const minAge = wholeNumber(query.minAge);
  const maxAge = wholeNumber(query.maxAge);
  if (minAge !== undefined) input.minAge = minAge;
  if (maxAge !== undefined) input.maxAge = maxAge;
  const days = wholeNumber(query.days);
  if (query.response !== 'any' && days !== undefined && days > 0) {
    if (query.response === 'responded') input.respondedWithinDays = days;
    else input.notRespondedWithinDays = days;
    if (query.formId) input.responseFormId = query.formId;
  }
  if (query.sort !== 'created' || query.direction !== 'desc') {
    input.sort = query.sort;
    input.direction = query.direction;
  }
  return input;
}

export function listInput(query: PatientQuery): ListInput {
  return { ...matchInput(query), limit: PAGE_SIZE };
}

/**
 * The patients the query selects, a page at a time (the table asks for the next one as the user
 * scrolls). The rows of the previous query stay on screen while a new one loads.
 */
export function usePatientList(query: PatientQuery) {
  return usePagedList({
    ...pagedOperation(useBridge(), ['patients'], 'patients', 'list', listInput(query)),
    placeholderData: keepPreviousData,
  });
}

/** Every tag in use, most used first; `fetch: false` only reads what is cached. */
export function usePatientTags(options: { fetch?: boolean } = {}) {
  return useQuery({
    ...operationQuery(useBridge(), ['patients'], 'patients', 'tags'),
    enabled: options.fetch ?? true,
  });
}

function patientQuery(bridge: Bridge, id: string) {
  return operationQuery(bridge, ['patients'], 'patients', 'get', { id });
}

export function usePatient(id: string) {
  return useQuery(patientQuery(useBridge(), id));
}

/** A patient's deliveries, responses, conversations, calls and notes, newest first. */
export function usePatientTimeline(id: string) {
  return useQuery(
    operationQuery(
      useBridge(),
      ['patients', 'schedules', 'responses', 'conversations', 'calls', 'notes'],
      'patients',
      'timeline',
      { id },
    ),
  );
}

/** Creates or edits a patient; throws the BridgeFailure (validation errors included). */
export function useSavePatient() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: (save: { create: CreatePatient } | { id: string; patch: UpdatePatient }) =>
      'create' in save
        ? callOperation(bridge, 'patients', 'create', save.create)
        : callOperation(bridge, 'patients', 'update', { id: save.id, patch: save.patch }),
    onSuccess: (patient: Patient) =>
      void client.setQueryData(patientQuery(bridge, patient.id).queryKey, patient),
  });
}

/** Adds a note to a patient's record; throws the BridgeFailure (validation errors included). */
export function useAddNote() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (note: InputOf<'notes', 'create'>) =>
      callOperation(bridge, 'notes', 'create', note),
  });
}

/** Every patient the list's filters match (up to the stated limit), for "select all N matching". */
export function useSelectMatching() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (query: PatientQuery) =>
      callOperation(bridge, 'patients', 'matching', matchInput(query)),
  });
}

/** The selected patients themselves, for an action that needs more than their ids. */
export function useLoadPatients() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (ids: string[]) => callOperation(bridge, 'patients', 'byIds', { ids }),
  });
}

/** Adds or removes tags on the selected patients, all in one step. */
export function useRetag() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (input: InputOf<'patients', 'retag'>) =>
      callOperation(bridge, 'patients', 'retag', input),
  });
}

/** The forms a response filter may name (the first page is every form a clinic has). */
export function useFilterForms() {
  return useQuery(operationQuery(useBridge(), ['forms'], 'forms', 'list', { limit: PAGE_SIZE }));
}
