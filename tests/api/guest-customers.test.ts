import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('guests in the customers list', () => {
  it('lists a guest once by email, marked guest, with their orders count and total (cancelled left out)', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `guest-${tag}@example.com`;
    const db = t.app.services.db;
    const first = await storeOrderAwaitingPayment(db, { email, status: 'paid' });
    await storeOrderAwaitingPayment(db, { email: email.toUpperCase(), status: 'processing' });
    await storeOrderAwaitingPayment(db, { email, status: 'cancelled' });
    await db.execute(sql`UPDATE orders SET payment_status = 'succeeded', placed_at = now() - interval '2 days'
      WHERE id = ${first.id}`);
    // An account holder's guest order lists them once, as the account.
    const shopper = new ApiShopper(t.app);
    const member = `member-${tag}@example.com`;
    await shopper.call('POST', '/api/auth/register', {
      email: member,
      password: 'granite-worktop-9',
    });
    await storeOrderAwaitingPayment(db, { email: member });

    const list = await manager.call('GET', `/api/admin/customers?q=${tag}`);
    expect(list.status).toBe(200);
    expect(list.body.meta.total_products).toBe(2);
    const guest = list.body.data.find((c: { kind: string }) => c.kind === 'guest');
    expect(guest).toMatchObject({
      id: null,
      kind: 'guest',
      first_name: 'Ada',
      last_name: 'Stone',
      is_paying_customer: true,
      orders: 3,
      orders_total: '240.00',
      newsletter: false,
    });
    expect(guest.email.toLowerCase()).toBe(email);
    const account = list.body.data.find((c: { kind: string }) => c.kind === 'account');
    expect(account).toMatchObject({ email: member, orders: 0, orders_total: '0.00' });
    expect(typeof account.id).toBe('number');

    const one = await manager.call(
      'GET',
      `/api/admin/customers/guest?email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: null,
      kind: 'guest',
      role: 'guest',
      orders: 3,
      orders_total: '240.00',
    });
    expect(one.body.data.order_list).toHaveLength(3);
    expect(one.body.data.order_list.at(-1).number).toBe(first.number);
    expect(one.body.data.addresses[0]).toMatchObject({
      kind: 'billing',
      first_name: 'Ada',
      address_1: '1 Quarry Lane',
      postcode: 'BA1 1AA',
      company: '',
    });

    const none = await manager.call('GET', `/api/admin/customers/guest?email=${member}`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No order was placed as a guest with this email');
    expect((await manager.call('GET', '/api/admin/customers/guest')).status).toBe(400);
    expect((await editor.call('GET', `/api/admin/customers/guest?email=${email}`)).status).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: `/api/admin/customers/guest?email=${email}` })).statusCode,
    ).toBe(401);
  });
});
