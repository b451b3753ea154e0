import { defineConfig } from 'vitest/config';

// Web-mode end-to-end tests: a real sandbox service and Debian Chromium (npm run test:e2e).
// One file at a time: each starts its own service and browser, and this machine has two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
