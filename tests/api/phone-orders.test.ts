// An order taken by phone: a draft priced exactly as checkout prices the same basket for the same
// postcode, holding no stock; its payment link, mailed through the outbox, shows the order and
// places it through checkout's placement when the customer pays, by card (Stripe's local fake)
// or bank transfer; an expired link is refused; the order joins the account of its email.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { queryRows } from '#db/client.ts';
import { tileSizes } from '#tests/factories/worked-tiles.ts';
import { startFakeStripeApi, type FakeStripeApi } from '#tests/fakes/stripe-api.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const SECRET_KEY = 'sk_test_tessera_fake';
const WEBHOOK_SECRET = 'whsec_tessera_test';

let fake: FakeStripeApi;
let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };
let other: { id: number; product_id: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);
const stockOf = async (id: number) =>
  (await rows<{ s: number }>(sql`SELECT stock_quantity AS s FROM variations WHERE id = ${id}`))[0]!
    .s;

const EMAIL = 'grace.hopper@example.co.uk';
const shipping = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '01463 123456',
  email: EMAIL,
  country: 'GB',
  address_1: '4 Castle Street',
  city: 'Inverness',
  postcode: 'IV2 3AA',
};

beforeAll(async () => {
  fake = await startFakeStripeApi({ secretKey: SECRET_KEY });
  t = await createTestApp({
    config: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_tessera_fake',
      STRIPE_API_URL: fake.url,
    },
  });
  ({ manager } = await staffOfEveryRole(t.app));
  [tile, other] = (await tileSizes(t.app.services.db, 2)) as [typeof tile, typeof other];
  await run(sql`UPDATE variations SET stock_quantity = 100 WHERE id IN (${tile.id}, ${other.id})`);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const lines = () => [
  { variation_id: tile.id, pieces: 12 },
  { variation_id: other.id, pieces: 3 },
];

async function sentDraft() {
  const created = await manager.call('POST', '/api/admin/orders/drafts', {
    email: EMAIL,
    shipping,
    lines: lines(),
    delivery_option: 'standard',
  });
  expect(created.status).toBe(201);
  const sent = await manager.call('POST', `/api/admin/orders/drafts/${created.body.data.id}/send`);
  expect(sent.status).toBe(200);
  const token = /\/pay\/([\w-]+)$/.exec(sent.body.link)![1]!;
  return { draft: sent.body.data, token, link: sent.body.link as string };
}

function deliver(intent: unknown) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

describe('an order taken by phone', () => {
  it('is priced as checkout prices the same basket for the same postcode, and holds no stock', async () => {
    const shopper = new ApiShopper(t.app);
    for (const line of lines()) {
      const product = line.variation_id === tile.id ? tile : other;
      expect((await shopper.add(product.product_id, line.variation_id, line.pieces)).status).toBe(
        200,
      );
    }
    const quote = await shopper.quote('country=GB&postcode=IV2%203AA&delivery_option=standard');
    const stockBefore = [await stockOf(tile.id), await stockOf(other.id)];
    const created = await manager.call('POST', '/api/admin/orders/drafts', {
      email: EMAIL,
      shipping,
      lines: lines(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'draft',
      email: EMAIL,
      delivery_option: 'standard',
      deliverable: true,
      lines: quote.lines,
      totals: quote.totals,
      link_expires_at: null,
      order_number: null,
    });
    expect(Number(quote.totals.delivery.gross)).toBeGreaterThan(0);
    expect([await stockOf(tile.id), await stockOf(other.id)]).toEqual(stockBefore);
    const [audit] = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action = 'order.draft_create'`,
    );
    expect(audit).toEqual({ action: 'order.draft_create' });
  });

  it('refuses a size that is not on sale with the field message', async () => {
    const refused = await manager.call('POST', '/api/admin/orders/drafts', {
      email: EMAIL,
      shipping,
      lines: [{ variation_id: 999999, pieces: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'lines.0.variation_id': 'This size does not exist or is not on sale',
    });
  });

  it('is mailed as a payment link the customer pays by card; the order joins their account', async () => {
    const customer = new ApiShopper(t.app);
    const registered = await customer.call('POST', '/api/auth/register', {
      email: EMAIL,
      password: 'Riven-slate-88',
    });
    expect(registered.status).toBe(201);
    await run(sql`UPDATE customers SET email_verified_at = now() WHERE lower(email) = ${EMAIL}`);

    const { draft, token, link } = await sentDraft();
    expect(draft.status).toBe('sent');
    const [mail] = await rows<{ recipient: string; subject: string; text: string }>(
      sql`SELECT recipient, subject, text FROM mail_outbox WHERE kind = 'payment_link'
          ORDER BY id DESC LIMIT 1`,
    );
    expect(mail!.recipient).toBe(EMAIL);
    expect(mail!.subject).toBe('Your Tessera Stone order: pay online');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain(`Total (VAT included)`);

    const payer = new ApiShopper(t.app);
    const opened = await payer.call('GET', `/api/pay/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.totals).toEqual(draft.totals);
    expect(opened.body.data.payment_methods).toEqual(['bank_transfer', 'card']);

    const stockBefore = await stockOf(tile.id);
    const paid = await payer.call('POST', `/api/pay/${token}`, {
      payment_method: 'card',
      accept_terms: true,
      expected_total: draft.totals.total.gross,
    });
    expect(paid.status).toBe(201);
    const number = paid.body.data.number as string;
    expect(paid.body.data).toMatchObject({
      status: 'pending_payment',
      payment_method: 'card',
      email: EMAIL,
      totals: draft.totals,
    });
    expect(paid.body.payment).toMatchObject({ provider: 'stripe' });
    expect(await stockOf(tile.id)).toBe(stockBefore - 12);
    const intent = fake.intents().find((i) => i.client_secret === paid.body.payment.client_secret)!;
    expect(intent.amount).toBe(Math.round(Number(draft.totals.total.gross) * 100));
    const hook = await deliver(fake.setStatus(intent.id, 'succeeded'));
    expect(hook.json()).toEqual({ received: true, result: 'paid' });

    const mine = await customer.call('GET', '/api/orders');
    expect(mine.body.data).toEqual([
      expect.objectContaining({ number, status: 'paid', total: draft.totals.total.gross }),
    ]);
    const staffView = await manager.call('GET', `/api/admin/orders/drafts/${draft.id}`);
    expect(staffView.body.data).toMatchObject({ status: 'placed', order_number: number });

    // The link has done its work.
    const again = await payer.call('GET', `/api/pay/${token}`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This order has already been placed: see your order page');
  });

  it('is paid by bank transfer through the link as at checkout, at the total shown', async () => {
    const { draft, token } = await sentDraft();
    const payer = new ApiShopper(t.app);
    const wrong = await payer.call('POST', `/api/pay/${token}`, {
      payment_method: 'bank_transfer',
      accept_terms: true,
      expected_total: '1.00',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('price_changed');
    const placed = await payer.call('POST', `/api/pay/${token}`, {
      payment_method: 'bank_transfer',
      accept_terms: true,
      expected_total: draft.totals.total.gross,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({
      payment_method: 'bank_transfer',
      bank_transfer: { reference: placed.body.data.number },
    });
    expect(placed.body.payment).toBeNull();
  });

  it('refuses an expired link', async () => {
    const { draft, token } = await sentDraft();
    await run(sql`UPDATE draft_orders SET link_expires_at = now() - interval '1 minute'
      WHERE id = ${draft.id}`);
    const payer = new ApiShopper(t.app);
    const opened = await payer.call('GET', `/api/pay/${token}`);
    expect(opened.status).toBe(410);
    expect(opened.body.error).toBe('This payment link has expired: please call us for a new one');
    const paid = await payer.call('POST', `/api/pay/${token}`, {
      payment_method: 'bank_transfer',
      accept_terms: true,
      expected_total: draft.totals.total.gross,
    });
    expect(paid.status).toBe(410);
    const unknown = await payer.call('GET', `/api/pay/${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
  });
});
