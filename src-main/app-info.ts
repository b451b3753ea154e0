import type { AppInfo } from './service/contract';

/** What `app.info` needs to know about the running service. */
export interface RunningService {
  url: string;
  portNotice?: { wanted: number; actual: number };
}

/**
 * The answer to `app.info`: the status bar shows `apiBaseUrl` with a copy button, and settings
 * tells the user when the saved port was taken and another one is in use.
 */
export function buildAppInfo(service: RunningService, version: string, dataDir: string): AppInfo {
  return {
    apiBaseUrl: service.url,
    version,
    mode: 'desktop',
    dataDir,
    ...(service.portNotice ? { portNotice: service.portNotice } : {}),
  };
}
