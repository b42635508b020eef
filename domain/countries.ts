// The countries an address may name, apart from the form schemas: pages that only show an
// address (checkout's summary, the delivery estimate) read them without the validation library.

/** Address country options (spec section 3), in form order. */
export const COUNTRIES = [
  { code: 'GB', label: 'United Kingdom (UK)' },
  { code: 'US', label: 'United States (US)' },
  { code: 'CA', label: 'Canada' },
  { code: 'AU', label: 'Australia' },
  { code: 'DE', label: 'Germany' },
  { code: 'FR', label: 'France' },
  { code: 'OTHER', label: 'Other' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/**
 * The label of a country code, or the code itself when unknown.
 *
 * countryLabel('GB') → 'United Kingdom (UK)'
 * countryLabel('XX') → 'XX'
 */
export function countryLabel(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.label ?? code;
}
