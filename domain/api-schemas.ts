// The answers of the API as Zod schemas: the one source of the answer types the server sends and
// the storefront reads (api-types.ts, cart.ts, checkout.ts, wordpress.ts derive theirs with
// `z.infer`), and of the response schemas in /api/openapi.json. Schemas with an `id` become
// shared components of the OpenAPI document.
import { z } from '#domain/zod.ts';
import { orderDocumentSchema, timelineStepSchema } from './api-schemas-tracking.ts';
import { bookableDaysSchema, bookingSchema } from './api-schemas-booking.ts';
import { DELIVERY_OPTION_IDS, PAYMENT_METHODS } from './checkout.ts';
import { paymentOptionSchema } from './api-schemas-payments.ts';

export { paymentOptionSchema };
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-states.ts';
import { SELLING_UNITS } from './selling-unit.ts';
import { COUNTRY_CODES } from './countries.ts';
import { productFactsFields } from './product-facts.ts';
import { discountSummarySchema, discountTotalsSchema } from './api-schemas-discounts.ts';

/** An amount in pounds with two decimals, as every basket and order figure: '123.45'. */
export const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Pounds with two decimals, e.g. '123.45'" });

/** A row's id, as every answer gives it. */
export const id = z.number().int();

// --- Errors -------------------------------------------------------------------------------

/** The JSON error body of every 4xx/5xx answer (design.md section 5); some carry more keys. */
export const errorBodySchema = z
  .looseObject({
    code: z.string(),
    message: z.string(),
    /** Repeats `message`: the storefront reads `error` for login and profile. */
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: 'Error',
    description: '{ code, message, error, fields? }; `error` repeats `message`',
  });

// --- Catalogue ----------------------------------------------------------------------------

export const productImageSchema = z
  .object({ id, src: z.string(), alt: z.string() })
  .meta({ id: 'ProductImage' });

export const productTermSchema = z
  .object({ id, name: z.string(), slug: z.string() })
  .meta({ id: 'ProductTerm' });

export const productAttributeSchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    options: z.array(z.string()),
    terms: z.array(productTermSchema),
  })
  .meta({ id: 'ProductAttribute' });

export const productSchema = z
  .object({
    id,
    slug: z.string(),
    name: z.string(),
    permalink: z.string(),
    type: z.string(),
    status: z.string(),
    /** What the prices are for (m2, piece, litre, each, linear_metre): see SELLING_UNIT_LABELS. */
    unit: z.enum(SELLING_UNITS),
    featured: z.boolean(),
    on_sale: z.boolean(),
    date_created: z.string(),
    price: z.string(),
    regular_price: z.string(),
    sale_price: z.string(),
    price_html: z.string(),
    short_description: z.string(),
    description: z.string().optional(),
    images: z.array(productImageSchema),
    categories: z.array(productTermSchema),
    attributes: z.array(productAttributeSchema),
    variations: z.array(id),
    ...productFactsFields,
  })
  .meta({ id: 'Product' });

export const variationSchema = z
  .object({
    id,
    parent_id: id,
    /** What the size is charged at now. */
    price: z.string(),
    /** The price before any sale; equals `price` when not on sale. */
    regular_price: z.string(),
    /** The sale price while a sale runs, '' otherwise (as WooCommerce). */
    sale_price: z.string(),
    on_sale: z.boolean(),
    /** `price` as HTML; during a sale `<del>` regular `</del>` and `<ins>` sale `</ins>`. */
    price_html: z.string(),
    instock: z.boolean(),
    stock_status: z.enum(['instock', 'outofstock']),
    /** Pieces on hand; null when not counted (free samples, made to order). */
    stock_quantity: z.number().int().nullable(),
    attributes: z.array(z.object({ name: z.literal('pa_sizemm'), option: z.string() })),
    /**
     * Made or cut to the customer's specification: exempt from the 14-day cancellation right.
     * A stock size chosen from the list is false.
     */
    made_to_order: z.boolean(),
  })
  .meta({ id: 'Variation' });

const termCountSchema = z.object({ id, name: z.string(), slug: z.string(), count: z.number() });

