import { z } from 'zod';
import { PAYMENT_METHODS } from './checkout.ts';

/** One way of paying as the checkout shows it (the server's payment registry answers these). */
export const paymentOptionSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    label: z.string(),
    description: z.string(),
    /** Pay on account only: the credit left on the buyer's account, in pounds. */
    available_credit: z.string().optional(),
  })
  .meta({ id: 'PaymentOption' });
