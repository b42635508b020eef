// The trade account routes' part of openapi-answers.test.ts: a trade customer reads their
// statement and a pro-forma invoice; staff list accounts, set terms, record a payment, stop and
// reopen an account.
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { openTradeAccount, storeAccountInvoice } from '#tests/factories/account-invoices.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import type { Checked } from './openapi-answers-returns.ts';

export async function tradeAccountAnswers<C>({
  db,
  checked,
  trade,
  staff,
}: {
  db: Database;
  checked: Checked<C>;
  /** A client without a session: it signs up, then its account is made a trade account. */
  trade: C;
  staff: C;
}) {
  const registered = await checked(trade, 'POST', '/api/auth/register', {
    email: 'openapi-trade@example.com',
    password: 'Riven-slate-2026',
  });
  const customerId = registered.json().customer.id as number;
  await openTradeAccount(db, customerId);
  const today = londonDay(new Date());
  const invoice = await storeAccountInvoice(db, customerId, {
    totalPence: 4_950,
    issuedOn: today,
    dueOn: today,
  });
  await checked(trade, 'GET', '/api/account/statement');
  await checked(trade, 'GET', '/api/account/statement.pdf');
  const awaiting = await storeOrderAwaitingPayment(db, { paymentMethod: 'bank_transfer' });
  await db.execute(sql`UPDATE orders SET customer_id = ${customerId} WHERE id = ${awaiting.id}`);
  await checked(trade, 'GET', `/api/orders/${awaiting.number}/pro-forma.pdf`);
  await checked(staff, 'GET', `/api/admin/orders/${awaiting.number}/pro-forma.pdf`);

  await checked(staff, 'GET', '/api/admin/trade/accounts?overdue=false');
  const account = await checked(staff, 'GET', `/api/admin/trade/accounts/${customerId}`);
  const saved = await checked(staff, 'PUT', `/api/admin/trade/accounts/${customerId}`, {
    credit_limit: '2500.00',
    terms_kind: 'days',
    terms_days: 14,
    version: account.json().data.version,
  });
  await checked(
    staff,
    'POST',
    `/api/admin/trade/accounts/${customerId}/payments`,
    {
      amount: '20.00',
      received_on: today,
      reference: 'BACS',
      allocations: [{ invoice_number: formatInvoiceNumber(invoice.number), amount: '20.00' }],
    },
    { 'idempotency-key': `openapi-${customerId}` },
  );
  const stopped = await checked(staff, 'POST', `/api/admin/trade/accounts/${customerId}/stop`, {
    reason: 'Over the limit',
    version: saved.json().data.version,
  });
  await checked(staff, 'POST', `/api/admin/trade/accounts/${customerId}/reopen`, {
    version: stopped.json().data.version,
  });
}
