// A basket's discount code, read from the database and priced with the basket (pricing.ts), and
// its use counted by the order that places it.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  applyDiscount,
  describeDiscount,
  discountRefusal,
  DISCOUNT_KINDS,
  type AppliedDiscount,
  type DiscountKind,
  type DiscountLine,
  type DiscountRefusal,
  type DiscountRules,
} from '#domain/discounts.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import type { DiscountSummaryJson, DiscountTotalsJson } from './discount-json.ts';

/** A basket's code as pricing needs it: its rules, and the shopper's uses of it so far. */
export interface BasketDiscount {
  rules: DiscountRules;
  customerUses: number;
  now: Date;
}

/** The code priced with the basket: why it does not apply, or what it takes off. */
export interface PricedDiscount {
  rules: DiscountRules;
  refusal: DiscountRefusal | null;
  applied: AppliedDiscount | null;
}

/** The code checked against the basket's lines and applied to the goods. */
export function checkDiscount(code: BasketDiscount, lines: DiscountLine[]): PricedDiscount {
  const refusal = discountRefusal(code.rules, lines, code.now, code.customerUses);
  return {
    rules: code.rules,
    refusal,
    applied: refusal ? null : applyDiscount(code.rules, lines, 0),
  };
}

/** A free-delivery code takes the delivery chosen, once it is known. */
export function withDeliveryDiscount(discount: PricedDiscount, deliveryPence: number) {
  if (!discount.applied || discount.rules.kind !== 'free_delivery') return discount;
  return {
    ...discount,
    applied: {
      ...discount.applied,
      deliveryPence,
      totalPence: discount.applied.goodsPence + deliveryPence,
    },
  };
}

const pounds = formatPoundsPlain;

export function discountSummaryJson(discount: PricedDiscount | null): DiscountSummaryJson | null {
  if (!discount) return null;
  return {
    code: discount.rules.code,
    description: describeDiscount(discount.rules),
    applies: discount.refusal === null,
    message: discount.refusal?.message ?? null,
    amount: pounds(discount.applied?.totalPence ?? 0),
  };
}

export function discountTotalsJson(discount: PricedDiscount | null): DiscountTotalsJson | null {
  if (!discount?.applied) return null;
  return {
    code: discount.rules.code,
    goods: pounds(discount.applied.goodsPence),
    delivery: pounds(discount.applied.deliveryPence),
    total: pounds(discount.applied.totalPence),
  };
}

export interface DiscountCodeRow {
  id: number;
  code: string;
  kind: string;
  amount: number;
  min_spend_pence: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  product_ids: number[];
  category_ids: number[];
  active: boolean;
  version: number;
  created_at: Date | string;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function rulesOf(row: DiscountCodeRow): DiscountRules {
  return {
    id: row.id,
    code: row.code,
    kind: (DISCOUNT_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as DiscountKind)
      : 'fixed',
    amount: row.amount,
    minSpendPence: row.min_spend_pence,
    startsAt: dateOrNull(row.starts_at),
    endsAt: dateOrNull(row.ends_at),
    maxUses: row.max_uses,
    uses: row.uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    productIds: row.product_ids,
    categoryIds: row.category_ids,
    active: row.active,
  };
}

/** Who is placing (or will place) the order, as the per-customer limit counts them. */
export interface DiscountShopper {
  customerId: number | null;
  email: string | null;
}

/** How many placed orders of this shopper (their account, or their email) used the code. */
export async function customerUses(
  db: Database,
  codeId: number,
  shopper: DiscountShopper,
): Promise<number> {
  if (shopper.customerId === null && shopper.email === null) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM discount_redemptions
        WHERE code_id = ${codeId} AND (customer_id = ${shopper.customerId ?? -1}
          OR lower(email) = lower(${shopper.email ?? ''}))`,
  );
  return row?.n ?? 0;
}

/** The code with this id and this shopper's uses of it, as pricing takes it; null when gone. */
export async function readBasketDiscount(
  db: Database,
  codeId: number | null,
  shopper: DiscountShopper,
  lock = false,
): Promise<BasketDiscount | null> {
  if (codeId === null) return null;
  const [row] = await queryRows<DiscountCodeRow>(
    db,
    lock
      ? sql`SELECT * FROM discount_codes WHERE id = ${codeId} FOR UPDATE`
      : sql`SELECT * FROM discount_codes WHERE id = ${codeId}`,
  );
  if (!row) return null;
  const rules = rulesOf(row);
  const uses = rules.maxUsesPerCustomer === null ? 0 : await customerUses(db, row.id, shopper);
  return { rules, customerUses: uses, now: new Date() };
}

/**
 * The code an order was placed with, as editing the order honours it: its use was counted when
 * the order was placed, so its dates, use limits, minimum spend and being disabled since no
 * longer apply; it takes off the edited lines what it takes (the share of each line worked out
 * again), and nothing when no line is one it is for any more. Null when the order had none.
 */
export async function readPlacedDiscount(
  db: Database,
  codeId: number | null,
): Promise<BasketDiscount | null> {
  const code = await readBasketDiscount(db, codeId, { customerId: null, email: null });
  if (!code) return null;
  return {
    rules: {
      ...code.rules,
      active: true,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      minSpendPence: 0,
    },
    customerUses: 0,
    now: code.now,
  };
}
