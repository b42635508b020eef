import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLondonDate, formatUtcDate, isBritishSummerTime } from './dates.ts';

const intlDate = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

// Instants from 1996, when the UK took the EU's summer-time rule, to the end of 2099.
const instants = fc.integer({
  min: Date.UTC(1996, 0, 1),
  max: Date.UTC(2099, 11, 31, 23, 59, 59),
});

describe('formatLondonDate', () => {
  it('gives the day, month and year in London', () => {
    expect(formatLondonDate('2026-11-23T10:00:00Z')).toBe('23 November 2026');
    expect(formatLondonDate('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatLondonDate('2026-12-31T23:30:00Z')).toBe('31 December 2026');
    expect(formatLondonDate(new Date('2024-02-29T12:00:00Z'))).toBe('29 February 2024');
  });

  it('changes clocks at 01:00 UTC on the last Sundays of March and October', () => {
    expect(isBritishSummerTime(Date.parse('2026-03-29T00:59:59Z'))).toBe(false);
    expect(isBritishSummerTime(Date.parse('2026-03-29T01:00:00Z'))).toBe(true);
    expect(isBritishSummerTime(Date.parse('2026-10-25T00:59:59Z'))).toBe(true);
    expect(isBritishSummerTime(Date.parse('2026-10-25T01:00:00Z'))).toBe(false);
  });

  it('throws a RangeError for text that is not a date, as Intl does', () => {
    expect(() => formatLondonDate('soon')).toThrow(RangeError);
    expect(() => formatUtcDate('')).toThrow(RangeError);
  });

  it("property: says what Intl.DateTimeFormat('en-GB', Europe/London) says", () => {
    const intl = intlDate('Europe/London');
    fc.assert(
      fc.property(instants, (time) => {
        expect(formatLondonDate(new Date(time))).toBe(intl.format(time));
      }),
      { numRuns: 5000 },
    );
  });

  it('property: agrees with Intl in the hours around every clock change', () => {
    const intl = intlDate('Europe/London');
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay());
        // Late evening and the change itself, where the two clocks give different dates.
        for (let minutes = -120; minutes <= 180; minutes += 30) {
          const time = sunday + minutes * 60_000;
          expect(formatLondonDate(new Date(time)), new Date(time).toISOString()).toBe(
            intl.format(time),
          );
        }
      }
    }
  });
});

describe('formatUtcDate', () => {
  it('gives the day, month and year in UTC', () => {
    expect(formatUtcDate('2026-06-30T23:30:00Z')).toBe('30 June 2026');
    expect(formatUtcDate('2015-01-01T00:00:00Z')).toBe('1 January 2015');
  });

  it("property: says what Intl.DateTimeFormat('en-GB', UTC) says", () => {
    const intl = intlDate('UTC');
    fc.assert(
      fc.property(instants, (time) => {
        expect(formatUtcDate(new Date(time))).toBe(intl.format(time));
      }),
      { numRuns: 2000 },
    );
  });
});
