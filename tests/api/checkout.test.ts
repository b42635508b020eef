import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '#db/client.ts';
import { formatGBP } from '#domain/money.ts';
import { hashToken } from '#server/services/sessions.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { parseTileSize, tileAreaM2 } from '#domain/area.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The seeded delivery prices (db/migrations/0003_orders.sql), in pence.
const PARCEL = 995;
const PALLET = 4900;
const HIGHLANDS_PALLET = 4500;
const NI_PALLET = 6000;
const FREE_FROM = 50_000;
const TIMED_SLOT = 2500;
const MARBLE_KG_PER_M2_PER_MM = 2.7;

const catalogue = buildCatalogue();
const MARBLE = 6;
const sized = (option: string) =>
  /^\d+x\d+x\d+$/.test(option) && (parseTileSize(option)?.thicknessMm ?? 0) > 0;

/** A marble tile with a stated thickness in stock, and a free sample in stock. */
const marble = catalogue.products.find(
  (p) =>
    p.terms.some((t) => t.attributeId === MARBLE && t.slug === 'marble') &&
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => sized(v.option) && v.inStock) &&
    p.variations.some((v) => /free sample/i.test(v.option) && v.inStock),
) as SeedProduct;

let t: TestApp;
let productId: number;
let size: VariationJson;
let freeSample: VariationJson;

const pence = (pounds: string) => Math.round(Number(pounds) * 100);
const optionOf = (v: VariationJson) => v.attributes[0]!.option;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => sized(optionOf(v)) && v.instock)!;
  freeSample = body.variations.find((v) => /free sample/i.test(optionOf(v)) && v.instock)!;
  // Plenty of stock for every test but the race, which sets its own.
  await setStock(10_000);
});
afterAll(async () => {
  await t?.close();
});