export const listingMetaSchema = z
  .object({
    current_page: z.number().int(),
    has_next_page: z.boolean(),
    total_pages: z.number().int(),
    total_products: z.number().int(),
    per_page: z.number().int(),
  })
  .meta({ id: 'ListingMeta' });

export const facetSchema = z
  .object({ attribute_id: id, name: z.string(), slug: z.string(), terms: z.array(termCountSchema) })
  .meta({ id: 'Facet' });

export const listingSchema = z
  .object({
    data: z.array(productSchema),
    meta: listingMetaSchema,
    facets: z.array(facetSchema).optional(),
  })
  .meta({ id: 'Listing' });

export const productDetailSchema = z.object({
  data: productSchema,
  variations: z.array(variationSchema),
});

export { menuNodeSchema, type MenuNodeShape } from './menu-links.ts';

/**
 * A Special Deals card: a product with a size on sale now, that size's true prices, and the
 * size its Add to Cart adds.
 */
export const clearanceSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  /** `<del>` regular `</del> <ins>` sale `</ins>`: the first number is the regular price. */
  price_html: z.string(),
  imageURL: z.string(),
  material: z.string(),
  variation_id: id,
  /** The size's option text, e.g. 600x400x20. */
  size: z.string(),
  regular_price: z.string(),
  sale_price: z.string(),
  /** Whole percent taken off, rounded down. */
  discount_percent: z.number().int(),
  unit: z.enum(SELLING_UNITS),
});

export const attributeSchema = z.object({ id, name: z.string(), slug: z.string() });

export const termsPageSchema = z.object({
  data: z.array(termCountSchema),
  meta: z.object({
    attribute_id: id,
    current_page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

export const recentPostSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  link: z.string(),
  date: z.string(),
  excerpt: z.string(),
  og_image: z.array(z.object({ url: z.string() })),
});

// --- Basket -------------------------------------------------------------------------------

export const cartLineItemSchema = z
  .object({
    id,
    product_id: id,
    variation_id: id,
    quantity: z.number().int(),
    m2_quantity: z.number().nullable(),
    is_sample: z.boolean(),
    /** Per m² for sizes, per item for samples and unsized goods, e.g. '50.00'. */
    price: pounds,
    /** The price before the sale while one runs, e.g. '62.50'; null when not on sale. */
    regular_price: pounds.nullable(),
    /** The line total the basket shows, e.g. '24.00'. */
    line_total: pounds,
    name: z.string(),
    image: z.object({ src: z.string() }),
    /** e.g. '3 pcs (0.720 m²)', '1 pc', '3 litres'. */
    display_quantity: z.string(),
    /** The product's selling unit: what `price` is for when the line is a size. */
    unit: z.enum(SELLING_UNITS),
    meta_data: z.array(z.object({ key: z.string(), value: z.string() })),
    /**
     * Why the line cannot be ordered as it stands (fewer pieces left than it holds, e.g. 'Only 34
     * pieces left'), or null; checkout refuses the basket until it is changed.
     */
    stock_message: z.string().nullable(),
    /** The size is made or cut to the customer's specification: it cannot be cancelled. */
    made_to_order: z.boolean(),
  })
  .meta({ id: 'CartLineItem' });

export const cartSchema = z
  .object({
    line_items: z.array(cartLineItemSchema),
    /** Sum of line quantities: the number on the basket icon. */
    item_count: z.number().int(),
    subtotal: pounds,
    /** The VAT contained in the subtotal (design.md section 7). */
    vat: pounds,
    /** The VAT percent the basket is split at: the rate in force today (decision 0011). */
    vat_rate: z.number(),
    /** The subtotal less any discount code's amount: prices include VAT. */
    total: pounds,
    discount: discountSummarySchema.optional(),
  })
  .meta({ id: 'Cart' });

/** Every cart call answers the whole basket. */
export const cartAnswerSchema = z.object({ data: cartSchema });

// --- Accounts -----------------------------------------------------------------------------

export const addressJsonSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
    phone: z.string(),
    email: z.string(),
    country: z.string(),
    postcode: z.string(),
    address_1: z.string(),
    address_2: z.string(),
    city: z.string(),
    county: z.string(),
  })
  .meta({ id: 'Address' });

