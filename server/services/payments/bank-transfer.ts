import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Bank transfer: nothing to start; the order waits for the money with its number as reference,
 * and staff mark it paid when they see it arrive. A refund is paid back by hand.
 */
export function bankTransferProvider(): PaymentProvider {
  return {
    method: 'bank_transfer',
    name: 'bank_transfer',
    label: PAYMENT_METHOD_LABELS.bank_transfer,
    description: 'Our bank details and your reference are shown once your order is placed.',
    refundsHow: 'Pay it back by bank transfer yourself; this records it.',
    refundReaches:
      'We pay it back by bank transfer to the account your payment came from. If that account has closed, reply to this email with the details of another in your name.',
    enabled: true,
    start: async () => ({ providerRef: null, client: null }),
    refund: async () => ({ ref: 'manual', note: 'paid back by hand' }),
  };
}
