import { defineConfig } from 'vite';

// Bundles the benchmark programs into out/bench/ (ENGAGE_DESK_OUT moves it, as for the CLI and the
// web build) so that they run plain JavaScript through the same service code as the CLI, without
// riding along in the shipped CLI bundle (vite.cli.config.ts): the patient fixture writer (also
// used by the 100,000-patient e2e suite), and the delivery, webhook and triage benchmarks (the
// triage one carries the labelled test corpora). Every dependency stays external, as in the CLI.
export default defineConfig({
  build: {
    ssr: true,
    outDir: `${process.env.ENGAGE_DESK_OUT ?? 'out'}/bench`,
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        'bench-fixture': 'bench/patient-fixture.ts',
        'delivery-bench': 'bench/delivery-bench.ts',
        'webhook-bench': 'bench/webhook-bench.ts',
        'triage-bench': 'bench/triage-bench.ts',
        // A backup's worker thread, found beside the program that runs the service.
        'backup-worker': 'src-main/service/backup/backup-worker.ts',
        'audit-bench': 'bench/audit-bench.ts',
        'spend-bench': 'bench/spend-bench.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { target: 'node' },
});
