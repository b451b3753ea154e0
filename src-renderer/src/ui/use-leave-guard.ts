import { useEffect, useRef } from 'react';

/**
 * Asks before work that is not saved is thrown away: a click on any in-window link (caught before
 * the router sees it, so the screen stays as it was when the coordinator says "stay") and closing
 * or reloading the window (`beforeunload`: the browser asks in web mode; in Electron, main shows
 * its own dialog on `will-prevent-unload`, see src-main/leave-guard.ts).
 *
 * `allowLeave()` switches it off for a navigation the screen makes itself, e.g. after saving.
 */
export function useLeaveGuard(active: boolean, question: string): { allowLeave(): void } {
  const allowed = useRef(false);
  const latest = useRef(question);
  latest.current = question;

  useEffect(() => {
    if (!active) return;
    allowed.current = false;
    function onClick(event: MouseEvent) {
      if (allowed.current || event.defaultPrevented || event.button !== 0) return;
      // A new tab or window leaves this screen where it is.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(latest.current)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (allowed.current) return;
      event.preventDefault();
      // Older Chromium versions (and so some Electron ones) still need returnValue set.
      event.returnValue = '';
    }
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  return {
    allowLeave() {
      allowed.current = true;
    },
  };
}
