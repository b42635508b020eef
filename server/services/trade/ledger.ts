import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  termsLabel,
  type StatementJson,
  type TermsKind,
} from '#domain/api-schemas-trade-accounts.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import {
  accountFigures,
  ageBucket,
  AGE_BUCKETS,
  daysBetween,
  invoiceStatus,
  outstandingOf,
  runningBalance,
  type LedgerInvoice,
  type StatementEntry,
} from '#domain/trade-ledger.ts';

const plain = formatPoundsPlain;
const LONDON_DAY = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`;

/** A trade account's own row, with the customer's email and group. */
export interface AccountHead {
  customerId: number;
  company: string;
  companyNumber: string;
  vatNumber: string;
  email: string;
  group: string | null;
  creditLimitPence: number | null;
  termsKind: TermsKind;
  termsDays: number;
  stoppedAt: Date | null;
  stopReason: string | null;
  version: number;
}

export async function accountHead(db: Database, customerId: number): Promise<AccountHead | null> {
  const [row] = await queryRows<{
    customer_id: number;
    company: string;
    company_number: string;
    vat_number: string;
    email: string;
    group: string | null;
    credit_limit_pence: number | null;
    terms_kind: TermsKind;
    terms_days: number;
    stopped_at: string | Date | null;
    stop_reason: string | null;
    version: number;
  }>(
    db,
    sql`SELECT t.customer_id, t.company, t.company_number, t.vat_number, c.email,
          g.name AS "group", t.credit_limit_pence, t.terms_kind, t.terms_days, t.stopped_at,
          t.stop_reason, t.version
        FROM trade_accounts t JOIN customers c ON c.id = t.customer_id
        LEFT JOIN customer_groups g ON g.id = c.group_id
        WHERE t.customer_id = ${customerId}`,
  );
  if (!row) return null;
  return {
    customerId: row.customer_id,
    company: row.company,
    companyNumber: row.company_number,
    vatNumber: row.vat_number,
    email: row.email,
    group: row.group,
    creditLimitPence: row.credit_limit_pence,
    termsKind: row.terms_kind,
    termsDays: row.terms_days,
    stoppedAt: row.stopped_at === null ? null : new Date(row.stopped_at),
    stopReason: row.stop_reason,
    version: row.version,
  };
}

/**
 * The account's invoices for goods sent on credit: the current invoice of each of its orders
 * with a due day, its gross the order's total, less the refunds' credit notes against it and
 * the payments set against it. (An edited order's superseded invoice and the revision credit
 * note cancelling it net to nothing, so neither is read.)
 */
export async function ledgerInvoices(db: Database, customerId: number): Promise<LedgerInvoice[]> {
  const rows = await queryRows<{
    id: number;
    number: number;
    order_number: string;
    issued_on: string;
    due_on: string;
    gross: number;
    credited: number;
    allocated: number;
  }>(
    db,
    sql`SELECT i.id, i.number, o.number AS order_number, ${LONDON_DAY(sql`i.issued_at`)} AS issued_on,
          i.due_on::text AS due_on, o.total_pence AS gross,
          coalesce((SELECT sum(c.amount_pence) FROM credit_notes c WHERE c.order_id = o.id
            AND c.refund_ref <> 'revision' AND c.invoice_number IS NULL), 0)::int AS credited,
          coalesce((SELECT sum(a.amount_pence) FROM account_allocations a
            WHERE a.invoice_id = i.id), 0)::int AS allocated
        FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE o.customer_id = ${customerId} AND i.due_on IS NOT NULL AND i.superseded_at IS NULL
        ORDER BY i.due_on, i.number`,
  );
  return rows.map((row) => ({
    invoiceId: row.id,
    number: row.number,
    orderNumber: row.order_number,
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    grossPence: row.gross,
    creditedPence: row.credited,
    allocatedPence: row.allocated,
  }));
}

interface PaymentRow {
  id: number;
  received_on: string;
  amount_pence: number;
  reference: string;
  allocations: { invoice_number: number; amount_pence: number }[];
}

async function accountPayments(db: Database, customerId: number): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`SELECT p.id, p.received_on::text AS received_on, p.amount_pence, p.reference,
          coalesce((SELECT json_agg(json_build_object('invoice_number', i.number,
              'amount_pence', a.amount_pence) ORDER BY a.id)
            FROM account_allocations a JOIN invoices i ON i.id = a.invoice_id
            WHERE a.payment_id = p.id), '[]'::json) AS allocations
        FROM account_payments p WHERE p.customer_id = ${customerId}
        ORDER BY p.received_on, p.id`,
  );
}

async function accountCreditNotes(db: Database, customerId: number) {
  return queryRows<{
    number: number;
    issued_on: string;
    amount_pence: number;
    order_number: string;
  }>(
    db,
    sql`SELECT c.number, ${LONDON_DAY(sql`c.issued_at`)} AS issued_on, c.amount_pence,
          o.number AS order_number
        FROM credit_notes c JOIN orders o ON o.id = c.order_id
        WHERE o.customer_id = ${customerId} AND c.refund_ref <> 'revision'
          AND c.invoice_number IS NULL
          AND EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id
            AND i.superseded_at IS NULL AND i.due_on IS NOT NULL)
        ORDER BY c.issued_at, c.number`,
  );
}

/**
 * The ledger of one account on `today` (London): its figures, its invoices, every invoice,
 * credit note and payment as statement lines with the running balance, and the payments with
 * where each went. Null when the customer has no trade account.
 */
export async function accountStatement(
  db: Database,
  customerId: number,
  now = new Date(),
): Promise<{ head: AccountHead; statement: StatementJson } | null> {
  const head = await accountHead(db, customerId);
  if (!head) return null;
  const [invoices, payments, notes] = await Promise.all([
    ledgerInvoices(db, customerId),
    accountPayments(db, customerId),
    accountCreditNotes(db, customerId),
  ]);
  const today = londonDay(now);
  const received = payments.reduce((sum, p) => sum + p.amount_pence, 0);
  const allocated = invoices.reduce((sum, i) => sum + i.allocatedPence, 0);
  const figures = accountFigures(invoices, received, allocated, today);
  const entries: StatementEntry[] = [
    ...invoices.map((i) => ({
      kind: 'invoice' as const,
      on: i.issuedOn,
      description: `Invoice ${formatInvoiceNumber(i.number)}, order ${i.orderNumber}, due ${i.dueOn}`,
      debitPence: i.grossPence,
      creditPence: 0,
      sequence: i.number,
    })),
    ...notes.map((n) => ({
      kind: 'credit_note' as const,
      on: n.issued_on,
      description: `Credit note ${formatCreditNoteNumber(n.number)}, order ${n.order_number}`,
      debitPence: 0,
      creditPence: n.amount_pence,
      sequence: n.number,
    })),
    ...payments.map((p) => ({
      kind: 'payment' as const,
      on: p.received_on,
      description: p.reference ? `Payment received, ${p.reference}` : 'Payment received',
      debitPence: 0,
      creditPence: p.amount_pence,
      sequence: p.id,
    })),
  ];
  const statement: StatementJson = {
    company: head.company,
    today,
    credit_limit: head.creditLimitPence === null ? null : plain(head.creditLimitPence),
    terms: {
      kind: head.termsKind,
      days: head.termsDays,
      label: termsLabel(head.termsKind, head.termsDays),
    },
    stopped: head.stoppedAt !== null,
    balance: plain(figures.balancePence),
    outstanding: plain(figures.outstandingPence),
    overdue: plain(figures.overduePence),
    unallocated: plain(figures.unallocatedPence),
    next_due_on: figures.nextDueOn,
    aged: Object.fromEntries(
      AGE_BUCKETS.map((bucket) => [bucket, plain(figures.aged[bucket])]),
    ) as StatementJson['aged'],
    invoices: invoices.map((i) => {
      const owed = outstandingOf(i);
      const overdue = owed > 0 && ageBucket(i.dueOn, today) !== 'current';
      return {
        number: formatInvoiceNumber(i.number),
        order_number: i.orderNumber,
        issued_on: i.issuedOn,
        due_on: i.dueOn,
        total: plain(i.grossPence),
        credited: plain(i.creditedPence),
        paid: plain(i.allocatedPence),
        outstanding: plain(owed),
        status: invoiceStatus(i, overdue),
        days_overdue: overdue ? daysBetween(i.dueOn, today) : 0,
      };
    }),
    lines: runningBalance(entries).map((line) => ({
      kind: line.kind,
      date: line.on,
      description: line.description,
      debit: line.debitPence ? plain(line.debitPence) : null,
      credit: line.creditPence ? plain(line.creditPence) : null,
      balance: plain(line.balancePence),
    })),
    payments: payments.map((p) => {
      const spent = p.allocations.reduce((sum, a) => sum + a.amount_pence, 0);
      return {
        id: p.id,
        received_on: p.received_on,
        amount: plain(p.amount_pence),
        reference: p.reference,
        unallocated: plain(p.amount_pence - spent),
        allocations: p.allocations.map((a) => ({
          invoice_number: formatInvoiceNumber(a.invoice_number),
          amount: plain(a.amount_pence),
        })),
      };
    }),
  };
  return { head, statement };
}
