import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMovePayment,
  holdsStock,
  nextOrderStatuses,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
} from './order-states.ts';

describe('order states: pending_payment → paid → processing → dispatched → delivered', () => {
  it('follows the happy path one step at a time', () => {
    const path: OrderStatus[] = [
      'pending_payment',
      'paid',
      'processing',
      'dispatched',
      'delivered',
    ];
    for (let i = 0; i + 1 < path.length; i++) {
      expect(canMoveOrder(path[i]!, path[i + 1]!)).toBe(true);
    }
    expect(canMoveOrder('pending_payment', 'processing')).toBe(false);
    expect(canMoveOrder('paid', 'dispatched')).toBe(false);
    expect(canMoveOrder('delivered', 'dispatched')).toBe(false);
  });

  it('expires only an order awaiting payment', () => {
    expect(canMoveOrder('pending_payment', 'expired')).toBe(true);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'pending_payment')) {
      expect(canMoveOrder(status, 'expired')).toBe(false);
    }
  });

  it('cancels before dispatch, never after', () => {
    expect(
      ['pending_payment', 'paid', 'processing'].every((s) =>
        canMoveOrder(s as OrderStatus, 'cancelled'),
      ),
    ).toBe(true);
    expect(canMoveOrder('dispatched', 'cancelled')).toBe(false);
    expect(canMoveOrder('delivered', 'cancelled')).toBe(false);
  });

  it('ends at delivered, expired and cancelled, and never moves to itself', () => {
    expect(nextOrderStatuses('delivered')).toEqual([]);
    expect(nextOrderStatuses('expired')).toEqual([]);
    expect(nextOrderStatuses('cancelled')).toEqual([]);
    for (const status of ORDER_STATUSES) expect(canMoveOrder(status, status)).toBe(false);
  });

  it('holds stock until the order expires or is cancelled', () => {
    expect(ORDER_STATUSES.filter((s) => !holdsStock(s))).toEqual(['expired', 'cancelled']);
  });
});

describe('payment states, kept apart from the order', () => {
  it('succeeds from pending or after a failure, and is refunded only after a success', () => {
    expect(canMovePayment('pending', 'succeeded')).toBe(true);
    expect(canMovePayment('failed', 'succeeded')).toBe(true);
    expect(canMovePayment('succeeded', 'refunded')).toBe(true);
    expect(canMovePayment('succeeded', 'partially_refunded')).toBe(true);
    expect(canMovePayment('partially_refunded', 'refunded')).toBe(true);
    expect(canMovePayment('pending', 'refunded')).toBe(false);
    expect(canMovePayment('refunded', 'succeeded')).toBe(false);
    expect(PAYMENT_STATUSES).toEqual([
      'pending',
      'succeeded',
      'failed',
      'refunded',
      'partially_refunded',
      'not_required',
      'on_account',
    ]);
    // An order on account becomes paid when the account pays its invoice, or is credited before:
    // in part (the rest still owed on account) or in full.
    expect(canMovePayment('on_account', 'succeeded')).toBe(true);
    expect(canMovePayment('on_account', 'on_account')).toBe(true);
    expect(canMovePayment('on_account', 'refunded')).toBe(true);
    expect(canMovePayment('on_account', 'partially_refunded')).toBe(false);
    // A £0 order has no payment to move.
    for (const to of PAYMENT_STATUSES) expect(canMovePayment('not_required', to)).toBe(false);
  });
});
