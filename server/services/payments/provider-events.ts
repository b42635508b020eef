import type { FastifyBaseLogger } from 'fastify';
import type { MarkPaidResult, OrderService } from '../orders/orders.ts';
import type { PaymentProvider, ProviderEvent } from './provider.ts';

export type EventResult =
  MarkPaidResult | 'failed' | 'ignored' | 'duplicate_event' | 'not_own_payment' | 'not_found';

/**
 * What a provider's verified event does to an order, for every provider alike. A succeeded
 * payment pays it, a failed one is recorded, anything else is acknowledged and left alone. An
 * event counts only for the payment the shop started for the order (isOwnPayment); any other is
 * logged and ignored. Each event id is processed once (the order service records it in the same
 * transaction); a payment that does not match the order is answered too, logged for staff, so
 * the provider does not retry it for days.
 */
export async function applyProviderEvent(
  orders: OrderService,
  provider: PaymentProvider,
  event: ProviderEvent | null,
  log: FastifyBaseLogger,
): Promise<EventResult> {
  if (!event || event.outcome === 'other') return 'ignored';
  const { orderNumber } = event;
  // Ids only: the event, its payment and the order it named; nothing about the buyer.
  const ids = {
    provider: provider.name,
    event: event.id,
    type: event.type,
    ref: event.providerRef,
  };
  if (!orderNumber) {
    log.warn(ids, 'payment event for a payment of no order');
    return 'ignored';
  }
  const common = {
    orderNumber,
    provider: provider.name,
    providerRef: event.providerRef,
    actor: provider.name,
    event: { id: event.id, type: event.type },
  };
  const result =
    event.outcome === 'failed'
      ? await orders.recordPaymentFailed(common)
      : await orders.markPaid({
          ...common,
          amountPence: event.amountPence,
          currency: event.currency,
        });
  if (result === 'not_own_payment') {
    log.warn(
      { ...ids, order: orderNumber },
      "payment event for a payment that is not the order's own: ignored",
    );
  } else if (
    result === 'amount_mismatch' ||
    result === 'flagged_for_refund' ||
    result === 'not_found'
  ) {
    log.warn({ ...ids, order: orderNumber, result }, 'payment left for staff');
  }
  return result;
}
