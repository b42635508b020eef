// A customer deleting their account: their orders stay (as a guest's), but a trade account with
// invoices on credit or payments received is refused with the reason, every row kept: they are
// accounting records, and the ledger reads them by the customer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { TRADE_ACCOUNT_MESSAGES } from '#domain/api-schemas-trade-accounts.ts';
import { londonDay } from '#domain/dashboard.ts';
import {
  openTradeAccount,
  signedUpCustomer,
  tradeAccountOwing,
} from '#tests/factories/account-invoices.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const count = async (table: string, customerId: number) =>
  (
    await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE customer_id = ${customerId}`,
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const today = () => londonDay(new Date());

describe('deleting a customer account', () => {
  it('is refused with the reason while the trade account has payments, keeping every row', async () => {
    const { shopper, id } = await tradeAccountOwing(t.app, 'tom@ashlar-tiling.co.uk', 12_000);
    const paid = await owner.call(
      'POST',
      `/api/admin/trade/accounts/${id}/payments`,
      { amount: '150.00', received_on: today() },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.status).toBe(201);

    const refused = await shopper.call('DELETE', '/api/auth/account');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'accounting_records',
      message: TRADE_ACCOUNT_MESSAGES.ledgerKept,
    });
    expect(await rows(sql`SELECT id FROM customers WHERE id = ${id}`)).toEqual([{ id }]);
    expect(await count('trade_accounts', id)).toBe(1);
    expect(await count('account_payments', id)).toBe(1);
    expect(await count('orders', id)).toBe(1);
    // Still signed in: the statement reads as before (£120.00 invoiced, £150.00 paid).
    const statement = await shopper.call('GET', '/api/account/statement');
    expect(statement.status).toBe(200);
    expect(statement.body.data.balance).toBe('-30.00');
  });

  it('is refused while an invoice on credit stands, even with nothing paid', async () => {
    const { shopper, id } = await tradeAccountOwing(t.app, 'jo@flagstone-builders.co.uk', 4_950);
    const refused = await shopper.call('DELETE', '/api/auth/account');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TRADE_ACCOUNT_MESSAGES.ledgerKept);
    expect(await count('trade_accounts', id)).toBe(1);
  });

  it('deletes a trade account that never bought on credit', async () => {
    const { shopper, id } = await signedUpCustomer(t.app, 'sam@slate-roofing.co.uk');
    await openTradeAccount(t.app.services.db, id);
    const deleted = await shopper.call('DELETE', '/api/auth/account');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await rows(sql`SELECT id FROM customers WHERE id = ${id}`)).toEqual([]);
    expect(await count('trade_accounts', id)).toBe(0);
  });

  it("deletes a retail customer and keeps their order as a guest's", async () => {
    const { shopper, id } = await signedUpCustomer(t.app, 'ada@example.co.uk');
    const order = await storeOrderAwaitingPayment(t.app.services.db);
    await t.app.services.db.execute(
      sql`UPDATE orders SET customer_id = ${id} WHERE id = ${order.id}`,
    );
    const deleted = await shopper.call('DELETE', '/api/auth/account');
    expect(deleted.status).toBe(200);
    const [kept] = await rows<{ customer_id: number | null }>(
      sql`SELECT customer_id FROM orders WHERE id = ${order.id}`,
    );
    expect(kept).toEqual({ customer_id: null });
  });
});
