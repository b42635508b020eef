// What moving an order along stamps on it (dispatched and delivered times, the carrier's
// details) and the customer's mail of the move, written in the move's own transaction.
import { sql } from 'drizzle-orm';
import type { Dispatch } from '#domain/order-mail.ts';
import type { OrderStatus } from '#domain/order-states.ts';
import { writeMail } from '../mail-outbox/outbox.ts';
import { cancelledMail, deliveredMail, dispatchedMail } from './order-mails.ts';
import type { OrderHead, Tx } from './order-rows.ts';
import type { MailShop } from './confirmation-email.ts';

/** The history's note of a dispatch: 'Palletways PW-123456, due 2026-12-03'. */
export const dispatchNote = (d: Dispatch) =>
  `${d.carrier} ${d.tracking_number}, due ${d.delivery_date}`;

/**
 * Stamps a move on the order and writes its mail. A dispatch without the carrier's details (the
 * shop's own van) keeps the booked delivery day and mails no tracking.
 */
export async function fulfil(
  tx: Tx,
  order: OrderHead & { origin: string | undefined; shop: MailShop },
  to: OrderStatus,
  dispatch: Dispatch | null,
): Promise<void> {
  if (to === 'dispatched') {
    await tx.execute(sql`UPDATE orders SET dispatched_at = now(),
        carrier = ${dispatch?.carrier ?? null}, tracking_number = ${dispatch?.tracking_number ?? null},
        tracking_url = ${dispatch?.tracking_url ?? null},
        delivery_date = coalesce(${dispatch?.delivery_date ?? null}::date, delivery_date)
        WHERE id = ${order.id}`);
    await writeMail(tx, {
      kind: 'dispatched',
      orderId: order.id,
      eventKey: to,
      message: dispatchedMail(order, dispatch),
    });
  } else if (to === 'delivered') {
    await tx.execute(sql`UPDATE orders SET delivered_at = now() WHERE id = ${order.id}`);
    await writeMail(tx, {
      kind: 'delivered',
      orderId: order.id,
      eventKey: to,
      message: deliveredMail(order),
    });
  } else if (to === 'cancelled') {
    const paid =
      order.paymentStatus === 'succeeded' || order.paymentStatus === 'partially_refunded';
    await writeMail(tx, {
      kind: 'cancelled',
      orderId: order.id,
      eventKey: to,
      message: cancelledMail(order, paid),
    });
  }
}
