import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { REFUND_MESSAGES } from '#domain/refunds.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { startFakeStripeApi, type FakeStripeApi } from '#tests/fakes/stripe-api.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const SECRET_KEY = 'sk_test_tessera_ops';
let fake: FakeStripeApi;
let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  fake = await startFakeStripeApi({ secretKey: SECRET_KEY });
  t = await createTestApp({
    seed: false,
    config: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_tessera_ops',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_tessera_ops',
      STRIPE_API_URL: fake.url,
    },
  });
  ({ owner, manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The text of the refund mail an order's (one) refund wrote into the outbox. */
async function refundMailText(orderId: number): Promise<string> {
  const [mail] = await queryRows<{ text: string }>(
    t.database.handle.db,
    sql`SELECT text FROM mail_outbox WHERE order_id = ${orderId} AND kind = 'refunded'
        ORDER BY id LIMIT 1`,
  );
  return mail!.text;
}

/** An order awaiting payment of £120.00, written straight into the tables. */
const orderAwaitingPayment = (paymentMethod: 'card' | 'bank_transfer') =>
  storeOrderAwaitingPayment(t.database.handle.db, { paymentMethod });

async function paidBankOrder() {
  const order = await orderAwaitingPayment('bank_transfer');
  const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: '120.00',
  });
  expect(paid.status).toBe(200);
  return order;
}

const auditRows = (entityId: string) =>
  queryRows<{ action: string; actor: string; entity: string; before: unknown; after: unknown }>(
    t.app.services.db,
    sql`SELECT action, actor, entity, before, after FROM audit_log
        WHERE entity_id = ${entityId} OR after->>'order' = ${entityId} ORDER BY id`,
  );

