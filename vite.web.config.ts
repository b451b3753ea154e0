import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaTag } from './src-main/csp-meta-plugin';

// Web mode: the same React window built for a plain browser (Playwright e2e, `npm run dev:web`,
// `engage-desk web --app-dir out/web`). It talks to the service through the HTTP bridge
// (src-renderer/src/bridge/http-bridge.ts); the service serves it and puts the per-run token in
// index.html. Relative asset URLs, so any origin can serve it. ENGAGE_DESK_OUT (default `out`)
// lets parallel work trees of one checkout build and test without emptying each other's bundle.
export default defineConfig({
  root: fileURLToPath(new URL('./src-renderer', import.meta.url)),
  base: './',
  plugins: [react(), cspMetaTag()],
  build: {
    outDir: fileURLToPath(
      new URL(`./${process.env.ENGAGE_DESK_OUT ?? 'out'}/web`, import.meta.url),
    ),
    emptyOutDir: true,
  },
});
