// Card payments through Stripe, against the local fake of Stripe's API (tests/fakes/stripe-api.ts)
// and with webhook events signed by the stripe library's own test helper.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { OrderJson } from '#domain/checkout.ts';
import { invoices, variations } from '#db/schema/index.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import {
  createRequests,
  deliver,
  event,
  fake,
  orderRow,
  paidEntries,
  payAtStripe,
  placeOrder,
  post,
  PUBLISHABLE_KEY,
  startPayment,
  storedEventCount,
  t,
  useStripeApp,
  WEBHOOK,
  WEBHOOK_SECRET,
} from '#tests/setup/stripe-app.ts';

useStripeApp();

describe('starting a card payment', () => {
  it('creates one PaymentIntent for the order and hands the same one back on a retry', async () => {
    const order = await placeOrder();
    const before = createRequests().length;

    const first = await startPayment(order);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json() as {
      provider: string;
      client_secret: string;
      publishable_key: string;
    };
    expect(body.provider).toBe('stripe');
    expect(body.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(body.publishable_key).toBe(PUBLISHABLE_KEY);

    const again = await startPayment(order);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { client_secret: string }).client_secret).toBe(body.client_secret);

    const creates = createRequests().slice(before);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`order-${order.number}`);
    expect(creates[0]!.params).toMatchObject({
      amount: '12000',
      currency: 'gbp',
      receipt_email: order.email,
      automatic_payment_methods: { enabled: 'true' },
      metadata: { order_number: order.number, order_id: String(order.id) },
    });
    const intent = fake.intents().find((i) => i.client_secret === body.client_secret)!;
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 12_000, currency: 'gbp' });
  });

  it('answers 404 to a stranger without the order link, and to a wrong token', async () => {
    const order = await placeOrder();
    const before = createRequests().length;
    for (const url of [
      `/api/orders/${order.number}/payment`,
      `/api/orders/${order.number}/payment?token=not-the-token`,
      `/api/orders/${order.number}/payment/sync`,
    ]) {
      const response = await post(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Order not found' });
    }
    expect(createRequests().length).toBe(before);
  });

  it('refuses an order paid by bank transfer, one no longer awaiting payment, and a bad number', async () => {
    const transfer = await placeOrder({ paymentMethod: 'bank_transfer' });
    expect((await startPayment(transfer)).statusCode).toBe(409);
    const expired = await placeOrder({ status: 'expired' });
    const response = await startPayment(expired);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'This order is not awaiting payment' });
    expect((await post('/api/orders/not-an-order/payment')).statusCode).toBe(400);
  });
});

describe('the Stripe webhook', () => {
  it('marks the order paid on a signed payment_intent.succeeded, with its invoice and history', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const response = await deliver(event('payment_intent.succeeded', intent));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'paid' });

    const row = await orderRow(order);
    expect(row.status).toBe('paid');
    expect(row.paymentStatus).toBe('succeeded');
    const [invoice] = await t.database.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoice).toBeDefined();
    const paid = await paidEntries(order);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ fromState: 'pending_payment', actor: 'stripe' });
  });

  it('processes an event delivered twice once', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const succeeded = event('payment_intent.succeeded', intent);
    expect((await deliver(succeeded)).json()).toMatchObject({ result: 'paid' });
    const replay = await deliver(succeeded);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, result: 'duplicate_event' });
    expect(await paidEntries(order)).toHaveLength(1);
  });

  it('pays the order once when two different events report the same intent', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    expect((await deliver(event('payment_intent.succeeded', intent))).json()).toMatchObject({
      result: 'paid',
    });
    const second = await deliver(event('payment_intent.succeeded', intent));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ result: 'already_paid' });
    expect(await paidEntries(order)).toHaveLength(1);
    const [count] = await t.database.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(count!.n).toBe(1);
  });

  it('answers 400 and stores nothing for a bad, missing or stale signature or a tampered body', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const succeeded = event('payment_intent.succeeded', intent);
    const stored = await storedEventCount();

    const wrongSecret = await deliver(succeeded, { secret: 'whsec_someone_else' });
    const missing = await deliver(succeeded, { signature: null });
    const garbage = await deliver(succeeded, { signature: 't=1,v1=deadbeef' });
    const stale = await deliver(succeeded, {
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(succeeded),
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    });
    // Signed for one body, delivered with another (a larger amount would not fool the check).
    const tampered = await deliver(succeeded, {
      payload: JSON.stringify({ ...succeeded, id: 'evt_forged' }),
    });
    for (const response of [wrongSecret, missing, garbage, stale, tampered]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect(await storedEventCount()).toBe(stored);
    expect((await orderRow(order)).status).toBe('pending_payment');
  });

  it('does not mark the order paid when the amount differs from its total', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const short = { ...intent, amount: 100, amount_received: 100 };
    const response = await deliver(event('payment_intent.succeeded', short));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'amount_mismatch' });
    const row = await orderRow(order);
    expect(row.status).toBe('pending_payment');
    expect(row.paymentStatus).not.toBe('succeeded');
    expect(await paidEntries(order)).toHaveLength(0);
  });

  it('does not mark the order paid when the currency is not pounds', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const euros = { ...intent, currency: 'eur' };
    const response = await deliver(event('payment_intent.succeeded', euros));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'amount_mismatch' });
    const row = await orderRow(order);
    expect(row.status).toBe('pending_payment');
    expect(await paidEntries(order)).toHaveLength(0);
  });

  it('records a failed payment and leaves the order awaiting payment', async () => {
    const order = await placeOrder();
    expect((await startPayment(order)).statusCode).toBe(200);
    const intent = fake.intents().at(-1)!;
    const response = await deliver(event('payment_intent.payment_failed', intent));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'failed' });
    const row = await orderRow(order);
    expect(row.status).toBe('pending_payment');
    expect(row.paymentStatus).toBe('failed');
  });

  it('answers 503 when the database is away, so Stripe delivers the event again', async () => {
    const order = await placeOrder();
    const intent = await payAtStripe(order);
    const succeeded = event('payment_intent.succeeded', intent);
    const outage = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: '57P01',
    });
    const markPaid = vi.spyOn(t.app.services.orders, 'markPaid').mockRejectedValueOnce(outage);
    try {
      const first = await deliver(succeeded);
      expect(first.statusCode).toBe(503);
      expect((await orderRow(order)).status).toBe('pending_payment');
      const retried = await deliver(succeeded);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ received: true, result: 'paid' });
    } finally {
      markPaid.mockRestore();
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.paths[WEBHOOK]?.post).toBeDefined();
    expect(document.paths['/api/orders/{number}/payment']?.post).toBeDefined();
    expect(document.paths['/api/orders/{number}/payment/sync']?.post).toBeDefined();
  });

  it('acknowledges other event types without touching any order', async () => {
    const order = await placeOrder();
    expect((await startPayment(order)).statusCode).toBe(200);
    const intent = fake.intents().at(-1)!;
    const response = await deliver(event('payment_intent.created', intent));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
    expect((await orderRow(order)).status).toBe('pending_payment');
  });
});

