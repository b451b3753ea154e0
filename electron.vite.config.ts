import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { cspMetaTag } from './src-main/csp-meta-plugin';

// The Electron build: main (which embeds the service), the preload bridge and the React window.
// better-sqlite3-multiple-ciphers and the other runtime dependencies stay external to main and are rebuilt for
// Electron only in the packaging step.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The backup worker is a file of its own beside index.js (a worker thread runs a file).
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          'backup-worker': resolve(__dirname, 'src-main/service/backup/backup-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be CommonJS; the package is "type": "module", hence .cjs.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
    plugins: [react(), cspMetaTag()],
  },
});
