import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { benchDatabase } from './database.ts';

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

export interface DemoShop {
  server: RunningServer;
  /** The shop's PostgreSQL database, for checks made beside the API. */
  databaseUrl: string;
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The demo shop on a fresh PostgreSQL database of this name (seeded at the first start), with a
 * data directory of its own for the mail outbox and the media cache: every basket and order in
 * it belongs to this run.
 */
export async function startDemoShop(
  name: string,
  env: Record<string, string> = {},
): Promise<DemoShop> {
  const databaseUrl = await benchDatabase(name, true);
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  try {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ...env,
    });
    return {
      server,
      databaseUrl,
      close: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Milliseconds of CPU (user and system) a process has used so far, from /proc (100 ticks a second). */
function cpuMs(pid: number): number {
  // The fields after "pid (name) ": utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until the server has used less than a tenth of a core for half a second (30 s at most).
 * Requests a load generator leaves queued when it stops (page renders, which take turns) still
 * run after it, and would otherwise be measured against the next scenario.
 */
export async function serverIdle(pid: number): Promise<void> {
  const windowMs = 500;
  const deadline = Date.now() + 30_000;
  let before = cpuMs(pid);
  while (Date.now() < deadline) {
    await sleep(windowMs);
    const after = cpuMs(pid);
    if (after - before < windowMs / 10) return;
    before = after;
  }
}
