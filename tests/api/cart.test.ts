import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { products, variations } from '#db/schema/index.ts';
import {
  freeSample,
  fullSample,
  ids,
  isTileSize,
  pounds,
  Shopper,
  size,
  sundry,
  t,
  tile,
  useCartApp,
  variationOf,
  withOutOfStockSize,
} from '#tests/setup/cart-app.ts';

useCartApp();

describe('GET /api/cart', () => {
  it('answers an empty basket to a new visitor without starting a session', async () => {
    const { status, body, response } = await new Shopper().call('GET', '/api/cart');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        line_items: [],
        item_count: 0,
        subtotal: '0.00',
        vat: '0.00',
        vat_rate: 20,
        total: '0.00',
      },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/cart/add', () => {
  it('adds pieces of a size with the m² they cover and prices them per m²', async () => {
    const shopper = new Shopper();
    const { productId, variation, pricePence } = size();
    const option = variation.attributes[0]!.option;
    const { status, body, response } = await shopper.add({
      product_id: String(productId),
      variation_id: variation.id,
      quantity: 3,
      m2_quantity: 0.72,
      is_sample: false,
      check_duplicates: true,
    });
    expect(status).toBe(200);
    const cookie = response.headers['set-cookie'];
    expect(String(cookie)).toMatch(/tessera_session=.*HttpOnly.*SameSite=Lax/i);
    const lineTotal = Math.round(pricePence * 0.72);
    expect(body.data).toEqual({
      line_items: [
        {
          id: expect.any(Number),
          product_id: productId,
          variation_id: variation.id,
          quantity: 3,
          m2_quantity: 0.72,
          is_sample: false,
          price: variation.price,
          regular_price: null,
          line_total: pounds(lineTotal),
          name: tile.name,
          image: { src: expect.stringMatching(/^\/media\//) },
          display_quantity: '3 pcs (0.720 m²)',
          unit: 'm2',
          meta_data: [
            { key: 'pa_sizemm', value: option },
            { key: 'Size', value: option },
          ],
          stock_message: null,
          made_to_order: false,
        },
      ],
      item_count: 3,
      subtotal: pounds(lineTotal),
      vat: pounds(lineTotal - Math.round(lineTotal / 1.2)),
      vat_rate: 20,
      total: pounds(lineTotal),
    });
    // The basket lives in the database: the same cookie reads it back.
    expect(await shopper.cart()).toEqual(body.data);
  });

  it('merges a repeated variation into its line and recomputes its m²', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    await shopper.add({ product_id: productId, variation_id: variation.id, quantity: 2 });
    const { body } = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      quantity: 1,
      m2_quantity: 0.24,
      check_duplicates: true,
    });
    expect(body.data.line_items).toHaveLength(1);
    expect(body.data.line_items[0]).toMatchObject({ quantity: 3, m2_quantity: 0.72 });
  });

  it('bills whole pieces: an m² figure alone asks for the pieces covering it', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    const { body } = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      m2_quantity: 0.5,
    });
    expect(body.data.line_items[0]).toMatchObject({
      quantity: 3,
      m2_quantity: 0.72,
      display_quantity: '3 pcs (0.720 m²)',
    });
  });

  it('adds a free sample as a sample line priced per item, without m²', async () => {
    const shopper = new Shopper();
    const { productId, variation, pricePence } = freeSample();
    const { status, body } = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      quantity: 1,
      m2_quantity: 0.5,
      is_sample: 'true',
    });
    expect(status).toBe(200);
    expect(body.data.line_items[0]).toMatchObject({
      is_sample: true,
      quantity: 1,
      m2_quantity: null,
      display_quantity: '1 pc',
      line_total: pounds(pricePence),
      meta_data: [
        { key: 'free-sample', value: 'yes' },
        { key: 'pa_sizemm', value: variation.attributes[0]!.option },
        { key: 'Size', value: variation.attributes[0]!.option },
      ],
    });
  });

  it('prices a full-size sample per item and ignores m²', async () => {
    const shopper = new Shopper();
    const { productId, variation, pricePence } = fullSample();
    const { body } = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      quantity: 2,
      m2_quantity: 0.48,
    });
    expect(body.data.line_items[0]).toMatchObject({
      quantity: 2,
      m2_quantity: null,
      display_quantity: '2 pcs',
      line_total: pounds(pricePence * 2),
      meta_data: expect.arrayContaining([{ key: 'full-size-sample', value: 'yes' }]),
    });
    expect(body.data.total).toBe(pounds(pricePence * 2));
  });

  it('prices unsized goods (sundries) per item', async () => {
    const shopper = new Shopper();
    const { productId, variation, pricePence } = variationOf(sundry, (_o, s) => s);
    const { body } = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      quantity: 4,
    });
    expect(body.data.line_items[0]).toMatchObject({ m2_quantity: null, quantity: 4 });
    expect(body.data.subtotal).toBe(pounds(pricePence * 4));
  });

  it('sums lines: item count, subtotal, included VAT, total', async () => {
    const shopper = new Shopper();
    const a = size();
    const b = fullSample();
    await shopper.add({ product_id: a.productId, variation_id: a.variation.id, quantity: 5 });
    const { body } = await shopper.add({
      product_id: b.productId,
      variation_id: b.variation.id,
      quantity: 1,
    });
    const subtotal = Math.round(a.pricePence * 1.2) + b.pricePence;
    expect(body.data).toMatchObject({
      item_count: 6,
      subtotal: pounds(subtotal),
      vat: pounds(subtotal - Math.round(subtotal / 1.2)),
      total: pounds(subtotal),
    });
  });

  it('refuses bad requests with a 4xx JSON error and changes nothing', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    await shopper.add({ product_id: productId, variation_id: variation.id, quantity: 1 });
    const before = await shopper.cart();
    const other = ids.get(sundry.slug)!;
    const outOfStock = variationOf(withOutOfStockSize, (o, s) => isTileSize(o) && !s);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ variation_id: variation.id }, 400, 'invalid_request', 'product_id'],
      [{ product_id: 'abc', variation_id: variation.id }, 400, 'invalid_request', 'product_id'],
      [{ product_id: productId, variation_id: variation.id, quantity: 0 }, 400, 'invalid_request'],
      [
        { product_id: productId, variation_id: variation.id, quantity: 1.5 },
        400,
        'invalid_request',
      ],
      [{ product_id: productId, variation_id: variation.id, quantity: -2 }, 400, 'invalid_request'],
      [
        { product_id: productId, variation_id: variation.id, m2_quantity: 0 },
        400,
        'invalid_request',
      ],
      [
        { product_id: productId, variation_id: variation.id, is_sample: 'maybe' },
        400,
        'invalid_request',
      ],
      [{ product_id: productId }, 422, 'unprocessable', 'variation_id'],
      [{ product_id: other.id, variation_id: variation.id }, 422, 'unprocessable', 'variation_id'],
      [{ product_id: productId, variation_id: 99_999_999 }, 422, 'unprocessable', 'variation_id'],
      [
        { product_id: productId, variation_id: variation.id, is_sample: true },
        422,
        'unprocessable',
        'is_sample',
      ],
      [
        { product_id: outOfStock.productId, variation_id: outOfStock.variation.id },
        409,
        'conflict',
      ],
      // More than the pieces left (seeded sizes hold 40–499).
      [
        { product_id: productId, variation_id: variation.id, quantity: 10_000 },
        409,
        'out_of_stock',
      ],
    ];
    for (const [payload, status, code, field] of cases) {
      const result = await shopper.add(payload);
      expect({ payload, status: result.status }).toEqual({ payload, status });
      expect(result.body).toMatchObject({ code, message: expect.any(String) });
      expect(result.body.error).toBe(result.body.message);
      if (field) expect(result.body.fields).toHaveProperty(field);
    }
    expect(await shopper.cart()).toEqual(before);
  });

  it('starts no session for a newcomer whose add is refused', async () => {
    const { productId } = size();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: productId, variation_id: 99_999_999 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a size that went out of stock or off sale since it was last added', async () => {
    const { db } = t.app.services;
    const { productId, variation } = size();
    const payload = { product_id: productId, variation_id: variation.id };
    expect((await new Shopper().add(payload)).status).toBe(200);
    const stored = async () => {
      const [row] = await queryRows<{ sessions: number; carts: number }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM sessions) AS sessions,
                   (SELECT count(*)::int FROM carts) AS carts`,
      );
      return row;
    };
    const before = await stored();
    try {
      await db.update(variations).set({ stockQuantity: 0 }).where(eq(variations.id, variation.id));
      const outOfStock = await new Shopper().add(payload);
      expect(outOfStock.status).toBe(409);
      expect(outOfStock.body.message).toBe('This size is out of stock');
      expect(outOfStock.response.headers['set-cookie']).toBeUndefined();
      await db
        .update(variations)
        .set({ stockQuantity: 100 })
        .where(eq(variations.id, variation.id));
      await db.update(products).set({ status: 'draft' }).where(eq(products.id, productId));
      const offSale = await new Shopper().add(payload);
      expect(offSale.status).toBe(422);
      expect(offSale.body.message).toBe('This size does not belong to the product');
      expect(await stored()).toEqual(before);
    } finally {
      await db
        .update(variations)
        .set({ stockQuantity: 100 })
        .where(eq(variations.id, variation.id));
      await db.update(products).set({ status: 'publish' }).where(eq(products.id, productId));
    }
  });

  it('names the problem in plain words', async () => {
    const outOfStock = variationOf(withOutOfStockSize, (o, s) => isTileSize(o) && !s);
    const { body } = await new Shopper().add({
      product_id: outOfStock.productId,
      variation_id: outOfStock.variation.id,
    });
    expect(body.message).toBe('This size is out of stock');
  });

  it('loses nothing when 50 adds of one variation race', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    // The first write creates the session; the 50 then race on one basket.
    await shopper.call('GET', '/api/cart');
    await shopper.add({ product_id: productId, variation_id: variation.id, quantity: 1 });
    const lineId = (await shopper.cart()).line_items[0]!.id;
    await shopper.call('DELETE', `/api/cart/${lineId}`);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        shopper.add({ product_id: productId, variation_id: variation.id, quantity: 1 }),
      ),
    );
    const elapsed = performance.now() - started;
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const cart = await shopper.cart();
    expect(cart.line_items).toHaveLength(1);
    expect(cart.line_items[0]).toMatchObject({ quantity: 50, m2_quantity: 12 });
    console.info(`50 parallel adds: one line of 50 pieces in ${elapsed.toFixed(0)} ms`);
  });

  it('refuses a write from another origin', async () => {
    const { productId, variation } = size();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { origin: 'https://evil.example' },
      payload: { product_id: productId, variation_id: variation.id },
    });
    expect(response.statusCode).toBe(403);
  });
});
