import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatGBP } from '#domain/money.ts';
import { tileAreaM2 } from '#domain/area.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import {
  confirmationMailedAt,
  expectedGoods,
  FREE_FROM,
  freeSample,
  HIGHLANDS_PALLET,
  NI_PALLET,
  optionOf,
  orderCount,
  PALLET,
  PARCEL,
  pence,
  productId,
  shopperWith,
  size,
  stock,
  t,
  TIMED_SLOT,
  useCheckoutApp,
} from '#tests/setup/checkout-app.ts';

useCheckoutApp();

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
      discount: null,
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
});
