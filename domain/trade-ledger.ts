// The arithmetic of a trade account's ledger: what each invoice still owes, how old the debt is,
// how a payment is shared among invoices, and the statement's running balance. Pure: the
// service reads the rows and hands them here. Every amount is integer pence, VAT included.

/** An invoice of an order placed on account, with what has reduced it so far. */
export interface LedgerInvoice {
  invoiceId: number;
  number: number;
  orderNumber: string;
  /** The London day it was issued, YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string;
  /** The order's total as invoiced, VAT included. */
  grossPence: number;
  /** Credit notes against it. */
  creditedPence: number;
  /** Payments allocated to it. */
  allocatedPence: number;
}

/**
 * What an invoice still owes; never below nothing (a credit note after full payment leaves the
 * account in credit rather than the invoice negative).
 *
 * outstandingOf({ grossPence: 12000, creditedPence: 2000, allocatedPence: 4000 }) → 6000
 */
export function outstandingOf(
  invoice: Pick<LedgerInvoice, 'grossPence' | 'creditedPence' | 'allocatedPence'>,
): number {
  return Math.max(0, invoice.grossPence - invoice.creditedPence - invoice.allocatedPence);
}

export type InvoiceStatus = 'open' | 'overdue' | 'paid' | 'credited';

/**
 * What the statement calls an invoice: owing (open, or overdue past its due day), settled by
 * payment, or cleared by credit notes alone (nothing was ever paid on it).
 *
 * invoiceStatus({ grossPence: 24000, creditedPence: 24000, allocatedPence: 0 }, false) → 'credited'
 * invoiceStatus({ grossPence: 24000, creditedPence: 4000, allocatedPence: 20000 }, false) → 'paid'
 */
export function invoiceStatus(
  invoice: Pick<LedgerInvoice, 'grossPence' | 'creditedPence' | 'allocatedPence'>,
  pastDue: boolean,
): InvoiceStatus {
  if (outstandingOf(invoice) > 0) return pastDue ? 'overdue' : 'open';
  return invoice.allocatedPence > 0 ? 'paid' : 'credited';
}

const DAY_MS = 86_400_000;

/**
 * Whole days from one London day to another (both YYYY-MM-DD).
 *
 * daysBetween('2026-11-01', '2026-11-26') → 25
 * daysBetween('2026-11-26', '2026-11-01') → -25
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export const AGE_BUCKETS = ['current', '1_30', '31_60', '61_plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: 'Not yet due',
  '1_30': '1–30 days overdue',
  '31_60': '31–60 days overdue',
  '61_plus': '61 days or more overdue',
};

/**
 * How late an invoice is on `today`: due today or later is current; the day after its due day
 * it is 1 day overdue.
 *
 * ageBucket('2026-11-26', '2026-11-26') → 'current'
 * ageBucket('2026-11-25', '2026-11-26') → '1_30'
 * ageBucket('2026-09-26', '2026-11-26') → '61_plus' (61 days)
 */
export function ageBucket(dueOn: string, today: string): AgeBucket {
  const late = daysBetween(dueOn, today);
  if (late <= 0) return 'current';
  if (late <= 30) return '1_30';
  if (late <= 60) return '31_60';
  return '61_plus';
}

export interface AccountFigures {
  /** Invoiced less credit notes less payments: what the account owes (negative: in credit). */
  balancePence: number;
  /** What the open invoices still owe. */
  outstandingPence: number;
  /** The part of that past its due day. */
  overduePence: number;
  /** Payments not yet set against an invoice. */
  unallocatedPence: number;
  aged: Record<AgeBucket, number>;
  /** The earliest due day among the open invoices, null when nothing is open. */
  nextDueOn: string | null;
}

/** The account's figures on `today` from its invoices and the payments received. */
export function accountFigures(
  invoices: readonly LedgerInvoice[],
  paymentsPence: number,
  allocatedPence: number,
  today: string,
): AccountFigures {
  const aged: Record<AgeBucket, number> = { current: 0, '1_30': 0, '31_60': 0, '61_plus': 0 };
  let invoiced = 0;
  let outstanding = 0;
  let nextDueOn: string | null = null;
  for (const invoice of invoices) {
    invoiced += invoice.grossPence - invoice.creditedPence;
    const owed = outstandingOf(invoice);
    if (owed === 0) continue;
    outstanding += owed;
    aged[ageBucket(invoice.dueOn, today)] += owed;
    if (nextDueOn === null || invoice.dueOn < nextDueOn) nextDueOn = invoice.dueOn;
  }
  return {
    balancePence: invoiced - paymentsPence,
    outstandingPence: outstanding,
    overduePence: outstanding - aged.current,
    unallocatedPence: paymentsPence - allocatedPence,
    aged,
    nextDueOn,
  };
}

/** Oldest debt first: by due day, then by invoice number. */
export const byDueThenNumber = (a: LedgerInvoice, b: LedgerInvoice) =>
  a.dueOn === b.dueOn ? a.number - b.number : a.dueOn < b.dueOn ? -1 : 1;

export interface Allocation {
  invoiceId: number;
  amountPence: number;
}

