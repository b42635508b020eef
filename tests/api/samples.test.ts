import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { CATALOGUE_MESSAGES, type AdminProductJson } from '#domain/admin-catalogue.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { CartJson } from '#domain/cart.ts';
import { CHECKOUT_MESSAGES, type OrderJson } from '#domain/checkout.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
const withFreeSample = catalogue.products.filter((p) =>
  p.variations.some((v) => /free sample/i.test(v.option) && v.inStock),
);

let t: TestApp;
let manager: StaffBrowser;

interface ProductAnswer {
  data: { id: number };
  variations: VariationJson[];
}

async function freeSampleOf(slug: string): Promise<{ productId: number; variationId: number }> {
  const answer = await t.app.inject({ url: `/api/products/slug/${slug}` });
  const body = answer.json() as ProductAnswer;
  const sample = body.variations.find(
    (v) => /free sample/i.test(v.attributes[0]!.option) && v.instock,
  )!;
  return { productId: body.data.id, variationId: sample.id };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

/** A shopper who placed an order of one free sample by bank transfer. */
async function freeSamplesOrder(email: string) {
  const shopper = new ApiShopper(t.app);
  const sample = await freeSampleOf(withFreeSample[0]!.slug);
  expect((await shopper.add(sample.productId, sample.variationId, 1, true)).status).toBe(200);
  const quote = await shopper.quote();
  expect(quote.totals.total.gross).toBe('0.00');
  const placed = await shopper.placeOrder(checkoutInput('0.00', { email }), randomUUID());
  expect(placed.status).toBe(201);
  return placed.body.data as OrderJson;
}

describe('an order with nothing to pay', () => {
  it('goes straight to processing: no payment step, no bank details, no expiry', async () => {
    const order = await freeSamplesOrder('free-samples@example.co.uk');
    expect(order).toMatchObject({
      status: 'processing',
      payment_status: 'not_required',
      expires_at: null,
      bank_transfer: null,
      invoice: null,
    });
    expect(order.history.map((h) => [h.from, h.to, h.note])).toEqual([
      [null, 'pending_payment', null],
      ['pending_payment', 'processing', 'Nothing to pay'],
    ]);
    const [payment] = await queryRows<{ status: string; amount_pence: number }>(
      t.app.services.db,
      sql`SELECT p.status, p.amount_pence FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE o.number = ${order.number}`,
    );
    expect(payment).toEqual({ status: 'not_required', amount_pence: 0 });
  });

  it('mails that there is nothing to pay, never a date to pay £0.00 by', async () => {
    const email = 'free-mail@example.co.uk';
    const order = await freeSamplesOrder(email);
    // The mail leaves just after the answer.
    await expect
      .poll(() => outboxMails(t.config.dataDir).some((m) => m.subject.includes(order.number)), {
        timeout: 15_000,
      })
      .toBe(true);
    const mail = outboxMails(t.config.dataDir).find((m) => m.subject.includes(order.number))!;
    expect(mail.text).toContain(CHECKOUT_MESSAGES.nothingToPay);
    expect(mail.text).toContain('Nothing to pay');
    expect(mail.text).not.toContain('Please pay');
    expect(mail.text).not.toContain('Pay by');
  });

  it('is never marked paid nor expired, and moves on to dispatch', async () => {
    const order = await freeSamplesOrder('free-staff@example.co.uk');
    const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: '0.00',
    });
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.status).toBeLessThan(500);
    const expired = await t.app.services.orders.expireOverdue(
      new Date(Date.now() + 365 * 86_400_000),
    );
    expect(expired).not.toContain(order.number);
    const dispatched = await manager.call('POST', `/api/admin/orders/${order.number}/move`, {
      status: 'dispatched',
    });
    expect(dispatched.status).toBe(200);
    expect(dispatched.body.data.status).toBe('dispatched');
  });
});

