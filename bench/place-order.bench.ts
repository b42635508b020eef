/**
 * Placing orders on PostgreSQL, as a ratio to the SELECT floor measured on the same server in
 * the same run:
 *
 * - place order: baskets are filled and quoted first (what shoppers do before they press Place
 *   order), then 50 shoppers place them at once: orders a second and the POST's p50/p99. The
 *   confirmation mail each order sends after its answer is part of the window, which ends when
 *   the last one has left.
 * - shopping: shoppers add a line, get the checkout quote and place the order, over and over:
 *   orders a second for the whole visit, three requests each.
 * - shopping as trade buyers: the same visit by signed-in customers on the Trade price list,
 *   as a ratio to the retail visit (target: within 20 %).
 *
 * Baskets for "place order" hold 1 to 3 lines of 1 to 3 pieces.
 *
 *   npm run bench:orders     # BENCH_SECONDS=10 BENCH_CONNECTIONS=50 (shoppers) BENCH_BASKETS=3000
 *
 * The demo shop on a fresh database; the variations bought get plenty of stock first, so the
 * figures are of placement, not of refusals. Shoppers talk over keep-alive connections with a
 * client about as light as the floor's autocannon, and accept compressed answers as browsers do.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { CheckoutQuoteJson } from '#domain/checkout.ts';
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
import { tradePriceList, tradeShoppers } from './lib/trade.ts';

const TARGET = { ratio: 0.1, p99Ms: 250, tradeRatio: 0.8 };
const BASKETS = Number(process.env.BENCH_BASKETS ?? 3000);

interface Variation {
  product_id: number;
  variation_id: number;
}

interface OrderRun {
  orders: number;
  /** From the first POST to the last confirmation mailed. */
  seconds: number;
  /** From the first POST to the last answer. */
  answeredSeconds: number;
  /** Latencies of the POSTs answered 201, ms, sorted. */
  placed: number[];
  /** Every other answer to the POST, by status. */
  refused: Map<number, number>;
  /** Requests that got no answer at all. */
  errors: number;
}

const newRun = (): OrderRun => ({
  orders: 0,
  seconds: 0,
  answeredSeconds: 0,
  placed: [],
  refused: new Map(),
  errors: 0,
});

/** Places one quoted basket, counting the answer into `run`. */
async function place(run: OrderRun, shopper: Shopper, quote: CheckoutQuoteJson) {
  const sent = performance.now();
  const response = await placeOrder(shopper, quote, randomUUID());
  await response.arrayBuffer();
  if (response.status === 201) {
    run.placed.push(performance.now() - sent);
    run.orders++;
  } else {
    run.refused.set(response.status, (run.refused.get(response.status) ?? 0) + 1);
  }
}

/** Adds 1 to `maxLines` lines of 1 to 3 pieces to the shopper's basket. */
async function fillBasket(
  shopper: Shopper,
  variations: Variation[],
  seed: number,
  maxLines: number,
) {
  const random = seededRandom(seed);
  for (let line = random.int(1, maxLines); line > 0; line--) {
    await shopper.json('POST', '/api/cart/add', {
      ...random.pick(variations),
      quantity: random.int(1, 3),
    });
  }
}

/** Runs `work` on `workers` at once until it answers false; elapsed seconds. */
async function inParallel(workers: number, work: (worker: number) => Promise<boolean>) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (await work(worker));
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Times `orders` to the last confirmation mailed, not only to the last answer: mail sent after
 * the answer is still the server's work, and a backlog left behind would flatter the figure.
 */
