import type { OrderJson } from '#domain/checkout.ts';
import type { OrderHead } from './order-rows.ts';

/** The links an order's mails carry. */
export interface OrderLinks {
  /** The order's page with its secret, for the confirmation. */
  orderUrl(number: string, token: string): string;
}

export interface PlacedOrder {
  order: OrderHead;
  /** The order's answer, built from what placing it wrote; null for a replay (read it). */
  json: OrderJson | null;
  /** The secret of the order's link; null when the order was placed before (a replay). */
  token: string | null;
  created: boolean;
}
