// Dates for people, as the shop prints them: '24 November 2026'. Written out rather than through
// Intl.DateTimeFormat because a page's first Intl formatter loads the browser's locale data,
// 40–110 ms of main thread on a phone-class CPU; the unit tests hold both to Intl's output.

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const HOUR_MS = 3_600_000;

function validInstant(value: Date | string): number {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${JSON.stringify(value)}`);
  return time;
}

function dayMonthYear(utc: Date): string {
  return `${utc.getUTCDate()} ${MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`;
}

/** 01:00 UTC on the last Sunday of a month (0-based), when UK clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 24 * HOUR_MS;
}

/**
 * Whether UK clocks are on British Summer Time (UTC+1) at an instant: from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October, the rule since 1996.
 */
export function isBritishSummerTime(time: number): boolean {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
}

/**
 * The calendar date in London at an instant.
 *
 * formatLondonDate('2026-11-23T10:00:00Z') → '23 November 2026'
 * formatLondonDate('2026-06-30T23:30:00Z') → '1 July 2026' (BST)
 */
export function formatLondonDate(instant: Date | string): string {
  const time = validInstant(instant);
  return dayMonthYear(new Date(time + (isBritishSummerTime(time) ? HOUR_MS : 0)));
}

/**
 * The calendar date in UTC at an instant.
 *
 * formatUtcDate('2026-06-30T23:30:00Z') → '30 June 2026'
 */
export function formatUtcDate(instant: Date | string): string {
  return dayMonthYear(new Date(validInstant(instant)));
}

/**
 * An instant as the API writes it (ISO 8601, UTC), from a Date or a database timestamp string.
 * isoInstant('2026-11-27 02:20:00+00') → '2026-11-27T02:20:00.000Z'
 */
export const isoInstant = (value: Date | string): string => new Date(value).toISOString();

/** isoInstant, or null for an instant that has not happened (null or absent). */
export const isoInstantOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : isoInstant(value);
