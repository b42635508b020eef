// The booking parts of the checkout quote and the order answer (issue 27): the days an option
// can be booked for, and the day, slot and site access an order was booked with.
import { z } from '#domain/zod.ts';
import { DELIVERY_SLOTS, FULFILMENTS, SITE_ACCESS_IDS } from './booking.ts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The days an option can be booked for, by how the order is paid: a bank transfer counts its
 * lead time from the day payment is due. Null for an option that is not booked for a day
 * (parcels and post arrive within their estimate).
 */
export const bookableDaysSchema = z
  .object({ card: z.array(isoDay), bank_transfer: z.array(isoDay), account: z.array(isoDay) })
  .nullable()
  .meta({ id: 'BookableDays' });

export const bookingSchema = z
  .object({
    fulfilment: z.enum(FULFILMENTS),
    /** The booked London day, 'YYYY-MM-DD'; null for a parcel, which is not booked. */
    date: isoDay.nullable(),
    slot: z.enum(DELIVERY_SLOTS).nullable(),
    /** The slot's hours, e.g. 'Morning, 9am–1pm'. */
    slot_label: z.string().nullable(),
    /** The ticked site-access answers with what the delivery note says for each. */
    site_access: z.array(
      z.object({ id: z.enum(SITE_ACCESS_IDS), label: z.string(), note: z.string() }),
    ),
    /** True when an answer changes the vehicle: the shop phones to confirm before the day. */
    phone_to_confirm: z.boolean(),
    instructions: z.string().nullable(),
    /** Where a collection is collected from; null for a delivery. */
    collection_address: z.string().nullable(),
  })
  .meta({ id: 'Booking' });
