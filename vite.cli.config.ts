import { defineConfig } from 'vite';

// Bundles the CLI (and with it the whole service) into out/cli/cli.js so that `npx engage-desk`
// and `npm run serve` run plain JavaScript: the SQL migrations are inlined by `?raw` imports and
// every dependency stays external (better-sqlite3 is a native module built for this Node).
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
      // The benchmark fixture writer and the delivery, webhook and triage benchmarks ride along, so that they go
      // through the same service code.
      input: {
        cli: 'src-main/cli.ts',
        'bench-fixture': 'bench/patient-fixture.ts',
        'delivery-bench': 'bench/delivery-bench.ts',
        'webhook-bench': 'bench/webhook-bench.ts',
        'triage-bench': 'bench/triage-bench.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { target: 'node' },
});
