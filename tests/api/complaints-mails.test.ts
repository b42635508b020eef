// Every mail of an order's life, and the account's and newsletter's, tells the customer how to
// complain, with a link to the page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { RefundService } from '#server/services/orders/refunds.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { PUBLIC_ORIGIN: 'https://shop.test' } });
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(() => t?.close());

async function paidOrder() {
  const order = await storeOrderAwaitingPayment(t.app.services.db, {
    paymentMethod: 'bank_transfer',
  });
  const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: '120.00',
  });
  expect(paid.status).toBe(200);
  return order;
}

it('links the complaints page from payment, dispatch, delivery, cancellation and refund mails', async () => {
  const orders = t.app.services.orders;
  const delivered = await paidOrder();
  await orders.move(delivered.number, 'processing', 'staff:test');
  await orders.move(delivered.number, 'dispatched', 'staff:test', undefined, {
    carrier: 'Palletways',
    tracking_number: 'PW-123456',
    tracking_url: 'https://track.palletways.example/PW-123456',
    delivery_date: '2026-12-03',
  });
  await orders.move(delivered.number, 'delivered', 'staff:test');
  await new RefundService(t.app.services.db, orders, t.app.services.payments).refund({
    orderNumber: delivered.number,
    amountPence: 1_000,
    reason: 'A cracked tile',
    who: { staffId: null, actor: 'staff:test', ip: null, userAgent: null },
  });
  const cancelled = await paidOrder();
  await orders.move(cancelled.number, 'cancelled', 'staff:test');

  const mails = await queryRows<{ kind: string; text: string; html: string }>(
    t.app.services.db,
    sql`SELECT kind, text, html FROM mail_outbox
        WHERE order_id IN (${delivered.id}, ${cancelled.id}) ORDER BY id`,
  );
  expect(mails.map((m) => m.kind)).toEqual([
    'payment_received',
    'dispatched',
    'delivered',
    'refunded',
    'payment_received',
    'cancelled',
  ]);
  for (const mail of mails) {
    expect(mail.text, mail.kind).toContain(
      'Not happy with something? Tell us and we will put it right.\n\nHow to complain: https://shop.test/complaints',
    );
    expect(mail.html, mail.kind).toContain('href="https://shop.test/complaints"');
  }
});

it('links the complaints page from the account, newsletter and password reset mails', async () => {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.202.0.1' });
  const shopper = 'complainer@complaints-mails.test';
  const registered = await post('/api/auth/register', {
    email: shopper,
    password: 'Granite-Sett-42',
  });
  expect(registered.statusCode).toBe(201);
  expect((await post('/api/auth/lost-password', { email: shopper })).statusCode).toBe(200);
  const reader = 'reader@complaints-mails.test';
  expect((await post('/api/newsletter/subscribe', { email: reader })).statusCode).toBe(200);
  const token = /confirm\?token=(\S+)/.exec(outboxMails(t.config.dataDir, reader)[0]!.text)![1]!;
  expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200);

  const mails = [
    ...outboxMails(t.config.dataDir, shopper),
    ...outboxMails(t.config.dataDir, reader),
  ];
  expect(mails.map((mail) => mail.subject)).toEqual([
    'Verify your email address for Tessera Stone',
    'Reset your Tessera Stone password',
    'Please confirm your subscription to the Tessera Stone newsletter',
    "You're subscribed to the Tessera Stone newsletter",
  ]);
  for (const mail of mails) {
    expect(mail.text, mail.subject).toContain(
      'Not happy with something? Tell us and we will put it right. How to complain: https://shop.test/complaints',
    );
  }
});
