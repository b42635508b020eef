import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';

export type RunningServer = ServerProcess;

/** Builds the storefront once if there is no build yet (SSR pages need it). */
export function ensureBuild(): void {
  const dir = process.env.BUILD_DIR ?? 'build';
  if (!existsSync(`${dir}/server/index.js`)) execSync('npm run build', { stdio: 'inherit' });
}

/** Starts the server as production runs it, without seeding: benchmarks load their own data. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startServerProcess({ SEED_ON_EMPTY: 'false', ...env });
}