export const customerSchema = z
  .object({
    id,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.string(),
    username: z.string(),
    billing: addressJsonSchema.nullable(),
    shipping: addressJsonSchema.nullable(),
    is_paying_customer: z.boolean(),
    /** When the customer proved the email is theirs; null until then. */
    email_verified_at: z.string().nullable(),
    avatar_url: z.string(),
    date_created: z.string(),
    date_modified: z.string(),
  })
  .meta({ id: 'Customer' });

/** Login and registration answer; `token` and `wpToken` are the same session token. */
export const authSchema = z
  .object({ customer: customerSchema, token: z.string(), wpToken: z.string() })
  .meta({ id: 'Auth' });

/** A profile change answers the customer, and a new token when the password changed. */
export const profileAnswerSchema = z.object({
  customer: customerSchema,
  token: z.string().optional(),
  wpToken: z.string().optional(),
});

export const messageSchema = z.object({ message: z.string() });

// --- Checkout and orders ------------------------------------------------------------------

export const vatSplitSchema = z
  .object({ net: pounds, vat: pounds, gross: pounds })
  .meta({ id: 'VatSplit' });

const variationKindSchema = z.enum(['size', 'free-sample', 'full-size-sample']);

export const orderLineSchema = z
  .object({
    product_id: id,
    variation_id: id,
    name: z.string(),
    /** The size option, e.g. '600x400x20' or 'Free Sample'. */
    size: z.string(),
    kind: variationKindSchema,
    /**
     * The size was made or cut to the customer's specification (its made_to_order flag when
     * ordered): exempt from the 14-day cancellation right.
     */
    is_bespoke: z.boolean(),
    pieces: z.number().int(),
    m2: z.number().nullable(),
    /** Gross price per m² when `unit` is 'm2', per item otherwise. */
    unit_price: pounds,
    unit: z.enum(['m2', 'item']),
    /** The product's selling unit when sold ('m2' for lines from before units were kept). */
    selling_unit: z.enum(SELLING_UNITS),
    /** The unit price without VAT. */
    unit_price_net: pounds,
    vat_rate: z.number(),
    weight_kg: z.number(),
    /** Off the line by the discount code, VAT included; `total` is after it. */
    discount: pounds,
    total: vatSplitSchema,
  })
  .meta({ id: 'OrderLine' });

const deliveryOptionIdSchema = z.enum(DELIVERY_OPTION_IDS);
const deliveryMethodSchema = z.enum(['post', 'parcel', 'pallet']);
const zoneSchema = z.object({ code: z.string(), name: z.string() });

/** Working days from dispatch of an order placed today. */
const estimateSchema = z.object({
  min_days: z.number().int(),
  max_days: z.number().int(),
  earliest: z.string(),
  latest: z.string(),
});

export const deliveryOptionSchema = z
  .object({
    id: deliveryOptionIdSchema,
    label: z.string(),
    price: pounds,
    estimate: estimateSchema,
    days: bookableDaysSchema,
  })
  .meta({ id: 'DeliveryOption' });

export const deliverySchema = z.object({
  /** False for an address the shop cannot deliver to; `message` says why. */
  deliverable: z.boolean(),
  message: z.string().nullable(),
  zone: zoneSchema.nullable(),
  /** The zone's surcharge included in the prices, and the line that explains it. */
  surcharge: z.object({ amount: pounds, text: z.string() }).nullable(),
  method: deliveryMethodSchema.nullable(),
  weight_kg: z.number(),
  parcels: z.number().int(),
  pallets: z.number().int(),
  /** Kerbside delivery and what it means for the shopper. */
  note: z.string().nullable(),
  options: z.array(deliveryOptionSchema),
  /** Where the 'collection' option collects from; null when the shop offers no collection. */
  collection_address: z.string().nullable(),
  /** The chosen option (or the first one); null when nothing can be delivered. */
  selected: deliveryOptionIdSchema.nullable(),
});

