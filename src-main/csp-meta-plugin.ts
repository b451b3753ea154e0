import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './content-security-policy';

/**
 * Writes the window's Content-Security-Policy into index.html as a meta tag, at build time only.
 * The built window loads from file:// in Electron (no response header can carry a CSP there) and
 * from the service in web mode; both builds (electron.vite.config.ts, vite.web.config.ts) use this
 * plugin, so the policy is the one main sends as a header. In development the Vite dev server
 * needs an inline hot-reload script, so nothing is written there.
 */
export function cspMetaTag(): Plugin {
  return {
    name: 'engage-desk:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy({ target: 'meta' }),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}
