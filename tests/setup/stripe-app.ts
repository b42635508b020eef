// A shop with card payments through Stripe, against the local fake of Stripe's API
// (tests/fakes/stripe-api.ts), with webhook events signed by the stripe library's own test helper.
// A test file calls useStripeApp() once; `t` and `fake` are live bindings set before its tests.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { orderEvents, orders, paymentEvents } from '#db/schema/index.ts';
import {
  startFakeStripeApi,
  type FakePaymentIntent,
  type FakeStripeApi,
} from '#tests/fakes/stripe-api.ts';
import { storeOrderAwaitingPayment, type StoredOrder } from '#tests/factories/stored-orders.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

export const SECRET_KEY = 'sk_test_tessera_fake';
export const WEBHOOK_SECRET = 'whsec_tessera_test';
export const PUBLISHABLE_KEY = 'pk_test_tessera_fake';
export const WEBHOOK = '/api/payments/stripe/webhook';

export let fake: FakeStripeApi;
export let t: TestApp;

export function useStripeApp(): void {
  beforeAll(async () => {
    fake = await startFakeStripeApi({ secretKey: SECRET_KEY });
    t = await createTestApp({
      config: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_API_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
}

/** An order awaiting payment of £120.00 (by card unless told), written straight into the tables. */
export const placeOrder = (
  options: { paymentMethod?: 'card' | 'bank_transfer'; status?: string } = {},
) => storeOrderAwaitingPayment(t.database.handle.db, options);

export const post = (url: string) => t.app.inject({ method: 'POST', url });

export async function startPayment(order: StoredOrder) {
  return post(`/api/orders/${order.number}/payment?token=${order.token}`);
}

/** The shopper confirms the card with Stripe.js: the intent succeeds at Stripe. */
export async function payAtStripe(order: StoredOrder): Promise<FakePaymentIntent> {
  const response = await startPayment(order);
  expect(response.statusCode).toBe(200);
  const secret = (response.json() as { client_secret: string }).client_secret;
  const intent = fake.intents().find((i) => i.client_secret === secret)!;
  return fake.setStatus(intent.id, 'succeeded');
}

export function event(
  type: string,
  intent: FakePaymentIntent,
  id = `evt_${randomBytes(12).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Delivers an event as Stripe does: the JSON body and its Stripe-Signature header. */
export function deliver(
  body: unknown,
  options: { secret?: string; signature?: string | null; payload?: string } = {},
) {
  const payload = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: options.payload ?? payload,
  });
}

export async function orderRow(order: StoredOrder) {
  const [row] = await t.database.handle.db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

export async function paidEntries(order: StoredOrder) {
  return t.database.handle.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toState, 'paid')));
}

export async function storedEventCount(): Promise<number> {
  const [row] = await t.database.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents);
  return row!.n;
}

export const createRequests = () =>
  fake.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
