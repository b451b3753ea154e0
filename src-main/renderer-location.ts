import { pathToFileURL } from 'node:url';

/**
 * Where the window's page comes from, and the one test of "is this our own page" that the
 * navigation guards, the IPC sender check and the permission handler share.
 */
export type RendererLocation = { kind: 'file'; path: string } | { kind: 'url'; url: string };

/** The Vite dev server when electron-vite runs `dev`, else the built index.html. */
export function rendererLocation(
  builtIndexHtml: string,
  devServerUrl = process.env.ELECTRON_RENDERER_URL,
): RendererLocation {
  return devServerUrl ? { kind: 'url', url: devServerUrl } : { kind: 'file', path: builtIndexHtml };
}

/**
 * True for the app's own page only. From disk that is the one index.html (any hash or query,
 * which client-side routes use), not any file: a page that got to file:///etc/… must not pass.
 * From the dev server it is anything on its origin.
 */
export function isAppUrl(candidate: string, location: RendererLocation): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (location.kind === 'url') return url.origin === new URL(location.url).origin;
  const own = pathToFileURL(location.path);
  return url.protocol === 'file:' && url.host === own.host && url.pathname === own.pathname;
}
