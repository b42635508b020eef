import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '#db/client.ts';
import { hashToken } from '#server/services/sessions.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { CheckoutQuoteJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import {
  expectedGoods,
  orderCount,
  pence,
  productId,
  setStock,
  shopperWith,
  size,
  stock,
  t,
  useCheckoutApp,
} from '#tests/setup/checkout-app.ts';

useCheckoutApp();

describe('POST /api/checkout/orders with writers racing', () => {
  describe.skipIf(!process.env.TEST_DATABASE_URL)('a change while the order is placed', () => {
    /**
     * Places the shopper's basket while another connection holds `change` uncommitted, waits
     * until placing waits on that change's row locks (its basket is read and priced by then),
     * commits the change and answers what placing answered.
     */
    async function placeDuring(shopper: ApiShopper, change: (client: pg.Client) => Promise<void>) {
      const quote = await shopper.quote();
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await change(other);
        const placing = shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
        await expect
          .poll(async () => {
            const [row] = await queryRows<{ n: number }>(
              t.app.services.db,
              sql`SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            );
            return row!.n;
          })
          .toBe(1);
        await other.query('COMMIT');
        return { quote, answer: await placing };
      } finally {
        await other.end();
      }
    }

    it('a price saved by staff meanwhile: 409 with the new figures, nothing stored', async () => {
      const shopper = await shopperWith(2);
      const stockBefore = await stock();
      const ordersBefore = await orderCount();
      try {
        const { quote, answer } = await placeDuring(shopper, async (staff) => {
          await staff.query('UPDATE variations SET price_pence = price_pence + 100 WHERE id = $1', [
            size.id,
          ]);
        });
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('price_changed');
        const fresh: CheckoutQuoteJson = answer.body.quote;
        expect(pence(fresh.lines[0]!.unit_price)).toBe(pence(size.price) + 100);
        expect(pence(fresh.totals.total.gross)).toBeGreaterThan(pence(quote.totals.total.gross));
        expect(await stock()).toBe(stockBefore);
        expect(await orderCount()).toBe(ordersBefore);
        expect((await shopper.call('GET', '/api/cart')).body.data.line_items).toHaveLength(1);
      } finally {
        await t.app.services.db.execute(
          sql`UPDATE variations SET price_pence = price_pence - 100 WHERE id = ${size.id}`,
        );
      }
    });

    it('the basket changed in another tab meanwhile: 409 with the new figures, nothing stored', async () => {
      const shopper = await shopperWith(2);
      const stockBefore = await stock();
      const ordersBefore = await orderCount();
      const token = shopper.cookie.replace(/^tessera_session=/, '');
      const { answer } = await placeDuring(shopper, async (tab) => {
        // As the basket's add does: the basket row first, then its line.
        const { rows } = await tab.query<{ id: number }>(
          'UPDATE carts SET updated_at = now() WHERE session_token_hash = $1 RETURNING id',
          [hashToken(token)],
        );
        await tab.query('UPDATE cart_items SET quantity = 3, m2_quantity = $2 WHERE cart_id = $1', [
          rows[0]!.id,
          expectedGoods(3).m2,
        ]);
      });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('price_changed');
      expect((answer.body.quote as CheckoutQuoteJson).lines[0]!.pieces).toBe(3);
      expect(await stock()).toBe(stockBefore);
      expect(await orderCount()).toBe(ordersBefore);
    });
  });

  it('sells the last 10 pieces to exactly 10 of 50 shoppers buying at once; 40 clear refusals', async () => {
    await setStock(10);
    try {
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWith(1)));
      const quotes = await Promise.all(shoppers.map((s) => s.quote()));
      const ordersBefore = await orderCount();
      const answers = await Promise.all(
        shoppers.map((s, i) =>
          s.placeOrder(checkoutInput(quotes[i]!.totals.total.gross), randomUUID()),
        ),
      );
      const placed = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409);
      expect(placed).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const refusal of refused) {
        expect(refusal.body.code).toBe('out_of_stock');
        expect(refusal.body.message).toMatch(/out of stock|are left|is left/);
      }
      expect(await stock()).toBe(0);
      expect(await orderCount()).toBe(ordersBefore + 10);
      const [sold] = await queryRows<{ pieces: number }>(
        t.app.services.db,
        sql`SELECT coalesce(sum(l.pieces), 0)::int AS pieces FROM order_lines l
            JOIN orders o ON o.id = l.order_id
            WHERE l.variation_id = ${size.id} AND o.number IN (${sql.join(
              placed.map((p) => sql`${p.body.data.number}`),
              sql`, `,
            )})`,
      );
      expect(sold!.pieces).toBe(10);
      const variations = await t.app.inject({ url: `/api/product/${productId}/variations` });
      const answer = (variations.json() as VariationJson[]).find((v) => v.id === size.id)!;
      expect(answer).toMatchObject({
        stock_quantity: 0,
        instock: false,
        stock_status: 'outofstock',
      });
    } finally {
      await setStock(10_000);
    }
  });
});