async function untilMailed(db: pg.Client, run: OrderRun, orders: () => Promise<number>) {
  const started = performance.now();
  run.answeredSeconds = await orders();
  for (;;) {
    const { rows } = await db.query<{ unmailed: number }>(
      'SELECT count(*)::int AS unmailed FROM orders WHERE confirmation_mailed_at IS NULL',
    );
    if (rows[0]!.unmailed === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  run.seconds = (performance.now() - started) / 1000;
}

/** `count` shoppers with a filled basket and the quote they saw. */
async function quotedBaskets(url: string, variations: Variation[], count: number) {
  const baskets: { shopper: Shopper; quote: CheckoutQuoteJson }[] = [];
  let started = 0;
  await inParallel(CONNECTIONS, async () => {
    if (started >= count) return false;
    const shopper = new Shopper(url);
    await fillBasket(shopper, variations, ++started, 3);
    baskets.push({ shopper, quote: await quoteBasket(shopper) });
    return true;
  });
  return baskets;
}

/** 50 shoppers place the prepared baskets, each the next one waiting. */
async function placeBaskets(
  db: pg.Client,
  baskets: { shopper: Shopper; quote: CheckoutQuoteJson }[],
) {
  const run = newRun();
  let next = 0;
  await untilMailed(db, run, () =>
    inParallel(CONNECTIONS, async () => {
      const basket = baskets[next++];
      if (!basket) return false;
      await place(run, basket.shopper, basket.quote).catch(() => run.errors++);
      return true;
    }),
  );
  run.placed.sort((a, b) => a - b);
  return run;
}

/** Shoppers (guests unless given) add a line, quote and place until `seconds` have passed. */
async function shopping(
  db: pg.Client,
  url: string,
  variations: Variation[],
  seconds: number,
  shoppers = Array.from({ length: CONNECTIONS }, () => new Shopper(url)),
) {
  const run = newRun();
  const until = Date.now() + seconds * 1000;
  await untilMailed(db, run, () =>
    inParallel(CONNECTIONS, async (worker) => {
      const shopper = shoppers[worker]!;
      try {
        await fillBasket(shopper, variations, worker * 7919 + run.orders, 1);
        await place(run, shopper, await quoteBasket(shopper));
      } catch {
        run.errors++;
      }
      return Date.now() < until;
    }),
  );
  run.placed.sort((a, b) => a - b);
  return run;
}

function result(name: string, run: OrderRun, target?: string): LoadResult {
  return {
    name,
    rps: run.orders / run.seconds,
    p50: percentile(run.placed, 0.5),
    p99: percentile(run.placed, 0.99),
    mean: run.placed.reduce((sum, t) => sum + t, 0) / Math.max(1, run.placed.length),
    answerBytes: NaN,
    errors: run.errors,
    non2xx: [...run.refused.values()].reduce((sum, n) => sum + n, 0),
    target,
  };
}

async function main() {
  ensureBuild();
  const demo = await startDemoShop('tessera_bench_orders', { BENCH_ROUTES: 'true' });
  try {
    const url = demo.server.url;
    const pid = demo.server.pid;
    const variations = await purchasableVariations(url, 20);
    const db = new pg.Client({ connectionString: demo.databaseUrl });
    await db.connect();
    await db.query('UPDATE variations SET stock_quantity = 100000000 WHERE id = ANY($1)', [
      variations.map((v) => v.variation_id),
    ]);

    // Warm the pool and the JIT on every path before measuring.
    await load({ ...selectFloorScenario(url), name: 'warm-up', seconds: 3 });
    await shopping(db, url, variations, 3);
    await serverIdle(pid);

    const floor = await load(selectFloorScenario(url));
    console.log(`${floor.name}: ${floor.rps.toFixed(0)} req/s, p99 ${ms(floor.p99)} ms`);

    const baskets = await quotedBaskets(url, variations, BASKETS);
    await serverIdle(pid);
    const placing = await placeBaskets(db, baskets);
    await serverIdle(pid);
    const visiting = await shopping(db, url, variations, SECONDS);
    await tradePriceList(db);
    const traders = await tradeShoppers(url, db, CONNECTIONS, variations[0]!);
    await shopping(db, url, variations, 2, traders);
    await serverIdle(pid);
    const trading = await shopping(db, url, variations, SECONDS, traders);
    await db.end();

    const placed = result(
      `place order (${CONNECTIONS} shoppers, baskets quoted before), orders/s and POST latency`,
      placing,
      `>= ${TARGET.ratio} x floor, p99 < ${TARGET.p99Ms} ms`,
    );
    const visits = result(
      `shopping (${CONNECTIONS} shoppers: add a line, quote, place), orders/s`,
      visiting,
    );
    console.log(
      `\nThe demo shop in PostgreSQL; ${placing.orders} orders placed and mailed in ` +
        `${placing.seconds.toFixed(1)} s (the last answer at ${placing.answeredSeconds.toFixed(1)} s), ` +
        `${visiting.orders} shopped and mailed in ${visiting.seconds.toFixed(1)} s ` +
        `(the last answer at ${visiting.answeredSeconds.toFixed(1)} s).`,
    );
    const trades = result(
      `shopping as trade buyers (${CONNECTIONS} on the Trade price list), orders/s`,
      trading,
      `>= ${TARGET.tradeRatio} x shopping`,
    );
    console.log(table([floor, placed, visits, trades], { 'x SELECT floor': floor.rps }));
    for (const [name, run, line] of [
      ['place order', placing, placed],
      ['shopping', visiting, visits],
      ['shopping as trade buyers', trading, trades],
    ] as const) {
      console.log(
        `${name}: ${line.rps.toFixed(1)} orders/s, ratio to the floor ${(line.rps / floor.rps).toFixed(3)}; ` +
          `POST p50 ${ms(line.p50)} ms, p99 ${ms(line.p99)} ms; ` +
          `non-201 answers ${line.non2xx} ${JSON.stringify(Object.fromEntries(run.refused))}; ` +
          `requests without an answer ${run.errors}`,
      );
    }
    const tradeRatio = trades.rps / visits.rps;
    console.log(
      `Trade against retail shopping: ratio ${tradeRatio.toFixed(2)} ` +
        `(target >= ${TARGET.tradeRatio}: ${tradeRatio >= TARGET.tradeRatio ? 'met' : 'missed'})`,
    );
    console.log(
      `Target (place order): ratio >= ${TARGET.ratio}, p99 < ${TARGET.p99Ms} ms. ` +
        `Server RSS after the run: ${demo.server.rssMb().toFixed(0)} MB`,
    );
  } finally {
    await demo.close();
  }
}

await main();
