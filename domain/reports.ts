// The owner's and the accountant's reports: sales by day, month and product, refunds, net
// takings, and the figures of the MTD VAT return (boxes 1, 6 and 7) with the invoices and credit
// notes behind them. Built from the VAT documents, never from baskets or payments: an invoice
// counts on its tax point, a credit note on its own date, both as London calendar days.
import { z } from '#domain/zod.ts';
import { londonDay } from './dashboard.ts';
import { formatCreditNoteNumber } from './refunds.ts';
import { formatInvoiceNumber } from './invoice.ts';
import { formatPoundsPlain } from './money.ts';
import { splitGross } from './vat.ts';
import { MONTHS } from './dates.ts';

export const REPORT_MESSAGES = {
  date: 'A date looks like 2026-04-01',
  fromAfterTo: 'The end of the period must be on or after its start',
  tooLong: 'A report covers at most three years',
  group: 'Group by day, month or product',
} as const;

/** The longest period a report covers, in days: three years, so that no query reads forever. */
export const REPORT_MAX_DAYS = 1096;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Whether `day` (YYYY-MM-DD) is a real calendar date: '2026-02-30' is not. */
function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

const calendarDay = z
  .string({ error: REPORT_MESSAGES.date })
  .refine(isCalendarDay, { error: REPORT_MESSAGES.date });

/**
 * Days between two calendar dates, counting both.
 *
 * daysInPeriod('2026-04-01', '2026-04-30') → 30
 * daysInPeriod('2026-04-01', '2026-04-01') → 1
 */
export function daysInPeriod(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
}

/** A report's period: London calendar dates, both included. */
export const reportPeriodQuery = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((p) => p.from <= p.to, { error: REPORT_MESSAGES.fromAfterTo, path: ['to'] })
  .refine((p) => p.from > p.to || daysInPeriod(p.from, p.to) <= REPORT_MAX_DAYS, {
    error: REPORT_MESSAGES.tooLong,
    path: ['to'],
  });
export type ReportPeriod = z.output<typeof reportPeriodQuery>;

export const SALES_GROUPS = ['day', 'month', 'product'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

export const salesReportQuery = z
  .object({
    from: calendarDay,
    to: calendarDay,
    group: z.enum(SALES_GROUPS, { error: REPORT_MESSAGES.group }).default('day'),
  })
  .refine((p) => p.from <= p.to, { error: REPORT_MESSAGES.fromAfterTo, path: ['to'] })
  .refine((p) => p.from > p.to || daysInPeriod(p.from, p.to) <= REPORT_MAX_DAYS, {
    error: REPORT_MESSAGES.tooLong,
    path: ['to'],
  });

/**
 * The instant a London calendar day starts. Midnight in London is 23:00 UTC the day before
 * during British Summer Time, and midnight UTC otherwise (the clocks change at 01:00 UTC, so
 * never at midnight).
 *
 * londonMidnight('2026-04-01') → 2026-03-31T23:00:00.000Z
 * londonMidnight('2026-01-15') → 2026-01-15T00:00:00.000Z
 * londonMidnight('2026-03-29') → 2026-03-29T00:00:00.000Z (clocks go forward later that night)
 */
export function londonMidnight(day: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  return londonDay(new Date(utc - HOUR_MS)) === day ? new Date(utc - HOUR_MS) : new Date(utc);
}

/**
 * The instants a period covers: from London midnight of `from` up to, not including, London
 * midnight of the day after `to`.
 *
 * periodInstants({ from: '2026-04-01', to: '2026-06-30' })
 *   → { start: 2026-03-31T23:00:00.000Z, end: 2026-06-30T23:00:00.000Z }
 */
export function periodInstants(period: ReportPeriod): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { start: londonMidnight(period.from), end: londonMidnight(next) };
}