describe('free samples follow the rules kept in the database', () => {
  const samplesOf = (count: number) =>
    Promise.all(withFreeSample.slice(0, count).map((p) => freeSampleOf(p.slug)));

  it('refuses a sixth free sample with the cap the Samples page promises', async () => {
    const samples = await samplesOf(6);
    const shopper = new ApiShopper(t.app);
    for (const sample of samples.slice(0, 5)) {
      expect((await shopper.add(sample.productId, sample.variationId, 1, true)).status).toBe(200);
    }
    const sixth = await shopper.add(samples[5]!.productId, samples[5]!.variationId, 1, true);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({
      code: 'sample_limit',
      message: 'You can order up to 5 free samples per order',
    });
    const basket = await shopper.call('GET', '/api/cart');
    expect(basket.body.data.item_count).toBe(5);
  });

  it('allows one free sample of each product, on add and on change', async () => {
    const [sample] = await samplesOf(1);
    const shopper = new ApiShopper(t.app);
    const two = await shopper.add(sample!.productId, sample!.variationId, 2, true);
    expect(two.status).toBe(409);
    expect(two.body.message).toBe('One free sample of each product per order');
    const one = await shopper.add(sample!.productId, sample!.variationId, 1, true);
    expect(one.status).toBe(200);
    const again = await shopper.add(sample!.productId, sample!.variationId, 1, true);
    expect(again.body.message).toBe('One free sample of each product per order');
    const lineId = (one.body.data as CartJson).line_items[0]!.id;
    const changed = await shopper.call('PUT', `/api/cart/${lineId}`, { quantity: 13 });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('One free sample of each product per order');
  });

  it('reads the rules from the sample_rules row', async () => {
    const samples = await samplesOf(3);
    const shopper = new ApiShopper(t.app);
    await t.app.services.db.execute(sql`UPDATE sample_rules SET max_free_per_order = 2`);
    try {
      for (const sample of samples.slice(0, 2)) {
        const added = await shopper.add(sample.productId, sample.variationId, 1, true);
        expect(added.status).toBe(200);
      }
      const third = await shopper.add(samples[2]!.productId, samples[2]!.variationId, 1, true);
      expect(third.body.message).toBe('You can order up to 2 free samples per order');
    } finally {
      await t.app.services.db.execute(sql`UPDATE sample_rules SET max_free_per_order = 5`);
    }
  });

  it('refuses at Place order a basket that broke the rules by another way', async () => {
    const [sample] = await samplesOf(1);
    const shopper = new ApiShopper(t.app);
    await shopper.add(sample!.productId, sample!.variationId, 1, true);
    // Two parallel adds can both pass the basket's check; the order is checked again.
    await t.app.services.db.execute(
      sql`UPDATE cart_items SET quantity = 13 WHERE variation_id = ${sample!.variationId}`,
    );
    const placed = await shopper.placeOrder(checkoutInput('0.00'), randomUUID());
    expect(placed.status).toBe(409);
    expect(placed.body).toMatchObject({
      code: 'sample_limit',
      message: 'One free sample of each product per order',
    });
  });

  it('posts samples only within the weight limit; heavier ones go as goods', async () => {
    const slab = catalogue.products.find((p) =>
      p.variations.some((v) => /full size sample/i.test(v.option) && v.inStock),
    )!;
    const answer = await t.app.inject({ url: `/api/products/slug/${slab.slug}` });
    const body = answer.json() as ProductAnswer;
    const fullSize = body.variations.find((v) =>
      /full size sample/i.test(v.attributes[0]!.option),
    )!;
    const shopper = new ApiShopper(t.app);
    expect((await shopper.add(body.data.id, fullSize.id, 50)).status).toBe(200);
    const quote = await shopper.quote();
    expect(quote.delivery.weight_kg).toBeGreaterThan(18);
    expect(quote.delivery.method).not.toBe('post');
    expect(quote.delivery.options.map((o) => o.label)).not.toContain('Samples by post');
    expect(quote.delivery.parcels + quote.delivery.pallets).toBeGreaterThan(0);
  });
});

