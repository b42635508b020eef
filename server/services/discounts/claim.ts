// Counting a code's use inside the transaction that places the order: the code's row is locked,
// its rules and limits read again under the lock, and its uses raised only while below the limit,
// so however many shoppers race for the last uses, exactly as many orders as it allows carry it.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { applyDiscount, discountRefusal, DISCOUNT_MESSAGES } from '#domain/discounts.ts';
import { HttpError } from '../../http/errors.ts';
import type { PricedBasket } from '../orders/pricing.ts';
import { readBasketDiscount, type DiscountShopper } from './basket-discount.ts';

/** The code's rules changed between pricing and placing: price the basket again. */
export class DiscountChanged extends Error {}

/** The 409 of a code that can no longer be used: nothing is placed or charged. */
export const discountUnavailable = (message: string) =>
  new HttpError(
    409,
    'discount_unavailable',
    `${message}: remove the code to place your order without it`,
  );

/** The discount an order stores: on the order, and per line by position. */
export interface ClaimedDiscount {
  order: {
    discount_code_id: number;
    discount_code: string;
    discount_goods_pence: number;
    discount_delivery_pence: number;
  };
  linePence: number[];
}

/**
 * Counts one use of the basket's code by the order just written (`orderId`), in the placing
 * transaction `tx`, and stores the discount on the order and its lines. Refuses (409, undoing the
 * order) a code used up, expired or disabled since the basket was priced.
 */
export async function claimDiscount(
  tx: Database,
  basket: PricedBasket,
  orderId: number,
  shopper: DiscountShopper,
): Promise<ClaimedDiscount | null> {
  const priced = basket.discount;
  if (!priced?.applied) return null;
  const fresh = await readBasketDiscount(tx, priced.rules.id, shopper, true);
  if (!fresh) throw discountUnavailable(DISCOUNT_MESSAGES.disabled);
  const lines = basket.lines.map((line) => ({
    productId: line.productId,
    categoryIds: line.categoryIds,
    grossPence: line.priced.total.grossPence,
  }));
  const refusal = discountRefusal(fresh.rules, lines, fresh.now, fresh.customerUses);
  if (refusal) throw discountUnavailable(refusal.message);
  const deliveryPence = basket.deliverySplit.grossPence + priced.applied.deliveryPence;
  const again = applyDiscount(fresh.rules, lines, deliveryPence);
  if (
    again.totalPence !== priced.applied.totalPence ||
    again.linePence.some((pence, i) => pence !== priced.applied!.linePence[i])
  ) {
    throw new DiscountChanged();
  }
  const counted = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE discount_codes SET uses = uses + 1
        WHERE id = ${fresh.rules.id} AND (max_uses IS NULL OR uses < max_uses) RETURNING id`,
  );
  if (counted.length === 0) throw discountUnavailable(DISCOUNT_MESSAGES.usedUp);
  await tx.execute(sql`INSERT INTO discount_redemptions (code_id, order_id, customer_id, email)
    VALUES (${fresh.rules.id}, ${orderId}, ${shopper.customerId}, ${shopper.email ?? ''})`);
  const order = {
    discount_code_id: fresh.rules.id,
    discount_code: fresh.rules.code,
    discount_goods_pence: again.goodsPence,
    discount_delivery_pence: again.deliveryPence,
  };
  await tx.execute(sql`UPDATE orders SET discount_code_id = ${order.discount_code_id},
      discount_code = ${order.discount_code}, discount_goods_pence = ${order.discount_goods_pence},
      discount_delivery_pence = ${order.discount_delivery_pence}
    WHERE id = ${orderId}`);
  await tx.execute(sql`UPDATE order_lines l SET discount_pence = d.pence
    FROM jsonb_to_recordset(${JSON.stringify(
      again.linePence.map((pence, position) => ({ position, pence })),
    )}::jsonb) AS d(position integer, pence integer)
    WHERE l.order_id = ${orderId} AND l.position = d.position AND d.pence > 0`);
  return { order, linePence: again.linePence };
}

/** The rows placing wrote, with the discount claimDiscount stored on them since. */
export function withDiscount<T extends { order: object; lines: { discount_pence?: number }[] }>(
  written: T,
  claimed: ClaimedDiscount | null,
): T {
  if (!claimed) return written;
  return {
    ...written,
    order: { ...written.order, ...claimed.order },
    lines: written.lines.map((line, i) => ({ ...line, discount_pence: claimed.linePence[i] ?? 0 })),
  };
}
