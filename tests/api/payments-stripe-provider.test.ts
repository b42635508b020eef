// Card payments through Stripe, against the local fake of Stripe's API (tests/fakes/stripe-api.ts)
// and with webhook events signed by the stripe library's own test helper.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoices } from '#db/schema/index.ts';
import { StripePayments } from '#server/services/payments/stripe.ts';
import { startFakeStripeApi, type FakePaymentIntent } from '#tests/fakes/stripe-api.ts';
import { type StoredOrder } from '#tests/factories/stored-orders.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import {
  createRequests,
  deliver,
  event,
  fake,
  orderRow,
  paidEntries,
  payAtStripe,
  placeOrder,
  SECRET_KEY,
  startPayment,
  t,
  useStripeApp,
  WEBHOOK,
  WEBHOOK_SECRET,
} from '#tests/setup/stripe-app.ts';

useStripeApp();

describe('the Stripe provider', () => {
  let closedUrl: string;
  beforeAll(async () => {
    const other = await startFakeStripeApi({ secretKey: SECRET_KEY });
    closedUrl = other.url;
    await other.close();
  });
  const provider = () =>
    new StripePayments({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: undefined,
      apiUrl: fake.url,
    });
  const payable = (number: string) => ({
    id: 1,
    number,
    totalPence: 4_250,
    currency: 'GBP' as const,
    email: 'buyer@example.com',
  });

  it('gets the same intent back when a create is retried after a lost answer', async () => {
    const first = await provider().start(payable('TS-800001'), null);
    const retried = await provider().start(payable('TS-800001'), null);
    expect(retried).toEqual(first);
    expect(fake.intents().filter((i) => i.metadata.order_number === 'TS-800001')).toHaveLength(1);
  });

  it('opens a new intent, under a key of its own, when the stored one was canceled', async () => {
    const first = await provider().start(payable('TS-800002'), null);
    const cancel = await fetch(`${fake.url}/v1/payment_intents/${first.providerRef}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(cancel.status).toBe(200);
    const next = await provider().start(payable('TS-800002'), first.providerRef);
    expect(next.providerRef).not.toBe(first.providerRef);
    expect(createRequests().at(-1)!.idempotencyKey).toBe('order-TS-800002-1');
    const resumed = await provider().start(payable('TS-800002'), next.providerRef);
    expect(resumed).toEqual(next);
  });

  it('answers 503 with Retry-After when Stripe cannot be reached', async () => {
    const unreachable = new StripePayments({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: undefined,
      // A port nothing listens on: the fake's own, once closed.
      apiUrl: closedUrl,
    });
    await expect(unreachable.start(payable('TS-800004'), null)).rejects.toMatchObject({
      statusCode: 503,
      code: 'payment_provider_unavailable',
      headers: { 'retry-after': '10' },
    });
  });

  it('reads an intent back, and fails on an unknown one or a wrong key', async () => {
    const started = await provider().start(payable('TS-800003'), null);
    expect(await provider().retrieve(started.providerRef!)).toEqual({
      id: started.providerRef,
      status: 'requires_payment_method',
      amountPence: 4_250,
      currency: 'gbp',
      orderNumber: 'TS-800003',
    });
    await expect(provider().retrieve('pi_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const wrongKey = new StripePayments({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: undefined,
      apiUrl: fake.url,
    });
    await expect(wrongKey.retrieve(started.providerRef!)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('without Stripe configured', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('offers no card routes', async () => {
    const webhook = await off.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
    const payment = await off.app.inject({ method: 'POST', url: '/api/orders/TS-100001/payment' });
    expect(payment.statusCode).toBe(404);
  });
});

describe('events for an intent that is not the order’s own', () => {
  /** A succeeded intent Stripe would sign for anyone's account: any id, any metadata. */
  function foreignIntent(orderNumber: string, base?: FakePaymentIntent): FakePaymentIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    return {
      ...(base ?? fake.intents().at(-1)!),
      id,
      client_secret: `${id}_secret_x`,
      amount: 12_000,
      amount_received: 12_000,
      currency: 'gbp',
      status: 'succeeded',
      metadata: { order_number: orderNumber },
    };
  }

  async function expectUntouched(order: StoredOrder, status = 'pending_payment') {
    const row = await orderRow(order);
    expect(row.status).toBe(status);
    expect(row.paymentStatus).not.toBe('succeeded');
    expect(row.needsRefund).toBe(false);
    expect(await paidEntries(order)).toHaveLength(0);
    const [invoice] = await t.database.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoice).toBeUndefined();
  }

  it('ignores an intent the shop never created, for a card order whose payment started', async () => {
    const order = await placeOrder();
    expect((await startPayment(order)).statusCode).toBe(200);
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const response = await deliver(event(type, foreignIntent(order.number)));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
    }
    await expectUntouched(order);
    expect((await orderRow(order)).paymentStatus).toBe('pending');
  });

  it('ignores an intent for a card order whose payment never started', async () => {
    const order = await placeOrder();
    const response = await deliver(event('payment_intent.succeeded', foreignIntent(order.number)));
    expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
    await expectUntouched(order);
  });

  it("ignores another order's real intent sent with this order's number", async () => {
    const victim = await placeOrder();
    const other = await placeOrder();
    expect((await startPayment(victim)).statusCode).toBe(200);
    const othersIntent = await payAtStripe(other);
    const relabelled = { ...othersIntent, metadata: { order_number: victim.number } };
    const response = await deliver(event('payment_intent.succeeded', relabelled));
    expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
    await expectUntouched(victim);
    // The other order's own event still pays it.
    expect((await deliver(event('payment_intent.succeeded', othersIntent))).json()).toMatchObject({
      result: 'paid',
    });
  });

  it('never pays a bank-transfer order from a card event, whatever its amount', async () => {
    const transfer = await placeOrder({ paymentMethod: 'bank_transfer' });
    for (const amount of [12_000, 1, 99_999_999]) {
      const intent = { ...foreignIntent(transfer.number), amount, amount_received: amount };
      const response = await deliver(event('payment_intent.succeeded', intent));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
    }
    await expectUntouched(transfer);
  });

  it('never flags a cancelled or expired order for refund on a foreign intent', async () => {
    for (const status of ['cancelled', 'expired']) {
      const order = await placeOrder({ status });
      const response = await deliver(
        event('payment_intent.succeeded', foreignIntent(order.number)),
      );
      expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
      await expectUntouched(order, status);
    }
  });

  it('leaves a paid and refunded order as it is on a foreign failure or success', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    expect((await deliver(event('payment_intent.succeeded', intent))).json()).toMatchObject({
      result: 'paid',
    });
    await t.database.handle.db.execute(
      sql`UPDATE orders SET payment_status = 'refunded' WHERE id = ${order.id}`,
    );
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const response = await deliver(event(type, foreignIntent(order.number)));
      expect(response.json()).toEqual({ received: true, result: 'not_own_payment' });
    }
    const row = await orderRow(order);
    expect(row.paymentStatus).toBe('refunded');
    expect(row.needsRefund).toBe(false);
  });
});
