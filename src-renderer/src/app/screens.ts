import type { IconName } from '../ui/icons';

/**
 * The window's screens, as the sidebar lists them; the command palette offers the same ones.
 * `developer` screens (an API key or a webhook is an integrator's tool, the reference and the
 * request log a developer's) show only in developer mode (app/developer-mode.ts).
 */
export const SCREENS = [
  { href: '/', key: 'dashboard' },
  { href: '/alerts', key: 'alerts' },
  { href: '/patients', key: 'patients' },
  { href: '/forms', key: 'forms' },
  { href: '/responses', key: 'responses' },
  { href: '/deliveries', key: 'deliveries' },
  { href: '/chats', key: 'chats' },
  { href: '/calls', key: 'calls' },
  { href: '/credits', key: 'credits' },
  { href: '/webhooks', key: 'webhooks', developer: true },
  { href: '/keys', key: 'keys', developer: true },
  { href: '/developer', key: 'developer', developer: true },
  { href: '/settings', key: 'settings' },
] as const satisfies readonly { href: string; key: IconName; developer?: boolean }[];

export type Screen = (typeof SCREENS)[number];

/** The screens this window shows: the developer ones only in developer mode. */
export function visibleScreens(developerMode: boolean): Screen[] {
  return SCREENS.filter((screen) => developerMode || !('developer' in screen));
}