function setStock(pieces: number) {
  return t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = ${pieces} WHERE id = ${size.id}`,
  );
}

async function stock(): Promise<number> {
  const [row] = await queryRows<{ stock_quantity: number }>(
    t.app.services.db,
    sql`SELECT stock_quantity FROM variations WHERE id = ${size.id}`,
  );
  return row!.stock_quantity;
}

async function orderCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.db,
    sql`SELECT count(*)::int AS n FROM orders`,
  );
  return row!.n;
}

/** A shopper with `pieces` of the marble size in the basket. */
async function shopperWith(pieces: number): Promise<ApiShopper> {
  const shopper = new ApiShopper(t.app);
  const added = await shopper.add(productId, size.id, pieces);
  expect(added.status).toBe(200);
  return shopper;
}

/** The figures a basket of `pieces` of the marble size must come to, worked out here. */
function expectedGoods(pieces: number) {
  const area = tileAreaM2(optionOf(size))!;
  const m2 = Math.round(pieces * area * 1000) / 1000;
  const gross = Math.round(pence(size.price) * m2);
  const net = Math.round(gross / 1.2);
  const thickness = parseTileSize(optionOf(size))!.thicknessMm!;
  const weight = m2 * MARBLE_KG_PER_M2_PER_MM * thickness;
  return { m2, gross, net, vat: gross - net, weight };
}

async function place(shopper: ApiShopper, query?: string, overrides: Record<string, unknown> = {}) {
  const quote = await shopper.quote(query);
  return shopper.placeOrder(checkoutInput(quote.totals.total.gross, overrides), randomUUID());
}

/** When the order's confirmation was marked mailed (null until it is). */
async function confirmationMailedAt(number: string): Promise<Date | null> {
  const [mailed] = await queryRows<{ confirmation_mailed_at: Date | null }>(
    t.app.services.db,
    sql`SELECT confirmation_mailed_at FROM orders WHERE number = ${number}`,
  );
  return mailed!.confirmation_mailed_at;
}

describe('GET /api/checkout: the basket priced for an address', () => {
  it('prices goods and a pallet to the mainland, VAT split per line and adding up exactly', async () => {
    const goods = expectedGoods(40);
    expect(goods.weight).toBeGreaterThan(18);
    expect(goods.weight).toBeLessThanOrEqual(950);
    expect(goods.gross).toBeLessThan(FREE_FROM);
    const quote = await (await shopperWith(40)).quote();
    const [line] = quote.lines;
    expect(line).toMatchObject({
      variation_id: size.id,
      pieces: 40,
      m2: goods.m2,
      unit: 'm2',
      unit_price: size.price,
      vat_rate: 20,
      total: {
        gross: (goods.gross / 100).toFixed(2),
        net: (goods.net / 100).toFixed(2),
        vat: (goods.vat / 100).toFixed(2),
      },
    });
    expect(line!.weight_kg).toBeCloseTo(goods.weight, 1);
    expect(quote.delivery).toMatchObject({
      deliverable: true,
      zone: { code: 'mainland' },
      method: 'pallet',
      pallets: 1,
      selected: 'standard',
    });
    expect(quote.delivery.note).toMatch(/kerbside/i);
    expect(quote.delivery.options.map((o) => [o.id, pence(o.price)])).toEqual([
      ['standard', PALLET],
      ['timed_am', PALLET + TIMED_SLOT],
      ['timed_pm', PALLET + TIMED_SLOT],
    ]);
    const standard = quote.delivery.options[0]!;
    expect(standard.estimate).toMatchObject({ min_days: 3, max_days: 5 });
    expect(standard.estimate.earliest <= standard.estimate.latest).toBe(true);
    const total = goods.gross + PALLET;
    const deliveryNet = Math.round(PALLET / 1.2);
    expect(quote.totals).toEqual({
      goods: {
        net: (goods.net / 100).toFixed(2),
        vat: (goods.vat / 100).toFixed(2),
        gross: (goods.gross / 100).toFixed(2),
      },
      delivery: {
        net: (deliveryNet / 100).toFixed(2),
        vat: ((PALLET - deliveryNet) / 100).toFixed(2),
        gross: (PALLET / 100).toFixed(2),
      },
      total: {
        net: ((goods.net + deliveryNet) / 100).toFixed(2),
        vat: ((goods.vat + PALLET - deliveryNet) / 100).toFixed(2),
        gross: (total / 100).toFixed(2),
      },
    });
    expect(quote.payment_methods).toEqual(['bank_transfer']);
  });

  it('shows the basket the same VAT as checkout', async () => {
    const shopper = await shopperWith(7);
    await shopper.add(productId, freeSample.id, 1, true);
    const cart = (await shopper.call('GET', '/api/cart')).body.data;
    const quote = await shopper.quote();
    expect(cart.subtotal).toBe(quote.totals.goods.gross);
    expect(cart.vat).toBe(quote.totals.goods.vat);
  });

  it('adds the Highlands and Northern Ireland surcharges per pallet, and offers no timed slot there', async () => {
    const shopper = await shopperWith(40);
    const highlands = await shopper.quote('country=GB&postcode=IV2%203AB');
    expect(highlands.delivery.zone).toEqual({ code: 'highlands', name: 'Scottish Highlands' });
    expect(highlands.delivery.options.map((o) => [o.id, pence(o.price)])).toEqual([
      ['standard', PALLET + HIGHLANDS_PALLET],
    ]);
    expect(highlands.delivery.options[0]!.estimate).toMatchObject({ min_days: 5, max_days: 7 });
    expect(highlands.delivery.message).toMatch(/Highlands/);
    const ni = await shopper.quote('country=GB&postcode=BT1%201AA');
    expect(ni.delivery.zone?.code).toBe('northern-ireland');
    expect(pence(ni.delivery.options[0]!.price)).toBe(PALLET + NI_PALLET);
    expect(pence(ni.totals.total.gross)).toBe(pence(ni.totals.goods.gross) + PALLET + NI_PALLET);
  });

  it('refuses the Channel Islands, other countries and a bad postcode with a clear message', async () => {
    const shopper = await shopperWith(5);
    const jersey = await shopper.quote('country=GB&postcode=JE2%203AB');
    expect(jersey.delivery).toMatchObject({ deliverable: false, options: [], selected: null });
    expect(jersey.delivery.message).toMatch(/cannot deliver to the Channel Islands/);
    const france = await shopper.quote('country=FR&postcode=75001');
    expect(france.delivery.deliverable).toBe(false);
    expect(france.delivery.message).toMatch(/United Kingdom only/);
    const typo = await shopper.quote('country=GB&postcode=XX');
    expect(typo.delivery.message).toBe('Please enter a valid UK postcode');
  });

  it('sends a parcel under the weight limit and delivers free above the threshold', async () => {
    const small = await shopperWith(1);
    const goods = expectedGoods(1);
    expect(goods.weight).toBeLessThanOrEqual(18);
    const parcel = await small.quote();
    expect(parcel.delivery).toMatchObject({ method: 'parcel', parcels: 1, pallets: 0 });
    expect(pence(parcel.delivery.options[0]!.price)).toBe(PARCEL);
    const pieces = Math.ceil(FREE_FROM / (pence(size.price) * tileAreaM2(optionOf(size))!)) + 1;
    const big = await shopperWith(pieces);
    const free = await big.quote();
    expect(pence(free.totals.goods.gross)).toBeGreaterThanOrEqual(FREE_FROM);
    expect(free.delivery.options[0]).toMatchObject({ id: 'standard', price: '0.00' });
    expect(pence(free.delivery.options[1]!.price)).toBe(TIMED_SLOT);
  });

  it('posts a samples-only basket: free samples free', async () => {
    const shopper = new ApiShopper(t.app);
    await shopper.add(productId, freeSample.id, 1, true);
    const quote = await shopper.quote();
    expect(quote.delivery).toMatchObject({ method: 'post', pallets: 0 });
    expect(quote.delivery.options).toEqual([
      expect.objectContaining({ id: 'standard', label: 'Samples by post', price: '0.00' }),
    ]);
    expect(quote.totals.total.gross).toBe('0.00');
  });

  it('answers an empty basket as nothing to deliver', async () => {
    const quote = await new ApiShopper(t.app).quote();
    expect(quote.lines).toEqual([]);
    expect(quote.delivery).toMatchObject({ deliverable: false, message: 'Your basket is empty' });
  });

  it('refuses a bad query with 400', async () => {
    const { status, body } = await new ApiShopper(t.app).call(
      'GET',
      '/api/checkout?delivery_option=by-pigeon',
    );
    expect(status).toBe(400);
    expect(body.fields).toEqual({ delivery_option: 'Please choose a delivery option' });
  });
});

describe('POST /api/checkout/orders', () => {
  it('places the order: re-priced, stock taken, lines and addresses kept, basket emptied, mail sent', async () => {
    const shopper = await shopperWith(40);
    const before = await stock();
    const quote = await shopper.quote();
    const key = randomUUID();
    const { status, body } = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, { delivery_option: 'timed_am' }),
      key,
    );
    expect(status).toBe(409); // the quote was for the standard option: its total differs
    expect(body.code).toBe('price_changed');
    const timed = await shopper.quote('country=GB&postcode=BS2%200UX&delivery_option=timed_am');
    const placed = await shopper.placeOrder(
      checkoutInput(timed.totals.total.gross, { delivery_option: 'timed_am' }),
      key,
    );
    expect(placed.status).toBe(201);
    const order: OrderJson = placed.body.data;
    expect(order.number).toMatch(/^TS-\d{6}$/);
    expect(placed.body.token).toEqual(expect.any(String));
    expect(order).toMatchObject({
      status: 'pending_payment',
      payment_status: 'pending',
      payment_method: 'bank_transfer',
      email: 'ada@example.co.uk',
      totals: timed.totals,
      lines: timed.lines,
      delivery: { option: 'timed_am', method: 'pallet', zone: { code: 'mainland' } },
      shipping_address: { first_name: 'Ada', postcode: 'BS2 0UX' },
      billing_address: { first_name: 'Ada', postcode: 'BS2 0UX' },
      invoice: null,
    });
    expect(order.bank_transfer).toMatchObject({ reference: order.number, sort_code: '30-94-57' });
    expect(order.history).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: null,
        to: 'pending_payment',
        actor: 'guest',
      }),
    ]);
    expect(await stock()).toBe(before - 40);
    expect((await shopper.call('GET', '/api/cart')).body.data.line_items).toEqual([]);
    // The answer is what was stored: the order read back is the same, field for field.
    const stored = await shopper.call('GET', `/api/orders/${order.number}`);
    expect(stored.body.data).toEqual(order);
    // The mail leaves just after the answer.
    await expect.poll(() => confirmationMailedAt(order.number)).not.toBeNull();
    // The confirmation went to the outbox with the order's own figures and its link.
    const mail = outboxMails(t.config.dataDir).find((m) => m.subject.includes(order.number))!;
    expect(mail.to).toBe('ada@example.co.uk');
    expect(mail.text).toContain(formatGBP(pence(order.totals.total.gross)));
    expect(mail.text).toContain(`/checkout/order/${order.number}?token=${placed.body.token}`);
    expect(mail.text).toMatch(/14 days/);
  });

  it('answers a repeated key with the same order, and a double click makes one order', async () => {
    const shopper = await shopperWith(3);
    const quote = await shopper.quote();
    const key = randomUUID();
    const ordersBefore = await orderCount();
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () =>
        shopper.placeOrder(checkoutInput(quote.totals.total.gross), key),
      ),
    );
    const numbers = new Set(clicks.map((c) => c.body.data?.number));
    expect(numbers.size).toBe(1);
    expect(clicks.filter((c) => c.status === 201)).toHaveLength(1);
    expect(clicks.every((c) => c.status === 201 || c.status === 200)).toBe(true);
    expect(await orderCount()).toBe(ordersBefore + 1);
    const again = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), key);
    expect(again.status).toBe(200);
    expect(again.body.data.number).toBe([...numbers][0]);
    // Another shopper cannot replay someone else's key.
    const stranger = await shopperWith(1);
    const reused = await stranger.placeOrder(checkoutInput(quote.totals.total.gross), key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
  });

  it('refuses a price that changed since it was shown (409 with the new figures), storing nothing', async () => {
    const shopper = await shopperWith(4);
    const quote = await shopper.quote();
    const stockBefore = await stock();
    const ordersBefore = await orderCount();
    await t.app.services.db.execute(
      sql`UPDATE variations SET price_pence = price_pence + 100 WHERE id = ${size.id}`,
    );
    try {
      const { status, body } = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross),
        randomUUID(),
      );
      expect(status).toBe(409);
      expect(body.code).toBe('price_changed');
      const fresh: CheckoutQuoteJson = body.quote;
      expect(pence(fresh.lines[0]!.unit_price)).toBe(pence(size.price) + 100);
      expect(pence(fresh.totals.total.gross)).toBeGreaterThan(pence(quote.totals.total.gross));
      expect(await stock()).toBe(stockBefore);
      expect(await orderCount()).toBe(ordersBefore);
      expect((await shopper.call('GET', '/api/cart')).body.data.line_items).toHaveLength(1);
      // At the new total it goes through.
      const placed = await shopper.placeOrder(
        checkoutInput(fresh.totals.total.gross),
        randomUUID(),
      );
      expect(placed.status).toBe(201);
      expect(placed.body.data.totals).toEqual(fresh.totals);
    } finally {
      await t.app.services.db.execute(
        sql`UPDATE variations SET price_pence = price_pence - 100 WHERE id = ${size.id}`,
      );
    }
  });

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

  it('refuses a Channel Islands address (422) and an empty basket (409)', async () => {
    const shopper = await shopperWith(2);
    const quote = await shopper.quote();
    const jersey = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, {
        shipping: { ...(checkoutInput('0').shipping as object), postcode: 'JE2 3AB' },
      }),
      randomUUID(),
    );
    expect(jersey.status).toBe(422);
    expect(jersey.body.code).toBe('not_deliverable');
    expect(jersey.body.message).toMatch(/Channel Islands/);
    const empty = await new ApiShopper(t.app).placeOrder(checkoutInput('0.00'), randomUUID());
    expect(empty.status).toBe(409);
    expect(empty.body.code).toBe('empty_basket');
  });

  const shipping = checkoutInput('0').shipping as Record<string, unknown>;
  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['no email', { email: '' }, 'email', 'Email is required'],
    ['a bad email', { email: 'ada@' }, 'email', 'Please enter a valid email address'],
    [
      'no first name',
      { shipping: { ...shipping, first_name: ' ' } },
      'shipping.first_name',
      'First name is required',
    ],
    [
      'no last name',
      { shipping: { ...shipping, last_name: '' } },
      'shipping.last_name',
      'Last name is required',
    ],
    [
      'no phone',
      { shipping: { ...shipping, phone: '' } },
      'shipping.phone',
      'Phone number is required',
    ],
    [
      'a bad phone',
      { shipping: { ...shipping, phone: 'call me' } },
      'shipping.phone',
      'Please enter a valid phone number',
    ],
    [
      'no address email',
      { shipping: { ...shipping, email: '' } },
      'shipping.email',
      'Email address is required',
    ],
    [
      'no country',
      { shipping: { ...shipping, country: '' } },
      'shipping.country',
      'Country is required',
    ],
    [
      'no address line',
      { shipping: { ...shipping, address_1: '' } },
      'shipping.address_1',
      'Address Line 1 is required',
    ],
    ['no town', { shipping: { ...shipping, city: '' } }, 'shipping.city', 'Town/City is required'],
    [
      'no postcode',
      { shipping: { ...shipping, postcode: '' } },
      'shipping.postcode',
      'Postcode is required',
    ],
    [
      'a bad UK postcode',
      { shipping: { ...shipping, postcode: '12345' } },
      'shipping.postcode',
      'Please enter a valid UK postcode',
    ],
    [
      'no billing when not the same',
      { billing_same_as_shipping: false },
      'billing',
      'Billing address is required',
    ],
    [
      'a bad billing postcode',
      { billing_same_as_shipping: false, billing: { ...shipping, postcode: 'nope' } },
      'billing.postcode',
      'Please enter a valid UK postcode',
    ],
    [
      'an unknown delivery option',
      { delivery_option: 'drone' },
      'delivery_option',
      'Please choose a delivery option',
    ],
    [
      'an unknown payment method',
      { payment_method: 'cheque' },
      'payment_method',
      'Please choose a payment method',
    ],
    [
      'card while card payments are off',
      { payment_method: 'card' },
      'payment_method',
      'Card payments are not available: please choose bank transfer',
    ],
    [
      'terms not accepted',
      { accept_terms: false },
      'accept_terms',
      'Please read and accept the terms and conditions to place your order',
    ],
    [
      'a total that is not money',
      { expected_total: 'lots' },
      'expected_total',
      'expected_total must be the total shown at checkout, e.g. "123.45"',
    ],
  ];

  it.each(badInputs)(
    'refuses %s with 400 and the field message, storing nothing',
    async (_name, override, field, message) => {
      const shopper = await shopperWith(2);
      const quote = await shopper.quote();
      const ordersBefore = await orderCount();
      const stockBefore = await stock();
      const { status, body } = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross, override),
        randomUUID(),
      );
      expect(status).toBe(400);
      expect(body.fields?.[field] ?? body.message).toBe(message);
      expect(await orderCount()).toBe(ordersBefore);
      expect(await stock()).toBe(stockBefore);
      expect((await shopper.call('GET', '/api/cart')).body.data.line_items).toHaveLength(1);
    },
  );

  it('refuses a missing or unusable Idempotency-Key with 400', async () => {
    const shopper = await shopperWith(1);
    const quote = await shopper.quote();
    for (const key of [null, '', 'x'.repeat(101), 'two words']) {
      const { status, body } = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross),
        key,
      );
      expect(status).toBe(400);
      expect(body.message).toMatch(/Idempotency-Key/);
    }
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

describe('orders after placing', () => {
  async function placedOrder(shopper?: ApiShopper) {
    const buyer = shopper ?? (await shopperWith(5));
    if (shopper) await buyer.add(productId, size.id, 5);
    const { status, body } = await place(buyer);
    expect(status).toBe(201);
    return { buyer, number: body.data.number as string, token: body.token as string };
  }

  it('shows an order to its placing session and its link, and 404 to anyone else', async () => {
    const { buyer, number, token } = await placedOrder();
    expect((await buyer.call('GET', `/api/orders/${number}`)).status).toBe(200);
    const stranger = new ApiShopper(t.app);
    expect((await stranger.call('GET', `/api/orders/${number}`)).status).toBe(404);
    expect((await stranger.call('GET', `/api/orders/${number}?token=wrong`)).status).toBe(404);
    const linked = await stranger.call('GET', `/api/orders/${number}?token=${token}`);
    expect(linked.status).toBe(200);
    expect(linked.body.data.number).toBe(number);
    expect((await stranger.call('GET', '/api/orders/TS-999999')).status).toBe(404);
    expect((await stranger.call('GET', '/api/orders/not-a-number')).status).toBe(400);
  });

  it("lists a signed-in customer's orders, never another's; 401 when signed out", async () => {
    const alice = new ApiShopper(t.app);
    await alice.call('POST', '/api/auth/register', {
      email: 'alice@example.com',
      password: 'stone-floor-42',
    });
    const { number } = await placedOrder(alice);
    const bob = new ApiShopper(t.app);
    await bob.call('POST', '/api/auth/register', {
      email: 'bob@example.com',
      password: 'granite-top-42',
    });
    const list = await alice.call('GET', '/api/orders');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ number, status: 'pending_payment', item_count: 5 }),
    ]);
    expect(list.body.meta).toEqual({
      current_page: 1,
      has_next_page: false,
      total_pages: 1,
      total_products: 1,
      per_page: 10,
    });
    expect((await bob.call('GET', '/api/orders')).body.data).toEqual([]);
    expect((await bob.call('GET', `/api/orders/${number}`)).status).toBe(404);
    expect((await new ApiShopper(t.app).call('GET', '/api/orders')).status).toBe(401);
  });

  it('lets a guest create an account from the order link; the order joins it', async () => {
    const { number, token } = await placedOrder();
    await t.app.services.db.execute(
      sql`UPDATE orders SET email = 'guest-joins@example.com' WHERE number = ${number}`,
    );
    const visitor = new ApiShopper(t.app);
    const bad = await visitor.call('POST', `/api/orders/${number}/account`, {
      token: 'nope',
      password: 'quarry-stone-9',
    });
    expect(bad.status).toBe(404);
    const made = await visitor.call('POST', `/api/orders/${number}/account`, {
      token,
      password: 'quarry-stone-9',
    });
    expect(made.status).toBe(201);
    expect(made.body.customer.email).toBe('guest-joins@example.com');
    const list = await visitor.call('GET', '/api/orders');
    expect(list.body.data.map((o: { number: string }) => o.number)).toEqual([number]);
    const again = await new ApiShopper(t.app).call('POST', `/api/orders/${number}/account`, {
      token,
      password: 'quarry-stone-9',
    });
    expect(again.status).toBe(409);
  });

  it('marks a bank transfer paid once, with a gapless invoice number and a PDF invoice', async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    expect((await first.buyer.call('GET', `/api/orders/${first.number}/invoice.pdf`)).status).toBe(
      404,
    );
    const totals = await Promise.all(
      [first, second].map(
        async (o) =>
          (await o.buyer.call('GET', `/api/orders/${o.number}`)).body.data.totals.total.gross,
      ),
    );
    const results = await Promise.all(
      [first, second, first].map((o, i) =>
        t.app.services.orders.markPaid({
          orderNumber: o.number,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: pence(totals[i % 2]!),
          currency: 'GBP',
          actor: 'staff:owner@tessera.test',
        }),
      ),
    );
    expect(results.filter((r) => r === 'paid')).toHaveLength(2);
    expect(results.filter((r) => r === 'already_paid')).toHaveLength(1);
    const invoiceNumbers = await queryRows<{ number: number }>(
      t.app.services.db,
      sql`SELECT number FROM invoices ORDER BY number`,
    );
    const numbers = invoiceNumbers.map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const order = (await first.buyer.call('GET', `/api/orders/${first.number}`)).body
      .data as OrderJson;
    expect(order).toMatchObject({
      status: 'paid',
      payment_status: 'succeeded',
      bank_transfer: null,
    });
    expect(order.invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(order.history.map((h) => `${h.kind}:${h.to}:${h.actor}`)).toEqual([
      'status:pending_payment:guest',
      'payment:succeeded:staff:owner@tessera.test',
      'status:paid:staff:owner@tessera.test',
    ]);
    const pdf = await first.buyer.call('GET', `/api/orders/${first.number}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a payment that does not match the total and records it for staff', async () => {
    const { buyer, number } = await placedOrder();
    const result = await t.app.services.orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: 1,
      currency: 'GBP',
      actor: 'staff:owner@tessera.test',
    });
    expect(result).toBe('amount_mismatch');
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(order.status).toBe('pending_payment');
    expect(order.history.at(-1)).toMatchObject({ kind: 'note', to: 'payment_mismatch' });
  });

  it('expires unpaid orders after the payment window, gives their stock back, and flags a late payment for refund', async () => {
    const { buyer, number } = await placedOrder();
    // The sweep skips rows another writer holds (as instances sweeping at once must): let the
    // confirmation's own write to the order land first.
    await expect.poll(() => confirmationMailedAt(number)).not.toBeNull();
    const before = await stock();
    expect(await t.app.services.orders.expireOverdue(new Date())).not.toContain(number);
    const expired = await t.app.services.orders.expireOverdue(
      new Date(Date.now() + 8 * 86_400_000),
    );
    expect(expired).toContain(number);
    // Every order that expired gives back what it held, this one's 5 pieces among them.
    const [held] = await queryRows<{ pieces: number }>(
      t.app.services.db,
      sql`SELECT coalesce(sum(l.pieces), 0)::int AS pieces FROM order_lines l
          JOIN orders o ON o.id = l.order_id
          WHERE l.variation_id = ${size.id} AND o.number IN (${sql.join(
            expired.map((n) => sql`${n}`),
            sql`, `,
          )})`,
    );
    expect(held!.pieces).toBeGreaterThanOrEqual(5);
    expect(await stock()).toBe(before + held!.pieces);
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(order.status).toBe('expired');
    expect(order.history.at(-1)).toMatchObject({
      from: 'pending_payment',
      to: 'expired',
      actor: 'system',
    });
    // Expiring again gives nothing back twice.
    await t.app.services.orders.expireOverdue(new Date(Date.now() + 9 * 86_400_000));
    expect(await stock()).toBe(before + held!.pieces);
    const late = await t.app.services.orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: pence(order.totals.total.gross),
      currency: 'GBP',
      actor: 'staff:owner@tessera.test',
    });
    expect(late).toBe('flagged_for_refund');
    const after = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(after.status).toBe('expired');
    expect(after.invoice).toBeNull();
  });

  it('moves an order through its life, refusing moves the states do not allow', async () => {
    const { buyer, number } = await placedOrder();
    const orders = t.app.services.orders;
    await expect(orders.move(number, 'dispatched', 'staff:a')).rejects.toThrow(
      /cannot become dispatched/,
    );
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    await orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: pence(order.totals.total.gross),
      currency: 'GBP',
      actor: 'staff:a',
    });
    await orders.move(number, 'processing', 'staff:a');
    await orders.move(number, 'dispatched', 'staff:a', 'Pallet PX-123 with the carrier');
    await expect(orders.move(number, 'cancelled', 'staff:a')).rejects.toThrow(
      /cannot become cancelled/,
    );
    await orders.move(number, 'delivered', 'staff:a');
    const done = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(done.status).toBe('delivered');
    expect(done.history.filter((h) => h.kind === 'status').map((h) => h.to)).toEqual([
      'pending_payment',
      'paid',
      'processing',
      'dispatched',
      'delivered',
    ]);
    expect(done.history.find((h) => h.to === 'dispatched')?.note).toBe(
      'Pallet PX-123 with the carrier',
    );
  });

  it('gives the stock back when an order is cancelled before dispatch', async () => {
    const { number } = await placedOrder();
    const before = await stock();
    await t.app.services.orders.move(number, 'cancelled', 'staff:a', 'Customer phoned to cancel');
    expect(await stock()).toBe(before + 5);
  });
});
