import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BANK_HOLIDAYS_ENGLAND_WALES, addWorkingDays, deliveryEstimate } from './working-days.ts';

const at = (iso: string) => new Date(iso);

describe('BANK_HOLIDAYS_ENGLAND_WALES: "GOV.UK\'s list for 2026 and 2027"', () => {
  it('holds the eight bank holidays of each year, all on weekdays, in order', () => {
    expect(BANK_HOLIDAYS_ENGLAND_WALES.filter((d) => d.startsWith('2026'))).toHaveLength(8);
    expect(BANK_HOLIDAYS_ENGLAND_WALES.filter((d) => d.startsWith('2027'))).toHaveLength(8);
    expect([...BANK_HOLIDAYS_ENGLAND_WALES].sort()).toEqual(BANK_HOLIDAYS_ENGLAND_WALES);
    for (const date of BANK_HOLIDAYS_ENGLAND_WALES) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      expect(weekday, date).toBeGreaterThanOrEqual(1);
      expect(weekday, date).toBeLessThanOrEqual(5);
    }
  });

  it('moves Christmas and Boxing Day off weekends', () => {
    // 2026: Christmas on a Friday, Boxing Day on Saturday → Monday 28th.
    expect(BANK_HOLIDAYS_ENGLAND_WALES).toContain('2026-12-25');
    expect(BANK_HOLIDAYS_ENGLAND_WALES).toContain('2026-12-28');
    // 2027: both at the weekend → Monday 27th and Tuesday 28th.
    expect(BANK_HOLIDAYS_ENGLAND_WALES).toContain('2027-12-27');
    expect(BANK_HOLIDAYS_ENGLAND_WALES).toContain('2027-12-28');
  });
});

describe('addWorkingDays: "weekends and bank holidays skipped, London dates"', () => {
  it('counts Monday to Friday and skips the weekend', () => {
    // Thursday 19 November 2026.
    expect(addWorkingDays(at('2026-11-19T10:00:00Z'), 1)).toBe('2026-11-20');
    expect(addWorkingDays(at('2026-11-19T10:00:00Z'), 2)).toBe('2026-11-23');
    expect(addWorkingDays(at('2026-11-19T10:00:00Z'), 3)).toBe('2026-11-24');
    // An order placed on Saturday counts from Monday.
    expect(addWorkingDays(at('2026-11-21T10:00:00Z'), 1)).toBe('2026-11-23');
    expect(addWorkingDays(at('2026-11-22T10:00:00Z'), 5)).toBe('2026-11-27');
  });

  it('gives the London date itself for 0 days', () => {
    expect(addWorkingDays(at('2026-11-21T10:00:00Z'), 0)).toBe('2026-11-21');
    expect(addWorkingDays(at('2026-06-30T23:30:00Z'), 0)).toBe('2026-07-01');
  });

  it('skips Christmas Day and the Boxing Day substitute in 2026, and New Year 2027', () => {
    // Wednesday 23 December: Thu 24, (Fri 25, Sat, Sun, Mon 28 off) Tue 29, Wed 30.
    expect(addWorkingDays(at('2026-12-23T10:00:00Z'), 1)).toBe('2026-12-24');
    expect(addWorkingDays(at('2026-12-23T10:00:00Z'), 2)).toBe('2026-12-29');
    expect(addWorkingDays(at('2026-12-23T10:00:00Z'), 3)).toBe('2026-12-30');
    // Then Thu 31, (Fri 1 January off, weekend) Mon 4 January.
    expect(addWorkingDays(at('2026-12-23T10:00:00Z'), 5)).toBe('2027-01-04');
    // Placed on Christmas Eve: the first working day after is the 29th.
    expect(addWorkingDays(at('2026-12-24T16:00:00Z'), 1)).toBe('2026-12-29');
  });

  it('skips Easter 2026 (Good Friday 3 April, Easter Monday 6 April)', () => {
    // Wednesday 1 April: Thu 2, Tue 7, Wed 8.
    expect(addWorkingDays(at('2026-04-01T09:00:00Z'), 3)).toBe('2026-04-08');
  });

  it('reads the London date in summer time: 23:30 UTC on a Thursday is Friday in London', () => {
    expect(addWorkingDays(at('2026-06-25T23:30:00Z'), 1)).toBe('2026-06-29');
    expect(addWorkingDays(at('2026-06-25T22:59:59Z'), 1)).toBe('2026-06-26');
    // In winter London is on UTC: 23:30 UTC on Thursday is still Thursday.
    expect(addWorkingDays(at('2026-11-26T23:30:00Z'), 1)).toBe('2026-11-27');
  });

  it('follows the clocks across the BST changes of 29 March and 25 October 2026', () => {
    // Friday 27 March 23:30 UTC is still Friday (GMT): Mon 30, Tue 31, Wed 1 April.
    expect(addWorkingDays(at('2026-03-27T23:30:00Z'), 3)).toBe('2026-04-01');
    // Monday 30 March 23:30 UTC is Tuesday 31 March 00:30 BST: Wed 1, Thu 2, (Easter) Tue 7.
    expect(addWorkingDays(at('2026-03-30T23:30:00Z'), 3)).toBe('2026-04-07');
    // Friday 23 October 23:30 UTC is Saturday in London (BST): counts from Monday 26.
    expect(addWorkingDays(at('2026-10-23T23:30:00Z'), 1)).toBe('2026-10-26');
    // Monday 26 October 23:30 UTC is still Monday (GMT again): Tuesday 27.
    expect(addWorkingDays(at('2026-10-26T23:30:00Z'), 1)).toBe('2026-10-27');
  });

  it('throws a RangeError for negative or fractional days and invalid dates', () => {
    expect(() => addWorkingDays(at('2026-11-19T10:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(at('2026-11-19T10:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays(at('soon'), 1)).toThrow(RangeError);
  });

  it('property: 0 days gives the date Intl shows in Europe/London (as domain/dates.ts does)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'Europe/London',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }), (t) => {
        expect(addWorkingDays(new Date(t), 0)).toBe(intl.format(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the result is a working day, and one more day never comes earlier', () => {
    const holidays = new Set(BANK_HOLIDAYS_ENGLAND_WALES);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 10, 30) }),
        fc.integer({ min: 1, max: 15 }),
        (t, days) => {
          const date = addWorkingDays(new Date(t), days);
          const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
          expect(weekday === 0 || weekday === 6 || holidays.has(date)).toBe(false);
          expect(addWorkingDays(new Date(t), days + 1) > date).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('deliveryEstimate', () => {
  it('gives the earliest and latest London dates, standard 3–5 working days', () => {
    expect(deliveryEstimate(at('2026-11-19T10:00:00Z'), 3, 5)).toEqual({
      earliest: '2026-11-24',
      latest: '2026-11-26',
    });
  });

  it('stretches over Christmas 2026', () => {
    expect(deliveryEstimate(at('2026-12-22T10:00:00Z'), 3, 5)).toEqual({
      earliest: '2026-12-29',
      latest: '2026-12-31',
    });
  });

  it('gives samples by post 1–3 working days', () => {
    // Friday 20 November: Mon 23 to Wed 25.
    expect(deliveryEstimate(at('2026-11-20T15:00:00Z'), 1, 3)).toEqual({
      earliest: '2026-11-23',
      latest: '2026-11-25',
    });
  });
});