export const orderTotalsSchema = z
  // Goods and delivery as charged, after the discount (null when no code applied).
  .object({ goods: vatSplitSchema, delivery: vatSplitSchema, total: vatSplitSchema })
  .extend({ discount: discountTotalsSchema.nullable() })
  .meta({ id: 'OrderTotals' });

export const checkoutQuoteSchema = z
  .object({
    lines: z.array(orderLineSchema),
    delivery: deliverySchema,
    totals: orderTotalsSchema,
    discount: discountSummarySchema.nullable(),
    /** The methods this buyer may choose (the methods of payment_options). */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    /** Each way this buyer may pay, as the checkout shows it (the server's payment registry). */
    payment_options: z.array(paymentOptionSchema),
    terms_version: z.string(),
  })
  .meta({ id: 'CheckoutQuote' });

export const orderEventSchema = z.object({
  at: z.string(),
  /** A status or payment change, or a note for staff (e.g. a payment that did not match). */
  kind: z.enum(['status', 'payment', 'note']),
  from: z.string().nullable(),
  to: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});

export const bankTransferSchema = z.object({
  account_name: z.string(),
  sort_code: z.string(),
  account_number: z.string(),
  /** The order number: the reference to give with the payment. */
  reference: z.string(),
  /** Unpaid orders expire then and their stock is released. */
  pay_by: z.string(),
});

/** An address as the checkout form took it: the optional lines may be absent. */
const orderAddressSchema = addressJsonSchema
  .extend({ country: z.enum(COUNTRY_CODES) })
  .partial({ company: true, address_2: true, county: true })
  .meta({ id: 'OrderAddress' });

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const orderSchema = z
  .object({
    number: z.string(),
    status: orderStatusSchema,
    payment_status: paymentStatusSchema,
    payment_method: z.enum(PAYMENT_METHODS),
    placed_at: z.string(),
    expires_at: z.string().nullable(),
    email: z.string(),
    shipping_address: orderAddressSchema,
    billing_address: orderAddressSchema,
    lines: z.array(orderLineSchema),
    delivery: z.object({
      option: deliveryOptionIdSchema,
      label: z.string(),
      zone: zoneSchema,
      method: deliveryMethodSchema,
      weight_kg: z.number(),
      parcels: z.number().int(),
      pallets: z.number().int(),
      note: z.string().nullable(),
      estimate: estimateSchema,
    }),
    booking: bookingSchema,
    totals: orderTotalsSchema,
    history: z.array(orderEventSchema),
    invoice: z
      .object({
        number: z.string(),
        issued_at: z.string(),
        url: z.string(),
        /** On account: the day ('YYYY-MM-DD') the invoice must be paid by; null once paid for. */
        due_on: z.string().nullable(),
      })
      .nullable(),
    bank_transfer: bankTransferSchema.nullable(),
    terms_version: z.string(),
    /** The order's life for its tracking page, oldest step first. */
    timeline: z.array(timelineStepSchema),
    /** The VAT invoice and credit notes, with download links. */
    documents: z.array(orderDocumentSchema),
    /** Placed as a guest and in no account yet: a verified customer of its email may claim it. */
    guest: z.boolean(),
    /** Notes the shop wrote to the customer about the order, oldest first. */
    messages: z.array(z.object({ at: z.string(), text: z.string() })),
  })
  .meta({ id: 'Order' });

export const orderSummarySchema = z.object({
  number: z.string(),
  placed_at: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  total: pounds,
  item_count: z.number().int(),
});

/** What the browser needs to confirm a card payment with Stripe. */
export const cardPaymentSchema = z.object({
  provider: z.literal('stripe'),
  client_secret: z.string(),
  publishable_key: z.string().nullable(),
});

export const placedOrderSchema = z.object({
  data: orderSchema,
  /**
   * The secret of the order's link (guests keep it; the confirmation page uses it). Null when a
   * repeated Idempotency-Key answers an order placed before: the placing session still sees it.
   */
  token: z.string().nullable(),
  /** For a card payment: what the browser needs to confirm it with the provider. */
  payment: cardPaymentSchema.nullable(),
});

/** A page of a list that is not products (orders, audit log): the listing's meta. */
export const pageMetaSchema = listingMetaSchema;
