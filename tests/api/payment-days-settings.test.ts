// The days an unpaid order waits, as the owner saves them in the bank settings, name the window
// in the note of an order that expired.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { BankSettingsValue } from '#domain/api-schemas-settings-identity.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ owner } = await staffOfEveryRole(t.app));
});
afterAll(() => t?.close());

it('an unpaid order expires with the note "Not paid within 3 days" once the owner sets 3 days', async () => {
  const loaded = await owner.call('GET', '/api/admin/settings');
  const bank = loaded.body.data.bank as { version: number; value: BankSettingsValue };
  const saved = await owner.call('PUT', '/api/admin/settings', {
    bank: { version: bank.version, value: { ...bank.value, payment_days: 3 } },
  });
  expect(saved.status).toBe(200);

  const order = await storeOrderAwaitingPayment(t.app.services.db, {
    paymentMethod: 'bank_transfer',
  });
  const expired = await t.app.services.orders.expireOverdue(new Date(Date.now() + 10 * 86_400_000));
  expect(expired).toContain(order.number);
  const [event] = await queryRows<{ note: string }>(
    t.app.services.db,
    sql`SELECT note FROM order_events WHERE order_id = ${order.id} AND to_state = 'expired'`,
  );
  expect(event!.note).toBe('Not paid within 3 days: stock released');
});
