import type { OrderJson } from '#domain/checkout.ts';
import { BOOKING_MESSAGES, formatBookedDay } from '#domain/booking.ts';

/**
 * The day an order is booked for, with what the driver or the yard was told: the customer's
 * confirmation and the staff order page (the delivery note) print the same rows.
 */
export function BookedDay({ order }: { order: OrderJson }) {
  const { booking } = order;
  const collecting = booking.fulfilment === 'collection';
  const rows: [string, string][] = [];
  if (booking.date) {
    rows.push([
      collecting ? 'Collection day' : 'Delivery day',
      `${formatBookedDay(booking.date)}${booking.slot_label ? `, ${booking.slot_label}` : ''}`,
    ]);
  }
  if (collecting && booking.collection_address)
    rows.push(['Collect from', booking.collection_address]);
  if (booking.date && !collecting) rows.push(['Delivery option', order.delivery.label]);
  if (booking.site_access.length > 0) {
    rows.push(['Site access', booking.site_access.map((a) => a.note).join('; ')]);
  }
  if (booking.instructions) {
    rows.push([collecting ? 'Your note' : 'Delivery instructions', booking.instructions]);
  }
  if (rows.length === 0) return null;
  return (
    <>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {booking.phone_to_confirm ? (
        <p className="text-sm">{BOOKING_MESSAGES.phoneToConfirm}</p>
      ) : null}
    </>
  );
}
