import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditionInfo } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { unwrap } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/**
 * The validated instruments' published editions (forms.instruments), with their scoring: the
 * library the forms list adds from and the coordinator's notes on a validated form.
 */
export function useEditions(enabled = true): { state: Async<EditionInfo[]>; reload: () => void } {
  const bridge = useBridge();
  const [state, setState] = useState<Async<EditionInfo[]>>(idle);
  const latest = useRef(state);
  latest.current = state;
  const reload = useCallback(() => {
    if (enabled) void load(latest.current, setState, () => unwrap(bridge.forms.instruments()));
  }, [bridge, enabled]);
  useEffect(reload, [reload]);
  return { state, reload };
}
