import { defineConfig } from 'vite';

// Bundles the CLI (and with it the whole service) into out/cli/cli.js so that `npx engage-desk`
// and `npm run serve` run plain JavaScript: the SQL migrations are inlined by `?raw` imports and
// every dependency stays external (better-sqlite3 is a native module built for this Node).
export default defineConfig({
  build: {
    ssr: 'src-main/cli.ts',
    outDir: 'out/cli',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      output: { format: 'es', entryFileNames: 'cli.js' },
    },
  },
  ssr: { target: 'node' },
});
