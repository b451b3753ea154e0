import { defineConfig } from 'vite';

// Bundles the CLI (and with it the whole service) into out/cli/cli.js so that `npx engage-desk`
// and `npm run serve` run plain JavaScript: the SQL migrations are inlined by `?raw` imports and
// every dependency stays external (better-sqlite3-multiple-ciphers is a native module built for this Node).
// ENGAGE_DESK_OUT moves the bundle (see vite.web.config.ts).
export default defineConfig({
  build: {
    ssr: true,
    outDir: `${process.env.ENGAGE_DESK_OUT ?? 'out'}/cli`,
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      // The CLI only: the benchmark programs are bundled on their own (vite.bench.config.ts).
      // The backup worker is a file of its own: a worker thread runs a file, found beside cli.js.
      input: {
        cli: 'src-main/cli.ts',
        'backup-worker': 'src-main/service/backup/backup-worker.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { target: 'node' },
});
