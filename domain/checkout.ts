// What the checkout sends and what the shop answers: one schema for the checkout form and for
// POST /api/checkout/orders, and the shapes of the quote and of an order. Amounts in answers are
// pounds with two decimals as strings ('123.45'), as the basket's are; the shop computes them in
// integer pence.
import { z } from '#domain/zod.ts';
import type * as s from './api-schemas.ts';
import {
  BOOKING_MESSAGES,
  DELIVERY_INSTRUCTIONS_MAX,
  DELIVERY_SLOTS,
  FULFILMENTS,
  SITE_ACCESS_IDS,
  SLOT_OF_OPTION,
  siteAccessConflict,
} from './booking.ts';
import { tryToPence } from './money.ts';
import { addressSchema, booleanLike, emailSchema, whenFieldsValid } from './validation.ts';

export const DELIVERY_OPTION_IDS = ['standard', 'timed_am', 'timed_pm', 'collection'] as const;
export type DeliveryOptionId = (typeof DELIVERY_OPTION_IDS)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Debit or credit card',
  account: 'Pay on account',
};

/** The version of the terms a shopper accepts; stored with each order. */
export const TERMS_VERSION = '2026-11';

/** Order numbers as shoppers see them: 'TS-100001'. */
export const ORDER_NUMBER_PATTERN = /^TS-\d{6,12}$/;

/** The order of /api/orders/{number} routes. */
export const orderParams = z.object({
  number: z.string().regex(ORDER_NUMBER_PATTERN, { error: 'An order number looks like TS-100001' }),
});

/** The secret of an order's link, for a guest. */
export const orderTokenQuery = z.object({
  token: z.string().trim().min(1).max(200).optional(),
});

/** Longest Idempotency-Key accepted (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/** An Idempotency-Key header's value: 1 to 100 printable ASCII characters, no spaces. */
export function isIdempotencyKey(key: unknown): key is string {
  return (
    typeof key === 'string' &&
    key.length <= IDEMPOTENCY_KEY_MAX_LENGTH &&
    /^[\x21-\x7e]+$/.test(key)
  );
}

export const CHECKOUT_MESSAGES = {
  deliveryOptionRequired: 'Please choose a delivery option',
  paymentMethodRequired: 'Please choose a payment method',
  termsRequired: 'Please read and accept the terms and conditions to place your order',
  billingRequired: 'Billing address is required',
  expectedTotalInvalid: 'expected_total must be the total shown at checkout, e.g. "123.45"',
  idempotencyKeyRequired:
    'An Idempotency-Key header (up to 100 characters) is required to place an order',
  emptyBasket: 'Your basket is empty',
  priceChanged:
    'Prices or delivery have changed since you saw them: please check the new total and place your order again',
  cardUnavailable: 'Card payments are not available: please choose bank transfer',
  nothingToPay:
    'There is nothing to pay for this order: we are preparing it now and will let you know when it is on its way.',
} as const;

/** The total the shopper was shown, in pence: an order is placed only at that total. */
const expectedTotalSchema = z
  .union([z.string(), z.number()], { error: CHECKOUT_MESSAGES.expectedTotalInvalid })
  .transform((value, ctx) => {
    const pence = tryToPence(value);
    if (pence === null || pence < 0) {
      ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.expectedTotalInvalid });
      return z.NEVER;
    }
    return pence;
  });

/** A form's empty text is no answer. */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The booking fields of an order (issue 27); which days are offered is checked by the shop. */
const bookingFields = {
  fulfilment: z
    .enum(FULFILMENTS, { error: "fulfilment must be 'delivery' or 'collection'" })
    .optional(),
  delivery_date: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'A delivery day looks like 2026-12-07' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A delivery day looks like 2026-12-07' })
      .optional(),
  ),
  delivery_slot: z
    .enum(DELIVERY_SLOTS, { error: "delivery_slot must be 'all_day', 'am' or 'pm'" })
    .optional(),
  site_access: z
    .partialRecord(z.enum(SITE_ACCESS_IDS), booleanLike('site_access'), {
      error: `site_access answers are true or false for: ${SITE_ACCESS_IDS.join(', ')}`,
    })
    .default({}),
  delivery_instructions: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Delivery instructions must be text' })
      .trim()
      .max(DELIVERY_INSTRUCTIONS_MAX, { error: BOOKING_MESSAGES.instructionsTooLong })
      .optional(),
  ),
};