const creditNoteCount = async () =>
  (
    await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'order.refund'`,
    )
  )[0]!.n;

async function customerCookie(): Promise<string> {
  const customer = new ApiShopper(t.app);
  await customer.call('POST', '/api/auth/register', {
    email: `c-${randomUUID()}@example.com`,
    password: 'granite-worktop-9',
  });
  return customer.cookie;
}

describe('refunds and credit notes', () => {
  it('refunds a bank transfer in part, then the rest, each with a credit note, history and audit', async () => {
    const order = await paidBankOrder();
    const url = `/api/admin/orders/${order.number}/refund`;
    const part = await manager.call('POST', url, { amount: '20.50', reason: 'One cracked tile' });
    expect(part.status).toBe(200);
    expect(part.body.credit_note).toMatch(/^CN-\d{6}$/);
    expect(part.body.data).toMatchObject({
      payment_status: 'partially_refunded',
      payment: {
        provider: 'bank_transfer',
        amount: '120.00',
        refunded: '20.50',
        refundable: '99.50',
      },
    });
    const tooMuch = await manager.call('POST', url, { amount: '99.51', reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({ amount: REFUND_MESSAGES.tooMuch('99.50') });
    const rest = await manager.call('POST', url, { amount: '99.50', reason: 'Order returned' });
    expect(rest.status).toBe(200);
    expect(rest.body.data.payment_status).toBe('refunded');
    expect(rest.body.data.payment.refundable).toBe('0.00');
    const numbers = rest.body.data.credit_notes.map((n: { number: string }) => n.number);
    expect(numbers).toEqual([part.body.credit_note, rest.body.credit_note]);
    // Gapless: the second note is the next number.
    expect(Number(numbers[1].slice(3))).toBe(Number(numbers[0].slice(3)) + 1);
    expect(rest.body.data.credit_notes[0]).toMatchObject({
      amount: '20.50',
      reason: 'One cracked tile',
      refund_ref: 'manual',
      url: `/api/admin/orders/${order.number}/credit-notes/${numbers[0]}.pdf`,
    });
    const history = rest.body.data.history.filter((e: { kind: string }) => e.kind === 'payment');
    expect(history.slice(-2)).toMatchObject([
      { from: 'succeeded', to: 'partially_refunded', actor: `staff:${manager.email}` },
      { from: 'partially_refunded', to: 'refunded', actor: `staff:${manager.email}` },
    ]);
    expect(history.at(-1).note).toContain('Order returned');
    const again = await manager.call('POST', url, { amount: '0.01', reason: 'Once more' });
    expect(again.status).toBe(409);
    const log = (await auditRows(order.number)).filter((r) => r.action === 'order.refund');
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      entity: 'credit_note',
      before: { payment_status: 'succeeded', refunded: '0.00' },
      after: { payment_status: 'partially_refunded', refunded: '20.50', amount: '20.50' },
    });

    const pdf = await manager.call('GET', rest.body.data.credit_notes[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await manager.call('GET', `/api/admin/orders/${order.number}/credit-notes/CN-999999.pdf`))
        .status,
    ).toBe(404);
  });

  it('refunds a card payment through the Stripe Refunds API', async () => {
    const order = await orderAwaitingPayment('card');
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.number}/payment?token=${order.token}`,
    });
    expect(started.statusCode).toBe(200);
    const intent = fake.intents().at(-1)!;
    fake.setStatus(intent.id, 'succeeded');
    expect(
      await t.app.services.orders.markPaid({
        orderNumber: order.number,
        provider: 'stripe',
        providerRef: intent.id,
        amountPence: 12_000,
        currency: 'GBP',
        actor: 'stripe',
      }),
    ).toBe('paid');
    const refund = await owner.call('POST', `/api/admin/orders/${order.number}/refund`, {
      amount: '45',
      reason: 'Wrong colour sent',
    });
    expect(refund.status).toBe(200);
    const made = fake.refunds().at(-1)!;
    expect(made).toMatchObject({ payment_intent: intent.id, amount: 4_500, status: 'succeeded' });
    expect(refund.body.data.credit_notes.at(-1).refund_ref).toBe(made.id);
    expect(refund.body.data.payment).toMatchObject({ provider: 'stripe', refunded: '45.00' });
    expect(await refundMailText(order.id)).toContain(
      `Your credit note ${refund.body.credit_note} is attached. A card refund reaches your account in 5 to 10 working days.`,
    );

    // Refunded at Stripe meanwhile (the dashboard): Stripe's refusal is told, nothing recorded.
    await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${intent.id}`,
    });
    const refused = await owner.call('POST', `/api/admin/orders/${order.number}/refund`, {
      amount: '10.00',
      reason: 'Another goodwill gesture',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Stripe refused the refund: .*Nothing was recorded\.$/);
    const after = await owner.call('GET', `/api/admin/orders/${order.number}`);
    expect(after.body.data.payment.refunded).toBe('45.00');
    expect(after.body.data.credit_notes).toHaveLength(1);
  });

  it('refunds a payment that arrived for a cancelled order, clearing its flag', async () => {
    const order = await orderAwaitingPayment('bank_transfer');
    await manager.call('POST', `/api/admin/orders/${order.number}/move`, { status: 'cancelled' });
    const late = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: '120.00',
    });
    expect(late.body.result).toBe('flagged_for_refund');
    expect(late.body.data.needs_refund).toBe(true);
    const refund = await manager.call('POST', `/api/admin/orders/${order.number}/refund`, {
      amount: '120.00',
      reason: 'Paid after cancelling',
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      needs_refund: false,
    });
  });

  it('refuses bad input with the field message, storing nothing', async () => {
    const order = await paidBankOrder();
    const before = await creditNoteCount();
    const url = `/api/admin/orders/${order.number}/refund`;
    const bad = await manager.call('POST', url, { amount: 'lots', reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      amount: REFUND_MESSAGES.amount,
      reason: REFUND_MESSAGES.reason,
    });
    const zero = await manager.call('POST', url, { amount: '0', reason: 'Nothing at all' });
    expect(zero.body.fields).toEqual({ amount: REFUND_MESSAGES.amount });
    const unpaid = await orderAwaitingPayment('bank_transfer');
    const none = await manager.call('POST', `/api/admin/orders/${unpaid.number}/refund`, {
      amount: '1.00',
      reason: 'Not paid yet',
    });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(REFUND_MESSAGES.nothingPaid);
    expect(
      (
        await manager.call('POST', '/api/admin/orders/TS-999999/refund', {
          amount: '1.00',
          reason: 'No such order',
        })
      ).status,
    ).toBe(404);
    expect(await creditNoteCount()).toBe(before);
    const detail = await manager.call('GET', `/api/admin/orders/${order.number}`);
    expect(detail.body.data).toMatchObject({ payment_status: 'succeeded', credit_notes: [] });
  });

  it('lets owners and managers refund; editors 403; customers, strangers and forged cookies 401', async () => {
    const order = await paidBankOrder();
    const url = `/api/admin/orders/${order.number}/refund`;
    const body = { amount: '1.00', reason: 'Goodwill' };
    const before = await creditNoteCount();
    expect((await editor.call('POST', url, body)).status).toBe(403);
    expect((await new StaffBrowser(t.app).call('POST', url, body)).status).toBe(401);
    const forged = new StaffBrowser(t.app);
    forged.cookie = `tessera_staff=${randomUUID()}`;
    expect((await forged.call('POST', url, body)).status).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { cookie: await customerCookie() },
    });
    expect(asCustomer.statusCode).toBe(401);
    expect(await creditNoteCount()).toBe(before);
    expect((await owner.call('POST', url, body)).status).toBe(200);
    expect((await manager.call('POST', url, body)).status).toBe(200);
    const note = (await manager.call('GET', `/api/admin/orders/${order.number}`)).body.data
      .credit_notes[0].url;
    expect((await editor.call('GET', note)).status).toBe(403);
    expect((await forged.call('GET', note)).status).toBe(401);
  });
});

describe('customers for staff', () => {
  it('lists and shows customers (addresses, orders, newsletter) to owners and managers only', async () => {
    const shopper = new ApiShopper(t.app);
    const email = `grace-${randomUUID()}@example.com`;
    await shopper.call('POST', '/api/auth/register', { email, password: 'granite-worktop-9' });
    await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    const list = await manager.call('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.meta).toMatchObject({ current_page: 1 });
    const id = list.body.data[0].id;
    const one = await owner.call('GET', `/api/admin/customers/${id}`);
    expect(one.body.data).toMatchObject({ email, role: 'customer', orders: 0, order_list: [] });
    expect(one.body.data).not.toHaveProperty('password_hash');
    expect((await manager.call('GET', '/api/admin/customers/999999')).status).toBe(404);
    const bad = await manager.call('GET', '/api/admin/customers/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ id: 'A customer id is a whole number' });
    expect((await manager.call('GET', '/api/admin/customers?page=0')).status).toBe(400);
    for (const url of ['/api/admin/customers', `/api/admin/customers/${id}`]) {
      expect((await editor.call('GET', url)).status).toBe(403);
      expect((await new StaffBrowser(t.app).call('GET', url)).status).toBe(401);
      const asCustomer = await t.app.inject({ url, headers: { cookie: shopper.cookie } });
      expect(asCustomer.statusCode).toBe(401);
    }
  });

  it('never lets a customer make themselves staff or change their role', async () => {
    const shopper = new ApiShopper(t.app);
    const email = `mallory-${randomUUID()}@example.com`;
    await shopper.call('POST', '/api/auth/register', { email, password: 'granite-worktop-9' });
    for (const sneaky of [
      { role: 'administrator' },
      { role: 'owner' },
      { is_paying_customer: true },
      { first_name: 'M', staff: { role: 'owner' } },
    ]) {
      const answer = await shopper.call('PUT', '/api/auth/update-profile', sneaky);
      expect(answer.status).toBe(400);
    }
    const [row] = await queryRows<{
      role: string;
      is_paying_customer: boolean;
      first_name: string;
    }>(
      t.app.services.db,
      sql`SELECT role, is_paying_customer, first_name FROM customers WHERE email = ${email}`,
    );
    expect(row).toEqual({ role: 'customer', is_paying_customer: false, first_name: '' });
    const staff = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM staff WHERE lower(email) = lower(${email})`,
    );
    expect(staff[0]!.n).toBe(0);
    // The customer's cookie is no staff session, whatever the customer's row says.
    const me = await t.app.inject({
      url: '/api/admin/auth/me',
      headers: { cookie: shopper.cookie },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('cache refresh', () => {
  it('lets an owner clear every cache (audited); others are refused', async () => {
    const seen: string[] = [];
    const off = t.app.changes.on((change) => seen.push(change));
    const answer = await owner.call('POST', '/api/admin/cache/refresh');
    off();
    expect(answer.status).toBe(200);
    expect(seen).toEqual(expect.arrayContaining(['catalogue', 'content', 'menu', 'home']));
    const [row] = await queryRows<{ actor: string }>(
      t.app.services.db,
      sql`SELECT actor FROM audit_log WHERE action = 'cache.refresh' ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.actor).toBe('owner@tessera.test');
    expect((await manager.call('POST', '/api/admin/cache/refresh')).status).toBe(403);
    expect((await editor.call('POST', '/api/admin/cache/refresh')).status).toBe(403);
    expect((await new StaffBrowser(t.app).call('POST', '/api/admin/cache/refresh')).status).toBe(
      401,
    );
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/refresh',
      headers: { cookie: await customerCookie() },
    });
    expect(asCustomer.statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('change notifications on PostgreSQL', () => {
  const until = async (check: () => boolean, ms = 30_000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('delivers a NOTIFY from any connection, and clears every cache while it cannot listen', async () => {
    const listener = t.app.changesListener!;
    await until(() => listener.isUp());
    const seen: string[] = [];
    const off = t.app.changes.on((change) => seen.push(change));
    await t.app.services.db.execute(sql`SELECT pg_notify('tessera_changes', 'menu')`);
    await t.app.services.db.execute(sql`SELECT pg_notify('tessera_changes', 'not-a-kind')`);
    await until(() => seen.includes('menu'));
    expect(seen).toEqual(['menu']);
    seen.length = 0;
    // Its own announcement is delivered once, here and now: its NOTIFY's echo is skipped (the
    // marker sent after it arrives after it).
    await t.app.changes.publish('home');
    await t.app.services.db.execute(sql`SELECT pg_notify('tessera_changes', 'content')`);
    await until(() => seen.includes('content'));
    expect(seen).toEqual(['home', 'content']);
    seen.length = 0;
    await t.app.services.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'tessera-listen'`);
    // Lost: everything is cleared at once; back within seconds, and cleared once more.
    await until(() => seen.includes('catalogue') && seen.includes('content'));
    await until(() => listener.isUp());
    off();
  });
});
