import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DraftError,
  FormDefinition,
  InstrumentKey,
  Language,
} from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { BridgeFailure } from '../../bridge/bridge';
import { callOperation } from '../../data/bridge-query';
import { dataKey } from '../../data/query-keys';

/** Typing pauses this long before the draft goes to the service for its preview and checks. */
export const PREVIEW_DEBOUNCE_MS = 300;

export interface PreviewState {
  /** The latest answer's patient page, kept on screen while the next one is made. */
  html: string | undefined;
  errors: readonly DraftError[];
  /** The scored instruments the checked draft holds (its score alerts can name them). */
  instruments: readonly InstrumentKey[];
  /** The keys of the fields of the draft that was checked, in its order (for the pointers). */
  keys: readonly string[];
  pending: boolean;
  failure: BridgeFailure | undefined;
  retry(): void;
}

interface PreviewRequest {
  definition: FormDefinition;
  language: Language;
  formId: string | undefined;
  /** The builder's own keys of the fields sent, to place the answer's pointers. */
  keys: readonly string[];
}

/**
 * forms.preview for the draft as it stands, once typing pauses: the patient page to show and the
 * service's own verdict on the draft (create's checks; update's too when `formId` is given). Each
 * draft is its own query, so an answer for an older draft never lands on a newer one; the last
 * answer stays on screen while the next one is made.
 */
export function useFormPreview(input: PreviewRequest): PreviewState {
  const bridge = useBridge();
  const request = JSON.stringify({
    definition: input.definition,
    language: input.language,
    formId: input.formId,
    keys: input.keys,
  });
  const [sent, setSent] = useState(request);
  useEffect(() => {
    const timer = setTimeout(() => setSent(request), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [request]);
  const asked = JSON.parse(sent) as PreviewRequest;

  const preview = useQuery({
    // The form's stored state decides update's checks: a change to forms checks again.
    queryKey: dataKey(['forms'], 'forms.preview', asked),
    queryFn: async () => ({
      ...(await callOperation(bridge, 'forms', 'preview', {
        definition: asked.definition,
        language: asked.language,
        ...(asked.formId ? { formId: asked.formId } : {}),
      })),
      keys: asked.keys,
    }),
    placeholderData: keepPreviousData,
    // Each keystroke's page is its own answer: none is worth keeping long.
    gcTime: 30_000,
  });
  const answer = preview.data;
  return {
    html: answer?.html,
    errors: answer?.errors ?? [],
    instruments: answer?.instruments ?? [],
    keys: answer?.keys ?? [],
    pending: sent !== request || preview.isFetching,
    failure: preview.error ?? undefined,
    retry: () => void preview.refetch(),
  };
}
