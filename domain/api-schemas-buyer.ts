import { z } from 'zod';

/** GET /api/buyer: whose prices the storefront shows, and how it writes them. */
export const buyerSchema = z.object({
  /** The customer group's name ('Trade'); null for retail. */
  group: z.string().nullable(),
  /** True when a group's price list prices the catalogue for this shopper. */
  trade: z.boolean(),
  /** Prices are written ex VAT first ("£41.25 ex VAT, £49.50 inc VAT"). */
  show_ex_vat: z.boolean(),
});

export type BuyerJson = z.infer<typeof buyerSchema>;
