import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';

export type RunningServer = ServerProcess;

/** What the storefront build is made from: a change to any of them makes the build stale. */
const BUILD_SOURCES = [
  'app',
  'domain',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];

/** The latest modification time under `path` (a file or a folder), in ms. */
function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0,
  );
}

/**
 * Builds the storefront when there is no build yet or a source changed since it was made, so a
 * benchmark never measures yesterday's code (SSR pages need the build).
 */
export function ensureBuild(): void {
  const dir = process.env.BUILD_DIR ?? 'build';
  const built = statSync(`${dir}/server/index.js`, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built < Math.max(...BUILD_SOURCES.map(newestMtime))) {
    execSync('npm run build', { stdio: 'inherit' });
  }
}

/** Starts the server as production runs it, without seeding: benchmarks load their own data. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startServerProcess({ SEED_ON_EMPTY: 'false', ...env });
}
