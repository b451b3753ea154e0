/**
 * The window's Content-Security-Policy, in one place. Main sends it as a response header, and the
 * renderer build writes it into index.html as a meta tag (electron.vite.config.ts), because pages
 * loaded from file:// get no response headers to carry it. No electron import: the Vite config
 * reads this module too.
 */
const BASE: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React and recharts set style attributes at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  // The window talks to the service over IPC, never over HTTP.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Directives a meta tag cannot carry (browsers ignore them there, with a console warning). */
const HEADER_ONLY = new Set(['frame-ancestors']);

export interface PolicyOptions {
  /**
   * The Vite dev server's origin (ELECTRON_RENDERER_URL), only in development: its hot-reload
   * socket needs a connect-src entry, and React Fast Refresh injects one inline module script.
   */
  devServerUrl?: string;
  /** `meta` leaves out the directives a meta tag cannot carry. */
  target?: 'header' | 'meta';
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const directives = structuredClone(BASE);
  if (options.devServerUrl) {
    const origin = new URL(options.devServerUrl);
    const socket = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
    directives['connect-src']!.push(origin.origin, socket);
    directives['script-src']!.push("'unsafe-inline'");
  }
  return Object.entries(directives)
    .filter(([name]) => options.target !== 'meta' || !HEADER_ONLY.has(name))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
