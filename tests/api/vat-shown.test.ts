// The VAT a shopper is shown before paying (basket, checkout, order, confirmation) is split at
// the rate in force, so it agrees with the invoice. Figures worked by hand: a 600x400 tile is
// 0.24 m² a piece at £250.00 a m² (£60.00 a piece); 8 pieces are £480.00 with delivery free.
// At 20 % that is £400.00 + £80.00; at 22.5 % net is 48000 / 1.225 = 39183.67 → £391.84 and VAT
// £88.16; the net price a m² is 25000 / 1.2 = £208.33, or 25000 / 1.225 = £204.08.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { londonDay } from '#domain/dashboard.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { vatTile } from '#tests/setup/vat-tile.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };

const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
  tile = await vatTile(t);
  await t.app.changes.publish('settings');
});
afterAll(async () => {
  await t?.close();
});

interface Shown {
  basket: { vat: string; vat_rate: number };
  quote: Awaited<ReturnType<ApiShopper['quote']>>;
  order: OrderJson;
  stored: { vat_rate: string; unit_net_pence: number; net_pence: number; vat_pence: number }[];
  mail: string;
  invoiced: OrderJson;
}

/** Eight pieces of the tile through basket, checkout, order and its mail, then paid. */
async function buyEight(email: string): Promise<Shown> {
  const shopper = new ApiShopper(t.app, `10.8.${Math.floor(Math.random() * 250)}.1`);
  expect((await shopper.add(tile.product_id, tile.id, 8)).status).toBe(200);
  const cart = await shopper.call('GET', '/api/cart');
  expect(cart.body.data).toMatchObject({ subtotal: '480.00', total: '480.00' });
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { email }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  const order = placed.body.data as OrderJson;
  const stored = await queryRows<Shown['stored'][number]>(
    t.app.services.db,
    sql`SELECT l.vat_rate::text AS vat_rate, l.unit_net_pence, l.net_pence, l.vat_pence
        FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.number = ${order.number}`,
  );
  await expect
    .poll(() => outboxMails(t.config.dataDir, email).find((m) => m.subject.includes(order.number)))
    .toBeDefined();
  const mail = outboxMails(t.config.dataDir, email).find((m) => m.subject.includes(order.number))!;
  const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: order.totals.total.gross,
  });
  expect(paid.status).toBe(200);
  return {
    basket: cart.body.data,
    quote,
    order,
    stored,
    mail: mail.text,
    invoiced: paid.body.data as OrderJson,
  };
}

describe('the VAT shown before payment', () => {
  it('with no rate scheduled, is 20 % everywhere, as before', async () => {
    const shown = await buyEight('vat20@example.co.uk');
    expect(shown.basket).toMatchObject({ vat: '80.00', vat_rate: 20 });
    expect(shown.quote.lines[0]).toMatchObject({
      vat_rate: 20,
      unit_price_net: '208.33',
      total: { net: '400.00', vat: '80.00', gross: '480.00' },
    });
    expect(shown.quote.totals.total).toEqual({ net: '400.00', vat: '80.00', gross: '480.00' });
    expect(shown.order.lines[0]).toMatchObject({ vat_rate: 20 });
    expect(shown.order.totals.total).toEqual({ net: '400.00', vat: '80.00', gross: '480.00' });
    expect(shown.stored).toEqual([
      { vat_rate: '20.00', unit_net_pence: 20833, net_pence: 40000, vat_pence: 8000 },
    ]);
    expect(shown.mail).toMatch(/VAT included at 20%:? £80\.00/);
    expect(shown.invoiced.totals.total).toEqual(shown.order.totals.total);
  });

  it('once 22.5 % is in force, basket, quote, order lines and mail split at it and the invoice agrees', async () => {
    const tomorrow = londonDay(new Date(Date.now() + DAY_MS));
    const saved = await owner.call('PUT', '/api/admin/settings', {
      vat: {
        value: {
          rates: [
            { effective_from: '2011-01-04', percent: 20 },
            { effective_from: tomorrow, percent: '22.5' },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
    // Its day moved back, as time passing would; the manual change clears the kept rates.
    await run(sql`UPDATE vat_rates SET effective_from = current_date - 1 WHERE percent = 22.5`);
    t.app.changes.deliverAll();

    const shown = await buyEight('vat225@example.co.uk');
    expect(shown.basket).toMatchObject({ vat: '88.16', vat_rate: 22.5 });
    expect(shown.quote.lines[0]).toMatchObject({
      vat_rate: 22.5,
      unit_price_net: '204.08',
      total: { net: '391.84', vat: '88.16', gross: '480.00' },
    });
    expect(shown.quote.totals.goods).toEqual({ net: '391.84', vat: '88.16', gross: '480.00' });
    expect(shown.quote.totals.total).toEqual({ net: '391.84', vat: '88.16', gross: '480.00' });
    expect(shown.order.lines[0]).toMatchObject({
      vat_rate: 22.5,
      total: { net: '391.84', vat: '88.16', gross: '480.00' },
    });
    expect(shown.order.totals.total).toEqual({ net: '391.84', vat: '88.16', gross: '480.00' });
    expect(shown.stored).toEqual([
      { vat_rate: '22.50', unit_net_pence: 20408, net_pence: 39184, vat_pence: 8816 },
    ]);
    expect(shown.mail).toMatch(/VAT included at 22\.5%:? £88\.16/);
    expect(shown.invoiced.lines[0]).toMatchObject({ vat_rate: 22.5 });
    expect(shown.invoiced.totals.total).toEqual(shown.order.totals.total);
  });
});
