// Discount codes: who may use one, and how its amount is shared across the basket's lines. A
// discount reduces a line's VAT-inclusive price; the line's net and VAT are then split from what
// is left by vat.ts's one rule, so an order's VAT is always the VAT of what was charged.
import { formatLondonDate } from './dates.ts';
import { formatGBP, toPence } from './money.ts';
import { splitGross, type VatSplit } from './vat.ts';

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A discount code's rules, as the owner set them. */
export interface DiscountRules {
  id: number;
  code: string;
  kind: DiscountKind;
  /** Whole percent (1–100) for 'percent', pence for 'fixed', unused for 'free_delivery'. */
  amount: number;
  /** The goods (VAT included, before the discount) a basket must reach; 0 for none. */
  minSpendPence: number;
  startsAt: Date | null;
  /** The first instant the code no longer works. */
  endsAt: Date | null;
  maxUses: number | null;
  uses: number;
  maxUsesPerCustomer: number | null;
  /** Only these products and products of these categories; both empty: every product. */
  productIds: readonly number[];
  categoryIds: readonly number[];
  active: boolean;
}

/** A basket line as a discount sees it. */
export interface DiscountLine {
  productId: number;
  categoryIds: readonly number[];
  /** The line's price, VAT included, before any discount. */
  grossPence: number;
}

export type DiscountRefusalReason =
  | 'unknown'
  | 'disabled'
  | 'expired'
  | 'not_yet_valid'
  | 'min_spend'
  | 'used_up'
  | 'customer_used'
  | 'not_for_items';

export interface DiscountRefusal {
  reason: DiscountRefusalReason;
  message: string;
}

export const DISCOUNT_MESSAGES = {
  unknown: 'We do not recognise that code: check it and try again',
  disabled: 'This code is no longer valid',
  usedUp: 'This code has been used up',
  customerUsed: 'You have already used this code as many times as it allows',
  notForItems: 'This code does not apply to the items in your basket',
  codeRequired: 'Enter a discount code',
} as const;

const refusal = (reason: DiscountRefusalReason, message: string): DiscountRefusal => ({
  reason,
  message,
});

/** A code as shoppers type it and as it is stored: trimmed, upper case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a line is one the code applies to: any line with a price when the code names no
 * products or categories, otherwise lines of a named product or of a named category.
 *
 * lineEligible({ productIds: [], categoryIds: [] }, { productId: 1, categoryIds: [], grossPence: 500 }) → true
 * lineEligible({ productIds: [2], categoryIds: [9] }, { productId: 1, categoryIds: [9], grossPence: 500 }) → true
 * lineEligible({ productIds: [2], categoryIds: [] }, { productId: 1, categoryIds: [9], grossPence: 500 }) → false
 */
export function lineEligible(
  rules: Pick<DiscountRules, 'productIds' | 'categoryIds'>,
  line: DiscountLine,
): boolean {
  if (line.grossPence <= 0) return false;
  if (rules.productIds.length === 0 && rules.categoryIds.length === 0) return true;
  return (
    rules.productIds.includes(line.productId) ||
    line.categoryIds.some((id) => rules.categoryIds.includes(id))
  );
}

/**
 * Why a code cannot be used on these lines now, or null when it can. `customerUses` is how often
 * this shopper (their account or email) has used it on orders already placed.
 */
export function discountRefusal(
  rules: DiscountRules,
  lines: readonly DiscountLine[],
  now: Date,
  customerUses = 0,
): DiscountRefusal | null {
  if (!rules.active) return refusal('disabled', DISCOUNT_MESSAGES.disabled);
  if (rules.startsAt && now < rules.startsAt) {
    return refusal(
      'not_yet_valid',
      `This code is valid from ${formatLondonDate(rules.startsAt)}: try again then`,
    );
  }
  if (rules.endsAt && now >= rules.endsAt) {
    return refusal(
      'expired',
      `This code expired on ${formatLondonDate(new Date(rules.endsAt.getTime() - 1))}`,
    );
  }
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) {
    return refusal('used_up', DISCOUNT_MESSAGES.usedUp);
  }
  if (rules.maxUsesPerCustomer !== null && customerUses >= rules.maxUsesPerCustomer) {
    return refusal('customer_used', DISCOUNT_MESSAGES.customerUsed);
  }
  const goods = lines.reduce((sum, line) => sum + line.grossPence, 0);
  if (goods < rules.minSpendPence) {
    return refusal(
      'min_spend',
      `This code needs a minimum spend of ${formatGBP(rules.minSpendPence)}: your basket comes to ${formatGBP(goods)}`,
    );
  }
  if (!lines.some((line) => lineEligible(rules, line))) {
    return refusal('not_for_items', DISCOUNT_MESSAGES.notForItems);
  }
  return null;
}

/**
 * Shares `total` pence across weights in proportion, in whole pence, by the largest remainder:
 * each share is rounded down, then the pence left go one each to the largest remainders (the
 * earlier on a tie). The shares add up to the total exactly and none exceeds its weight's
 * proportion by a penny or more.
 *
 * allocatePence(100, [1, 1, 1]) → [34, 33, 33]
 * allocatePence(1000, [3000, 1000]) → [750, 250]
 * allocatePence(0, [5, 5]) → [0, 0]
 */
