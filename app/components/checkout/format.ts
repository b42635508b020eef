import type { DeliveryOptionJson } from '#domain/checkout.ts';
import { formatLondonDate, formatUtcDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { countryLabel } from '#domain/countries.ts';

/** '123.45' (the API's pounds) → '£123.45'. */
export const money = (pounds: string) => formatGBP(toPence(pounds));

/** A day the shop sends as '2026-12-03' (a calendar date) or as an instant. */
export function formatDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatUtcDate(value) : formatLondonDate(value);
}

/**
 * A delivery estimate as the checkout shows it.
 *
 * estimateText({ min_days: 3, max_days: 5, earliest: '2026-12-03', latest: '2026-12-07' })
 *   → '3–5 working days, 3 December 2026–7 December 2026'
 */
export function estimateText(estimate: DeliveryOptionJson['estimate']): string {
  const days =
    estimate.min_days === estimate.max_days
      ? `${estimate.min_days}`
      : `${estimate.min_days}–${estimate.max_days}`;
  return `${days} working days, ${formatDay(estimate.earliest)}–${formatDay(estimate.latest)}`;
}

/** The address lines to print, empty ones left out. */
export function addressLines(address: {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  address_1: string;
  address_2?: string | undefined;
  city: string;
  county?: string | undefined;
  postcode: string;
  country: string;
}): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.company ?? '',
    address.address_1,
    address.address_2 ?? '',
    address.city,
    address.county ?? '',
    address.postcode,
    countryLabel(address.country),
  ].filter((line) => line.trim() !== '');
}
