// The writes an account's ledger shares: its lock, an order settled when its invoice is paid in
// full, and an edited order's payments moved to its new invoice. Payments recorded and orders
// edited both take the account's row lock first, before any order's, so neither ever waits on
// the other the other way round.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { carryAllocations } from '#domain/trade-ledger.ts';
import { recordEvent } from '../orders/order-rows.ts';

/** Takes the trade account's row lock for the transaction; false when there is no account. */
export async function lockAccount(tx: Database, customerId: number): Promise<boolean> {
  const rows = await queryRows<{ customer_id: number }>(
    tx,
    sql`SELECT customer_id FROM trade_accounts WHERE customer_id = ${customerId} FOR UPDATE`,
  );
  return rows.length > 0;
}

/**
 * The order of an invoice now paid in full: its payment is complete. Only an order still waiting
 * for its money moves (one refunded meanwhile keeps its status).
 */
export async function settleOrderOf(
  tx: Database,
  invoice: { invoiceId: number; number: number },
  actor: string,
): Promise<void> {
  const [order] = await queryRows<{ id: number; payment_status: string }>(
    tx,
    sql`SELECT o.id, o.payment_status FROM orders o JOIN invoices i ON i.order_id = o.id
        WHERE i.id = ${invoice.invoiceId} FOR UPDATE OF o`,
  );
  if (!order || ['succeeded', 'refunded', 'partially_refunded'].includes(order.payment_status)) {
    return;
  }
  await tx.execute(sql`UPDATE orders SET payment_status = 'succeeded',
      paid_at = coalesce(paid_at, now()), updated_at = now() WHERE id = ${order.id}`);
  await recordEvent(tx, order.id, {
    kind: 'payment',
    from: order.payment_status,
    to: 'succeeded',
    actor,
    note: `Invoice ${formatInvoiceNumber(invoice.number)} paid in full on account`,
  });
}

/**
 * An edited order's invoice is replaced: the account's payments set against the old invoice move
 * to the new one, up to what it owes after the order's credit notes; what is over stays on the
 * account as credit (domain/trade-ledger.ts carryAllocations). Run under lockAccount.
 */
export async function carryToNewInvoice(
  tx: Database,
  orderId: number,
  fromNumber: number,
  toNumber: number,
  grossPence: number,
  actor: string,
): Promise<void> {
  const rows = await queryRows<{ id: number; amount_pence: number; credited: number }>(
    tx,
    sql`SELECT a.id, a.amount_pence,
          coalesce((SELECT sum(c.amount_pence) FROM credit_notes c WHERE c.order_id = ${orderId}
            AND c.refund_ref <> 'revision' AND c.invoice_number IS NULL), 0)::int AS credited
        FROM account_allocations a JOIN invoices i ON i.id = a.invoice_id
        WHERE i.number = ${fromNumber} ORDER BY a.id`,
  );
  if (rows.length === 0) return;
  const owed = grossPence - rows[0]!.credited;
  const carried = carryAllocations(
    rows.map((row) => ({ id: row.id, amountPence: row.amount_pence })),
    owed,
  );
  const [invoice] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM invoices WHERE number = ${toNumber}`,
  );
  for (const allocation of carried) {
    await tx.execute(
      allocation.amountPence === 0
        ? sql`DELETE FROM account_allocations WHERE id = ${allocation.id}`
        : sql`UPDATE account_allocations SET amount_pence = ${allocation.amountPence},
            invoice_id = ${invoice!.id} WHERE id = ${allocation.id}`,
    );
  }
  const paid = carried.reduce((sum, allocation) => sum + allocation.amountPence, 0);
  if (paid >= owed) await settleOrderOf(tx, { invoiceId: invoice!.id, number: toNumber }, actor);
}