export function allocatePence(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  // BigInt: total × weight can pass 2^53 for large orders.
  const t = BigInt(total);
  const w = BigInt(sum);
  const shares = weights.map((weight) => {
    const exact = t * BigInt(weight);
    return { share: Number(exact / w), remainder: exact % w };
  });
  let left = total - shares.reduce((a, s) => a + s.share, 0);
  const order = shares
    .map((s, index) => ({ index, remainder: s.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]!.share += 1;
    left -= 1;
  }
  return shares.map((s) => s.share);
}

/** What a code takes off a basket: per line (in the lines' order) and off the delivery. */
export interface AppliedDiscount {
  /** Pence off each line's gross, in the order of the lines given. */
  linePence: number[];
  goodsPence: number;
  deliveryPence: number;
  totalPence: number;
}

/**
 * The discount of a code the basket may use (check discountRefusal first): a percentage of the
 * eligible lines (rounded half up once, on their total), a fixed amount (never more than those
 * lines come to), or the delivery price; shared across the eligible lines by allocatePence.
 *
 * applyDiscount({ kind: 'percent', amount: 10, productIds: [], categoryIds: [] },
 *   [{ productId: 1, categoryIds: [], grossPence: 1999 }, { productId: 2, categoryIds: [], grossPence: 1001 }], 4500)
 *   → { linePence: [200, 100], goodsPence: 300, deliveryPence: 0, totalPence: 300 }
 */
export function applyDiscount(
  rules: Pick<DiscountRules, 'kind' | 'amount' | 'productIds' | 'categoryIds'>,
  lines: readonly DiscountLine[],
  deliveryGrossPence: number,
): AppliedDiscount {
  const weights = lines.map((line) => (lineEligible(rules, line) ? line.grossPence : 0));
  const eligible = weights.reduce((a, b) => a + b, 0);
  let goodsPence = 0;
  if (rules.kind === 'percent') {
    goodsPence = Math.floor((eligible * Math.min(rules.amount, 100) + 50) / 100);
  } else if (rules.kind === 'fixed') {
    goodsPence = Math.min(rules.amount, eligible);
  }
  const deliveryPence = rules.kind === 'free_delivery' ? Math.max(deliveryGrossPence, 0) : 0;
  return {
    linePence: allocatePence(goodsPence, weights),
    goodsPence,
    deliveryPence,
    totalPence: goodsPence + deliveryPence,
  };
}

/**
 * A line's price after its discount, split into net and VAT by the one rule of vat.ts at the
 * percent in force.
 *
 * discountedSplit(1999, 200, 20) → { netPence: 1499, vatPence: 300, grossPence: 1799 }
 */
export function discountedSplit(
  grossPence: number,
  discountPence: number,
  vatPercent: number,
): VatSplit {
  return splitGross(grossPence - discountPence, vatPercent);
}

/**
 * What the shopper reads of a code: "10% off", "£5.00 off", "Free delivery", with the items it
 * is limited to when it is.
 *
 * describeDiscount({ kind: 'percent', amount: 10, productIds: [], categoryIds: [] }) → '10% off'
 * describeDiscount({ kind: 'fixed', amount: 500, productIds: [3], categoryIds: [] }) → '£5.00 off selected items'
 */
export function describeDiscount(
  rules: Pick<DiscountRules, 'kind' | 'amount' | 'productIds' | 'categoryIds'>,
): string {
  const limited = rules.productIds.length > 0 || rules.categoryIds.length > 0;
  if (rules.kind === 'free_delivery') return 'Free delivery';
  const off = rules.kind === 'percent' ? `${rules.amount}% off` : `${formatGBP(rules.amount)} off`;
  return limited ? `${off} selected items` : off;
}

/** An order's or quote's totals as JSON gives them (pounds), with its discount. */
interface TotalsWithDiscount {
  goods: { gross: string };
  delivery: { gross: string };
  discount?: { code: string; goods: string; delivery: string; total: string } | null;
}

/**
 * The figures a customer reads above the total: goods and delivery before the discount, and the
 * discount, so that goods − discount + delivery = total to the penny.
 *
 * figuresBeforeDiscount({ goods: { gross: '27.00' }, delivery: { gross: '0.00' },
 *   discount: { code: 'SAVE10', goods: '3.00', delivery: '0.00', total: '3.00' } })
 *   → { goodsPence: 3000, deliveryPence: 0, discountPence: 300, code: 'SAVE10' }
 */
export function figuresBeforeDiscount(totals: TotalsWithDiscount) {
  const discount = totals.discount ?? null;
  return {
    goodsPence: toPence(totals.goods.gross) + (discount ? toPence(discount.goods) : 0),
    deliveryPence: toPence(totals.delivery.gross) + (discount ? toPence(discount.delivery) : 0),
    discountPence: discount ? toPence(discount.total) : 0,
    code: discount?.code ?? null,
  };
}

/**
 * A line's price before its discount (what the shopper saw in the basket).
 *
 * lineGrossBeforeDiscount({ total: { gross: '17.99' }, discount: '2.00' }) → 1999
 */
export function lineGrossBeforeDiscount(line: {
  total: { gross: string };
  discount?: string;
}): number {
  return toPence(line.total.gross) + toPence(line.discount ?? '0');
}
