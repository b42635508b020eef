// One rule for the price a size is charged at and the price it was before a sale: the listing,
// the product page, the basket, checkout and the order's price check all follow it (issue 28).
import { isBritishSummerTime } from './dates.ts';
import { formatGBP } from './money.ts';

/** A size's prices as staff set them: the regular price, a sale price and its schedule. */
export interface SaleSchedule {
  regularPence: number;
  /** Null: no sale. */
  salePence: number | null;
  /** The sale starts at this instant (inclusive); null: at once. */
  saleFrom: Date | null;
  /** The sale ends at this instant (exclusive); null: until staff remove it. */
  saleTo: Date | null;
}

export interface EffectivePrice {
  /** What the size is charged at now. */
  pricePence: number;
  /** The struck-through price while a sale runs, else null. */
  wasPence: number | null;
  onSale: boolean;
}

/**
 * Whether the sale runs at `now`: from `saleFrom` included to `saleTo` excluded, so at the
 * instant a sale ends the regular price is back.
 */
export function saleRunning(schedule: SaleSchedule, now: Date): boolean {
  if (schedule.salePence === null || schedule.salePence >= schedule.regularPence) return false;
  if (schedule.saleFrom !== null && now.getTime() < schedule.saleFrom.getTime()) return false;
  if (schedule.saleTo !== null && now.getTime() >= schedule.saleTo.getTime()) return false;
  return true;
}

/**
 * The price charged and the was-price at `now`.
 *
 * effectivePrice({ regularPence: 6250, salePence: 5800, saleFrom: null, saleTo: null }, now)
 *   → { pricePence: 5800, wasPence: 6250, onSale: true }
 * effectivePrice({ regularPence: 6250, salePence: 5800, saleFrom: tomorrow, saleTo: null }, now)
 *   → { pricePence: 6250, wasPence: null, onSale: false }
 */
export function effectivePrice(schedule: SaleSchedule, now: Date): EffectivePrice {
  return saleRunning(schedule, now)
    ? { pricePence: schedule.salePence!, wasPence: schedule.regularPence, onSale: true }
    : { pricePence: schedule.regularPence, wasPence: null, onSale: false };
}

/**
 * The next instant after `now` at which the sale starts or ends, or null: when a stored price
 * must be brought up to date and cached pages showing it dropped.
 */
export function nextSaleBoundary(schedule: SaleSchedule, now: Date): Date | null {
  if (schedule.salePence === null) return null;
  const ahead = [schedule.saleFrom, schedule.saleTo].filter(
    (d): d is Date => d !== null && d.getTime() > now.getTime(),
  );
  return ahead.length === 0 ? null : new Date(Math.min(...ahead.map((d) => d.getTime())));
}

/**
 * The whole-percent reduction a deal's badge shows, rounded down so it never promises more
 * than is taken off.
 *
 * discountPercent(6250, 5800) → 7
 * discountPercent(3550, 3018) → 14
 */
export function discountPercent(wasPence: number, nowPence: number): number {
  if (wasPence <= 0 || nowPence >= wasPence) return 0;
  return Math.floor(((wasPence - nowPence) * 100) / wasPence);
}

/**
 * What a screen reader hears for a was/now price.
 *
 * wasNowText(6250, 5800) → 'Was £62.50, now £58.00'
 */
export function wasNowText(wasPence: number, nowPence: number): string {
  return `Was ${formatGBP(wasPence)}, now ${formatGBP(nowPence)}`;
}

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const HOUR_MS = 3_600_000;

/**
 * A London wall-clock minute as the editor's date-time fields hold it ('2026-12-01T09:00') as an
 * instant, or null when it is not one. Sales start and end by the shop's clock, in summer too.
 *
 * londonMinuteToInstant('2026-12-01T09:00') → 2026-12-01T09:00:00Z
 * londonMinuteToInstant('2026-07-01T09:00') → 2026-07-01T08:00:00Z
 */
export function londonMinuteToInstant(text: string): Date | null {
  const m = LOCAL_MINUTE.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) return null;
  return new Date(isBritishSummerTime(asUtc - HOUR_MS) ? asUtc - HOUR_MS : asUtc);
}

/**
 * An instant as a London wall-clock minute, the editor's field text.
 *
 * instantToLondonMinute(new Date('2026-07-01T08:00:00Z')) → '2026-07-01T09:00'
 */
export function instantToLondonMinute(instant: Date): string {
  const time = instant.getTime();
  const local = new Date(isBritishSummerTime(time) ? time + HOUR_MS : time);
  return local.toISOString().slice(0, 16);
}

export interface StoredPrices {
  /** What the size sells for now (effectivePrice). */
  pricePence: number;
  /** The regular price, only while the sale runs. */
  regularPricePence: number | null;
  /** The sale price while its sale is not running (scheduled, or over). */
  scheduledSalePricePence: number | null;
}

/**
 * What the database keeps for a row of the grid at `now`: the price it sells for now, the
 * regular price only while the sale runs, and the sale price aside while it does not
 * (docs/decisions/0009-scheduled-sales-store-the-price-charged.md).
 *
 * storedPrices({ price: 4500, sale_price: null }, now)
 *   → { pricePence: 4500, regularPricePence: null, scheduledSalePricePence: null }
 * storedPrices({ price: 4500, sale_price: 3900 }, now)
 *   → { pricePence: 3900, regularPricePence: 4500, scheduledSalePricePence: null }
 * storedPrices({ price: 4500, sale_price: 3900, sale_from: tomorrow }, now)
 *   → { pricePence: 4500, regularPricePence: null, scheduledSalePricePence: 3900 }
 */
export function storedPrices(
  row: { price: number; sale_price: number | null; sale_from?: Date | null; sale_to?: Date | null },
  now: Date,
): StoredPrices {
  const schedule = {
    regularPence: row.price,
    salePence: row.sale_price,
    saleFrom: row.sale_from ?? null,
    saleTo: row.sale_to ?? null,
  };
  const price = effectivePrice(schedule, now);
  return {
    pricePence: price.pricePence,
    regularPricePence: price.wasPence,
    scheduledSalePricePence: price.onSale ? null : row.sale_price,
  };
}

/**
 * A stored size's prices as the editor shows them: the regular price, the sale price (running
 * or not) and the sale's dates.
 */
export function editorPrices(v: {
  price_pence: number;
  regular_price_pence: number | null;
  scheduled_sale_price_pence: number | null;
  sale_from: Date | string | null;
  sale_to: Date | string | null;
}): { price: number; sale_price: number | null; sale_from: Date | null; sale_to: Date | null } {
  return {
    price: v.regular_price_pence ?? v.price_pence,
    sale_price: v.regular_price_pence === null ? v.scheduled_sale_price_pence : v.price_pence,
    sale_from: v.sale_from === null ? null : new Date(v.sale_from),
    sale_to: v.sale_to === null ? null : new Date(v.sale_to),
  };
}
