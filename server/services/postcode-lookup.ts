import type { PostcodeAddressJson } from '#domain/api-types.ts';
import type { PostcodeLookupConfig } from '../config.ts';

/** Finds the addresses of a UK postcode through an address service. */
export interface PostcodeLookupProvider {
  /** `postcode` is already a valid UK postcode in standard form; [] when it has no addresses. */
  find(postcode: string): Promise<PostcodeAddressJson[]>;
}

/** The service answered something other than addresses or "no such postcode". */
export class PostcodeLookupUnavailable extends Error {}

/** One address of Ideal Postcodes' `GET /v1/postcodes/{postcode}` answer (the fields read). */
interface IdealPostcodesAddress {
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  county: string;
  postcode: string;
}

/** Royal Mail's post towns come in capitals; an address label reads better in title case. */
function titleCase(town: string): string {
  return town.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => {
    return gap + letter.toUpperCase();
  });
}

/**
 * Ideal Postcodes (Royal Mail PAF): addresses at a postcode. An unknown postcode answers 404,
 * which is an empty list here; a refused key, an exhausted balance or a fault throws, so the
 * form says the lookup failed and the shopper types the address: nothing is ever made up.
 */
export function idealPostcodesProvider(config: PostcodeLookupConfig): PostcodeLookupProvider {
  return {
    async find(postcode) {
      const url = new URL(`/v1/postcodes/${encodeURIComponent(postcode)}`, config.apiUrl);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `api_key="${config.apiKey}"`, accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new PostcodeLookupUnavailable('The address service did not answer', {
          cause: error,
        });
      }
      if (response.status === 404) return [];
      if (!response.ok) {
        throw new PostcodeLookupUnavailable(`The address service answered ${response.status}`);
      }
      const body = (await response.json()) as { result?: IdealPostcodesAddress[] };
      return (body.result ?? []).map((address) => ({
        address_1: address.line_1,
        address_2: [address.line_2, address.line_3].filter(Boolean).join(', '),
        city: titleCase(address.post_town),
        county: address.county,
        postcode: address.postcode,
      }));
    },
  };
}

/** The configured lookup, or null: without a key the shop offers no lookup at all. */
export function postcodeLookupFrom(
  config: PostcodeLookupConfig | undefined,
): PostcodeLookupProvider | null {
  return config ? idealPostcodesProvider(config) : null;
}
