import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type Database } from '#db/client.ts';
import {
  TRADE_ACCOUNT_MESSAGES,
  type RecordPaymentInput,
} from '#domain/api-schemas-trade-accounts.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatGBP } from '#domain/money.ts';
import {
  allocateOldestFirst,
  checkAllocations,
  outstandingOf,
  type Allocation,
  type LedgerInvoice,
} from '#domain/trade-ledger.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { lockAccount, settleOrderOf } from './ledger-writes.ts';
import { ledgerInvoices } from './ledger.ts';

export interface RecordedPayment {
  paymentId: number;
  /** False when the Idempotency-Key answered a payment recorded before. */
  created: boolean;
}

const keyReused = () =>
  new HttpError(422, 'idempotency_key_reused', TRADE_ACCOUNT_MESSAGES.keyReused);

function requestHash(customerId: number, input: RecordPaymentInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        customerId,
        input.amount,
        input.received_on,
        input.reference,
        input.allocations ?? null,
      ]),
    )
    .digest('hex');
}

/** The payment a key recorded before, when it is the same request for the same account. */
async function replay(
  db: Database,
  key: string,
  customerId: number,
  hash: string,
): Promise<RecordedPayment | null> {
  const [row] = await queryRows<{ id: number; customer_id: number; request_hash: string }>(
    db,
    sql`SELECT id, customer_id, request_hash FROM account_payments WHERE idempotency_key = ${key}`,
  );
  if (!row) return null;
  if (row.customer_id !== customerId || row.request_hash !== hash) throw keyReused();
  return { paymentId: row.id, created: false };
}

/**
 * Orders whose invoice the payment settled in full: their payment is now complete. Only an
 * order still waiting for its money moves (one refunded meanwhile keeps its status).
 */
async function settleOrders(
  tx: Database,
  invoices: readonly LedgerInvoice[],
  allocations: readonly Allocation[],
  actor: string,
): Promise<void> {
  for (const allocation of allocations) {
    const invoice = invoices.find((i) => i.invoiceId === allocation.invoiceId)!;
    if (outstandingOf(invoice) === allocation.amountPence) await settleOrderOf(tx, invoice, actor);
  }
}

/**
 * Records money a trade account paid in and sets it against its invoices: the ones staff name,
 * or the oldest debt first; what is left stays as credit on the account. In one transaction
 * holding the account's row lock, so two recordings at once read what each other allocated
 * and no invoice is ever paid beyond what it owes. The same Idempotency-Key and request answer
 * the payment recorded first.
 */
export async function recordAccountPayment(
  db: Database,
  customerId: number,
  input: RecordPaymentInput,
  key: string,
  who: AuditActor,
): Promise<RecordedPayment> {
  if (input.received_on > londonDay(new Date())) {
    const message = TRADE_ACCOUNT_MESSAGES.receivedLater;
    throw badRequest(message, { received_on: message });
  }
  const hash = requestHash(customerId, input);
  const earlier = await replay(db, key, customerId, hash);
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockAccount(tx, customerId))) throw notFound(TRADE_ACCOUNT_MESSAGES.notTrade);
      const invoices = await ledgerInvoices(tx, customerId);
      let allocations: Allocation[];
      if (input.allocations) {
        const checked = checkAllocations(
          input.amount,
          input.allocations.map((a) => ({
            invoiceNumber: a.invoice_number,
            amountPence: a.amount,
          })),
          invoices,
          { invoice: formatInvoiceNumber, money: formatGBP },
        );
        if ('fields' in checked)
          throw badRequest(Object.values(checked.fields)[0]!, checked.fields);
        allocations = checked.allocations;
      } else {
        allocations = allocateOldestFirst(input.amount, invoices);
      }
      const [payment] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO account_payments
            (customer_id, amount_pence, received_on, reference, actor, idempotency_key, request_hash)
          VALUES (${customerId}, ${input.amount}, ${input.received_on}, ${input.reference},
            ${who.actor}, ${key}, ${hash})
          RETURNING id`,
      );
      for (const allocation of allocations) {
        await tx.execute(sql`INSERT INTO account_allocations (payment_id, invoice_id, amount_pence)
          VALUES (${payment!.id}, ${allocation.invoiceId}, ${allocation.amountPence})`);
      }
      await settleOrders(tx, invoices, allocations, who.actor);
      await audit(tx, who, {
        action: 'trade_account.payment',
        entity: 'trade_account',
        entityId: customerId,
        after: {
          payment_id: payment!.id,
          amount_pence: input.amount,
          received_on: input.received_on,
          reference: input.reference,
          allocations: allocations.map((a) => ({
            invoice: formatInvoiceNumber(invoices.find((i) => i.invoiceId === a.invoiceId)!.number),
            amount_pence: a.amountPence,
          })),
        },
      });
      return { paymentId: payment!.id, created: true };
    });
  } catch (error) {
    // The same key recorded from another connection a moment before: answer that payment.
    if (isUniqueViolation(error, 'account_payments_idempotency_key_unique')) {
      const same = await replay(db, key, customerId, hash);
      if (same) return same;
    }
    throw error;
  }
}
