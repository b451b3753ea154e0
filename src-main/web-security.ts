import { app, shell, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy } from './content-security-policy';
import { isAppUrl, type RendererLocation } from './renderer-location';

/**
 * The window only ever shows our own page. Everything that could take it elsewhere or give a page
 * more power (navigation, redirects, new windows, <webview>, permissions) is refused here; links
 * meant for people (https only) open in their browser instead.
 */

const guarded = new WeakSet<WebContents>();

/** Opens a link in the system browser, https only: no file:, no custom schemes, no plain http. */
export function openExternalIfSafe(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  void shell.openExternal(parsed.href).catch((error: unknown) => {
    console.error('Could not open the link in the browser:', error);
  });
  return true;
}

/** Navigation, redirect, window.open and <webview> guards for one webContents. */
export function guardWebContents(contents: WebContents, location: RendererLocation): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);
  const stayHome = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, location)) event.preventDefault();
  };
  contents.on('will-navigate', (event, url) => stayHome(event, url));
  contents.on('will-frame-navigate', (event) => stayHome(event, event.url));
  contents.on('will-redirect', (event, url) => stayHome(event, url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
}

/**
 * Guards every webContents the app ever creates (devtools, a stray popup), not only the window's,
 * so a future code path cannot forget.
 */
export function guardAllWebContents(location: RendererLocation): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, location));
}

/** Session-wide: the CSP header on every response, and no permission except copying. */
export function secureSession(session: Session, location: RendererLocation): void {
  const devServerUrl = location.kind === 'url' ? location.url : undefined;
  const policy = contentSecurityPolicy(devServerUrl ? { devServerUrl } : {});
  // Every response gets it: the session serves nothing but the renderer, and a blanket rule
  // cannot miss one. A header the dev server sent is replaced, whatever its spelling.
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } });
  });
  // The status bar's copy button writes the API URL with navigator.clipboard; nothing else
  // (camera, notifications, geolocation, …) is ever needed.
  const allowed = (permission: string, requestingUrl: string) =>
    permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl, location);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(allowed(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowed(permission, details.requestingUrl ?? requestingOrigin),
  );
}
