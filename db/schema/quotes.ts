import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/** Quote numbers are human ('Q-100001'); every revision of a quote keeps its number. */
export const quoteNumberSeq = pgSequence('quote_number_seq', { startWith: 100001 });

/**
 * A priced offer for bespoke work: one row per revision. A new revision supersedes the one
 * before, which can no longer be accepted. Money in integer pence, VAT included.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    /** draft → sent → accepted | expired | withdrawn | superseded (domain/quotes.ts). */
    state: text('state').notNull().default('draft'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** The delivery address (domain/validation.ts Address). */
    address: jsonb('address').notNull(),
    /** The enquiry it answers; no foreign key, as for an order's catalogue rows. */
    enquiryId: integer('enquiry_id'),
    validDays: integer('valid_days').notNull().default(30),
    /** Set as the quote is sent: sent day + valid_days. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Percent of the total paid on acceptance; 0 means the whole total then. */
    depositPercent: integer('deposit_percent').notNull().default(0),
    /** A delivery price set by staff (pence, VAT included); null: priced by the usual rules. */
    manualDeliveryPence: integer('manual_delivery_pence'),
    /** The figures as last priced (domain/quotes.ts), kept so a sent quote never changes. */
    deliveryPence: integer('delivery_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull().default(0),
    depositPence: integer('deposit_pence').notNull().default(0),
    vatRate: text('vat_rate').notNull().default('20'),
    weightKg: text('weight_kg').notNull().default('0'),
    /**
     * How the delivery goes, as the checkout's rules said when priced: zone, method, parcels,
     * pallets, kerbside note and working days (the order placed from the quote carries them).
     */
    delivery: jsonb('delivery')
      .notNull()
      .default(sql`'{}'::jsonb`),
    notes: text('notes'),
    /** Hash of the secret in the mailed link; replaced by each sending. */
    tokenHash: text('token_hash').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counted up by each staff save (staff-write.ts). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('quotes_number_revision').on(t.number, t.revision),
    index('quotes_state').on(t.state, t.createdAt),
    index('quotes_customer').on(t.customerId),
    check(
      'quotes_state_known',
      sql`${t.state} IN ('draft', 'sent', 'accepted', 'expired', 'withdrawn', 'superseded')`,
    ),
    check('quotes_deposit_percent', sql`${t.depositPercent} BETWEEN 0 AND 100`),
    check('quotes_deposit_within', sql`${t.depositPence} BETWEEN 0 AND ${t.totalPence}`),
  ],
);

/**
 * A drawing of a bespoke piece as staff uploaded it (a PDF or an image, judged by its bytes):
 * kept apart from the lines, which every save rewrites, and shared by a quote's revisions.
 */
export const quoteDrawings = pgTable('quote_drawings', {
  id: serial('id').primaryKey(),
  /** The name it downloads as, its extension that of its bytes (domain/uploads.ts). */
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  bytes: bytea('bytes').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One line of a quote: a catalogue size at the quote's price, or a bespoke piece described by
 * stone, thickness and measurements (or a drawing), priced by area or per piece.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** 'catalogue' or 'bespoke'. */
    kind: text('kind').notNull(),
    productId: integer('product_id').notNull(),
    /** The size sold, for catalogue lines. */
    variationId: integer('variation_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    thicknessMm: integer('thickness_mm'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    /** The piece's drawing; a line with one may leave out its length and width. */
    drawingId: integer('drawing_id').references(() => quoteDrawings.id),
    edgeProfile: text('edge_profile'),
    finish: text('finish'),
    /** Cut-outs in each piece, each at cutout_price_pence. */
    cutouts: integer('cutouts').notNull().default(0),
    cutoutPricePence: integer('cutout_price_pence').notNull().default(0),
    pieces: integer('pieces').notNull(),
    /** 'm2' (unit price per square metre) or 'piece'. */
    pricing: text('pricing').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    m2: text('m2'),
    weightKg: text('weight_kg').notNull(),
    grossPence: integer('gross_pence').notNull(),
  },
  (t) => [
    index('quote_lines_quote').on(t.quoteId, t.position),
    check('quote_lines_kind_known', sql`${t.kind} IN ('catalogue', 'bespoke')`),
    check('quote_lines_pricing_known', sql`${t.pricing} IN ('m2', 'piece')`),
  ],
);

/** A quote's history: created, edited, sent, revised, withdrawn, accepted, expired. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_events_quote').on(t.quoteId, t.at)],
);
