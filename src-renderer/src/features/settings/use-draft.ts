import { useState } from 'react';

/**
 * Edits over saved values: untouched fields keep following the saved settings (a change pushed by
 * the service shows at once), edited ones keep what the user typed until it is saved.
 */
export function useDraft<T extends Record<string, unknown>>(saved: T) {
  const [draft, setDraft] = useState<Partial<T>>({});
  const value = { ...saved, ...draft } as T;
  const changed = Object.fromEntries(
    Object.entries(draft).filter(([key, v]) => v !== saved[key]),
  ) as Partial<T>;
  return {
    value,
    changed,
    dirty: Object.keys(changed).length > 0,
    set(patch: Partial<T>) {
      setDraft((d) => ({ ...d, ...patch }));
    },
    clear() {
      setDraft({});
    },
  };
}
