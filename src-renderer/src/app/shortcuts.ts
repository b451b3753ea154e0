import { useEffect, useRef } from 'react';
import { SHORTCUTS, type ShortcutId } from '../../../src-preload/contract';

/** ⌘ on macOS, Ctrl elsewhere: what `Mod` means in the shortcut table. */
export const IS_MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || '');

/** The keys of one step, as typed: `Mod+K`, `F1`, `?`, `g`. */
function matches(step: string, event: KeyboardEvent): boolean {
  const parts = step.split('+');
  const key = parts[parts.length - 1] ?? '';
  const mod = parts.includes('Mod');
  if (mod !== (IS_MAC ? event.metaKey : event.ctrlKey)) return false;
  if (event.altKey || (IS_MAC ? event.ctrlKey : event.metaKey)) return false;
  // "n" is not Shift+N; "?" and "/" are what the layout types, with or without Shift.
  if (!mod && /^[a-z]$/.test(key) && event.shiftKey) return false;
  return event.key.toLowerCase() === key.toLowerCase();
}

/** A text field (or any editable element): single-key shortcuts are typing there. */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'),
  );
}

/**
 * Listens for the table's shortcuts (contract/shortcuts.ts) on the whole window and calls `run`
 * with the one typed. Single keys never fire in a text field or while a dialog is open; a
 * sequence's first key waits for the next one, whatever it is (no timer).
 */
export function useShortcuts(
  run: (id: ShortcutId) => void,
  /** Whether the shortcut applies now (its screen is showing, its screen is visible). */
  applies: (id: ShortcutId) => boolean,
): void {
  const latest = useRef({ run, applies });
  latest.current = { run, applies };
  useEffect(() => {
    let pending: string | null = null;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
      const typing = inField(event.target);
      const dialogOpen = document.querySelector('dialog[open]') !== null;
      const before = pending;
      pending = null;
      for (const shortcut of SHORTCUTS) {
        if (!shortcut.inFields && (typing || dialogOpen)) continue;
        if (!latest.current.applies(shortcut.id)) continue;
        for (const keys of shortcut.keys) {
          const steps = keys.split(' ');
          const [first, second] = steps;
          if (first === undefined) continue;
          const done =
            second === undefined
              ? before === null && matches(first, event)
              : before === first && matches(second, event);
          if (done) {
            event.preventDefault();
            latest.current.run(shortcut.id);
            return;
          }
          if (second !== undefined && before === null && matches(first, event)) pending = first;
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** One step as the help panel and the palette print it (`Mod+K` → `Ctrl K` or `⌘ K`). */
export function keyCaps(step: string): string[] {
  return step.split('+').map((part) => (part === 'Mod' ? (IS_MAC ? '⌘' : 'Ctrl') : part));
}
