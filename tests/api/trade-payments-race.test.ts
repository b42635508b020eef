// Payments recorded at once against one account (two members of staff, a double click, a
// retried request): no invoice is ever paid beyond what it owes, and a key records once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { tradeAccountOwing } from '#tests/factories/account-invoices.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
const today = londonDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const allocatedTo = async (invoiceId: number) =>
  (
    await queryRows<{ total: number }>(
      t.app.services.db,
      sql`SELECT coalesce(sum(amount_pence), 0)::int AS total FROM account_allocations
          WHERE invoice_id = ${invoiceId}`,
    )
  )[0]!.total;

describe('payments recorded at the same moment', () => {
  it('ten payments naming one £100.00 invoice in full: one is recorded, nine refused', async () => {
    const { id, invoice } = await tradeAccountOwing(t.app, 'race-one@example.com', 10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? owner : manager).call(
          'POST',
          `/api/admin/trade/accounts/${id}/payments`,
          {
            amount: '100.00',
            received_on: today,
            allocations: [
              { invoice_number: formatInvoiceNumber(invoice.number), amount: '100.00' },
            ],
          },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect(await allocatedTo(invoice.invoiceId)).toBe(10_000);
    const [order] = await queryRows<{ payment_status: string }>(
      t.app.services.db,
      sql`SELECT payment_status FROM orders WHERE id = ${invoice.orderId}`,
    );
    expect(order!.payment_status).toBe('succeeded');
  });

  it('ten £30.00 payments oldest-first against £100.00: £100.00 allocated, £200.00 left in credit', async () => {
    const { id, invoice } = await tradeAccountOwing(t.app, 'race-many@example.com', 10_000);
    // Through two instances of the shop where the database is a server, as behind a balancer.
    const other = t.database.url ? await createSiblingApp(t) : t.app;
    const second = new StaffBrowser(other);
    second.cookie = owner.cookie;
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? owner : second).call(
            'POST',
            `/api/admin/trade/accounts/${id}/payments`,
            { amount: '30.00', received_on: today },
            { 'idempotency-key': randomUUID() },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    } finally {
      if (other !== t.app) await other.close();
    }
    expect(await allocatedTo(invoice.invoiceId)).toBe(10_000);
    const { body } = await owner.call('GET', `/api/admin/trade/accounts/${id}`);
    expect(body.data).toMatchObject({
      balance: '-200.00',
      outstanding: '0.00',
      unallocated: '200.00',
    });
  });

  it('one Idempotency-Key sent five times at once records one payment', async () => {
    const { id } = await tradeAccountOwing(t.app, 'race-key@example.com', 10_000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.call(
          'POST',
          `/api/admin/trade/accounts/${id}/payments`,
          { amount: '25.00', received_on: today, reference: 'Cheque 100231' },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
    const [count] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM account_payments WHERE customer_id = ${id}`,
    );
    expect(count!.n).toBe(1);
  });
});
