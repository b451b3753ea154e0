import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'service',
          environment: 'node',
          include: ['test/service/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Electron main with a faked `electron` module (the binary cannot run here).
        test: {
          name: 'main',
          environment: 'node',
          include: ['test/main/**/*.test.ts'],
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
          testTimeout: 15_000,
        },
      },
    ],
  },
});
