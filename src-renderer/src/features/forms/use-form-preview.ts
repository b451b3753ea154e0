import { useEffect, useRef, useState } from 'react';
import type {
  DraftError,
  FormDefinition,
  InstrumentKey,
  Language,
} from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure, unwrap, type BridgeFailure } from '../../bridge/bridge';

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
  /** The request (language and draft) the html and errors answer. */
  checked: string | undefined;
  pending: boolean;
  failure: BridgeFailure | undefined;
  retry(): void;
}

/**
 * forms.preview for the draft as it stands, once typing pauses: the patient page to show and the
 * service's own verdict on the draft (create's checks; update's too when `formId` is given).
 * Answers that arrive after a newer draft was sent are dropped.
 */
export function useFormPreview(input: {
  definition: FormDefinition;
  keys: readonly string[];
  language: Language;
  formId: string | undefined;
}): PreviewState {
  const bridge = useBridge();
  const json = JSON.stringify(input.definition);
  const keys = useRef(input.keys);
  keys.current = input.keys;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<PreviewState, 'retry' | 'pending'>>({
    html: undefined,
    errors: [],
    instruments: [],
    keys: [],
    checked: undefined,
    failure: undefined,
  });
  const { language, formId } = input;
  const request = `${language} ${formId ?? ''} ${json}`;

  useEffect(() => {
    let current = true;
    const sentKeys = keys.current;
    const timer = setTimeout(() => {
      unwrap(
        bridge.forms.preview({
          definition: JSON.parse(json) as unknown,
          language,
          ...(formId ? { formId } : {}),
        }),
      ).then(
        (preview) => {
          if (!current) return;
          setState({
            html: preview.html,
            errors: preview.errors,
            instruments: preview.instruments,
            keys: sentKeys,
            checked: request,
            failure: undefined,
          });
        },
        (error: unknown) => {
          if (current) setState((s) => ({ ...s, checked: request, failure: asFailure(error) }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, json, language, formId, request, attempt]);

  return {
    ...state,
    pending: state.checked !== request,
    retry: () => setAttempt((n) => n + 1),
  };
}
