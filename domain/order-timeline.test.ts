import { describe, expect, it } from 'vitest';
import { orderTimeline, slotText, type TimelineInput } from './order-timeline.ts';

const PLACED = '2026-11-24T10:15:00.000Z';
const order = (overrides: Partial<TimelineInput> = {}): TimelineInput => ({
  status: 'pending_payment',
  payment_status: 'pending',
  placed_at: PLACED,
  fulfilment: 'delivery',
  delivery_date: null,
  delivery_slot: null,
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  dispatched_at: null,
  delivered_at: null,
  history: [{ at: PLACED, kind: 'status', from: null, to: 'pending_payment' }],
  ...overrides,
});
const paid = [
  { at: PLACED, kind: 'status', from: null, to: 'pending_payment' },
  { at: '2026-11-25T09:00:00.000Z', kind: 'payment', from: 'pending', to: 'succeeded' },
  { at: '2026-11-25T09:00:00.000Z', kind: 'status', from: 'pending_payment', to: 'paid' },
];
const summary = (input: TimelineInput) =>
  orderTimeline(input).map((s) => `${s.label}${s.done ? ' ✓' : ''}${s.current ? ' ←' : ''}`);

describe('orderTimeline', () => {
  it('shows a new order placed and the rest to come', () => {
    expect(summary(order())).toEqual([
      'Order placed ✓ ←',
      'Awaiting payment',
      'Delivery day',
      'Dispatched',
      'Delivered',
    ]);
  });

  it('dates the payment from the history', () => {
    const [, payment] = orderTimeline(
      order({ status: 'paid', payment_status: 'succeeded', history: paid }),
    );
    expect(payment).toMatchObject({
      label: 'Payment received',
      at: '2026-11-25T09:00:00.000Z',
      current: true,
    });
  });

  it('keeps the order at its payment when a day is booked before it is paid', () => {
    expect(summary(order({ delivery_date: '2026-12-03', delivery_slot: 'pm' }))).toEqual([
      'Order placed ✓ ←',
      'Awaiting payment',
      'Delivery day booked ✓',
      'Dispatched',
      'Delivered',
    ]);
  });

  it('carries the booked day, the tracking and the delivery of a delivered order', () => {
    const steps = orderTimeline(
      order({
        status: 'delivered',
        payment_status: 'succeeded',
        history: paid,
        delivery_date: '2026-12-03',
        delivery_slot: 'am',
        carrier: 'Palletways',
        tracking_number: 'PW1',
        tracking_url: 'https://track.example.com/PW1',
        dispatched_at: '2026-12-02T08:30:00.000Z',
        delivered_at: '2026-12-03T10:45:00.000Z',
      }),
    );
    expect(steps[2]).toMatchObject({ day: '2026-12-03', detail: 'Morning (AM)', done: true });
    expect(steps[3]).toMatchObject({
      at: '2026-12-02T08:30:00.000Z',
      tracking: { carrier: 'Palletways', number: 'PW1', url: 'https://track.example.com/PW1' },
    });
    expect(steps[4]).toMatchObject({ label: 'Delivered', current: true });
    expect(steps.filter((s) => s.current)).toHaveLength(1);
  });

  it('dates the dispatch from the history, and leaves out the day of a parcel never booked', () => {
    const history = [
      ...paid,
      { at: '2026-12-01T12:00:00.000Z', kind: 'status', from: 'processing', to: 'dispatched' },
    ];
    const steps = orderTimeline(
      order({ status: 'dispatched', payment_status: 'succeeded', history }),
    );
    expect(steps.map((s) => s.key)).toEqual(['placed', 'paid', 'dispatched', 'delivered']);
    expect(steps[2]).toMatchObject({
      at: '2026-12-01T12:00:00.000Z',
      done: true,
      current: true,
      tracking: null,
    });
  });

  it('says collection for an order collected from the yard', () => {
    expect(
      summary(
        order({ fulfilment: 'collection', status: 'delivered', payment_status: 'not_required' }),
      ),
    ).toEqual(['Order placed ✓', 'Nothing to pay ✓', 'Ready to collect ✓', 'Collected ✓ ←']);
  });

  it('ends an expired or cancelled order there, and adds a refund', () => {
    const expired = [
      ...order().history,
      { at: '2026-12-01T10:15:00.000Z', kind: 'status', from: 'pending_payment', to: 'expired' },
    ];
    expect(summary(order({ status: 'expired', history: expired }))).toEqual([
      'Order placed ✓',
      'Awaiting payment',
      'Expired: not paid in time ✓ ←',
    ]);
    const refunded = [
      ...paid,
      { at: '2026-11-26T09:00:00.000Z', kind: 'status', from: 'paid', to: 'cancelled' },
      { at: '2026-11-26T09:05:00.000Z', kind: 'payment', from: 'succeeded', to: 'refunded' },
    ];
    expect(
      summary(order({ status: 'cancelled', payment_status: 'refunded', history: refunded })),
    ).toEqual(['Order placed ✓', 'Payment received ✓', 'Cancelled ✓', 'Refunded ✓ ←']);
  });

  it('words the slots', () => {
    expect(slotText('am')).toBe('Morning (AM)');
    expect(slotText('pm')).toBe('Afternoon (PM)');
    expect(slotText(null)).toBe('Any time of the day');
  });
});
