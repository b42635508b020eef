/**
 * PostgreSQL restarted under load: while shoppers read products and add to fresh baskets, the
 * machine's PostgreSQL cluster is stopped (fast shutdown), left down, and started again. Every
 * answer while it is down must be a 503 with Retry-After, none may hang past 5 s, the process
 * must live on, and service must return within 10 s of the database, without a restart.
 *
 *   npm run bench:pg-restart          # PG_DOWN_SECONDS=5 PG_RESTART_WORKERS=20
 *
 * It restarts the cluster the benchmarks use (BENCH_DATABASE_SERVER_URL, by default the local
 * one through pg_ctlcluster): run it on a machine of your own, never beside a test run.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { benchDatabaseUrl } from './lib/database.ts';
import { startServer } from './lib/server.ts';
import { generateCatalogue } from './generate-catalogue.ts';

const DOWN_SECONDS = Number(process.env.PG_DOWN_SECONDS ?? 5);
const WORKERS = Number(process.env.PG_RESTART_WORKERS ?? 20);
const HANG_LIMIT_MS = 5_000;
const RECOVERY_LIMIT_MS = 10_000;

interface Answer {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
}

const cluster = () => readdirSync('/etc/postgresql').sort().at(-1)!;
const pgctl = (action: 'stop' | 'start') =>
  execFileSync('pg_ctlcluster', [
    '--skip-systemctl-redirect',
    cluster(),
    'main',
    action,
    ...(action === 'stop' ? ['-m', 'fast'] : []),
  ]);

async function main() {
  const url = await benchDatabaseUrl(1000, false);
  const server = await startServer({ DATABASE_URL: url }).catch(async () => {
    await generateCatalogue(1000);
    return startServer({ DATABASE_URL: url });
  });
  const base = server.url;
  const listing = await (await fetch(`${base}/api/products?per_page=50`)).json();
  const products = (listing as { data: { id: number; slug: string }[] }).data;
  const details = await Promise.all(
    products.map(async (p) => {
      const detail = (await (await fetch(`${base}/api/products/slug/${p.slug}`)).json()) as {
        variations: { id: number; instock: boolean; attributes: { option: string }[] }[];
      };
      const size = detail.variations.find(
        (v) => v.instock && !/sample/i.test(v.attributes[0]?.option ?? ''),
      );
      return size ? { product: p, variationId: size.id } : null;
    }),
  );
  const buyable = details.filter((d) => d !== null);

  const answers: Answer[] = [];
  let running = true;
  const started = Date.now();
  async function worker(n: number) {
    for (let i = n; running; i += WORKERS) {
      const target = buyable[i % buyable.length]!;
      const write = i % 2 === 0;
      const t0 = Date.now();
      let status: number;
      let retryAfter: string | null = null;
      try {
        const response = write
          ? await fetch(`${base}/api/cart/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                product_id: target.product.id,
                variation_id: target.variationId,
                quantity: 1,
              }),
              signal: AbortSignal.timeout(HANG_LIMIT_MS * 3),
            })
          : await fetch(`${base}/api/products/slug/${target.product.slug}`, {
              headers: { 'cache-control': 'no-cache' },
              signal: AbortSignal.timeout(HANG_LIMIT_MS * 3),
            });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      answers.push({ at: t0 - started, ms: Date.now() - t0, status, retryAfter });
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
  }
  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));

  await new Promise((r) => setTimeout(r, 3_000));
  const downAt = Date.now() - started;
  pgctl('stop');
  await new Promise((r) => setTimeout(r, DOWN_SECONDS * 1000));
  pgctl('start');
  const upAt = Date.now() - started;
  await new Promise((r) => setTimeout(r, RECOVERY_LIMIT_MS + 5_000));
  running = false;
  await Promise.all(workers);
  const alive = (await fetch(`${base}/healthz`)).ok;
  await server.stop();

  const during = answers.filter((a) => a.at >= downAt && a.at < upAt);
  const others = during.filter((a) => a.status !== 200 && a.status !== 503);
  const faults = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
  const bare503 = answers.filter((a) => a.status === 503 && a.retryAfter === null);
  const slowest = Math.max(...answers.map((a) => a.ms));
  const firstOk = answers.find((a) => a.at >= upAt && a.status === 200);
  const recoveredMs = firstOk ? firstOk.at + firstOk.ms - upAt : Infinity;
  const failedAfter = answers.filter((a) => a.at >= upAt + RECOVERY_LIMIT_MS && a.status !== 200);

  const count = (list: Answer[], status: number) => list.filter((a) => a.status === status).length;
  console.log(`PostgreSQL down ${((upAt - downAt) / 1000).toFixed(1)} s under ${WORKERS} workers`);
  console.log(`requests: ${answers.length}; while down: ${during.length}`);
  console.log(
    `while down: ${count(during, 503)} × 503, ${count(during, 200)} × 200, ${others.length} other`,
  );
  console.log(
    `503 without Retry-After: ${bare503.length}; other 5xx or no answer: ${faults.length}`,
  );
  console.log(`slowest answer: ${slowest} ms (limit ${HANG_LIMIT_MS})`);
  console.log(
    `first 200 after the database was back: ${recoveredMs} ms (limit ${RECOVERY_LIMIT_MS})`,
  );
  console.log(`non-200 answers from ${RECOVERY_LIMIT_MS / 1000} s after: ${failedAfter.length}`);
  console.log(`server alive after: ${alive}`);
  const ok =
    others.length === 0 &&
    faults.length === 0 &&
    bare503.length === 0 &&
    slowest <= HANG_LIMIT_MS &&
    recoveredMs <= RECOVERY_LIMIT_MS &&
    failedAfter.length === 0 &&
    alive;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
}

await main();
