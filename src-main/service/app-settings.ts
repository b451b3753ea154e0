import type { SettingsQueries } from './store/queries/settings';

/** Desktop settings kept in the `settings` table beside the service's own. */
export const APP_PORT_SETTING = 'app_port';
export const SANDBOX_SETTING = 'sandbox_mode';
export const DEVELOPER_MODE_SETTING = 'developer_mode';
export const DEFAULT_APP_PORT = 4010;
export const MIN_APP_PORT = 1024;
export const MAX_APP_PORT = 65535;

/** The port the desktop app listens on: the saved one, else 4010. */
export async function savedPort(settings: SettingsQueries): Promise<number> {
  const saved = Number(await settings.get(APP_PORT_SETTING));
  return Number.isInteger(saved) && saved >= MIN_APP_PORT && saved <= MAX_APP_PORT
    ? saved
    : DEFAULT_APP_PORT;
}

/** The saved sandbox switch, or undefined when never switched. */
export async function savedSandbox(settings: SettingsQueries): Promise<boolean | undefined> {
  const saved = await settings.get(SANDBOX_SETTING);
  return saved === 'on' ? true : saved === 'off' ? false : undefined;
}

/**
 * Developer mode (the window shows its sandbox and developer tools): the saved switch, else
 * `fallback` (on where a developer started the service, off in the desktop app).
 */
export async function savedDeveloperMode(
  settings: SettingsQueries,
  fallback: boolean,
): Promise<boolean> {
  const saved = await settings.get(DEVELOPER_MODE_SETTING);
  return saved === 'on' ? true : saved === 'off' ? false : fallback;
}
