// An address a postcode lookup found (server/services/postcode-lookup.ts): lines to fill in, never
// an address made up.
import { z } from '#domain/zod.ts';

export const postcodeAddressSchema = z.object({
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
});
