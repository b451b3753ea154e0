import { useEffect, useState } from 'react';
import type { Patient } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure, unwrap, type BridgeFailure } from '../../bridge/bridge';
import { SEARCH_DEBOUNCE_MS } from './patients-store';

export interface PatientSearch {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /**
   * The latest answer's patients. They stay while a newer search is on its way, so a list does
   * not blink at every key; an error or going idle empties them.
   */
  patients: readonly Patient[];
  hasMore: boolean;
  error: BridgeFailure | undefined;
}

const IDLE: PatientSearch = { status: 'idle', patients: [], hasMore: false, error: undefined };

/**
 * Searches patients.list (name, e-mail or phone, as the patients screen does) for what is typed,
 * once typing pauses. An answer that arrives after the text changed is dropped, so a slow early
 * search never overwrites a later one.
 */
export function usePatientSearch(
  text: string,
  options: {
    limit: number;
    /** Also ask with nothing typed (the first patients); otherwise stay idle until something is. */
    browse?: boolean;
    /** Only patients who can be contacted. */
    activeOnly?: boolean;
    /** False while nobody looks at the results (a closed combobox). */
    enabled?: boolean;
  },
): PatientSearch {
  const bridge = useBridge();
  const { limit, browse = false, activeOnly = false, enabled = true } = options;
  const query = text.trim();
  const asks = enabled && (browse || query !== '');
  const [search, setSearch] = useState<PatientSearch>(IDLE);

  useEffect(() => {
    if (!asks) {
      setSearch(IDLE);
      return;
    }
    let current = true;
    setSearch((previous) => ({ ...previous, status: 'loading', error: undefined }));
    const timer = setTimeout(
      () => {
        unwrap(
          bridge.patients.list({
            limit,
            ...(query ? { search: query } : {}),
            ...(activeOnly ? { status: 'active' as const } : {}),
          }),
        ).then(
          (page) => {
            if (!current) return;
            const { hasMore } = page.pagination;
            setSearch({ status: 'ready', patients: page.data, hasMore, error: undefined });
          },
          (error: unknown) => {
            if (current) setSearch({ ...IDLE, status: 'error', error: asFailure(error) });
          },
        );
      },
      // Nothing typed is not a search being typed: no reason to wait.
      query ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asks, query, limit, activeOnly, bridge]);

  return search;
}