/**
 * POST /api/checkout/orders and the checkout form. Keys follow the form's order so the error list
 * reads top to bottom; address errors are keyed 'shipping.postcode', 'billing.city' and so on.
 */
export const checkoutSchema = z
  .object({
    email: emailSchema,
    shipping: addressSchema,
    billing_same_as_shipping: booleanLike('billing_same_as_shipping').default(true),
    billing: addressSchema.optional(),
    delivery_option: z.enum(DELIVERY_OPTION_IDS, {
      error: CHECKOUT_MESSAGES.deliveryOptionRequired,
    }),
    ...bookingFields,
    payment_method: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethodRequired }),
    accept_terms: z.literal(true, { error: CHECKOUT_MESSAGES.termsRequired }),
    expected_total: expectedTotalSchema,
  })
  .superRefine(
    (input, ctx) => {
      if (!input.billing_same_as_shipping && input.billing === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: CHECKOUT_MESSAGES.billingRequired,
          path: ['billing'],
        });
      }
    },
    { when: whenFieldsValid('billing_same_as_shipping', 'billing') },
  )
  .superRefine(
    (input, ctx) => {
      const collecting = input.delivery_option === 'collection';
      if (input.fulfilment !== undefined && (input.fulfilment === 'collection') !== collecting) {
        ctx.addIssue({
          code: 'custom',
          message: BOOKING_MESSAGES.fulfilmentMismatch,
          path: ['fulfilment'],
        });
      }
      const slot = collecting ? undefined : SLOT_OF_OPTION[input.delivery_option];
      if (input.delivery_slot !== undefined && input.delivery_slot !== slot) {
        ctx.addIssue({
          code: 'custom',
          message: BOOKING_MESSAGES.slotMismatch,
          path: ['delivery_slot'],
        });
      }
      const conflict = siteAccessConflict(input.site_access);
      if (conflict) ctx.addIssue({ code: 'custom', message: conflict, path: ['site_access'] });
    },
    { when: whenFieldsValid('delivery_option', 'fulfilment', 'delivery_slot', 'site_access') },
  );
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type Checkout = z.output<typeof checkoutSchema>;

/** GET /api/checkout: the basket priced for a delivery address and option. */
export const checkoutQuoteQuery = z.object({
  country: z.string().trim().max(8).optional(),
  postcode: z.string().trim().max(16).optional(),
  delivery_option: z
    .enum(DELIVERY_OPTION_IDS, { error: CHECKOUT_MESSAGES.deliveryOptionRequired })
    .optional(),
});
export type CheckoutQuoteQuery = z.output<typeof checkoutQuoteQuery>;

// The answers' shapes, derived from their schemas in api-schemas.ts.

/** Net, VAT and gross of an amount, in pounds. */
export type VatSplitJson = z.infer<typeof s.vatSplitSchema>;
/** One line priced for checkout or as ordered. */
export type OrderLineJson = z.infer<typeof s.orderLineSchema>;
export type DeliveryOptionJson = z.infer<typeof s.deliveryOptionSchema>;
export type DeliveryJson = z.infer<typeof s.deliverySchema>;
export type OrderTotalsJson = z.infer<typeof s.orderTotalsSchema>;
/** GET /api/checkout. */
export type CheckoutQuoteJson = z.infer<typeof s.checkoutQuoteSchema>;
export type PaymentOptionJson = z.infer<typeof s.paymentOptionSchema>;
export type OrderEventJson = z.infer<typeof s.orderEventSchema>;
export type BankTransferJson = z.infer<typeof s.bankTransferSchema>;
/** GET /api/orders/{number}. */
export type OrderJson = z.infer<typeof s.orderSchema>;
/** One row of GET /api/orders. */
export type OrderSummaryJson = z.infer<typeof s.orderSummarySchema>;
/** POST /api/checkout/orders. */
export type PlacedOrderJson = z.infer<typeof s.placedOrderSchema>;
