import { setTimeout as delay } from 'node:timers/promises';
import { POSTCODE_LOOKUP_DELAY_MS } from '#domain/catalogue.ts';
import type { PostcodeAddressJson } from '#domain/api-types.ts';

/** Finds the addresses of a UK postcode; a real provider (Royal Mail PAF, getAddress.io) fits here. */
export interface PostcodeLookupProvider {
  /** `postcode` is already a valid UK postcode in standard form. */
  find(postcode: string): Promise<PostcodeAddressJson[]>;
}

/**
 * The offline default of spec section 5: sample addresses after half a second, so the form's
 * lookup flow works without a paid service.
 */
export const sampleAddressProvider: PostcodeLookupProvider = {
  async find(postcode) {
    await delay(POSTCODE_LOOKUP_DELAY_MS);
    return [
      { address_1: '1 High Street', address_2: '', city: 'London', county: 'Greater London' },
      { address_1: '2 High Street', address_2: '', city: 'London', county: 'Greater London' },
      { address_1: 'Flat 3', address_2: '5 High Street', city: 'London', county: 'Greater London' },
    ].map((address) => ({ ...address, postcode }));
  },
};
