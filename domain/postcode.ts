// UK postcodes, apart from the form schemas: the product page's and basket's delivery estimate
// read them in the first view, which must not carry the validation library.

export const UK_POSTCODE_INVALID = 'Please enter a valid UK postcode';

/**
 * UK postcodes, including GIR 0AA, with the Royal Mail letter rules for each position: first
 * letter not Q, V or X; second letter not I, J or Z; third (A9A) from A-H, J, K, P, S-U, W; fourth
 * (AA9A) from A, B, E, H, M, N, P, R, V-Y; the inward letters never C, I, K, M, O or V. One optional
 * space, any case.
 */
export const UK_POSTCODE_REGEX =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

/**
 * A UK postcode in its standard form (upper case, one space before the inward code), or null when
 * it is not a valid UK postcode.
 *
 * normaliseUkPostcode('sw1a1aa') → 'SW1A 1AA'
 * normaliseUkPostcode('  ec1a   1bb ') → 'EC1A 1BB'
 * normaliseUkPostcode('gir0aa') → 'GIR 0AA'
 * normaliseUkPostcode('12345') → null
 */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE_REGEX.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