describe('only the cut sample is free; a full-size sample is sold per piece', () => {
  const fullSizeProduct = catalogue.products.find((p) =>
    p.variations.some((v) => /full size sample/i.test(v.option) && v.inStock),
  )!;
  const fullSizeSeed = fullSizeProduct.variations.find((v) => /full size sample/i.test(v.option))!;

  async function fullSizeOf(): Promise<{ productId: number; variationId: number }> {
    const body = (
      await t.app.inject({ url: `/api/products/slug/${fullSizeProduct.slug}` })
    ).json() as ProductAnswer;
    const v = body.variations.find((x) => /full size sample/i.test(x.attributes[0]!.option))!;
    return { productId: body.data.id, variationId: v.id };
  }

  it('keeps a cut sample at £0.00 in the basket, the checkout and the order', async () => {
    const sample = await freeSampleOf(withFreeSample[1]!.slug);
    const shopper = new ApiShopper(t.app);
    const added = await shopper.add(sample.productId, sample.variationId, 1, true);
    const line = (added.body.data as CartJson).line_items[0]!;
    expect(line).toMatchObject({ is_sample: true, price: '0.00', line_total: '0.00' });
    const quote = await shopper.quote();
    expect(quote.totals.goods.gross).toBe('0.00');
    const placed = await shopper.placeOrder(checkoutInput('0.00'), randomUUID());
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.lines[0]).toMatchObject({ kind: 'free-sample', unit_price: '0.00' });
    expect(order.lines[0]!.total.gross).toBe('0.00');
  });

  it('charges a full-size sample per piece, whatever m² is sent, and never as a free sample', async () => {
    const fullSize = await fullSizeOf();
    const shopper = new ApiShopper(t.app);
    const asFree = await shopper.add(fullSize.productId, fullSize.variationId, 1, true);
    expect(asFree.status).toBe(422);
    expect(asFree.body.message).toBe('Only a free sample can be added with is_sample true');

    const added = await shopper.call('POST', '/api/cart/add', {
      product_id: fullSize.productId,
      variation_id: fullSize.variationId,
      quantity: 3,
      m2_quantity: 5,
      is_sample: false,
    });
    expect(added.status).toBe(200);
    const each = fullSizeSeed.pricePence;
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    const line = (added.body.data as CartJson).line_items[0]!;
    expect(line).toMatchObject({
      quantity: 3,
      m2_quantity: null,
      is_sample: false,
      price: pounds(each),
      line_total: pounds(3 * each),
      display_quantity: '3 pcs',
    });
    const quote = await shopper.quote();
    expect(quote.totals.goods.gross).toBe(pounds(3 * each));
    const placed = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, { email: 'full-size@example.co.uk' }),
      randomUUID(),
    );
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.lines[0]).toMatchObject({
      kind: 'full-size-sample',
      unit: 'item',
      pieces: 3,
      m2: null,
      unit_price: pounds(each),
    });
    expect(order.lines[0]!.total.gross).toBe(pounds(3 * each));
  });

  it('refuses to sell a full-size sample for £0.00', async () => {
    const fullSize = await fullSizeOf();
    const loaded = (await manager.call('GET', `/api/admin/products/${fullSize.productId}`)).body
      .data as AdminProductJson;
    const index = loaded.variations.findIndex((v) => v.id === fullSize.variationId);
    const refused = await manager.call(
      'PUT',
      `/api/admin/products/${fullSize.productId}/variations`,
      {
        version: loaded.version,
        variations: loaded.variations.map((v, i) =>
          i === index ? { id: v.id, price: '0.00' } : { id: v.id },
        ),
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      [`variations.${index}.price`]: CATALOGUE_MESSAGES.fullSizeSamplePrice,
    });
  });
});
