// The life of an order and of its payment, kept apart: an order moves through fulfilment while
// its payment succeeds, fails or is refunded on its own track. Every change is recorded in the
// order's history by whoever drives it (the shop, a payment provider or staff).

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'dispatched',
  'delivered',
  'expired',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
  /** A £0 order (free samples): nothing to pay, no payment step. */
  'not_required',
  /** Placed on a trade account's credit: invoiced at once, due by the account's terms. */
  'on_account',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where each order status may go next:
 * pending_payment → paid → processing → dispatched → delivered, pending_payment → expired, and
 * cancelled from any status before dispatch.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'expired', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['dispatched', 'cancelled'],
  dispatched: ['delivered'],
  delivered: [],
  expired: [],
  cancelled: [],
};

/**
 * The statuses an order in `from` may move to.
 *
 * nextOrderStatuses('paid') → ['processing', 'cancelled']
 * nextOrderStatuses('delivered') → []
 */
export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/**
 * Whether an order may move from one status to another.
 *
 * canMoveOrder('pending_payment', 'paid') → true
 * canMoveOrder('dispatched', 'cancelled') → false (too late: the stone is on the lorry)
 * canMoveOrder('paid', 'paid') → false
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Statuses whose stock is still held by the order (expiry and cancellation give it back). */
export function holdsStock(status: OrderStatus): boolean {
  return status !== 'expired' && status !== 'cancelled';
}

/**
 * Whether staff may still change an order's lines, address or delivery: only before it leaves.
 *
 * isEditable('paid') → true
 * isEditable('dispatched') → false
 */
export function isEditable(status: OrderStatus): boolean {
  return status === 'pending_payment' || status === 'paid' || status === 'processing';
}

/** Where each payment status may go next. */
const NEXT_PAYMENT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['succeeded', 'failed'],
  failed: ['succeeded', 'failed'],
  succeeded: ['refunded', 'partially_refunded'],
  partially_refunded: ['refunded', 'partially_refunded'],
  refunded: [],
  not_required: [],
  // Credited before it is paid: in part (the rest still owed on account) or in full.
  on_account: ['succeeded', 'on_account', 'refunded'],
};

/**
 * Whether a payment may move from one status to another. A failed card payment may still
 * succeed on a retry; a refund follows a success.
 *
 * canMovePayment('pending', 'succeeded') → true
 * canMovePayment('failed', 'succeeded') → true
 * canMovePayment('refunded', 'succeeded') → false
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT_PAYMENT[from].includes(to);
}

/** How shoppers and staff read a status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  not_required: 'Nothing to pay',
  on_account: 'On account',
};