/**
 * Shares a payment among the open invoices, the oldest debt first, each up to what it owes;
 * whatever is left stays on the account as unallocated credit.
 *
 * allocateOldestFirst(10000, [A owes 6000 due 1 Nov, B owes 8000 due 1 Dec])
 *   → [{ A, 6000 }, { B, 4000 }]
 */
export function allocateOldestFirst(
  amountPence: number,
  invoices: readonly LedgerInvoice[],
): Allocation[] {
  const allocations: Allocation[] = [];
  let left = amountPence;
  for (const invoice of [...invoices].sort(byDueThenNumber)) {
    if (left === 0) break;
    const take = Math.min(left, outstandingOf(invoice));
    if (take > 0) allocations.push({ invoiceId: invoice.invoiceId, amountPence: take });
    left -= take;
  }
  return allocations;
}

/**
 * An edited order's invoice is replaced by a new one: the payments set against the old one move
 * to the new one, earliest first, up to what it asks (`capPence`); what is over comes off them
 * and stays on the account as unallocated credit. Answers each allocation's amount after the
 * move (0: it no longer settles anything).
 *
 * carryAllocations([{ id: 1, amountPence: 10000 }, { id: 2, amountPence: 14000 }], 20000)
 *   → [{ id: 1, amountPence: 10000 }, { id: 2, amountPence: 10000 }]
 */
export function carryAllocations<T extends { id: number; amountPence: number }>(
  allocations: readonly T[],
  capPence: number,
): T[] {
  let left = Math.max(0, capPence);
  return allocations.map((allocation) => {
    const kept = Math.min(left, allocation.amountPence);
    left -= kept;
    return { ...allocation, amountPence: kept };
  });
}

export const LEDGER_MESSAGES = {
  unknownInvoice: (printed: string) => `Invoice ${printed} is not an open invoice of this account`,
  overInvoice: (printed: string, owed: string) => `Invoice ${printed} has only ${owed} outstanding`,
  overPayment: (total: string, amount: string) =>
    `The allocations add up to ${total}, more than the payment of ${amount}`,
  repeated: 'Each invoice may be named once',
  notTrade: 'This customer has no trade account',
} as const;

/**
 * Checks the allocations staff asked for against the open invoices: each names an open invoice
 * once, takes no more than it owes, and together they take no more than the payment. Answers
 * the allocations, or the messages by field (`allocations.0.amount`).
 */
export function checkAllocations(
  amountPence: number,
  asked: readonly { invoiceNumber: number; amountPence: number }[],
  invoices: readonly LedgerInvoice[],
  print: { invoice: (n: number) => string; money: (pence: number) => string },
): { allocations: Allocation[] } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]));
  const seen = new Set<number>();
  const allocations: Allocation[] = [];
  asked.forEach((item, i) => {
    const invoice = byNumber.get(item.invoiceNumber);
    const printed = print.invoice(item.invoiceNumber);
    if (seen.has(item.invoiceNumber))
      fields[`allocations.${i}.invoice_number`] = LEDGER_MESSAGES.repeated;
    else if (!invoice || outstandingOf(invoice) === 0) {
      fields[`allocations.${i}.invoice_number`] = LEDGER_MESSAGES.unknownInvoice(printed);
    } else if (item.amountPence > outstandingOf(invoice)) {
      fields[`allocations.${i}.amount`] = LEDGER_MESSAGES.overInvoice(
        printed,
        print.money(outstandingOf(invoice)),
      );
    } else allocations.push({ invoiceId: invoice.invoiceId, amountPence: item.amountPence });
    seen.add(item.invoiceNumber);
  });
  const total = asked.reduce((sum, item) => sum + item.amountPence, 0);
  if (total > amountPence) {
    fields.allocations = LEDGER_MESSAGES.overPayment(print.money(total), print.money(amountPence));
  }
  return Object.keys(fields).length ? { fields } : { allocations };
}

export type StatementKind = 'invoice' | 'credit_note' | 'payment';

/** One line of a statement before the running balance is added. */
export interface StatementEntry {
  kind: StatementKind;
  /** The London day, YYYY-MM-DD. */
  on: string;
  /** What the line is ('Invoice INV-000012, order TS-100004'). */
  description: string;
  /** Raises the balance (an invoice) or lowers it (a credit note, a payment): positive pence. */
  debitPence: number;
  creditPence: number;
  /** Ties on one day: invoices first, then credit notes, then payments, then by this. */
  sequence: number;
}

const KIND_ORDER: Record<StatementKind, number> = { invoice: 0, credit_note: 1, payment: 2 };

/**
 * The statement's lines in date order, each with the balance after it.
 *
 * [invoice 120.00 on 1 Nov, payment 50.00 on 5 Nov] → balances 12000, 7000
 */
export function runningBalance(
  entries: readonly StatementEntry[],
): (StatementEntry & { balancePence: number })[] {
  const sorted = [...entries].sort(
    (a, b) =>
      (a.on < b.on ? -1 : a.on > b.on ? 1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.sequence - b.sequence,
  );
  let balance = 0;
  return sorted.map((entry) => {
    balance += entry.debitPence - entry.creditPence;
    return { ...entry, balancePence: balance };
  });
}
