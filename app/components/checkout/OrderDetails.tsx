import type { OrderJson } from '#domain/checkout.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#domain/order-states.ts';
import { estimateText } from './format.ts';
import { AddressBlock, OrderLines, OrderTotals } from './OrderParts.tsx';
import { BookedDay } from './BookedDay.tsx';

/** An order as its customer reads it: lines, delivery, addresses, totals. */
export function OrderDetails({ order }: { order: OrderJson }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading" className="mb-2 text-lg font-semibold">
          Your order
        </h2>
        <OrderLines lines={order.lines} />
        <div className="mt-3 border-t border-stone-200 pt-3">
          <OrderTotals totals={order.totals} label="Order totals" />
        </div>
      </section>
      <section aria-labelledby="order-delivery-heading" className="flex flex-col gap-2">
        <h2 id="order-delivery-heading" className="text-lg font-semibold">
          {order.booking.fulfilment === 'collection' ? 'Collection' : 'Delivery'}
        </h2>
        {order.booking.date ? null : (
          <p className="text-sm">
            {order.delivery.label}: {estimateText(order.delivery.estimate)}
          </p>
        )}
        <BookedDay order={order} />
        {order.delivery.note ? <p className="text-sm">{order.delivery.note}</p> : null}
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <AddressBlock title="Delivery address" address={order.shipping_address} />
          <AddressBlock title="Billing address" address={order.billing_address} />
        </div>
      </section>
      <section aria-labelledby="order-payment-heading" className="flex flex-col gap-1 text-sm">
        <h2 id="order-payment-heading" className="text-lg font-semibold">
          Payment
        </h2>
        <p>
          {PAYMENT_METHOD_LABELS[order.payment_method]}:{' '}
          {PAYMENT_STATUS_LABELS[order.payment_status]}
        </p>
        <p>Order status: {ORDER_STATUS_LABELS[order.status]}</p>
        <p>Placed on {formatLondonDate(order.placed_at)}</p>
      </section>
    </div>
  );
}

/** The order's history, oldest first. */
export function OrderHistory({ order }: { order: OrderJson }) {
  if (order.history.length === 0) return null;
  const label = (event: OrderJson['history'][number]) => {
    if (event.kind === 'status') {
      return ORDER_STATUS_LABELS[event.to as keyof typeof ORDER_STATUS_LABELS] ?? event.to;
    }
    if (event.kind === 'payment') {
      return `Payment ${(
        PAYMENT_STATUS_LABELS[event.to as keyof typeof PAYMENT_STATUS_LABELS] ?? event.to
      ).toLowerCase()}`;
    }
    return event.note ?? event.to;
  };
  return (
    <section aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="mb-2 text-lg font-semibold">
        History
      </h2>
      <ol className="flex flex-col gap-1 text-sm">
        {order.history.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            {formatLondonDate(event.at)}: {label(event)}
          </li>
        ))}
      </ol>
    </section>
  );
}
