import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  ACCOUNT_MESSAGES,
  dueOn,
  fitsCredit,
  termsText,
  type AccountTerms,
} from '#domain/account-terms.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { ACCOUNT_REFUND_REF } from '#domain/refunds.ts';
import { HttpError } from '../../http/errors.ts';
import { recordEvent } from '../orders/order-rows.ts';
import { splitOrderAtTaxPoint } from '../orders/vat-rates.ts';
import type { PaymentProvider } from './provider.ts';

interface AccountRow {
  credit_limit_pence: number | null;
  terms_kind: AccountTerms['kind'];
  terms_days: number;
  stopped_at: string | Date | null;
  stop_reason: string | null;
}

/**
 * What the account owes: its orders placed on account that stand (not cancelled or expired; one
 * still being placed is not counted until it is), less what
 * was refunded on them and what staff allocated to their invoices from payments received.
 */
async function outstandingPence(db: Database, customerId: number, exceptOrder = 0) {
  const [row] = await queryRows<{ pence: number }>(
    db,
    sql`SELECT (
          coalesce((SELECT sum(o.total_pence - coalesce(p.refunded_pence, 0)) FROM orders o
            LEFT JOIN payments p ON p.order_id = o.id AND p.provider = 'account'
            WHERE o.customer_id = ${customerId} AND o.payment_method = 'account'
              AND o.status NOT IN ('pending_payment', 'cancelled', 'expired')
              AND o.id <> ${exceptOrder}), 0)
        - coalesce((SELECT sum(a.amount_pence) FROM account_allocations a
            JOIN invoices i ON i.id = a.invoice_id JOIN orders o ON o.id = i.order_id
            WHERE o.customer_id = ${customerId} AND o.payment_method = 'account'
              AND o.id <> ${exceptOrder}), 0)
        )::float8 AS pence`,
  );
  return row?.pence ?? 0;
}

const account = (db: Database, customerId: number, lock: boolean) =>
  queryRows<AccountRow>(
    db,
    lock
      ? sql`SELECT credit_limit_pence, terms_kind, terms_days, stopped_at, stop_reason
            FROM trade_accounts WHERE customer_id = ${customerId} FOR UPDATE`
      : sql`SELECT credit_limit_pence, terms_kind, terms_days, stopped_at, stop_reason
            FROM trade_accounts WHERE customer_id = ${customerId}`,
  ).then(([row]) => row ?? null);

const refused = (status: 409 | 422, code: string, message: string) =>
  new HttpError(status, code, message, { payment_method: message });

/**
 * Pay on account: a trade account with a credit limit that is not stopped orders now and pays
 * the invoice by its terms. The order is placed, dispatchable and invoiced at once (the tax point
 * is the invoice date); it never expires. The limit holds under concurrent orders: the check
 * runs in the placing transaction under the account row's lock, so a second order waits for the
 * first to commit and then counts it.
 */
export function onAccountProvider(db: Database): PaymentProvider {
  const label = PAYMENT_METHOD_LABELS.account;
  return {
    method: 'account',
    name: 'account',
    label,
    description: 'We dispatch now and invoice your trade account, due by your terms.',
    refundsHow: 'Credited to the trade account: it reduces what the account owes.',
    refundReaches: 'It reduces what your account owes.',
    enabled: true,
    onCredit: true,
    async offer(buyer) {
      if (buyer.customerId === null) return null;
      const row = await account(db, buyer.customerId, false);
      if (!row || row.credit_limit_pence === null || row.stopped_at !== null) return null;
      const available = row.credit_limit_pence - (await outstandingPence(db, buyer.customerId));
      const terms = { kind: row.terms_kind, days: row.terms_days };
      return {
        method: 'account',
        label,
        description: `Available credit £${formatPoundsPlain(Math.max(0, available))}; invoices due ${termsText(terms).toLowerCase()}.`,
        available_credit: formatPoundsPlain(Math.max(0, available)),
      };
    },
    start: async () => ({ providerRef: null, client: null }),
    // No money was taken: the credit note the refund writes is what reduces the account's debt
    // (the ledger counts it against the order's invoice).
    refund: async () => ({ ref: ACCOUNT_REFUND_REF, note: 'credited to the trade account' }),
    async placed(tx, orderId) {
      const [order] = await queryRows<{
        customer_id: number | null;
        total_pence: number;
        status: string;
        payment_status: string;
      }>(
        tx,
        sql`SELECT customer_id, total_pence, status, payment_status FROM orders
            WHERE id = ${orderId}`,
      );
      // Nothing to pay (free samples): settled already, no invoice on account.
      if (!order || order.status !== 'pending_payment') return false;
      if (order.customer_id === null) throw refused(422, 'no_account', ACCOUNT_MESSAGES.noAccount);
      const row = await account(tx, order.customer_id, true);
      if (!row || row.credit_limit_pence === null) {
        throw refused(422, 'no_account', ACCOUNT_MESSAGES.noAccount);
      }
      if (row.stopped_at !== null) {
        throw refused(422, 'account_stopped', ACCOUNT_MESSAGES.stopped(row.stop_reason));
      }
      const owed = await outstandingPence(tx, order.customer_id, orderId);
      if (
        !fitsCredit(
          { limitPence: row.credit_limit_pence, outstandingPence: owed },
          order.total_pence,
        )
      ) {
        throw refused(
          409,
          'credit_limit',
          ACCOUNT_MESSAGES.overLimit(row.credit_limit_pence - owed),
        );
      }
      await tx.execute(sql`UPDATE orders SET status = 'processing', payment_status = 'on_account',
          expires_at = NULL, updated_at = now() WHERE id = ${orderId}`);
      await recordEvent(tx, orderId, {
        kind: 'payment',
        from: order.payment_status,
        to: 'on_account',
        actor: 'account',
      });
      await recordEvent(tx, orderId, {
        kind: 'status',
        from: 'pending_payment',
        to: 'processing',
        actor: 'account',
        note: 'Placed on account: dispatch before payment',
      });
      // The invoice now, its number under the counter's row lock (no gaps), due by the terms.
      const now = new Date();
      const due = dueOn(londonDay(now), { kind: row.terms_kind, days: row.terms_days });
      await tx.execute(sql`WITH next AS (
          UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value
        )
        INSERT INTO invoices (order_id, number, tax_point, due_on)
        SELECT ${orderId}, value, ${now.toISOString()}::timestamptz, ${due}::date FROM next`);
      await splitOrderAtTaxPoint(tx, orderId, now);
      return true;
    },
  };
}
