import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { parseTileSize } from '#domain/area.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The seeded delivery prices (db/migrations/0003_orders.sql), in pence.

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

const optionOf = (v: VariationJson) => v.attributes[0]!.option;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => sized(optionOf(v)) && v.instock)!;
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

describe('POST /api/checkout/orders with input it refuses', () => {
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
});
