// A trade buyer's orders that staff price: an order taken by phone for their email and a size
// added when staff edit their order are charged at their price list, a retail customer's at
// retail. Figures by hand: a 600x400 tile is 0.24 m² a piece, £250.00 a m² retail and £200.00
// on the Trade list; a 600x600 tile is 0.36 m² a piece, £100.00 retail and £80.00 on the list;
// delivery free (the free-delivery threshold set to £1, or £200.00 where the preview says).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { toPence } from '#domain/money.ts';
import { openTradeAccount, signedUpCustomer } from '#tests/factories/account-invoices.ts';
import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let owner: StaffBrowser;
let tile: { id: number; product_id: number };
let other: { id: number; product_id: number };
let tiler: ApiShopper;
let tilerId: number;

const TRADE_EMAIL = 'tom@ashlar-tiling.co.uk';
const RETAIL_EMAIL = 'ada@example.co.uk';

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

const shipping = (email: string) => ({
  first_name: 'Tom',
  last_name: 'Mason',
  phone: '01373 123456',
  email,
  country: 'GB',
  address_1: '4 Kiln Yard',
  city: 'Frome',
  postcode: 'BA11 1AA',
});

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, owner } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  [tile, other] = (await tileSizes(db, 2)) as [typeof tile, typeof other];
  await workedPrices(db, [tile, other], { stock: 100 });
  await freeDelivery(db);
  const trade = sql`(SELECT id FROM customer_groups WHERE name = 'Trade')`;
  await run(sql`DELETE FROM price_list_rules WHERE group_id = ${trade}`);
  await run(sql`INSERT INTO price_list_rules (group_id, kind, variation_id, price_pence)
    VALUES (${trade}, 'size_price', ${tile.id}, 20000), (${trade}, 'size_price', ${other.id}, 8000)`);
  t.app.services.invalidateCatalogue();
  t.app.services.buyers.invalidate();
  ({ shopper: tiler, id: tilerId } = await signedUpCustomer(t.app, TRADE_EMAIL));
  await openTradeAccount(t.app.services.db, tilerId, { creditLimitPence: 500_000 });
  await signedUpCustomer(t.app, RETAIL_EMAIL);
  await run(sql`UPDATE customers SET email_verified_at = now()`);
});
afterAll(async () => {
  await t?.close();
});

