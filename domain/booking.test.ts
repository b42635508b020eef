import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingNotes,
  deliveryDays,
  formatBookedDay,
  siteAccessConflict,
} from './booking.ts';

// Wednesday 25 November 2026, when the issue was written.
const today = new Date('2026-11-25T10:00:00Z');

describe('deliveryDays: "working days after lead time; for bank transfer, from when payment is expected"', () => {
  it('by card, starts at the lead time: the estimate says 30 Nov–2 Dec, so 30 Nov is first', () => {
    const days = deliveryDays({ today, leadDays: 3, paymentExpectedBy: null, horizon: 5 });
    expect(days).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
  });

  it('by bank transfer due 2 December, starts 3 working days after that: Monday 7 December', () => {
    const due = new Date('2026-12-02T10:00:00Z');
    const days = deliveryDays({ today, leadDays: 3, paymentExpectedBy: due, horizon: 3 });
    expect(days).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
  });

  it('counts from today when payment is expected before today', () => {
    const past = new Date('2026-11-20T10:00:00Z');
    expect(deliveryDays({ today, leadDays: 3, paymentExpectedBy: past, horizon: 1 })).toEqual([
      '2026-11-30',
    ]);
  });

  it('never offers a weekend or a bank holiday (Christmas 2026, Boxing Day substitute)', () => {
    const days = deliveryDays({
      today: new Date('2026-12-21T10:00:00Z'),
      leadDays: 2,
      paymentExpectedBy: null,
      horizon: 6,
    });
    expect(days).toEqual([
      '2026-12-23',
      '2026-12-24',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
    ]);
  });

  it('skips the holidays it is given', () => {
    const days = deliveryDays({
      today,
      leadDays: 1,
      paymentExpectedBy: null,
      holidays: ['2026-11-26'],
      horizon: 2,
    });
    expect(days).toEqual(['2026-11-27', '2026-11-30']);
  });

  it('lists four working weeks unless told otherwise', () => {
    const days = deliveryDays({ today, leadDays: 3, paymentExpectedBy: null });
    expect(days).toHaveLength(20);
    expect(days).not.toContain('2026-12-25');
    expect(days).not.toContain('2026-12-28');
  });
});

describe('site access: "answers that change the booking"', () => {
  it("notes each ticked answer for the delivery note, in the questions' order", () => {
    expect(bookingNotes({ crane: true, kerbside: true })).toEqual({
      notes: ['Kerbside is fine', 'Crane offload (HIAB lorry)'],
      phoneToConfirm: true,
    });
    expect(bookingNotes({ vehicle_7_5t: true })).toEqual({
      notes: ['7.5 t vehicle only: no articulated lorry'],
      phoneToConfirm: true,
    });
    expect(bookingNotes({ tail_lift: true, gravel_drive: true, kerbside: false })).toEqual({
      notes: ['Tail-lift needed', 'Gravel drive: a pallet truck cannot roll on it'],
      phoneToConfirm: false,
    });
    expect(bookingNotes({})).toEqual({ notes: [], phoneToConfirm: false });
  });

  it('refuses a crane and a tail-lift together', () => {
    expect(siteAccessConflict({ crane: true, tail_lift: true })).toBe(
      BOOKING_MESSAGES.craneAndTailLift,
    );
    expect(siteAccessConflict({ crane: true, kerbside: true })).toBeNull();
  });
});

describe('formatBookedDay', () => {
  it('reads a booked day in full', () => {
    expect(formatBookedDay('2026-12-07')).toBe('Monday 7 December 2026');
  });
});
