import { defineConfig } from 'vitest/config';

// Browser and process tests share CI's two cores with a server, a database and Chromium: one
// retry there absorbs a starved moment; a real defect still fails twice and is reported.
const retryOnBusyMachine = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'system',
          retry: retryOnBusyMachine,
          include: ['tests/system/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          retry: retryOnBusyMachine,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Page assertions poll (expect.poll, waitFor) instead of sampling once: a shared,
          // busy machine paints late, never wrongly.
          expect: { poll: { timeout: 15_000, interval: 50 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