describe('the return page', () => {
  it("never marks paid on the browser's word, and marks paid once Stripe says so", async () => {
    const order = await placeOrder();
    const started = await startPayment(order);
    const secret = (started.json() as { client_secret: string }).client_secret;
    const intent = fake.intents().find((i) => i.client_secret === secret)!;
    const sync = () => post(`/api/orders/${order.number}/payment/sync?token=${order.token}`);

    const before = await sync();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'pending_payment', payment_status: 'pending' });

    const succeeded = fake.setStatus(intent.id, 'succeeded');
    const after = await sync();
    expect(after.json()).toEqual({ status: 'paid', payment_status: 'succeeded' });
    const paid = await paidEntries(order);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.actor).toBe('customer-return');

    // The webhook arriving afterwards finds the order paid already: nothing happens twice.
    const late = await deliver(event('payment_intent.succeeded', succeeded));
    expect(late.json()).toMatchObject({ result: 'already_paid' });
    expect(await sync()).toMatchObject({ statusCode: 200 });
    expect(await paidEntries(order)).toHaveLength(1);
  });
});

describe('an order placed through the checkout', () => {
  it('is paid by card: payment started with its link, confirmed at Stripe, paid by the webhook', async () => {
    // A tile size in stock, with plenty of it.
    const [variation] = await t.database.handle.db
      .select({ id: variations.id, productId: variations.productId })
      .from(variations)
      .where(sql`${variations.option} ~ '^\\d+ ?x ?\\d+' AND ${variations.stockQuantity} > 0`)
      .limit(1);
    await t.database.handle.db
      .update(variations)
      .set({ stockQuantity: 10_000 })
      .where(eq(variations.id, variation!.id));
    const shopper = new ApiShopper(t.app);
    expect((await shopper.add(variation!.productId, variation!.id, 4)).status).toBe(200);
    const quote = await shopper.quote();
    expect(quote.payment_methods).toContain('card');
    const placed = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, { payment_method: 'card' }),
      randomBytes(16).toString('hex'),
    );
    expect(placed.status).toBe(201);
    const { number } = placed.body.data as { number: string };
    const token = placed.body.token as string;
    // The payment starts with the order; asking again resumes the same intent.
    const secret = placed.body.payment.client_secret as string;
    expect(placed.body.payment).toMatchObject({ provider: 'stripe', client_secret: secret });
    const started = await post(`/api/orders/${number}/payment?token=${token}`);
    expect(started.statusCode).toBe(200);
    expect((started.json() as { client_secret: string }).client_secret).toBe(secret);
    expect(fake.intents().filter((i) => i.metadata.order_number === number)).toHaveLength(1);
    const intent = fake.intents().find((i) => i.client_secret === secret)!;
    expect(intent.amount).toBe(Math.round(Number(quote.totals.total.gross) * 100));
    const succeeded = fake.setStatus(intent.id, 'succeeded');
    const delivered = await deliver(event('payment_intent.succeeded', succeeded));
    expect(delivered.json()).toEqual({ received: true, result: 'paid' });

    const order = await t.app.inject({ url: `/api/orders/${number}?token=${token}` });
    const data = (order.json() as { data: OrderJson }).data;
    expect(data).toMatchObject({ status: 'paid', payment_status: 'succeeded' });
    expect(data.history).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        from: 'pending_payment',
        to: 'paid',
        actor: 'stripe',
      }),
    );
    expect(data.invoice).not.toBeNull();
  });
});
