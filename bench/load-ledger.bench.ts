/**
 * Load with a ledger: simulated shoppers browse, filter, search and change their baskets (a
 * few sign up and sign in; every other one also checks out) against PostgreSQL; each keeps a
 * ledger of what it did, and at the end every server-side basket must equal its shopper's
 * ledger, every order a shopper was told it placed must hold exactly that basket, no order may
 * exist that no shopper was told of, and the stock taken must be the pieces ordered.
 *
 *   npm run bench:load                 # LOAD_SHOPPERS=200 LOAD_SECONDS=60 LOAD_THINK_MS=1000
 *   LOAD_SECONDS=20 LOAD_SHOPPERS=50 npm run bench:load
 *
 * A shopper pauses between actions for half to one and a half times LOAD_THINK_MS, as people
 * read a page before the next click; LOAD_THINK_MS=0 turns the shoppers into a stress test
 * (every one of them always has a request in flight). A few of the variations bought start
 * with LOAD_STOCK pieces (8 by default), so some orders are refused for stock; a refused
 * shopper takes the short line down to what is left, as the message asks.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { seededRandom } from '#tests/factories/random.ts';
import {
  cartLines,
  placeOrder,
  purchasableVariations,
  quoteBasket,
  Shopper,
} from '#tests/system/shopper.ts';
import { ensureBuild, startDemoShop } from './lib/server.ts';

const SHOPPERS = Number(process.env.LOAD_SHOPPERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const LIMITED_STOCK = Number(process.env.LOAD_STOCK ?? 8);
/** How many of the variations bought (the first ones) start with LIMITED_STOCK pieces. */
const LIMITED_VARIATIONS = 4;
/** Every CHECKOUT_EVERY-th shopper checks out now and then. */
const CHECKOUT_EVERY = 2;
/** Registrations are throttled per IP (30 an hour) and every shopper here shares 127.0.0.1. */
const ACCOUNTS = Math.min(20, SHOPPERS);

/** Per route ("PUT /api/cart/:id"): its requests' latencies. */
const byRoute = new Map<string, number[]>();
const statuses = new Map<number, number>();

class LedgerShopper extends Shopper {
  /** variation id → quantity the shopper believes is in its basket. */
  readonly ledger = new Map<number, number>();
  readonly lineIds = new Map<number, number>();
  /** Orders the shopper was told it placed (201): number → variation id → pieces. */
  readonly orders = new Map<string, Map<number, number>>();
  /** Pieces the shopper was told it could not have (409 out_of_stock), by variation. */
  readonly refused = new Map<number, number>();
  /** Checkouts answered 409 out_of_stock. */
  refusals = 0;
  /** A POST whose answer never came (or was a 5xx): placed or not, the database tells. */
  lost: { key: string; basket: Map<number, number> } | null = null;

  override async request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response> {
    const started = performance.now();
    const response = await super.request(method, path, body, headers);
    const elapsed = performance.now() - started;
    const route = `${method} ${path.split('?')[0]!.replace(/\/\d+/g, '/:id')}`;
    const values = byRoute.get(route) ?? [];
    values.push(elapsed);
    byRoute.set(route, values);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return response;
  }
}

const add = (map: Map<number, number>, key: number, n: number) =>
  map.set(key, (map.get(key) ?? 0) + n);

/**
 * Quotes and places the basket under a new key. A 201 moves the basket into the shopper's
 * orders; a 409 for stock leaves the basket (nothing was written) and the shopper takes the
 * short line down to what is left. Returns false when the answer was lost: the shopper stops,
 * so the basket it had is what the database must show, placed or not.
 */
