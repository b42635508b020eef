/**
 * Placing orders on PostgreSQL: shoppers each add a line to the basket, get the checkout quote
 * and place the order (a key of its own each time), over and over; orders a second and the
 * POST's latency, as a ratio to the SELECT floor measured on the same server in the same run.
 *
 *   npm run bench:orders              # BENCH_SECONDS=10 BENCH_CONNECTIONS=50 (shoppers)
 *
 * The demo shop on a fresh database; the variations bought get plenty of stock first, so the
 * figures are of placement, not of refusals.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { seededRandom } from '#tests/factories/random.ts';
import { placeOrder, purchasableVariations, quoteBasket, Shopper } from '#tests/system/shopper.ts';
import {
  CONNECTIONS,
  load,
  ms,
  percentile,
  SECONDS,
  selectFloorScenario,
  table,
  type LoadResult,
} from './lib/load.ts';
import { ensureBuild, serverIdle, startDemoShop } from './lib/server.ts';

const TARGET = { ratio: 0.1, p99Ms: 250 };

interface Variation {
  product_id: number;
  variation_id: number;
}

interface OrderRun {
  orders: number;
  seconds: number;
  /** Latencies of the POSTs answered 201, ms. */
  placed: number[];
  /** Every other answer to the POST, by status. */
  refused: Map<number, number>;
  /** Requests that got no answer at all. */
  errors: number;
  requests: number;
}

/** `shoppers` shoppers add, quote and place until `seconds` have passed. */
async function placeOrders(
  url: string,
  variations: Variation[],
  shoppers: number,
  seconds: number,
): Promise<OrderRun> {
  const run: OrderRun = {
    orders: 0,
    seconds: 0,
    placed: [],
    refused: new Map(),
    errors: 0,
    requests: 0,
  };
  const started = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: shoppers }, async (_, index) => {
      const random = seededRandom(index + 1);
      const shopper = new Shopper(url);
      while (Date.now() < until) {
        try {
          run.requests += 3;
          await shopper.json('POST', '/api/cart/add', {
            ...random.pick(variations),
            quantity: random.int(1, 3),
          });
          const quote = await quoteBasket(shopper);
          const sent = performance.now();
          const response = await placeOrder(shopper, quote, randomUUID());
          await response.arrayBuffer();
          if (response.status === 201) {
            run.placed.push(performance.now() - sent);
            run.orders++;
          } else {
            run.refused.set(response.status, (run.refused.get(response.status) ?? 0) + 1);
          }
        } catch {
          run.errors++;
        }
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  run.placed.sort((a, b) => a - b);
  return run;
}

async function main() {
  ensureBuild();
  const shop = await startDemoShop('tessera_bench_orders', { BENCH_ROUTES: 'true' });
  try {
    const url = shop.server.url;
    const variations = await purchasableVariations(url, 20);
    const db = new pg.Client({ connectionString: shop.databaseUrl });
    await db.connect();
    try {
      await db.query('UPDATE variations SET stock_quantity = 1000000 WHERE id = ANY($1)', [
        variations.map((v) => v.variation_id),
      ]);
    } finally {
      await db.end();
    }

    // Warm the pool and the JIT on both paths before measuring.
    await load({ ...selectFloorScenario(url), name: 'warm-up', seconds: 3 });
    await placeOrders(url, variations, CONNECTIONS, 3);
    await serverIdle(shop.server.pid);

    const floor = await load(selectFloorScenario(url));
    console.log(`${floor.name}: ${floor.rps.toFixed(0)} req/s, p99 ${ms(floor.p99)} ms`);
    await serverIdle(shop.server.pid);

    const run = await placeOrders(url, variations, CONNECTIONS, SECONDS);
    const ordersPerSecond = run.orders / run.seconds;
    const refused = [...run.refused.values()].reduce((sum, n) => sum + n, 0);
    const placing: LoadResult = {
      name: `place order (${CONNECTIONS} shoppers: add, quote, place), orders/s and POST latency`,
      rps: ordersPerSecond,
      p50: percentile(run.placed, 0.5),
      p99: percentile(run.placed, 0.99),
      mean: run.placed.reduce((sum, t) => sum + t, 0) / Math.max(1, run.placed.length),
      answerBytes: NaN,
      errors: run.errors,
      non2xx: refused,
      target: `>= ${TARGET.ratio} x floor, p99 < ${TARGET.p99Ms} ms`,
    };
    console.log(
      `\nThe demo shop in PostgreSQL; ${run.orders} orders in ${run.seconds.toFixed(1)} s.`,
    );
    console.log(table([floor, placing], { 'x SELECT floor': floor.rps }));
    console.log(
      `\norders/s ${ordersPerSecond.toFixed(1)}; all three requests ${(run.requests / run.seconds).toFixed(0)} req/s; ` +
        `POST p50 ${ms(placing.p50)} ms, p99 ${ms(placing.p99)} ms; ratio to the floor ` +
        `${(ordersPerSecond / floor.rps).toFixed(3)} (target >= ${TARGET.ratio}); ` +
        `non-201 answers ${refused} ${JSON.stringify(Object.fromEntries(run.refused))}; ` +
        `requests without an answer ${run.errors}`,
    );
    console.log(`Server RSS after the run: ${shop.server.rssMb().toFixed(0)} MB`);
  } finally {
    await shop.close();
  }
}

await main();
