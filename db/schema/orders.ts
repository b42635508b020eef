import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Order numbers are human ('TS-100001'); gaps are fine, invoice numbers have their own counter. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/**
 * An order is a snapshot: its lines, addresses and figures never follow later catalogue or
 * account changes. Money in integer pence, VAT included in every gross figure.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** Hash of the secret in the order's link (guests, the confirmation page). */
    accessTokenHash: text('access_token_hash').notNull().unique(),
    /** The basket it came from (no foreign key: the basket is deleted as the order is placed). */
    cartId: integer('cart_id').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * SHA-256 of the request that placed it under its Idempotency-Key: the key replays this
     * order only for the same request (null for orders placed before it was kept).
     */
    requestHash: text('request_hash'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The session that placed it: only that caller may replay its Idempotency-Key. */
    sessionTokenHash: text('session_token_hash').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending_payment'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    /** Option, zone, method, weight, parcels, pallets, note and estimate as quoted. */
    delivery: jsonb('delivery').notNull(),
    goodsNetPence: integer('goods_net_pence').notNull(),
    goodsVatPence: integer('goods_vat_pence').notNull(),
    goodsGrossPence: integer('goods_gross_pence').notNull(),
    deliveryNetPence: integer('delivery_net_pence').notNull(),
    deliveryVatPence: integer('delivery_vat_pence').notNull(),
    deliveryGrossPence: integer('delivery_gross_pence').notNull(),
    totalNetPence: integer('total_net_pence').notNull(),
    totalVatPence: integer('total_vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    /** What the first payment takes when not the whole total: an accepted quote's deposit. */
    firstPaymentPence: integer('first_payment_pence'),
    /**
     * The discount code used (discount_codes.id, no foreign key: a snapshot), and what it took
     * off the goods and the delivery, VAT included; the figures above are after it.
     */
    discountCodeId: integer('discount_code_id'),
    discountCode: text('discount_code'),
    discountGoodsPence: integer('discount_goods_pence').notNull().default(0),
    discountDeliveryPence: integer('discount_delivery_pence').notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    termsVersion: text('terms_version').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpaid order expires then and gives its stock back; null once paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A payment arrived for an order that had expired or was cancelled: refund it. */
    needsRefund: boolean('needs_refund').notNull().default(false),
    /** 'delivery' to the shipping address, or 'collection' from the yard (when offered). */
    fulfilment: text('fulfilment').notNull().default('delivery'),
    /** The day booked for the delivery (pallets) or the collection; null when none was booked. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The timed slot booked on that day ('am', 'pm'), null for any time of the day. */
    deliverySlot: text('delivery_slot'),
    /** Answers to the site-access questions that change how a pallet is delivered. */
    siteAccess: jsonb('site_access')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The customer's note for the driver, printed on the delivery note. */
    deliveryInstructions: text('delivery_instructions'),
    /** Set as the order leaves: who carries it and where the customer follows it. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the confirmation left by mail (stamped by the mail outbox); null while unsent. */
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counted up by each staff edit of the order, so two editors never overwrite each other. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('orders_customer_placed').on(t.customerId, t.placedAt),
    index('orders_status_expires').on(t.status, t.expiresAt),
    index('orders_email').on(sql`lower(${t.email})`),
    check(
      'orders_totals_add_up',
      sql`${t.totalNetPence} + ${t.totalVatPence} = ${t.totalPence}
        AND ${t.goodsGrossPence} + ${t.deliveryGrossPence} = ${t.totalPence}`,
    ),
    check('orders_fulfilment_known', sql`${t.fulfilment} IN ('delivery', 'collection')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // No foreign keys: an order outlives the catalogue rows it was placed from.
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    kind: text('kind').notNull(),
    isBespoke: boolean('is_bespoke').notNull().default(false),
    pieces: integer('pieces').notNull(),
    m2: numeric('m2', { precision: 14, scale: 3 }),
    weightKg: numeric('weight_kg', { precision: 12, scale: 2 }).notNull(),
    /** How the line was priced: 'm2' (a tile size by its m²) or 'item'. */
    unit: text('unit').notNull(),
    /**
     * The product's selling unit (SELLING_UNITS) when the order was placed, so its papers keep
     * reading as sold; set from the product as the line is written (order_line_selling_unit).
     */
    sellingUnit: text('selling_unit').notNull().default('m2'),
    unitPricePence: integer('unit_price_pence').notNull(),
    unitNetPence: integer('unit_net_pence').notNull(),
    /** Percent, up to 2 decimals: the rate of the order's tax point once invoiced (vat_rates). */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    /** What the order's discount code took off this line, VAT included (net/VAT/gross are after it). */
    discountPence: integer('discount_pence').notNull().default(0),
    /** The size's pack when sold (order_line_pack): a return takes back whole packs of it. */
    piecesPerPack: integer('pieces_per_pack').notNull().default(1),
    /** Whether placing the order took stock of the variation (and so expiry gives it back). */
    stockTaken: boolean('stock_taken').notNull().default(false),
  },
  (t) => [
    index('order_lines_order').on(t.orderId, t.position),
    check('order_lines_split', sql`${t.netPence} + ${t.vatPence} = ${t.grossPence}`),
    check(
      'order_lines_selling_unit_known',
      sql`${t.sellingUnit} IN ('m2', 'piece', 'litre', 'each', 'linear_metre')`,
    ),
  ],
);

/** One attempt to take an order's money through a provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (a PaymentIntent id); null for bank transfers. */
    providerRef: text('provider_ref').unique(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    status: text('status').notNull().default('pending'),
    refundedPence: integer('refunded_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_order_provider').on(t.orderId, t.provider)],
);

/** Each provider event is processed once, however often it is delivered. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId)],
);

/**
 * VAT invoices: numbered without gaps from `counters`, only once an order is paid. An order has
 * one current invoice; editing a paid order supersedes it (a credit note cancels it) and issues
 * the next, so the old one keeps what it said in `snapshot`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: integer('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The tax point: when the payment was received (for a revised invoice, when revised). */
    taxPoint: timestamp('tax_point', { withTimezone: true }).notNull(),
    /** When an edit of the order replaced it; null for the order's current invoice. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The order as this invoice printed it (GET /api/orders answer), kept once superseded. */
    snapshot: jsonb('snapshot'),
    /** When an invoice for goods sent on a trade account's credit must be paid; null: paid. */
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('invoices_current_per_order')
      .on(t.orderId)
      .where(sql`${t.supersededAt} IS NULL`),
  ],
);

/** Credit notes for refunds: numbered without gaps from `counters` ('credit_note'). */
export const creditNotes = pgTable('credit_notes', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'restrict' }),
  number: integer('number').notNull().unique(),
  amountPence: integer('amount_pence').notNull(),
  reason: text('reason').notNull(),
  /** The provider's refund id, or 'manual' for money paid back by hand. */
  refundRef: text('refund_ref').notNull(),
  actor: text('actor').notNull(),
  /** The invoice it cancels, for a revision ('revision' refund_ref); null: the current one. */
  invoiceNumber: integer('invoice_number'),
  /** The VAT percent of the invoice it reduces: its gross is split at that rate. */
  vatPercent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('20'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The VAT rates and the London day each takes effect: an invoice splits its VAT-inclusive
 * prices at the rate in force on its tax point (decision 0011). Seeded with 20 % from 2011-01-04.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    effectiveFrom: date('effective_from', { mode: 'string' }).primaryKey(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [check('vat_rates_percent_range', sql`${t.percent} BETWEEN 0 AND 100`)],
);

/**
 * Staff notes on an order: private ones for the back office, and ones to the customer, which
 * their order page shows and the mail outbox sends.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    toCustomer: boolean('to_customer').notNull(),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order').on(t.orderId, t.id)],
);

/**
 * An order taken by phone before it is paid: its lines wait in a basket of its own (carts row
 * with session_token_hash 'draft:<id>'), priced as checkout prices it. It holds no stock: paying
 * through its link places it through checkout's placement, with its stock checks.
 */
export const draftOrders = pgTable(
  'draft_orders',
  {
    id: serial('id').primaryKey(),
    /** Hash of the secret of the payment link; null until the link is sent. */
    tokenHash: text('token_hash').unique(),
    email: text('email').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    deliveryOption: text('delivery_option').notNull(),
    /** 'draft', 'sent', 'placed' or 'cancelled'. */
    status: text('status').notNull().default('draft'),
    /** When the payment link stops working. */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'draft_orders_status_known',
      sql`${t.status} IN ('draft', 'sent', 'placed', 'cancelled')`,
    ),
  ],
);

/** Gapless counters, each taken under its row lock inside the transaction that uses it. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/** The order's history: every status and payment change, with who made it and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.at)],
);

/**
 * Delivery prices (one row): the owner changes these without a release. Gross pence (VAT
 * included), kilograms, working days.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    parcelMaxKg: integer('parcel_max_kg').notNull(),
    parcelPence: integer('parcel_pence').notNull(),
    palletMaxKg: integer('pallet_max_kg').notNull(),
    palletPence: integer('pallet_pence').notNull(),
    freeThresholdPence: integer('free_threshold_pence').notNull(),
    fullSizeSamplePostagePence: integer('full_size_sample_postage_pence').notNull(),
    timedSlotPence: integer('timed_slot_pence').notNull(),
    standardMinDays: integer('standard_min_days').notNull(),
    standardMaxDays: integer('standard_max_days').notNull(),
    postMinDays: integer('post_min_days').notNull(),
    postMaxDays: integer('post_max_days').notNull(),
    /** Off: checkout offers delivery only, as before collection existed. */
    collectionOffered: boolean('collection_offered').notNull().default(false),
    /** Where customers collect from, printed at checkout and on the order. */
    collectionAddress: text('collection_address'),
    /** Working days to have an order ready to collect. */
    collectionLeadDays: integer('collection_lead_days').notNull().default(2),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The free-sample rules the Samples page promises and the basket and checkout enforce
 * (domain/samples.ts): one row, so staff change them in one place.
 */
export const sampleRules = pgTable(
  'sample_rules',
  {
    id: integer('id').primaryKey().default(1),
    maxFreePerOrder: integer('max_free_per_order').notNull(),
    maxFreePerProduct: integer('max_free_per_product').notNull(),
    /** A samples-only order up to this weight goes by post; above it, by courier or pallet. */
    postMaxKg: integer('post_max_kg').notNull(),
  },
  (t) => [check('sample_rules_one_row', sql`${t.id} = 1`)],
);

/** Postcode areas and districts that cost more to reach, or that the shop cannot reach. */
export const deliveryZones = pgTable('delivery_zones', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Postcode areas ('IV') or districts ('KW15'); the longest match wins. */
  prefixes: text('prefixes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  deliverable: boolean('deliverable').notNull().default(true),
  parcelSurchargePence: integer('parcel_surcharge_pence').notNull().default(0),
  palletSurchargePence: integer('pallet_surcharge_pence').notNull().default(0),
  extraDays: integer('extra_days').notNull().default(0),
  /** What a shopper reads for an address in this zone (the refusal, for one not delivered to). */
  message: text('message'),
  position: integer('position').notNull().default(0),
});

/**
 * A payment link for what an order edited after payment still owes (its total less what its
 * payment holds). Sending a new one withdraws the one before; once paid, the amount is added to
 * the order's payment and the link answers 409.
 */
export const balanceLinks = pgTable(
  'balance_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    amountPence: integer('amount_pence').notNull(),
    /** 'sent', 'awaiting_transfer' (the customer chose to transfer), 'paid' or 'withdrawn'. */
    status: text('status').notNull().default('sent'),
    /** How the customer chose to pay: 'bank_transfer' or 'card'; null until they choose. */
    paymentMethod: text('payment_method'),
    /** The card payment's PaymentIntent id, once started. */
    providerRef: text('provider_ref').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_links_order').on(t.orderId),
    check(
      'balance_links_status_known',
      sql`${t.status} IN ('sent', 'awaiting_transfer', 'paid', 'withdrawn')`,
    ),
  ],
);