async function draftFor(email: string) {
  const created = await manager.call('POST', '/api/admin/orders/drafts', {
    email,
    shipping: shipping(email),
    lines: [{ variation_id: tile.id, pieces: 4 }],
    delivery_option: 'standard',
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

describe('an order taken by phone', () => {
  it("is priced at the trade buyer's price list and placed at it through the link", async () => {
    const draft = await draftFor(TRADE_EMAIL);
    // 4 pieces, 0.96 m² at £200.00.
    expect(draft.lines).toMatchObject([
      { pieces: 4, m2: 0.96, unit_price: '200.00', total: { gross: '192.00' } },
    ]);
    expect(draft.totals.total).toEqual({ net: '160.00', vat: '32.00', gross: '192.00' });
    expect(draft.payment_methods).toEqual(['bank_transfer', 'account']);

    const sent = await manager.call('POST', `/api/admin/orders/drafts/${draft.id}/send`);
    expect(sent.status).toBe(200);
    const token = /\/pay\/([\w-]+)$/.exec(sent.body.link)![1]!;
    const payer = new ApiShopper(t.app);
    const opened = await payer.call('GET', `/api/pay/${token}`);
    expect(opened.body.data.totals.total.gross).toBe('192.00');
    const paid = await payer.call('POST', `/api/pay/${token}`, {
      payment_method: 'bank_transfer',
      accept_terms: true,
      expected_total: '192.00',
    });
    expect(paid.status).toBe(201);
    const [order] = await rows<{ customer_id: number; total_pence: number; unit: number }>(
      sql`SELECT o.customer_id, o.total_pence, l.unit_price_pence AS unit
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.number = ${paid.body.data.number}`,
    );
    expect(order).toEqual({ customer_id: tilerId, total_pence: 19_200, unit: 20_000 });
  });

  it('is priced at retail for a retail customer', async () => {
    const draft = await draftFor(RETAIL_EMAIL);
    expect(draft.lines).toMatchObject([
      { pieces: 4, m2: 0.96, unit_price: '250.00', total: { gross: '240.00' } },
    ]);
    expect(draft.totals.total.gross).toBe('240.00');
    expect(draft.payment_methods).toEqual(['bank_transfer']);
  });
});

describe('editing an order before dispatch', () => {
  async function placed(shopper: ApiShopper) {
    expect((await shopper.add(tile.product_id, tile.id, 4)).status).toBe(200);
    const quote = await shopper.quote();
    const answer = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(answer.status).toBe(201);
    return answer.body.data.number as string;
  }

  const addOther = (number: string) =>
    manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [
        { variation_id: tile.id, pieces: 4 },
        { variation_id: other.id, pieces: 3 },
      ],
    });

  it("prices a size added to a trade buyer's order at their price list", async () => {
    const number = await placed(tiler);
    const edited = await addOther(number);
    expect(edited.status).toBe(200);
    // £192.00 kept as sold, and 1.08 m² at £80.00 = £86.40.
    expect(edited.body.data.lines).toMatchObject([
      { variation_id: tile.id, unit_price: '200.00', total: { gross: '192.00' } },
      { variation_id: other.id, m2: 1.08, unit_price: '80.00', total: { gross: '86.40' } },
    ]);
    expect(edited.body.data.totals.total.gross).toBe('278.40');
    const [order] = await rows<{ total_pence: number }>(
      sql`SELECT total_pence FROM orders WHERE number = ${number}`,
    );
    expect(order).toEqual({ total_pence: 27_840 });
  });

  it("prices a size added to a retail customer's order at retail", async () => {
    const number = await placed(new ApiShopper(t.app));
    const edited = await addOther(number);
    expect(edited.status).toBe(200);
    // £240.00 as sold, and 1.08 m² at £100.00 = £108.00.
    expect(edited.body.data.lines).toMatchObject([
      { variation_id: tile.id, unit_price: '250.00', total: { gross: '240.00' } },
      { variation_id: other.id, unit_price: '100.00', total: { gross: '108.00' } },
    ]);
    expect(edited.body.data.totals.total.gross).toBe('348.00');
  });
});

describe("the delivery settings' preview", () => {
  const preview = async (extra: Record<string, unknown>) => {
    const settings = await owner.call('GET', '/api/admin/settings/delivery');
    return owner.call('POST', '/api/admin/settings/delivery/preview', {
      value: { ...settings.body.data.value, free_threshold: '200.00' },
      postcode: 'BA11 1AA',
      lines: [{ variation_id: tile.id, quantity: 4 }],
      ...extra,
    });
  };

  it("prices the basket at a trade buyer's price list when given the customer", async () => {
    const trade = await preview({ customer_id: tilerId });
    expect(trade.status).toBe(200);
    expect(trade.body.data.lines).toMatchObject([
      { unit_price: '200.00', total: { gross: '192.00' } },
    ]);
    // £192.00 of goods is under the £200.00 threshold: delivery is charged on top.
    const charged = toPence(trade.body.data.price);
    expect(charged).toBeGreaterThan(0);
    expect(trade.body.data.totals.delivery.gross).toBe(trade.body.data.price);
    expect(toPence(trade.body.data.totals.total.gross)).toBe(19_200 + charged);
    const retail = await preview({});
    expect(retail.body.data.lines).toMatchObject([
      { unit_price: '250.00', total: { gross: '240.00' } },
    ]);
    expect(retail.body.data.totals.delivery.gross).toBe('0.00');
    expect(retail.body.data.totals.total.gross).toBe('240.00');
  });

  it('refuses a customer that does not exist', async () => {
    const refused = await preview({ customer_id: 999_999 });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ customer_id: 'There is no customer with this id' });
  });
});
