import { useApp } from './app-context';

/**
 * Whether the window shows its sandbox and developer tools: the sandbox badge, the API address
 * and web mode in the status bar, the Keys, Webhooks and Developer screens, the sandbox clock and
 * reset, the outbox and typing as the patient in a chat. Off, a coordinator sees none of them.
 * It is the desk's setting (Settings ▸ General, saved by the service), the one place every
 * feature asks: `if (!useDeveloperMode()) return null`.
 */
export function useDeveloperMode(): boolean {
  return useApp((s) => s.developerMode);
}
