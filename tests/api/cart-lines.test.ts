import { describe, expect, it } from 'vitest';
import { customers } from '#db/schema/index.ts';
import { buildApp } from '#server/app.ts';
import { mergeSessionCartIntoCustomer } from '#server/services/cart/ownership.ts';
import { freeSample, pounds, size, t, useCartApp, Shopper } from '#tests/setup/cart-app.ts';

useCartApp();

describe('PUT and DELETE /api/cart/{itemId}', () => {
  it("changes a line's pieces and its m² follow", async () => {
    const shopper = new Shopper();
    const { productId, variation, pricePence } = size();
    const added = await shopper.add({
      product_id: productId,
      variation_id: variation.id,
      quantity: 1,
    });
    const id = added.body.data.line_items[0].id;
    const { status, body } = await shopper.call('PUT', `/api/cart/${id}`, {
      quantity: '4',
      m2_quantity: 0.96,
    });
    expect(status).toBe(200);
    expect(body.data.line_items[0]).toMatchObject({
      quantity: 4,
      m2_quantity: 0.96,
      line_total: pounds(Math.round(pricePence * 0.96)),
    });
    expect(body.data.item_count).toBe(4);
  });

  it('removes a line and answers the basket without it', async () => {
    const shopper = new Shopper();
    const a = size();
    const b = freeSample();
    await shopper.add({ product_id: a.productId, variation_id: a.variation.id });
    const added = await shopper.add({
      product_id: b.productId,
      variation_id: b.variation.id,
      is_sample: true,
    });
    const sampleLine = added.body.data.line_items[1].id;
    const { status, body } = await shopper.call('DELETE', `/api/cart/${sampleLine}`);
    expect(status).toBe(200);
    expect(body.data.line_items.map((l: { id: number }) => l.id)).not.toContain(sampleLine);
    expect(body.data.item_count).toBe(1);
  });

  it("answers 404 for another shopper's line, and leaves it alone", async () => {
    const owner = new Shopper();
    const { productId, variation } = size();
    const added = await owner.add({ product_id: productId, variation_id: variation.id });
    const id = added.body.data.line_items[0].id;
    const stranger = new Shopper();
    await stranger.add({ product_id: productId, variation_id: variation.id });
    for (const intruder of [stranger, new Shopper()]) {
      const put = await intruder.call('PUT', `/api/cart/${id}`, { quantity: 9 });
      expect(put.status).toBe(404);
      expect(put.body).toMatchObject({ code: 'not_found', message: 'Basket item not found' });
      expect((await intruder.call('DELETE', `/api/cart/${id}`)).status).toBe(404);
    }
    expect((await owner.cart()).line_items[0]).toMatchObject({ id, quantity: 1 });
  });

  it('refuses bad updates and changes nothing', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    const added = await shopper.add({ product_id: productId, variation_id: variation.id });
    const id = added.body.data.line_items[0].id;
    for (const [url, payload] of [
      [`/api/cart/${id}`, { quantity: 0 }],
      [`/api/cart/${id}`, {}],
      [`/api/cart/${id}`, { quantity: 'two' }],
      ['/api/cart/abc', { quantity: 2 }],
      ['/api/cart/0', { quantity: 2 }],
    ] as const) {
      const result = await shopper.call('PUT', url, payload);
      expect({ url, payload, status: result.status }).toEqual({ url, payload, status: 400 });
    }
    expect((await shopper.cart()).line_items[0]).toMatchObject({ quantity: 1 });
  });
});

describe('where the basket lives', () => {
  it('survives a restart: a new server instance on the same database answers the same basket', async () => {
    const shopper = new Shopper();
    const { productId, variation } = size();
    await shopper.add({ product_id: productId, variation_id: variation.id, quantity: 2 });
    const before = await shopper.cart();
    // Nothing of the basket is held in process memory: a fresh app over the same database.
    const second = await buildApp({ config: t.config, database: t.database.handle });
    await second.ready();
    try {
      const response = await second.inject({
        url: '/api/cart',
        headers: { cookie: shopper.cookie },
      });
      expect(response.json().data).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it("keeps a signed-in customer's basket on the customer, and joins the anonymous one at login", async () => {
    const [customer] = await t.database.handle.db
      .insert(customers)
      .values({ email: 'basket@example.com', passwordHash: 'x', username: 'basket' })
      .returning({ id: customers.id });
    const anonymous = new Shopper();
    const a = size();
    await anonymous.add({ product_id: a.productId, variation_id: a.variation.id, quantity: 2 });
    const anonymousSession = await t.app.sessions.find(anonymous.cookie.split('=')[1]!);
    await mergeSessionCartIntoCustomer(
      t.database.handle.db,
      anonymousSession!.tokenHash,
      customer!.id,
    );

    const { token } = await t.app.sessions.create({ customerId: customer!.id });
    const bearer = { authorization: `Bearer ${token}` };
    const read = await t.app.inject({ url: '/api/cart', headers: bearer });
    expect(read.json().data.line_items[0]).toMatchObject({ quantity: 2, m2_quantity: 0.48 });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer,
      payload: { product_id: a.productId, variation_id: a.variation.id, quantity: 1 },
    });
    expect(added.json().data.line_items[0]).toMatchObject({ quantity: 3, m2_quantity: 0.72 });
    expect((await anonymous.cart()).line_items).toEqual([]);
  });
});
