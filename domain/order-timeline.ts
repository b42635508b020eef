// What a customer follows on the order's tracking page: the steps of the order's life with the
// day each happened, built from the order's history and the columns set as it is fulfilled.
import type { OrderStatus, PaymentStatus } from './order-states.ts';

export const TIMELINE_STEP_KEYS = [
  'placed',
  'paid',
  'booked',
  'dispatched',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TimelineStepKey = (typeof TIMELINE_STEP_KEYS)[number];

export interface TimelineTracking {
  carrier: string | null;
  number: string | null;
  url: string | null;
}

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  /** When it happened (an instant, ISO 8601); null for a step still to come. */
  at: string | null;
  /** The booked day ('2026-12-03') of a delivery or collection; null otherwise. */
  day: string | null;
  /** A line under the label: the booked slot, the carrier, what is still to come. */
  detail: string | null;
  done: boolean;
  /** The step the order is at now: the last one done. */
  current: boolean;
  tracking: TimelineTracking | null;
}

/** What the timeline is built from: the order's columns and its history. */
export interface TimelineInput {
  status: OrderStatus;
  payment_status: PaymentStatus;
  placed_at: string;
  fulfilment: 'delivery' | 'collection';
  delivery_date: string | null;
  delivery_slot: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  history: readonly { at: string; kind: string; from: string | null; to: string }[];
}

export const TIMELINE_TEXTS = {
  placed: 'Order placed',
  paid: 'Payment received',
  awaitingPayment: 'Awaiting payment',
  nothingToPay: 'Nothing to pay',
  deliveryBooked: 'Delivery day booked',
  collectionBooked: 'Collection day booked',
  deliveryToBook: 'Delivery day',
  collectionToBook: 'Collection day',
  toBook: 'We will be in touch to book the day with you',
  dispatched: 'Dispatched',
  readyToCollect: 'Ready to collect',
  delivered: 'Delivered',
  collected: 'Collected',
  cancelled: 'Cancelled',
  expired: 'Expired: not paid in time',
  refunded: 'Refunded',
  partlyRefunded: 'Partly refunded',
} as const;

const SLOT_TEXTS: Record<string, string> = { am: 'Morning (AM)', pm: 'Afternoon (PM)' };

/** How a booked slot reads: 'am' → 'Morning (AM)'; null means any time of the day. */
export const slotText = (slot: string | null) =>
  slot === null ? 'Any time of the day' : (SLOT_TEXTS[slot] ?? slot);

/** The last time the history shows a change to `to` (of `kind`), or null. */
function lastChange(input: TimelineInput, kind: string, to: readonly string[]): string | null {
  let at: string | null = null;
  for (const event of input.history) {
    if (event.kind === kind && to.includes(event.to)) at = event.at;
  }
  return at;
}

const STATUS_ORDER: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'processing',
  'dispatched',
  'delivered',
];
const reached = (status: OrderStatus, step: OrderStatus) =>
  STATUS_ORDER.indexOf(status) >= STATUS_ORDER.indexOf(step);

function step(
  key: TimelineStepKey,
  label: string,
  at: string | null,
  done: boolean,
  extra: Partial<Pick<TimelineStep, 'day' | 'detail' | 'tracking'>> = {},
): TimelineStep {
  return {
    key,
    label,
    at,
    day: extra.day ?? null,
    detail: extra.detail ?? null,
    done,
    current: false,
    tracking: extra.tracking ?? null,
  };
}

/**
 * The order's steps, oldest first: placed, paid (or nothing to pay), the booked day, dispatched
 * with its tracking, delivered; an order that was cancelled or expired stops there, and a refund
 * is added when it happens. The last step done is the current one.
 *
 * orderTimeline(a paid order, not yet dispatched).map((s) => [s.key, s.done])
 *   → [['placed', true], ['paid', true], ['booked', false], ['dispatched', false], ['delivered', false]]
 */
export function orderTimeline(input: TimelineInput): TimelineStep[] {
  const collection = input.fulfilment === 'collection';
  const steps: TimelineStep[] = [step('placed', TIMELINE_TEXTS.placed, input.placed_at, true)];

  if (input.payment_status === 'not_required') {
    steps.push(step('paid', TIMELINE_TEXTS.nothingToPay, input.placed_at, true));
  } else {
    const paidAt =
      lastChange(input, 'payment', ['succeeded']) ?? lastChange(input, 'status', ['paid']);
    const paid = paidAt !== null || reached(input.status, 'paid');
    steps.push(
      step('paid', paid ? TIMELINE_TEXTS.paid : TIMELINE_TEXTS.awaitingPayment, paidAt, paid),
    );
  }

  const ended = input.status === 'cancelled' || input.status === 'expired';
  const booked = input.delivery_date !== null;
  const dispatchedAt = input.dispatched_at ?? lastChange(input, 'status', ['dispatched']);
  const dispatched = dispatchedAt !== null || reached(input.status, 'dispatched');
  // Parcels are not booked for a day: once the order has left, an unbooked day is no step at all.
  if (booked || (!ended && !dispatched)) {
    const bookedLabel = collection
      ? TIMELINE_TEXTS.collectionBooked
      : TIMELINE_TEXTS.deliveryBooked;
    const toBookLabel = collection
      ? TIMELINE_TEXTS.collectionToBook
      : TIMELINE_TEXTS.deliveryToBook;
    steps.push(
      booked
        ? step('booked', bookedLabel, null, true, {
            day: input.delivery_date,
            detail: slotText(input.delivery_slot),
          })
        : step('booked', toBookLabel, null, false, { detail: TIMELINE_TEXTS.toBook }),
    );
  }

  if (dispatched || !ended) {
    const hasTracking =
      input.carrier !== null || input.tracking_number !== null || input.tracking_url !== null;
    steps.push(
      step(
        'dispatched',
        collection ? TIMELINE_TEXTS.readyToCollect : TIMELINE_TEXTS.dispatched,
        dispatchedAt,
        dispatched,
        {
          detail: input.carrier,
          tracking: hasTracking
            ? { carrier: input.carrier, number: input.tracking_number, url: input.tracking_url }
            : null,
        },
      ),
    );
  }

  const deliveredAt = input.delivered_at ?? lastChange(input, 'status', ['delivered']);
  const delivered = deliveredAt !== null || input.status === 'delivered';
  if (delivered || !ended) {
    steps.push(
      step(
        'delivered',
        collection ? TIMELINE_TEXTS.collected : TIMELINE_TEXTS.delivered,
        deliveredAt,
        delivered,
      ),
    );
  }

  if (input.status === 'cancelled' || input.status === 'expired') {
    const { status } = input;
    steps.push(step(status, TIMELINE_TEXTS[status], lastChange(input, 'status', [status]), true));
  }

  const refundedAt = lastChange(input, 'payment', ['refunded', 'partially_refunded']);
  if (refundedAt !== null) {
    const whole = input.payment_status === 'refunded';
    steps.push(
      step(
        'refunded',
        whole ? TIMELINE_TEXTS.refunded : TIMELINE_TEXTS.partlyRefunded,
        refundedAt,
        true,
      ),
    );
  }

  // A day may be booked before the payment arrives: the order is at the step before the first
  // one still to come, unless it ended (cancelled, expired, refunded), which is then where it is.
  const pending = steps.findIndex((s) => !s.done);
  const last = steps.length - 1;
  const terminal = ['cancelled', 'expired', 'refunded'].includes(steps[last]!.key);
  const current = terminal || pending === -1 ? last : pending - 1;
  steps[current] = { ...steps[current]!, current: true };
  return steps;
}
