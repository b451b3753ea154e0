import { homedir } from 'node:os';
import { join } from 'node:path';

export const PRODUCT_NAME = 'Engage Desk';

/**
 * The per-user application-data folder, the same one Electron's app.getPath('userData') gives the
 * desktop app: the clinic's own data.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  }
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), PRODUCT_NAME);
}

/**
 * The developers' sandbox clinic (`engage-desk serve`, `engage-desk keys`): a folder of its own
 * beside the desktop app's, so a sandbox reset can never reach the clinic's real data.
 */
export function defaultSandboxDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  return `${defaultDataDir(env, platform)} Sandbox`;
}
