import { defineConfig } from 'vitest/config';

// Browser and process tests share CI's two cores with a server, a database and Chromium: one
// retry there absorbs a starved moment; a real defect still fails twice and is reported.
const retryOnBusyMachine = process.env.CI ? 1 : 0;

/** Each file's database is a copy of one migrated (and seeded) at the start of the run. */
const databaseTemplates = 'tests/setup/database-templates.ts';

/**
 * Waits are for events, never for a length of time: `expect.poll` keeps asking until the answer
 * comes, for as long as a loaded two-core machine may need (its default gives up after 1 s).
 */
const pollUntilTheEvent = { poll: { timeout: 30_000, interval: 50 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // Password hashing, PDFs and stone images are CPU work by design: a busy machine
          // stretches them well past vitest's default 5 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: pollUntilTheEvent,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: [databaseTemplates],
          expect: pollUntilTheEvent,
          // Sign-ins hash with scrypt on purpose: a test of throttles makes dozens of them, which
          // took over a minute at load 17 on two cores. A budget, not an expected time.
          testTimeout: 180_000,
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
          expect: pollUntilTheEvent,
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
          globalSetup: [databaseTemplates, 'tests/e2e/global-setup.ts'],
          // Page assertions poll (expect.poll, waitFor) instead of sampling once: a shared,
          // busy machine paints late, never wrongly.
          expect: pollUntilTheEvent,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
