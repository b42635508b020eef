// What placing an order answers when place_order refuses it, and how often it tries again.
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
