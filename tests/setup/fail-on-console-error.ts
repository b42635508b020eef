import { afterEach, vi } from 'vitest';

// A console.error during a test means something went wrong that no assertion caught.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const logged = errors.splice(0).map((args) => args.map(String).join(' '));
  throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
});
