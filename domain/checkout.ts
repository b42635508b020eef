// What the checkout sends and what the shop answers: one schema for the checkout form and for
// POST /api/checkout/orders, and the shapes of the quote and of an order. Amounts in answers are
// pounds with two decimals as strings ('123.45'), as the basket's are; the shop computes them in
// integer pence.
import { z } from '#domain/zod.ts';
import { tryToPence } from './money.ts';
import type { OrderStatus, PaymentStatus } from './order-states.ts';
import {
  addressSchema,
  booleanLike,
  emailSchema,
  whenFieldsValid,
  type Address,
} from './validation.ts';

export const DELIVERY_OPTION_IDS = ['standard', 'timed_am', 'timed_pm'] as const;
export type DeliveryOptionId = (typeof DELIVERY_OPTION_IDS)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Debit or credit card',
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

/** Net, VAT and gross of an amount, in pounds. */
export interface VatSplitJson {
  net: string;
  vat: string;
  gross: string;
}

/** One line priced for checkout or as ordered. */
export interface OrderLineJson {
  product_id: number;
  variation_id: number;
  name: string;
  /** The size option, e.g. '600x400x20' or 'Free Sample'. */
  size: string;
  kind: 'size' | 'free-sample' | 'full-size-sample';
  /** Cut to the customer's size: exempt from the 14-day cancellation right. */
  is_bespoke: boolean;
  pieces: number;
  m2: number | null;
  /** Gross price per m² when `unit` is 'm2', per item otherwise. */
  unit_price: string;
  unit: 'm2' | 'item';
  /** The unit price without VAT. */
  unit_price_net: string;
  vat_rate: number;
  weight_kg: number;
  total: VatSplitJson;
}

export interface DeliveryOptionJson {
  id: DeliveryOptionId;
  label: string;
  price: string;
  /** Working days from dispatch of an order placed today. */
  estimate: { min_days: number; max_days: number; earliest: string; latest: string };
}

export interface DeliveryJson {
  /** False for an address the shop cannot deliver to; `message` says why. */
  deliverable: boolean;
  message: string | null;
  zone: { code: string; name: string } | null;
  method: 'post' | 'parcel' | 'pallet' | null;
  weight_kg: number;
  parcels: number;
  pallets: number;
  /** Kerbside delivery and what it means for the shopper. */
  note: string | null;
  options: DeliveryOptionJson[];
  /** The chosen option (or the first one); null when nothing can be delivered. */
  selected: DeliveryOptionId | null;
}

export interface OrderTotalsJson {
  goods: VatSplitJson;
  delivery: VatSplitJson;
  total: VatSplitJson;
}

/** GET /api/checkout. */
export interface CheckoutQuoteJson {
  lines: OrderLineJson[];
  delivery: DeliveryJson;
  totals: OrderTotalsJson;
  payment_methods: PaymentMethod[];
  terms_version: string;
}

export interface OrderEventJson {
  at: string;
  /** A status or payment change, or a note for staff (e.g. a payment that did not match). */
  kind: 'status' | 'payment' | 'note';
  from: string | null;
  to: string;
  actor: string;
  note: string | null;
}

export interface BankTransferJson {
  account_name: string;
  sort_code: string;
  account_number: string;
  /** The order number: the reference to give with the payment. */
  reference: string;
  /** Unpaid orders expire then and their stock is released. */
  pay_by: string;
}

/** GET /api/orders/{number}. */
export interface OrderJson {
  number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  placed_at: string;
  expires_at: string | null;
  email: string;
  shipping_address: Address;
  billing_address: Address;
  lines: OrderLineJson[];
  delivery: {
    option: DeliveryOptionId;
    label: string;
    zone: { code: string; name: string };
    method: 'post' | 'parcel' | 'pallet';
    weight_kg: number;
    parcels: number;
    pallets: number;
    note: string | null;
    estimate: DeliveryOptionJson['estimate'];
  };
  totals: OrderTotalsJson;
  history: OrderEventJson[];
  invoice: { number: string; issued_at: string; url: string } | null;
  bank_transfer: BankTransferJson | null;
  terms_version: string;
}

/** One row of GET /api/orders. */
export interface OrderSummaryJson {
  number: string;
  placed_at: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total: string;
  item_count: number;
}

/** POST /api/checkout/orders. */
export interface PlacedOrderJson {
  data: OrderJson;
  /**
   * The secret of the order's link (guests keep it; the confirmation page uses it). Null when a
   * repeated Idempotency-Key answers an order placed before: the placing session still sees it.
   */
  token: string | null;
  /** For a card payment: what the browser needs to confirm it with the provider. */
  payment: { provider: 'stripe'; client_secret: string; publishable_key: string | null } | null;
}
