// Bounds on what one basket or order may hold. Money columns are PostgreSQL integers (int4, up
// to 2,147,483,647 pence, about £21.4m) and pence arithmetic is exact only on safe integers, so
// every figure is bounded before it is summed, split or stored: a larger order gets a clear 422
// instead of failing inside the database.
import { CART_QUANTITY_MAX } from './cart.ts';
import { formatGBP } from './money.ts';
import { lineTotalPence } from './pricing.ts';

/** The largest value of a PostgreSQL integer column: no stored amount may pass it. */
export const INT4_MAX = 2_147_483_647;

export interface OrderLimits {
  /** Pieces one basket line may hold. */
  linePieces: number;
  /** Lines one basket may hold. */
  lines: number;
  /** The most one order may come to, delivery included, in pence. */
  orderTotalPence: number;
}

/** What no setting may exceed: every sum of lines and its VAT split stay exact and storable. */
export const LIMIT_CEILINGS: OrderLimits = {
  linePieces: CART_QUANTITY_MAX,
  lines: 200,
  orderTotalPence: 1_000_000_000,
};

/** £250,000 an order: well above any stone order seen, far below what the columns hold. */
export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  linePieces: CART_QUANTITY_MAX,
  lines: 100,
  orderTotalPence: 25_000_000,
};

/**
 * Limits from the environment (ORDER_MAX_LINE_PIECES, ORDER_MAX_LINES, ORDER_MAX_TOTAL_PENCE);
 * a value that is not a whole number from 1 keeps the default, one above the ceiling is cut to it.
 */
export function orderLimitsFrom(env: Record<string, string | undefined>): OrderLimits {
  const read = (name: string, key: keyof OrderLimits): number => {
    const value = Number(env[name]);
    if (!env[name] || !Number.isSafeInteger(value) || value < 1) return DEFAULT_ORDER_LIMITS[key];
    return Math.min(value, LIMIT_CEILINGS[key]);
  };
  return {
    linePieces: read('ORDER_MAX_LINE_PIECES', 'linePieces'),
    lines: read('ORDER_MAX_LINES', 'lines'),
    orderTotalPence: read('ORDER_MAX_TOTAL_PENCE', 'orderTotalPence'),
  };
}

export const LIMIT_MESSAGES = {
  linePieces: (limits: OrderLimits) =>
    `A basket line holds at most ${limits.linePieces.toLocaleString('en-GB')} pieces`,
  lines: (limits: OrderLimits) =>
    `A basket holds at most ${limits.lines} different items: please place a second order for the rest`,
  orderTotal: (limits: OrderLimits) =>
    `An order may come to at most ${formatGBP(limits.orderTotalPence)}: please split it, or contact us for a quote`,
};

export interface LineForLimits {
  pricePence: number;
  pieces: number;
  m2: number | null;
  isSample: boolean;
}

/**
 * Why these lines are more than one order may hold, or null. Each line is priced alone (a line is
 * at most £100,000 × 100,000 m², a safe integer) and compared before anything is summed, so the
 * sum checked is at most `lines` × the order bound.
 */
export function linesOverLimits(
  lines: readonly LineForLimits[],
  limits: OrderLimits,
): string | null {
  if (lines.length > limits.lines) return LIMIT_MESSAGES.lines(limits);
  let sum = 0;
  for (const line of lines) {
    if (line.pieces > limits.linePieces) return LIMIT_MESSAGES.linePieces(limits);
    const gross = lineTotalPence({
      pricePence: line.pricePence,
      quantity: line.pieces,
      m2Quantity: line.m2,
      isSample: line.isSample,
    });
    if (gross > limits.orderTotalPence) return LIMIT_MESSAGES.orderTotal(limits);
    sum += gross;
  }
  return sum > limits.orderTotalPence ? LIMIT_MESSAGES.orderTotal(limits) : null;
}

/** Why an order total (goods and delivery) is more than one order may come to, or null. */
export function totalOverLimit(totalPence: number, limits: OrderLimits): string | null {
  return totalPence > limits.orderTotalPence ? LIMIT_MESSAGES.orderTotal(limits) : null;
}
