import type { OrderJson } from '#domain/checkout.ts';
import type { SessionRecord } from '../sessions.ts';
import type { OrderHead } from './order-rows.ts';

/**
 * Who checks out: a shopper's session, or a phone order's basket (a session of its own) bought
 * for `forCustomer`, the account of the draft's email: their prices, ways of paying and order.
 */
export type Purchaser = SessionRecord & { forCustomer?: number | null };

/** The customer an order is for: a phone order's customer, else the session's. */
export const customerOf = (session: Purchaser | null): number | null =>
  session?.forCustomer === undefined ? (session?.customerId ?? null) : session.forCustomer;

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
