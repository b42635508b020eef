import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { ROOMY_LIMITS } from './rate-limits.ts';

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resident memory in MB, from /proc. */
  rssMb(): number;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/**
 * Starts `server/server.ts` in a process of its own, as production runs it (NODE_ENV=production,
 * cookies not Secure because tests speak plain http on loopback, roomy order and mail limits:
 * tests/setup/rate-limits.ts), and waits for /readyz.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    port?: number;
    readyTimeoutMs?: number;
    /** Another checkout of the shop to run (a benchmark's "before"); this one by default. */
    cwd?: string;
    /** The shop's own limits rather than the roomy ones of tests/setup/rate-limits.ts. */
    limits?: 'roomy' | 'defaults';
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let output = '';
  // As `npm start` runs it: the heap a 512 MB instance can afford (HEAP_MB to change it).
  const heap = `--max-old-space-size=${env.HEAP_MB ?? process.env.HEAP_MB ?? 256}`;
  const child = spawn(process.execPath, [heap, '--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      INSECURE_COOKIES: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(options.limits === 'defaults' ? {} : ROOMY_LIMITS),
      ...env,
    },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
