import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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
export type CreatePatient = InputOf<'patients', 'create'>;
export type UpdatePatient = InputOf<'patients', 'update'>['patch'];

export function listInput(query: PatientQuery): ListInput {
  const input: ListInput = { limit: PAGE_SIZE };
  const search = query.search.trim();
  if (search) input.search = search;
  if (query.status !== 'all') input.status = query.status;
  if (query.tag) input.tag = query.tag;
  return input;
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
