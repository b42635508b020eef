// What placing an order answers when place_order refuses it, and how often it tries again.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { holdingRefusal, type HeldByBuyer, type HoldingLimits } from '#domain/rate-limits.ts';
import { HttpError } from '../../http/errors.ts';
import type { PricedBasket } from './pricing.ts';

/** How often an order is priced again when its basket changed while it was being placed. */
export const PLACE_ATTEMPTS = 3;

/** The SQLSTATEs place_order raises (db/migrations/0009_place_order.sql). */
export const PLACE_FAILURES = { basketChanged: 'TS001', outOfStock: 'TS002' } as const;

/** The 409 naming the line place_order found short of stock (its DETAIL names the variation). */
export function outOfStock(basket: PricedBasket, detail: string | undefined): HttpError {
  const short = JSON.parse(detail ?? '{}') as { variation_id?: number; available?: number };
  const line = basket.lines.find((l) => l.variationId === short.variation_id);
  const available = short.available ?? 0;
  const what = line ? `${line.name} (${line.option})` : 'An item in your basket';
  return new HttpError(
    409,
    'out_of_stock',
    available === 0
      ? `${what} is out of stock: please remove it from your basket`
      : `Only ${available} ${available === 1 ? 'piece' : 'pieces'} of ${what} ${available === 1 ? 'is' : 'are'} left: please change the quantity in your basket`,
    undefined,
    undefined,
    { lines: [{ variation_id: short.variation_id, available }] },
  );
}

/**
 * Refuses (422) an order that would hold more than the caps allow while it is unpaid, counting
 * what its buyer's email already holds. Parallel orders of one buyer may each see the others
 * not yet written; the per-email rate limit (charged before this) bounds how many can.
 */
export async function assertHoldingAllowed(
  db: Database,
  basket: PricedBasket,
  email: string,
  limits: HoldingLimits,
): Promise<void> {
  const [held] = await queryRows<HeldByBuyer>(
    db,
    sql`SELECT count(*)::int AS orders, coalesce(sum(total_pence), 0)::float8 AS pence
        FROM orders WHERE lower(email) = lower(${email}) AND status = 'pending_payment'`,
  );
  const refusal = holdingRefusal(
    { lines: basket.lines, totalPence: basket.total.grossPence },
    held ?? { orders: 0, pence: 0 },
    limits,
  );
  if (refusal) throw new HttpError(422, 'holding_limit', refusal);
}
