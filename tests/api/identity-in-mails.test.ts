// The owner's shop identity signs every mail written after the save: an order's later mails,
// the newsletter's and the account's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { IdentitySettingsValue } from '#domain/api-schemas-settings-identity.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { PUBLIC_ORIGIN: 'https://shop.test' } });
  ({ owner } = await staffOfEveryRole(t.app));
});
afterAll(() => t?.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.201.0.1' });

it('a dispatched mail, a newsletter confirmation and a password reset carry the saved name and phone', async () => {
  const loaded = await owner.call('GET', '/api/admin/settings');
  const identity = loaded.body.data.identity as { version: number; value: IdentitySettingsValue };
  const saved = await owner.call('PUT', '/api/admin/settings', {
    identity: {
      version: identity.version,
      value: {
        ...identity.value,
        trading_name: 'Quarry Lane Stone',
        legal_name: 'Quarry Lane Stone Ltd',
        phone: '0117 000 9876',
        email: 'hello@quarrylane.test',
      },
    },
  });
  expect(saved.status).toBe(200);

  const order = await storeOrderAwaitingPayment(t.app.services.db, {
    paymentMethod: 'bank_transfer',
  });
  const paid = await owner.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: '120.00',
  });
  expect(paid.status).toBe(200);
  await t.app.services.orders.move(order.number, 'processing', 'staff:test');
  await t.app.services.orders.move(order.number, 'dispatched', 'staff:test');
  const [dispatched] = await queryRows<{ subject: string; text: string; html: string }>(
    t.app.services.db,
    sql`SELECT subject, text, html FROM mail_outbox
        WHERE order_id = ${order.id} AND kind = 'dispatched'`,
  );
  expect(dispatched!.subject).toBe(`Your Quarry Lane Stone order ${order.number} is on its way`);
  expect(dispatched!.text).toContain('Thank you for shopping with Quarry Lane Stone.');
  expect(dispatched!.text).toContain('Quarry Lane Stone Ltd');
  expect(dispatched!.text).toContain('0117 000 9876');
  expect(dispatched!.text).toContain('hello@quarrylane.test');
  expect(dispatched!.text).not.toContain('Tessera');
  expect(dispatched!.html).toContain('Quarry Lane Stone</h1>');

  const signature = 'Quarry Lane Stone\nPhone 0117 000 9876, email hello@quarrylane.test';
  const reader = 'reader@identity-mails.test';
  expect((await post('/api/newsletter/subscribe', { email: reader })).statusCode).toBe(200);
  const [confirmation] = outboxMails(t.config.dataDir, reader);
  expect(confirmation!.subject).toBe(
    'Please confirm your subscription to the Quarry Lane Stone newsletter',
  );
  expect(confirmation!.text).toContain(signature);

  const shopper = 'shopper@identity-mails.test';
  const registered = await post('/api/auth/register', {
    email: shopper,
    password: 'Granite-Sett-42',
  });
  expect(registered.statusCode).toBe(201);
  expect((await post('/api/auth/lost-password', { email: shopper })).statusCode).toBe(200);
  const reset = outboxMails(t.config.dataDir, shopper).find((mail) =>
    mail.subject.startsWith('Reset'),
  );
  expect(reset!.subject).toBe('Reset your Quarry Lane Stone password');
  expect(reset!.text).toContain('your Quarry Lane Stone account');
  expect(reset!.text).toContain(signature);
});
