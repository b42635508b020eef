// What the back office's dashboard shows, and what each of its figures means. The definitions
// are written out in docs/operations-back-office.md ("The dashboard's figures"); this is where
// they live.

import { formatPoundsPlain } from './money.ts';

/** The shop's trading day: figures fall on the calendar day in London (GMT or BST). */
export const SHOP_TIME_ZONE = 'Europe/London';

/** One period's figures; money is VAT-inclusive pounds ("123.45"). */
export interface PeriodFiguresJson {
  /** Orders placed in the period (by when they were placed), whatever became of them since. */
  orders_placed: number;
  /** Of the orders placed in the period, those cancelled since. */
  orders_cancelled: number;
  /** Of the orders placed in the period, those that expired unpaid since. */
  orders_expired: number;
  /** Placed less cancelled and expired: the period's orders still going ahead. */
  orders_net: number;
  /** Money received in the period (by when the payment arrived), VAT included. */
  gross_takings: string;
  /** Money given back in the period (by the refund's date, whenever the order was paid). */
  refunds: string;
  /** Gross takings less refunds; negative when a period refunds more than it took. */
  net_takings: string;
}

/** One London day's figures. */
export interface DayFiguresJson extends PeriodFiguresJson {
  day: string;
}

export interface DashboardJson {
  today: PeriodFiguresJson;
  month: PeriodFiguresJson;
  awaiting_payment: number;
  awaiting_dispatch: number;
  needs_refund: number;
  /** The same figures per London day of the last 30 days, oldest first. */
  sales_by_day: DayFiguresJson[];
  low_stock: {
    variation_id: number;
    product_id: number;
    name: string;
    size: string;
    stock_quantity: number;
  }[];
}

/** Pieces at or below which a counted size shows as low on stock. */
export const LOW_STOCK_PIECES = 20;

/** An order as the figures see it. */
export interface OrderFacts {
  placedAt: Date;
  status: string;
  totalPence: number;
  /** When its payment arrived (also for a payment that came after it was cancelled), or null. */
  paidAt: Date | null;
}

/** A refund as the figures see it: its credit note's amount and date. */
export interface RefundFacts {
  issuedAt: Date;
  amountPence: number;
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The London calendar day of an instant, as YYYY-MM-DD.
 * 2026-07-14T23:30:00Z → "2026-07-15" (00:30 BST); 2026-01-14T23:30:00Z → "2026-01-14" (GMT).
 */
export function londonDay(instant: Date): string {
  return londonDate.format(instant);
}

/**
 * The London day `offset` calendar days from the day of `now`. Counting days, not 24-hour steps
 * from `now`, so a clock change between the two never moves the answer by a day.
 *
 * londonDayFrom(2026-11-26T23:30:00Z, -40) → '2026-10-17' (not '2026-10-18', 00:30 BST)
 */
export function londonDayFrom(now: Date, offset: number): string {
  const noon = Date.parse(`${londonDay(now)}T12:00:00Z`);
  return new Date(noon + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The 30 London days ending with the day of `now`, oldest first. */
export function lastThirtyDays(now: Date): string[] {
  return Array.from({ length: 30 }, (_, i) => londonDayFrom(now, i - 29));
}

/**
 * The figures of the London days for which `inPeriod(day)` holds. Orders count by the day
 * they were placed; takings by the day the money arrived; refunds by the day they were given.
 */
export function periodFigures(
  orders: readonly OrderFacts[],
  refunds: readonly RefundFacts[],
  inPeriod: (day: string) => boolean,
): PeriodFiguresJson {
  const placed = orders.filter((o) => inPeriod(londonDay(o.placedAt)));
  const cancelled = placed.filter((o) => o.status === 'cancelled').length;
  const expired = placed.filter((o) => o.status === 'expired').length;
  const gross = orders
    .filter((o) => o.paidAt !== null && inPeriod(londonDay(o.paidAt)))
    .reduce((sum, o) => sum + o.totalPence, 0);
  const refunded = refunds
    .filter((r) => inPeriod(londonDay(r.issuedAt)))
    .reduce((sum, r) => sum + r.amountPence, 0);
  return {
    orders_placed: placed.length,
    orders_cancelled: cancelled,
    orders_expired: expired,
    orders_net: placed.length - cancelled - expired,
    gross_takings: formatPoundsPlain(gross),
    refunds: formatPoundsPlain(refunded),
    net_takings: formatPoundsPlain(gross - refunded),
  };
}
