import { useQuery } from '@tanstack/react-query';
import type {
  ClinicalForm,
  FormDefinition,
  FormSummary,
  FormUpdate,
} from '../../../../src-preload/contract';
import { useBridge, useFeatureStore } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import { createFormsStore, type FormFilter, type FormNotice } from './forms-store';

/** Forms per request: the service's maximum page size (a clinic has tens of forms, not more). */
export const PAGE_SIZE = 100;

/**
 * The forms of `filter`, with what references them: a response, a delivery or one that falls due
 * changes a form's row too.
 */
export function useFormList(filter: FormFilter) {
  return usePagedList(
    pagedOperation(useBridge(), ['forms', 'responses', 'schedules'], 'forms', 'list', {
      limit: PAGE_SIZE,
      ...(filter === 'all' ? {} : { status: filter }),
    }),
  );
}

/** One form with its use (the builder). */
export function useForm(id: string) {
  return useQuery(operationQuery(useBridge(), ['forms'], 'forms', 'get', { id }));
}

/**
 * The validated instruments' published editions (forms.instruments), with their scoring: the
 * library the forms list adds from and the coordinator's notes on a validated form. The service's
 * own catalogue: read once.
 */
export function useEditions(enabled = true) {
  return useQuery({
    ...operationQuery(useBridge(), [], 'forms', 'instruments'),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * An action on a form from the list (or the builder's restore): the form's buttons are busy
 * meanwhile, then the list says what happened (archiving offers an undo) or why it failed.
 * Resolves with the service's answer, or undefined when it refused.
 */
function useFormAction<T>(
  run: (bridge: Bridge, id: string) => Promise<T>,
  notice: (value: T, form: { id: string; name: string }) => FormNotice,
) {
  const bridge = useBridge();
  const store = useFeatureStore(createFormsStore);
  const mutation = useWrite({
    mutationFn: (form: { id: string; name: string }) => run(bridge, form.id),
    onSuccess: (value, form) => store.getState().end(form.id, { notice: notice(value, form) }),
    onError: (error, form) => store.getState().end(form.id, { error, name: form.name }),
  });
  return async (form: Pick<FormSummary, 'id' | 'name'>): Promise<T | undefined> => {
    store.getState().begin(form.id);
    return mutation.mutateAsync(form).catch(() => undefined);
  };
}

export function useArchiveForm() {
  return useFormAction(
    (bridge, id) => callOperation(bridge, 'forms', 'archive', { id }),
    (f: ClinicalForm) => ({ kind: 'archived', name: f.name, id: f.id }),
  );
}

export function useRestoreForm() {
  return useFormAction(
    (bridge, id) => callOperation(bridge, 'forms', 'restore', { id }),
    (f: ClinicalForm) => ({ kind: 'restored', name: f.name }),
  );
}

export function useRemoveForm() {
  return useFormAction(
    (bridge, id) => callOperation(bridge, 'forms', 'remove', { id }),
    (_, form) => ({ kind: 'removed', name: form.name }),
  );
}

/** Creates or saves a form; the list says it was saved. Throws the BridgeFailure. */
export function useSaveForm() {
  const bridge = useBridge();
  const store = useFeatureStore(createFormsStore);
  return useWrite({
    mutationFn: (save: { create: FormDefinition } | { id: string; patch: FormUpdate }) =>
      'create' in save
        ? callOperation(bridge, 'forms', 'create', save.create)
        : callOperation(bridge, 'forms', 'update', { id: save.id, patch: save.patch }),
    onSuccess: (form) =>
      store.setState({ notice: { kind: 'saved', name: form.name }, actionError: undefined }),
  });
}

/** Adds a validated instrument's edition as a form of the clinic. */
export function useAddInstrument() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (edition: string) => callOperation(bridge, 'forms', 'addInstrument', { edition }),
  });
}