async function checkout(shopper: LedgerShopper): Promise<boolean> {
  let quote;
  try {
    quote = await quoteBasket(shopper);
  } catch {
    return true; // a read that failed: nothing was placed
  }
  const key = randomUUID();
  const basket = new Map(shopper.ledger);
  let response: Response;
  try {
    response = await placeOrder(shopper, quote, key);
  } catch {
    shopper.lost = { key, basket };
    return false;
  }
  if (response.status >= 500) {
    shopper.lost = { key, basket };
    return false;
  }
  const body = (await response.json()) as {
    data?: { number: string };
    code?: string;
    lines?: { variation_id: number; available: number }[];
  };
  if (response.status === 201) {
    shopper.orders.set(body.data!.number, basket);
    shopper.ledger.clear();
    shopper.lineIds.clear();
  } else if (response.status === 409 && body.code === 'out_of_stock') {
    shopper.refusals++;
    for (const [id, pieces] of basket) add(shopper.refused, id, pieces);
    for (const { variation_id: id, available } of body.lines ?? []) {
      const lineId = shopper.lineIds.get(id);
      if (lineId === undefined) continue;
      if (available > 0) {
        const changed = await shopper.request('PUT', `/api/cart/${lineId}`, {
          quantity: available,
        });
        if (changed.ok) shopper.ledger.set(id, available);
      } else {
        const removed = await shopper.request('DELETE', `/api/cart/${lineId}`);
        if (removed.ok) {
          shopper.ledger.delete(id);
          shopper.lineIds.delete(id);
        }
      }
    }
  }
  return true;
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
    if (index % CHECKOUT_EVERY === 0 && shopper.ledger.size > 0 && random.chance(0.35)) {
      if (await checkout(shopper)) continue;
      return;
    }
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
      // The few variations of little stock are sought after, so some checkouts find them gone.
      const variation = random.chance(0.3)
        ? random.pick(variations.slice(0, LIMITED_VARIATIONS))
        : random.pick(variations);
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

interface Checks {
  oversold: number;
  stockMismatches: number;
  orderMismatches: number;
  unacknowledged: number;
  lostPlaced: number;
  lostNotPlaced: number;
  placedOrders: number;
  report: string[];
}

/**
 * The orders and the stock in the database against the shoppers' ledgers: every order a
 * shopper was told of holds exactly its basket, every order in the database was told to a
 * shopper (or its answer was lost), and each counted variation lost exactly the pieces of the
 * orders' lines that took stock, never going below zero.
 */
async function checkOrders(
  db: pg.Client,
  shoppers: LedgerShopper[],
  initialStock: Map<number, number>,
  limited: number[],
): Promise<Checks> {
  const checks: Checks = {
    oversold: 0,
    stockMismatches: 0,
    orderMismatches: 0,
    unacknowledged: 0,
    lostPlaced: 0,
    lostNotPlaced: 0,
    placedOrders: 0,
    report: [],
  };
  const { rows: orders } = await db.query<{
    number: string;
    idempotency_key: string;
    lines: { variation_id: number; pieces: number }[];
  }>(`SELECT o.number, o.idempotency_key,
        coalesce(json_agg(json_build_object('variation_id', l.variation_id, 'pieces', l.pieces))
          FILTER (WHERE l.id IS NOT NULL), '[]') AS lines
      FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id GROUP BY o.id`);
  checks.placedOrders = orders.length;
  const byNumber = new Map(orders.map((order) => [order.number, order]));
  const byKey = new Map(orders.map((order) => [order.idempotency_key, order]));
  const sameLines = (
    stored: { variation_id: number; pieces: number }[],
    ledger: Map<number, number>,
  ) =>
    stored.length === ledger.size &&
    stored.every((line) => ledger.get(line.variation_id) === line.pieces);
  const accounted = new Set<string>();
  for (const shopper of shoppers) {
    for (const [number, basket] of shopper.orders) {
      const stored = byNumber.get(number);
      if (!stored || !sameLines(stored.lines, basket)) checks.orderMismatches++;
      accounted.add(number);
    }
    if (shopper.lost) {
      const stored = byKey.get(shopper.lost.key);
      if (stored) {
        checks.lostPlaced++;
        accounted.add(stored.number);
        if (!sameLines(stored.lines, shopper.lost.basket)) checks.orderMismatches++;
        // Placed: the basket became the order.
        shopper.ledger.clear();
      } else {
        checks.lostNotPlaced++;
      }
    }
  }
  checks.unacknowledged = orders.filter((order) => !accounted.has(order.number)).length;

  const negative = await db.query<{ n: number }>(
    'SELECT coalesce(sum(-stock_quantity), 0)::int AS n FROM variations WHERE stock_quantity < 0',
  );
  checks.oversold += negative.rows[0]!.n;
  const { rows: stock } = await db.query<{ id: number; stock_quantity: number; ordered: number }>(
    `SELECT v.id, v.stock_quantity,
        (SELECT coalesce(sum(l.pieces), 0)::int FROM order_lines l
          WHERE l.variation_id = v.id AND l.stock_taken) AS ordered
      FROM variations v WHERE v.id = ANY($1)`,
    [[...initialStock.keys()]],
  );
  for (const row of stock) {
    const taken = initialStock.get(row.id)! - row.stock_quantity;
    if (taken !== row.ordered) checks.stockMismatches++;
    checks.oversold += Math.max(0, row.ordered - taken);
    if (limited.includes(row.id)) {
      let bought = 0;
      let refused = 0;
      for (const shopper of shoppers) {
        for (const basket of shopper.orders.values()) bought += basket.get(row.id) ?? 0;
        refused += shopper.refused.get(row.id) ?? 0;
      }
      checks.report.push(
        `| ${row.id} | ${initialStock.get(row.id)} | ${bought} | ${refused} | ${row.ordered} | ${row.stock_quantity} |`,
      );
    }
  }
  return checks;
}

async function main() {
  ensureBuild();
  // A fresh database seeded with the demo shop: every basket and order in it belongs to this run.
  const demo = await startDemoShop('tessera_bench_load');
  const db = new pg.Client({ connectionString: demo.databaseUrl });
  await db.connect();
  try {
    const server = demo.server;
    const variations = await purchasableVariations(server.url, 20);
    const ids = variations.map((v) => v.variation_id);
    const limited = ids.slice(0, LIMITED_VARIATIONS);
    await db.query('UPDATE variations SET stock_quantity = $2 WHERE id = ANY($1)', [
      limited,
      LIMITED_STOCK,
    ]);
    const { rows: initial } = await db.query<{ id: number; stock_quantity: number }>(
      'SELECT id, stock_quantity FROM variations WHERE id = ANY($1) AND stock_quantity IS NOT NULL',
      [ids],
    );
    const initialStock = new Map(initial.map((row) => [row.id, row.stock_quantity]));

    const shoppers = Array.from({ length: SHOPPERS }, () => new LedgerShopper(server.url));
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(shoppers.map((shopper, i) => shop(shopper, i, variations, until)));

    const checks = await checkOrders(db, shoppers, initialStock, limited);
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
    const acknowledged = shoppers.reduce((n, shopper) => n + shopper.orders.size, 0);
    const refusals = shoppers.reduce((n, shopper) => n + shopper.refusals, 0);
    console.log(
      `| shoppers | think ms | seconds | requests | 5xx | p50 ms | p95 ms | p99 ms | basket mismatches |\n` +
        `| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n` +
        `| ${SHOPPERS} | ${THINK_MS} | ${SECONDS} | ${latencies.length} | ${fiveXX} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 95).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${mismatches} |`,
    );
    console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    console.log(
      `| orders placed (201) | orders in the database | refused for stock (409) | oversold pieces | stock mismatches | order ledger mismatches | orders no shopper was told of | answers lost: placed / not |\n` +
        `| --- | --- | --- | --- | --- | --- | --- | --- |\n` +
        `| ${acknowledged} | ${checks.placedOrders} | ${refusals} | ${checks.oversold} | ${checks.stockMismatches} | ${checks.orderMismatches} | ${checks.unacknowledged} | ${checks.lostPlaced} / ${checks.lostNotPlaced} |\n`,
    );
    console.log(
      `| limited variation | stock at start | pieces bought (201) | pieces refused (409) | pieces in orders (db) | stock at end |\n` +
        `| --- | --- | --- | --- | --- | --- |\n${checks.report.join('\n')}\n`,
    );
    console.log('| route | requests | p50 ms | p95 ms |\n| --- | --- | --- | --- |');
    for (const [route, values] of [...byRoute].sort((a, b) => b[1].length - a[1].length)) {
      console.log(
        `| ${route} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} |`,
      );
    }
    const violations =
      fiveXX +
      mismatches +
      checks.oversold +
      checks.stockMismatches +
      checks.orderMismatches +
      checks.unacknowledged;
    if (violations > 0) process.exitCode = 1;
  } finally {
    await db.end();
    await demo.close();
  }
}

await main();
