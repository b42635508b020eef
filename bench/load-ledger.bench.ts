/**
 * Load with a ledger: simulated shoppers browse, filter, search and change their baskets (a
 * few sign up and sign in) against PostgreSQL; each keeps a ledger of what it did, and at the
 * end every server-side basket must equal its shopper's ledger.
 *
 *   npm run bench:load                 # LOAD_SHOPPERS=200 LOAD_SECONDS=60 LOAD_THINK_MS=1000
 *
 * A shopper pauses between actions for half to one and a half times LOAD_THINK_MS, as people
 * read a page before the next click; LOAD_THINK_MS=0 turns the shoppers into a stress test
 * (every one of them always has a request in flight).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { seededRandom } from '#tests/factories/random.ts';
import { cartLines, purchasableVariations, Shopper } from '#tests/system/shopper.ts';
import { benchDatabase } from './lib/database.ts';
import { ensureBuild } from './lib/server.ts';

const SHOPPERS = Number(process.env.LOAD_SHOPPERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
/** Registrations are throttled per IP (30 an hour) and every shopper here shares 127.0.0.1. */
const ACCOUNTS = Math.min(20, SHOPPERS);

/** Per route ("PUT /api/cart/:id"): its requests' latencies. */
const byRoute = new Map<string, number[]>();
const statuses = new Map<number, number>();

class LedgerShopper extends Shopper {
  /** variation id → quantity the shopper believes is in its basket. */
  readonly ledger = new Map<number, number>();
  readonly lineIds = new Map<number, number>();

  override async request(method: string, path: string, body?: unknown): Promise<Response> {
    const started = performance.now();
    const response = await super.request(method, path, body);
    const elapsed = performance.now() - started;
    const route = `${method} ${path.split('?')[0]!.replace(/\/\d+/g, '/:id')}`;
    const values = byRoute.get(route) ?? [];
    values.push(elapsed);
    byRoute.set(route, values);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return response;
  }
}

async function shop(
  shopper: LedgerShopper,
  index: number,
  variations: { product_id: number; variation_id: number }[],
  until: number,
) {
  const random = seededRandom(index + 1);
  if (index < ACCOUNTS) {
    const email = `load-${Date.now()}-${index}@example.co.uk`;
    await shopper.request('POST', '/api/auth/register', { email, password: 'Portland-Stone-2026' });
    await shopper.request('POST', '/api/auth/logout', {});
    await shopper.request('POST', '/api/auth/login', { email, password: 'Portland-Stone-2026' });
  }
  while (Date.now() < until) {
    if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + random.next()));
    const action = random.next();
    if (action < 0.3) {
      await shopper.request(
        'GET',
        `/api/products/by-category?category=${random.pick(['marble-tiles', 'limestone-tiles', 'slabs', 'herringbone-tiles'])}&facets=true&page=${random.int(1, 3)}`,
      );
    } else if (action < 0.45) {
      await shopper.request(
        'GET',
        `/api/filtered-products?stone_colour=${random.pick(['white', 'grey', 'black'])}&stone_finish=honed-matt-smooth&sort=price-asc`,
      );
    } else if (action < 0.55) {
      await shopper.request(
        'GET',
        `/api/products?search=${random.pick(['marble', 'travertine', 'slate', 'granit'])}`,
      );
    } else if (action < 0.8) {
      const variation = random.pick(variations);
      const quantity = random.int(1, 5);
      const response = await shopper.request('POST', '/api/cart/add', {
        ...variation,
        quantity,
        check_duplicates: true,
      });
      if (response.ok) {
        const id = variation.variation_id;
        shopper.ledger.set(id, (shopper.ledger.get(id) ?? 0) + quantity);
        const body = (await response.json()) as {
          data: { line_items: { id: number; variation_id: number }[] };
        };
        for (const line of body.data.line_items) shopper.lineIds.set(line.variation_id, line.id);
      }
    } else if (action < 0.92) {
      const [variationId, lineId] = random.pick([...shopper.lineIds]) ?? [];
      if (variationId === undefined || lineId === undefined) continue;
      const quantity = random.int(1, 9);
      const response = await shopper.request('PUT', `/api/cart/${lineId}`, { quantity });
      if (response.ok) shopper.ledger.set(variationId, quantity);
    } else {
      const [variationId, lineId] = random.pick([...shopper.lineIds]) ?? [];
      if (variationId === undefined || lineId === undefined) continue;
      const response = await shopper.request('DELETE', `/api/cart/${lineId}`);
      if (response.ok) {
        shopper.ledger.delete(variationId);
        shopper.lineIds.delete(variationId);
      }
    }
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main() {
  ensureBuild();
  // A fresh database seeded with the demo shop: every basket in it belongs to this run.
  const url = await benchDatabase('tessera_bench_load', true);
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-load-'));
  const server = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir });
  try {
    const variations = await purchasableVariations(server.url, 20);
    const shoppers = Array.from({ length: SHOPPERS }, () => new LedgerShopper(server.url));
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(shoppers.map((shopper, i) => shop(shopper, i, variations, until)));

    let mismatches = 0;
    for (const shopper of shoppers) {
      if (!shopper.cookie) continue;
      const lines = await cartLines(shopper);
      const stored = new Map(lines.map((line) => [line.variation_id, line.quantity]));
      const same =
        stored.size === shopper.ledger.size &&
        [...shopper.ledger].every(([id, quantity]) => stored.get(id) === quantity);
      if (!same) mismatches++;
    }
    const latencies = [...byRoute.values()].flat();
    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `| shoppers | think ms | seconds | requests | 5xx | p50 ms | p95 ms | p99 ms | ledger mismatches |\n` +
        `| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n` +
        `| ${SHOPPERS} | ${THINK_MS} | ${SECONDS} | ${latencies.length} | ${fiveXX} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 95).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${mismatches} |`,
    );
    console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    console.log('| route | requests | p50 ms | p95 ms |\n| --- | --- | --- | --- |');
    for (const [route, values] of [...byRoute].sort((a, b) => b[1].length - a[1].length)) {
      console.log(
        `| ${route} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} |`,
      );
    }
    if (fiveXX > 0 || mismatches > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