/** A VAT invoice as the reports read it: its order's figures, on its tax point. */
export interface InvoiceFacts {
  number: number;
  orderNumber: string;
  taxPoint: Date;
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/** A credit note as the reports read it: the refund's gross, on the note's own date. */
export interface CreditNoteFacts {
  number: number;
  orderNumber: string;
  /** The invoice it reduces (only credit notes of invoiced orders are VAT documents). */
  invoiceNumber: number;
  issuedAt: Date;
  grossPence: number;
  /** The rate of the invoice it reduces (20 when not given). */
  vatPercent?: number;
}

/**
 * A credit note's net and VAT: its gross split at its invoice's rate as the credit note PDF
 * prints it (domain/vat.ts), so the report and the document agree to the penny.
 *
 * creditNoteSplit({ grossPence: 13200 }) → { netPence: 11000, vatPence: 2200, grossPence: 13200 }
 */
export const creditNoteSplit = (c: { grossPence: number; vatPercent?: number }) =>
  splitGross(c.grossPence, c.vatPercent);

/**
 * Whole pounds as HMRC takes boxes 6 to 9 of a VAT return: the pence are left out, not rounded
 * (towards zero for a negative figure).
 *
 * wholePounds(123456) → 1234
 * wholePounds(99) → 0
 * wholePounds(-1250) → -12
 */
export function wholePounds(pence: number): number {
  return Math.trunc(pence / 100) + 0;
}

/** One document behind the VAT return; a credit note's figures are negative. */
export interface VatDocumentJson {
  type: 'invoice' | 'credit_note';
  number: string;
  /** The London calendar day it counts on: the invoice's tax point or the credit note's date. */
  date: string;
  issued_at: string;
  order: string;
  /** For a credit note, the invoice it reduces. */
  invoice: string | null;
  net: string;
  vat: string;
  gross: string;
}

export interface DocumentTotalsJson {
  count: number;
  net: string;
  vat: string;
  gross: string;
}

export interface VatReportJson {
  from: string;
  to: string;
  /** Box 1, VAT due on sales and other outputs: invoices' VAT less credit notes', in pence. */
  box_1: string;
  /** Box 6, total value of sales excluding VAT, in whole pounds (pence left out, as HMRC asks). */
  box_6: string;
  /** Box 6 before the pence are left out. */
  box_6_exact: string;
  /** Box 7, total purchases excluding VAT: the shop does not record purchases, so 0. */
  box_7: string;
  box_7_tracked: false;
  notes: string[];
  invoices: DocumentTotalsJson;
  credit_notes: DocumentTotalsJson;
  documents: VatDocumentJson[];
}

export const VAT_REPORT_NOTES = [
  'Box 1 is in pounds and pence; boxes 6 and 7 are in whole pounds with the pence left out, as HMRC asks.',
  'An invoice counts on its tax point (the day its payment arrived), a credit note on its own date, both as London calendar days.',
  'Box 7 (and boxes 4, 8 and 9) come from the purchase records, which the shop does not keep: box 7 shows 0 here.',
] as const;

interface Sums {
  count: number;
  netPence: number;
  vatPence: number;
  grossPence: number;
}

const noSums = (): Sums => ({ count: 0, netPence: 0, vatPence: 0, grossPence: 0 });

function add(sums: Sums, net: number, vat: number, gross: number): Sums {
  sums.count += 1;
  sums.netPence += net;
  sums.vatPence += vat;
  sums.grossPence += gross;
  return sums;
}

const totalsJson = (s: Sums): DocumentTotalsJson => ({
  count: s.count,
  net: formatPoundsPlain(s.netPence),
  vat: formatPoundsPlain(s.vatPence),
  gross: formatPoundsPlain(s.grossPence),
});

/** The documents of a period, dated and signed, oldest first (invoices before credit notes). */
export function vatDocuments(
  invoices: readonly InvoiceFacts[],
  creditNotes: readonly CreditNoteFacts[],
): VatDocumentJson[] {
  const rows: (VatDocumentJson & { at: number })[] = [
    ...invoices.map((i) => ({
      at: i.taxPoint.getTime(),
      type: 'invoice' as const,
      number: formatInvoiceNumber(i.number),
      date: londonDay(i.taxPoint),
      issued_at: i.taxPoint.toISOString(),
      order: i.orderNumber,
      invoice: null,
      net: formatPoundsPlain(i.netPence),
      vat: formatPoundsPlain(i.vatPence),
      gross: formatPoundsPlain(i.grossPence),
    })),
    ...creditNotes.map((c) => {
      const split = creditNoteSplit(c);
      return {
        at: c.issuedAt.getTime(),
        type: 'credit_note' as const,
        number: formatCreditNoteNumber(c.number),
        date: londonDay(c.issuedAt),
        issued_at: c.issuedAt.toISOString(),
        order: c.orderNumber,
        invoice: formatInvoiceNumber(c.invoiceNumber),
        net: formatPoundsPlain(-split.netPence),
        vat: formatPoundsPlain(-split.vatPence),
        gross: formatPoundsPlain(-split.grossPence),
      };
    }),
  ];
  rows.sort((a, b) => a.at - b.at || (a.type === b.type ? 0 : a.type === 'invoice' ? -1 : 1));
  return rows.map(({ at: _at, ...row }) => row);
}

/**
 * The VAT return's figures of a period from its invoices and credit notes (both already chosen
 * by date): box 1 is output VAT less the VAT of credit notes, box 6 the net of sales less the
 * net of credit notes, in whole pounds.
 */
export function vatReport(
  period: ReportPeriod,
  invoices: readonly InvoiceFacts[],
  creditNotes: readonly CreditNoteFacts[],
): VatReportJson {
  const sold = invoices.reduce((s, i) => add(s, i.netPence, i.vatPence, i.grossPence), noSums());
  const credited = creditNotes.reduce((s, c) => {
    const split = creditNoteSplit(c);
    return add(s, split.netPence, split.vatPence, split.grossPence);
  }, noSums());
  const netSales = sold.netPence - credited.netPence;
  return {
    from: period.from,
    to: period.to,
    box_1: formatPoundsPlain(sold.vatPence - credited.vatPence),
    box_6: String(wholePounds(netSales)),
    box_6_exact: formatPoundsPlain(netSales),
    box_7: '0',
    box_7_tracked: false,
    notes: [...VAT_REPORT_NOTES],
    invoices: totalsJson(sold),
    credit_notes: totalsJson(credited),
    documents: vatDocuments(invoices, creditNotes),
  };
}

/** An invoiced order's line, delivery or other part, for sales by product. */
export interface SoldPartFacts {
  invoiceNumber: number;
  /** A product's id, or 'delivery', or 'other' (what the lines and delivery do not explain). */
  key: string;
  name: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
}

export interface SalesRowJson {
  /** The London day (YYYY-MM-DD), month (YYYY-MM), or product id ('delivery', 'other'). */
  key: string;
  label: string;
  /** Invoiced orders in the row. */
  orders: number;
  gross: string;
  net: string;
  vat: string;
  /** Refunds dated in the row (null by product: a credit note is for an amount, not a product). */
  refunds: string | null;
  net_takings: string | null;
}

export interface SalesReportJson {
  from: string;
  to: string;
  group: SalesGroup;
  rows: SalesRowJson[];
  totals: {
    orders: number;
    gross: string;
    net: string;
    vat: string;
    refunds: string;
    refunds_net: string;
    refunds_vat: string;
    credit_notes: number;
    net_takings: string;
  };
}

/**
 * A report row's label for a day or a month.
 *
 * periodLabel('2026-04-01') → '1 April 2026'
 * periodLabel('2026-04') → 'April 2026'
 */
export function periodLabel(key: string): string {
  const [year, month, day] = key.split('-');
  const name = MONTHS[Number(month) - 1]!;
  return day ? `${Number(day)} ${name} ${year}` : `${name} ${year}`;
}

/** Every day (or month) of a period, in order: the sales table shows the quiet ones too. */
export function periodKeys(period: ReportPeriod, group: 'day' | 'month'): string[] {
  const keys: string[] = [];
  const last = Date.parse(`${period.to}T00:00:00Z`);
  for (let t = Date.parse(`${period.from}T00:00:00Z`); t <= last; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    const key = group === 'day' ? day : day.slice(0, 7);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

interface Bucket {
  label: string;
  orders: Set<number>;
  sold: Sums;
  refunded: number;
}

const bucket = (label: string): Bucket => ({
  label,
  orders: new Set(),
  sold: noSums(),
  refunded: 0,
});

function rowJson(key: string, b: Bucket, withRefunds: boolean): SalesRowJson {
  return {
    key,
    label: b.label,
    orders: b.orders.size,
    gross: formatPoundsPlain(b.sold.grossPence),
    net: formatPoundsPlain(b.sold.netPence),
    vat: formatPoundsPlain(b.sold.vatPence),
    refunds: withRefunds ? formatPoundsPlain(b.refunded) : null,
    net_takings: withRefunds ? formatPoundsPlain(b.sold.grossPence - b.refunded) : null,
  };
}

/**
 * Sales of a period grouped by London day, month or product: gross, net and VAT of the invoices
 * (by product, of their lines, delivery and any remainder, so the rows add up to the invoices),
 * refunds by their credit notes' dates, and net takings (gross less refunds).
 */
export function salesReport(
  period: ReportPeriod,
  group: SalesGroup,
  invoices: readonly InvoiceFacts[],
  creditNotes: readonly CreditNoteFacts[],
  parts: readonly SoldPartFacts[] = [],
): SalesReportJson {
  const buckets = new Map<string, Bucket>();
  if (group !== 'product') {
    for (const key of periodKeys(period, group)) buckets.set(key, bucket(periodLabel(key)));
    const keyOf = (at: Date) => (group === 'day' ? londonDay(at) : londonDay(at).slice(0, 7));
    for (const i of invoices) {
      const b = buckets.get(keyOf(i.taxPoint));
      if (!b) continue;
      b.orders.add(i.number);
      add(b.sold, i.netPence, i.vatPence, i.grossPence);
    }
    for (const c of creditNotes) {
      const b = buckets.get(keyOf(c.issuedAt));
      if (b) b.refunded += c.grossPence;
    }
  } else {
    for (const p of parts) {
      const b = buckets.get(p.key) ?? bucket(p.name);
      buckets.set(p.key, b);
      b.orders.add(p.invoiceNumber);
      add(b.sold, p.netPence, p.vatPence, p.grossPence);
    }
  }
  let rows = [...buckets].map(([key, b]) => rowJson(key, b, group !== 'product'));
  if (group === 'product') {
    // Best sellers first; delivery and the remainder after the products.
    const rank = (key: string) => (key === 'delivery' ? 1 : key === 'other' ? 2 : 0);
    rows = rows.sort(
      (a, b) =>
        rank(a.key) - rank(b.key) ||
        buckets.get(b.key)!.sold.grossPence - buckets.get(a.key)!.sold.grossPence ||
        a.label.localeCompare(b.label),
    );
  }
  const sold = invoices.reduce((s, i) => add(s, i.netPence, i.vatPence, i.grossPence), noSums());
  const refunded = creditNotes.reduce((s, c) => {
    const split = creditNoteSplit(c);
    return add(s, split.netPence, split.vatPence, split.grossPence);
  }, noSums());
  return {
    from: period.from,
    to: period.to,
    group,
    rows,
    totals: {
      orders: sold.count,
      gross: formatPoundsPlain(sold.grossPence),
      net: formatPoundsPlain(sold.netPence),
      vat: formatPoundsPlain(sold.vatPence),
      refunds: formatPoundsPlain(refunded.grossPence),
      refunds_net: formatPoundsPlain(refunded.netPence),
      refunds_vat: formatPoundsPlain(refunded.vatPence),
      credit_notes: refunded.count,
      net_takings: formatPoundsPlain(sold.grossPence - refunded.grossPence),
    },
  };
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as a London date and time, as the CSV exports write it.
 *
 * londonDateTime(new Date('2026-03-31T23:30:00Z')) → '2026-04-01 00:30'
 * londonDateTime(new Date('2026-01-31T23:30:00Z')) → '2026-01-31 23:30'
 */
export function londonDateTime(at: Date): string {
  return `${londonDay(at)} ${londonClock.format(at)}`;
}

/** The periods the report screen offers in one click. */
export const REPORT_PRESETS = ['this_month', 'last_month', 'last_quarter'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/**
 * A preset period around `today` (a London date): this month to date, last month, or the last
 * full calendar quarter (VAT quarters most often end in March, June, September and December).
 *
 * presetPeriod('this_month', '2026-05-14') → { from: '2026-05-01', to: '2026-05-14' }
 * presetPeriod('last_month', '2026-01-14') → { from: '2025-12-01', to: '2025-12-31' }
 * presetPeriod('last_quarter', '2026-05-14') → { from: '2026-01-01', to: '2026-03-31' }
 */
export function presetPeriod(preset: ReportPreset, today: string): ReportPeriod {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstOf = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const dayBefore = (d: Date) => iso(new Date(d.getTime() - DAY_MS));
  if (preset === 'this_month') return { from: iso(firstOf(year, month)), to: today };
  if (preset === 'last_month') {
    const start = firstOf(year, month - 1);
    return { from: iso(start), to: dayBefore(firstOf(year, month)) };
  }
  const quarterStart = firstOf(year, month - ((month - 1) % 3));
  const start = new Date(Date.UTC(quarterStart.getUTCFullYear(), quarterStart.getUTCMonth() - 3));
  return { from: iso(start), to: dayBefore(quarterStart) };
}
