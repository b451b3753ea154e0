import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Patient } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { BridgeFailure } from '../../bridge/bridge';
import { operationQuery } from '../../data/bridge-query';
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

/** `value`, once it has stayed the same for `ms` (at once when `ms` is 0). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms === 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms === 0 ? value : settled;
}

/**
 * Searches patients.list (name, e-mail or phone, as the patients screen does) for what is typed,
 * once typing pauses. Each text is its own query, so a slow early search never overwrites a later
 * one.
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
  const { limit, browse = false, activeOnly = false, enabled = true } = options;
  const query = text.trim();
  const asks = enabled && (browse || query !== '');
  // Nothing typed is not a search being typed: no reason to wait.
  const sent = useSettled(query, query ? SEARCH_DEBOUNCE_MS : 0);
  const search = useQuery({
    ...operationQuery(useBridge(), ['patients'], 'patients', 'list', {
      limit,
      ...(sent ? { search: sent } : {}),
      ...(activeOnly ? { status: 'active' as const } : {}),
    }),
    enabled: asks && (browse || sent !== ''),
    placeholderData: keepPreviousData,
  });

  if (!asks) return IDLE;
  if (search.error && !search.isFetching && sent === query) {
    return { ...IDLE, status: 'error', error: search.error };
  }
  const page = search.data;
  return {
    status: sent !== query || search.isFetching || !page ? 'loading' : 'ready',
    patients: page?.data ?? [],
    hasMore: page?.pagination.hasMore ?? false,
    error: undefined,
  };
}
