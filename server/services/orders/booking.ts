// Booking an order's day (issue 27): which days each delivery option can be booked for, and the
// booking an order is placed with, checked against those days. Pallets and collections are booked
// for a day; parcels and post arrive within their estimate.
import {
  BOOKING_MESSAGES,
  DELIVERY_SLOT_LABELS,
  SITE_ACCESS_IDS,
  SLOT_OF_OPTION,
  bookingNotes,
  deliveryDays,
  tickedAccess,
  type DeliverySlot,
  type Fulfilment,
  type SiteAccess,
} from '#domain/booking.ts';
import type { Checkout, OrderJson } from '#domain/checkout.ts';
import type { DeliveryOptionQuote, DeliveryQuote } from '#domain/delivery.ts';
import { HttpError } from '../../http/errors.ts';

const DAY_MS = 86_400_000;

/** How long a bank transfer has to arrive: its order's payment deadline. */
export interface BookingTerms {
  paymentDays: number;
}

export interface BookableDays {
  card: string[];
  bank_transfer: string[];
  /** On account: dispatched without waiting for payment, as a card order. */
  account: string[];
}

/** Whether an option is booked for a day: a collection, or a delivery by pallet. */
function bookedForADay(delivery: DeliveryQuote, option: DeliveryOptionQuote): boolean {
  return option.id === 'collection' || delivery.method === 'pallet';
}

/** The days an option can be booked for, by payment method; null when it takes no day. */
export function bookableDays(
  delivery: DeliveryQuote,
  option: DeliveryOptionQuote,
  now: Date,
  terms: BookingTerms,
): BookableDays | null {
  if (!bookedForADay(delivery, option)) return null;
  const days = (paymentExpectedBy: Date | null) =>
    deliveryDays({ today: now, leadDays: option.minDays, paymentExpectedBy });
  return {
    card: days(null),
    account: days(null),
    bank_transfer: days(new Date(now.getTime() + terms.paymentDays * DAY_MS)),
  };
}

/** The booking columns of an order (migration 0018), as place_order's row carries them. */
export interface BookingColumns {
  fulfilment: Fulfilment;
  delivery_date: string | null;
  delivery_slot: DeliverySlot | null;
  site_access: SiteAccess;
  delivery_instructions: string | null;
}

const refused = (field: string, message: string) =>
  new HttpError(400, 'invalid_request', message, { [field]: message });

/**
 * The booking an order is placed with, or a 400 naming the field: a day must be one the chosen
 * option offers for the payment method (none for a parcel); with no day, a pallet or collection
 * is booked for the first day offered. Site access is asked of pallet deliveries only.
 */
export function bookOrder(
  delivery: DeliveryQuote,
  option: DeliveryOptionQuote,
  input: Checkout,
  now: Date,
  terms: BookingTerms,
): BookingColumns {
  const collecting = option.id === 'collection';
  const days = bookableDays(delivery, option, now, terms)?.[input.payment_method] ?? null;
  if (days === null && input.delivery_date !== undefined) {
    throw refused('delivery_date', BOOKING_MESSAGES.dayNotBooked);
  }
  if (days !== null && input.delivery_date !== undefined && !days.includes(input.delivery_date)) {
    const message = collecting
      ? BOOKING_MESSAGES.collectionDayNotOffered
      : BOOKING_MESSAGES.dayNotOffered;
    throw refused('delivery_date', message);
  }
  const access: SiteAccess = {};
  for (const id of SITE_ACCESS_IDS) if (input.site_access[id] === true) access[id] = true;
  if (Object.keys(access).length > 0 && (collecting || delivery.method !== 'pallet')) {
    throw refused('site_access', BOOKING_MESSAGES.siteAccessPalletOnly);
  }
  return {
    fulfilment: collecting ? 'collection' : 'delivery',
    delivery_date: days === null ? null : (input.delivery_date ?? days[0] ?? null),
    delivery_slot: SLOT_OF_OPTION[option.id],
    site_access: access,
    delivery_instructions: input.delivery_instructions ?? null,
  };
}

/** The booking part of an order's answer, from its columns and its delivery snapshot. */
export function bookingJson(
  row: Omit<BookingColumns, 'delivery_slot'> & { delivery_slot: string | null },
  delivery: { collection_address?: string | null },
): OrderJson['booking'] {
  const slot = (row.delivery_slot ?? null) as DeliverySlot | null;
  const access = row.site_access ?? {};
  return {
    fulfilment: row.fulfilment,
    date: row.delivery_date,
    slot,
    slot_label: slot === null ? null : DELIVERY_SLOT_LABELS[slot],
    site_access: tickedAccess(access).map(({ id, label, note }) => ({ id, label, note })),
    phone_to_confirm: bookingNotes(access).phoneToConfirm,
    instructions: row.delivery_instructions,
    collection_address: delivery.collection_address ?? null,
  };
}
