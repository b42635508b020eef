import type { PaymentMethod } from '#domain/checkout.ts';

/** What a provider needs to know of an order to take its money. */
export interface PayableOrder {
  id: number;
  number: string;
  totalPence: number;
  currency: 'GBP';
  email: string;
}

/** What the browser needs to go on with a payment, if anything. */
export type StartedPayment =
  | { provider: 'bank_transfer'; providerRef: null; clientSecret: null }
  | { provider: 'stripe'; providerRef: string; clientSecret: string };

/**
 * One way of paying. `start` is called after the order is placed, and again when the shopper
 * retries, then with the reference it answered the first time: it must resume that payment,
 * never open a second one.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(order: PayableOrder, existingRef: string | null): Promise<StartedPayment>;
}

/** Bank transfer: nothing to start; the order waits for the money with its number as reference. */
export const bankTransfer: PaymentProvider = {
  method: 'bank_transfer',
  start: async () => ({ provider: 'bank_transfer', providerRef: null, clientSecret: null }),
};
