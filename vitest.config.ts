import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { POSTGRES_SUITES } from './test/service/postgres-suites';

const postgresUrl = process.env.ENGAGE_DESK_TEST_POSTGRES_URL;
if (!postgresUrl && process.env.ENGAGE_DESK_REQUIRE_POSTGRES)
  throw new Error(
    'ENGAGE_DESK_REQUIRE_POSTGRES is set but ENGAGE_DESK_TEST_POSTGRES_URL is not: start one with scripts/test-postgres.sh',
  );

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a two-core CI machine.
    // The suites wait on PostgreSQL round trips and on the processes they start as much as they
    // compute, so two workers there took the whole run from 61 to 41 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'service',
          environment: 'node',
          include: ['test/service/**/*.test.ts'],
          // Hang limits, not speed bars: beside another worker on two cores, a case that seeds
          // the demo clinic twice took 11 s alone and over 30 s with a third process running.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The service suites again on PostgreSQL (test/service/postgres-suites.ts says which so far):
      // the cores they open in memory get a PostgreSQL database each instead.
      ...(postgresUrl && POSTGRES_SUITES.length
        ? [
            {
              resolve: {
                alias: [
                  {
                    find: /^\.\/store\/open-store$/,
                    replacement: fileURLToPath(
                      new URL('./test/service/postgres-store-opener.ts', import.meta.url),
                    ),
                  },
                ],
              },
              test: {
                name: 'service-postgres',
                environment: 'node',
                include: POSTGRES_SUITES.map((file) => `test/service/${file}`),
                globalSetup: ['test/service/postgres-global-setup.ts'],
                // Hang limits: a demo clinic seeds in about 2 s on SQLite and 10 to 15 s over
                // PostgreSQL's round trips, and some cases seed it several times.
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        // Electron main with a faked `electron` module (the binary cannot run here).
        test: {
          name: 'main',
          environment: 'node',
          include: ['test/main/**/*.test.ts'],
          // A hang's limit: these start the service on a demo clinic (a few seconds, more on a
          // loaded CI machine), and the 5 s default cut them off mid-way.
          testTimeout: 60_000,
        },
      },
      {
        // Stores and components against an in-memory Bridge.
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
          // A hang's limit, not a speed bar: typing a whole form key by key in jsdom took 15 s
          // on a loaded CI machine, and a test cut off mid-way leaves its events running into
          // the next test's screen.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
