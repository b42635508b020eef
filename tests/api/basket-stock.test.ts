import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { VariationJson } from '#domain/api-types.ts';
import type { CartJson } from '#domain/cart.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
const sized = catalogue.products.find((p) =>
  p.variations.some((v) => /^\d+x\d+x\d+$/.test(v.option) && v.inStock),
)!;

let t: TestApp;
let productId: number;
let size: VariationJson;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ url: `/api/products/slug/${sized.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => /^\d+x\d+x\d+$/.test(v.attributes[0]!.option))!;
});
afterAll(async () => {
  await t?.close();
});

const setStock = (pieces: number) =>
  t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = ${pieces} WHERE id = ${size.id}`,
  );

describe('the basket holds no more than is in stock', () => {
  it('refuses an add beyond stock at once, with the pieces left', async () => {
    await setStock(34);
    const shopper = new ApiShopper(t.app);
    const over = await shopper.add(productId, size.id, 35);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'out_of_stock', message: 'Only 34 pieces left' });
    // No basket (nor session) was made for the refused add.
    expect(shopper.cookie).toBe('');

    expect((await shopper.add(productId, size.id, 30)).status).toBe(200);
    const more = await shopper.add(productId, size.id, 9);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Only 34 pieces left: your basket already holds 30');
    const exact = await shopper.add(productId, size.id, 4);
    expect(exact.status).toBe(200);
    expect((exact.body.data as CartJson).line_items[0]!.quantity).toBe(34);
  });

  it('refuses changing a line beyond stock, and lets it shrink', async () => {
    await setStock(34);
    const shopper = new ApiShopper(t.app);
    const added = await shopper.add(productId, size.id, 10);
    const lineId = (added.body.data as CartJson).line_items[0]!.id;
    const over = await shopper.call('PUT', `/api/cart/${lineId}`, { quantity: 39 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'out_of_stock', message: 'Only 34 pieces left' });
    const fits = await shopper.call('PUT', `/api/cart/${lineId}`, { quantity: 34 });
    expect(fits.status).toBe(200);
    expect((fits.body.data as CartJson).line_items[0]!.stock_message).toBeNull();
  });

  it('marks a line that has since gone short, and checkout refuses it until changed', async () => {
    await setStock(34);
    const shopper = new ApiShopper(t.app);
    const added = await shopper.add(productId, size.id, 20);
    const lineId = (added.body.data as CartJson).line_items[0]!.id;
    await setStock(12);
    const basket = await shopper.call('GET', '/api/cart');
    expect((basket.body.data as CartJson).line_items[0]!.stock_message).toBe('Only 12 pieces left');
    const quote = await shopper.quote();
    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status).toBe(409);
    expect(placed.body.code).toBe('out_of_stock');
    // Shrinking, even to a figure still short, is allowed: the shopper puts it right.
    const shrunk = await shopper.call('PUT', `/api/cart/${lineId}`, { quantity: 15 });
    expect(shrunk.status).toBe(200);
    expect((shrunk.body.data as CartJson).line_items[0]!.stock_message).toBe('Only 12 pieces left');
    const fixed = await shopper.call('PUT', `/api/cart/${lineId}`, { quantity: 12 });
    expect((fixed.body.data as CartJson).line_items[0]!.stock_message).toBeNull();

    await setStock(0);
    const gone = await shopper.call('GET', '/api/cart');
    expect((gone.body.data as CartJson).line_items[0]!.stock_message).toBe(
      'Out of stock: please remove it from your basket',
    );
  });
});
