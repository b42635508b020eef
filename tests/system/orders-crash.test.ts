import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { systemDatabase, systemDatabaseKinds, type Cleanups } from './databases.ts';
import { placeOrder, purchasableVariations, quoteBasket, Shopper } from './shopper.ts';

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SHOPPERS = 12;
/** Orders acknowledged before the kill; then a moment more, so some are in flight at it. */
const ORDERS_BEFORE_KILL = 15;

const pence = (pounds: string) => Math.round(Number(pounds) * 100);

interface Placed {
  shopper: Shopper;
  number: string;
  /** variation id → pieces the shopper had in the basket it placed. */
  lines: Map<number, number>;
}

async function stockOf(
  baseUrl: string,
  variations: { product_id: number; variation_id: number }[],
) {
  const shopper = new Shopper(baseUrl);
  const stock = new Map<number, number>();
  for (const { product_id: productId, variation_id: id } of variations) {
    const list = await shopper.json<{ id: number; stock_quantity: number | null }[]>(
      'GET',
      `/api/product/${productId}/variations`,
    );
    const found = list.find((v) => v.id === id)?.stock_quantity;
    if (typeof found === 'number') stock.set(id, found);
  }
  return stock;
}

describe.each(systemDatabaseKinds)('kill -9 while orders are placed (%s)', (kind) => {
  it('keeps every acknowledged order whole, and leaves no half order behind', async () => {
    const database = await systemDatabase(kind, cleanups);
    let server: ServerProcess = await startServerProcess(database.env);
    cleanups.push(() => server.kill());
    const variations = await purchasableVariations(server.url, 8);
    const initialStock = await stockOf(server.url, variations);
    expect(initialStock.size).toBeGreaterThan(0);

    const shoppers = Array.from({ length: SHOPPERS }, () => new Shopper(server.url));
    const placed: Placed[] = [];
    /** Answers other than success before the kill ("POST /api/checkout/orders 409"). */
    const unexpected: string[] = [];
    let stop = false;
    const buyers = shoppers.map(async (shopper, i) => {
      const basket = new Map<number, number>();
      for (let n = 0; !stop; n++) {
        try {
          const variation = variations[(i + n) % variations.length]!;
          const added = await shopper.request('POST', '/api/cart/add', {
            ...variation,
            quantity: 1,
          });
          if (!added.ok) {
            unexpected.push(`POST /api/cart/add ${added.status}`);
            return;
          }
          const id = variation.variation_id;
          basket.set(id, (basket.get(id) ?? 0) + 1);
          const quote = await quoteBasket(shopper);
          const answer = await placeOrder(shopper, quote, randomUUID());
          if (answer.status !== 201) {
            unexpected.push(`POST /api/checkout/orders ${answer.status}: ${await answer.text()}`);
            return;
          }
          const { data } = (await answer.json()) as { data: OrderJson };
          placed.push({ shopper, number: data.number, lines: new Map(basket) });
          basket.clear();
        } catch {
          return; // the server died under this request: whatever it was, it was not acknowledged
        }
      }
    });
    // However long a busy machine takes to place them; an unexpected answer ends the wait.
    await expect
      .poll(() => placed.length >= ORDERS_BEFORE_KILL || unexpected.length > 0, {
        timeout: 150_000,
      })
      .toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    await server.kill();
    stop = true;
    await Promise.all(buyers);
    expect(unexpected).toEqual([]);
    expect(placed.length).toBeGreaterThanOrEqual(ORDERS_BEFORE_KILL);

    // The same data, a new process: every order it acknowledged is there, whole, for its shopper.
    server = await startServerProcess(database.env);
    for (const order of placed) {
      order.shopper.baseUrl = server.url;
      const { data } = await order.shopper.json<{ data: OrderJson }>(
        'GET',
        `/api/orders/${order.number}`,
      );
      expect(
        new Map(data.lines.map((line) => [line.variation_id, line.pieces])),
        order.number,
      ).toEqual(order.lines);
      const linesGross = data.lines.reduce((sum, line) => sum + pence(line.total.gross), 0);
      expect(linesGross, order.number).toBe(pence(data.totals.goods.gross));
      expect(pence(data.totals.goods.gross) + pence(data.totals.delivery.gross)).toBe(
        pence(data.totals.total.gross),
      );
      expect(data.history.length, order.number).toBeGreaterThan(0);
    }
    expect(await server.stop()).toBe(0);

    const db = await database.open();
    const numbers = placed.map((order) => order.number);
    const [half] = await queryRows<{ no_lines: number; no_history: number; no_payment: number }>(
      db,
      sql`SELECT
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id))::int AS no_lines,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id))::int AS no_history,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id))::int AS no_payment
          FROM orders o`,
    );
    expect(half).toEqual({ no_lines: 0, no_history: 0, no_payment: 0 });
    const [baskets] = await queryRows<{ carts: number; items: number }>(
      db,
      sql`SELECT
            (SELECT count(*)::int FROM carts c JOIN orders o ON o.cart_id = c.id
              WHERE o.number IN ${numbers}) AS carts,
            (SELECT count(*)::int FROM cart_items i JOIN orders o ON o.cart_id = i.cart_id
              WHERE o.number IN ${numbers}) AS items`,
    );
    expect(baskets).toEqual({ carts: 0, items: 0 });
    const stock = await queryRows<{ id: number; stock_quantity: number; ordered: number }>(
      db,
      sql`SELECT v.id, v.stock_quantity,
            (SELECT coalesce(sum(l.pieces), 0)::int FROM order_lines l
              WHERE l.variation_id = v.id AND l.stock_taken) AS ordered
          FROM variations v WHERE v.id IN ${[...initialStock.keys()]}`,
    );
    for (const row of stock) {
      expect(row.stock_quantity, `variation ${row.id}`).toBeGreaterThanOrEqual(0);
      expect(initialStock.get(row.id)! - row.stock_quantity, `variation ${row.id}`).toBe(
        row.ordered,
      );
    }
    const [{ orders } = { orders: 0 }] = await queryRows<{ orders: number }>(
      db,
      sql`SELECT count(*)::int AS orders FROM orders`,
    );
    console.log(
      `kill -9 while ordering (${kind}): ${placed.length} orders acknowledged, ${orders} in the database, all whole after the restart`,
    );
  });
});
