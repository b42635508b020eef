import type { z } from '#domain/zod.ts';
import type { discountSummarySchema, discountTotalsSchema } from '#domain/api-schemas-discounts.ts';

export type DiscountSummaryJson = z.infer<typeof discountSummarySchema>;
export type DiscountTotalsJson = z.infer<typeof discountTotalsSchema>;
