// Working days for delivery estimates: Monday to Friday in London, less the bank holidays of
// England and Wales (where the shop and its carriers work from). London's date comes from the
// same summer-time rule as domain/dates.ts, so estimates and printed dates never disagree.
import { isBritishSummerTime } from './dates.ts';

/**
 * Bank holidays in England and Wales, 2026 and 2027 (GOV.UK, www.gov.uk/bank-holidays), with the
 * substitute days when Christmas or Boxing Day falls at a weekend. Dates after 2027 skip weekends
 * only until the list is extended.
 */
export const BANK_HOLIDAYS_ENGLAND_WALES: readonly string[] = [
  '2026-01-01', // New Year's Day
  '2026-04-03', // Good Friday
  '2026-04-06', // Easter Monday
  '2026-05-04', // Early May bank holiday
  '2026-05-25', // Spring bank holiday
  '2026-08-31', // Summer bank holiday
  '2026-12-25', // Christmas Day
  '2026-12-28', // Boxing Day (substitute day)
  '2027-01-01', // New Year's Day
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
  '2027-05-03', // Early May bank holiday
  '2027-05-31', // Spring bank holiday
  '2027-08-30', // Summer bank holiday
  '2027-12-27', // Christmas Day (substitute day)
  '2027-12-28', // Boxing Day (substitute day)
];

const BANK_HOLIDAYS = new Set(BANK_HOLIDAYS_ENGLAND_WALES);

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Midnight UTC of the London calendar date at an instant (a date-only value). */
function londonDay(instant: Date): Date {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Not a date: Invalid Date');
  const london = new Date(time + (isBritishSummerTime(time) ? HOUR_MS : 0));
  return new Date(Date.UTC(london.getUTCFullYear(), london.getUTCMonth(), london.getUTCDate()));
}

function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** Monday to Friday and not a bank holiday. */
function isWorkingDay(day: Date, holidays: ReadonlySet<string> = BANK_HOLIDAYS): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(isoDate(day));
}

/**
 * The working days that follow `from`'s London date, skipping weekends and `holidays`:
 * `count` of them, starting `skip` working days on (the first yielded is the (skip+1)th).
 *
 * workingDaysAfter(new Date('2026-11-25T10:00:00Z'), 3, 2) → ['2026-12-01', '2026-12-02']
 */
export function workingDaysAfter(
  from: Date,
  skip: number,
  count: number,
  holidays: readonly string[] = BANK_HOLIDAYS_ENGLAND_WALES,
): string[] {
  const off = holidays === BANK_HOLIDAYS_ENGLAND_WALES ? BANK_HOLIDAYS : new Set(holidays);
  const days: string[] = [];
  let day = londonDay(from);
  for (let seen = 0; days.length < count;) {
    day = new Date(day.getTime() + DAY_MS);
    if (!isWorkingDay(day, off)) continue;
    seen += 1;
    if (seen > skip) days.push(isoDate(day));
  }
  return days;
}

/**
 * The London calendar date `days` working days after `from`'s London date, as 'YYYY-MM-DD'.
 * Weekends and the bank holidays above are skipped; 0 days gives `from`'s own London date.
 * Throws a RangeError for a negative or fractional count or an invalid date.
 *
 * addWorkingDays(new Date('2026-11-19T10:00:00Z'), 3) → '2026-11-24' (Thu → Tue, over a weekend)
 * addWorkingDays(new Date('2026-12-23T10:00:00Z'), 3) → '2026-12-30' (Christmas, Boxing Day)
 * addWorkingDays(new Date('2026-06-25T23:30:00Z'), 1) → '2026-06-29' (00:30 BST on Friday)
 */
export function addWorkingDays(from: Date, days: number): string {
  if (!(Number.isInteger(days) && days >= 0)) {
    throw new RangeError(`Working days must be a whole number from 0, got ${days}`);
  }
  let day = londonDay(from);
  for (let left = days; left > 0;) {
    day = new Date(day.getTime() + DAY_MS);
    if (isWorkingDay(day)) left -= 1;
  }
  return isoDate(day);
}

/**
 * The dates an order placed at an instant should arrive between: minDays and maxDays working days
 * after its London date.
 *
 * deliveryEstimate(new Date('2026-11-19T10:00:00Z'), 3, 5)
 *   → { earliest: '2026-11-24', latest: '2026-11-26' }
 */
export function deliveryEstimate(
  placedAt: Date,
  minDays: number,
  maxDays: number,
): { earliest: string; latest: string } {
  return { earliest: addWorkingDays(placedAt, minDays), latest: addWorkingDays(placedAt, maxDays) };
}
