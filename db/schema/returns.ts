import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { orderLines, orders } from './orders.ts';

/** The returns rules (one row, domain/returns.ts): the owner changes them without a release. */
export const returnRules = pgTable(
  'return_rules',
  {
    id: integer('id').primaryKey().default(1),
    windowDays: integer('window_days').notNull(),
    restockingFeePercent: integer('restocking_fee_percent').notNull(),
    /** 'customer' (the price is deducted from the refund) or 'shop'. */
    collectionPaidBy: text('collection_paid_by').notNull(),
    /** Gross pence, VAT included. */
    collectionPricePence: integer('collection_price_pence').notNull(),
    damageClaimHours: integer('damage_claim_hours').notNull(),
  },
  (t) => [
    check('return_rules_one_row', sql`${t.id} = 1`),
    check('return_rules_payer_known', sql`${t.collectionPaidBy} IN ('customer', 'shop')`),
    check(
      'return_rules_in_range',
      sql`${t.windowDays} >= 0 AND ${t.restockingFeePercent} BETWEEN 0 AND 100
        AND ${t.collectionPricePence} >= 0 AND ${t.damageClaimHours} >= 0`,
    ),
  ],
);

/**
 * A customer's request to send packs back, and what staff did with it. The figures are those the
 * customer was shown when asking (the rules of that day), kept so a later change of rules does
 * not change a promise already made.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    /** The order's number, then R and the return's place among the order's returns. */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    note: text('note'),
    damage: boolean('damage').notNull().default(false),
    /** The customer said the damage was written on the delivery note when it arrived. */
    damageOnDeliveryNote: boolean('damage_on_delivery_note').notNull().default(false),
    goodsPence: integer('goods_pence').notNull(),
    restockingFeePence: integer('restocking_fee_pence').notNull(),
    collectionPence: integer('collection_pence').notNull(),
    refundPence: integer('refund_pence').notNull(),
    refundNetPence: integer('refund_net_pence').notNull(),
    refundVatPence: integer('refund_vat_pence').notNull(),
    /** Why staff refused it, printed to the customer. */
    refusal: text('refusal'),
    collectionDate: date('collection_date', { mode: 'string' }),
    creditNoteNumber: integer('credit_note_number'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('returns_order').on(t.orderId),
    index('returns_status').on(t.status, t.requestedAt),
    check(
      'returns_status_known',
      sql`${t.status} IN ('requested', 'approved', 'refused', 'collection_booked', 'received', 'refunded')`,
    ),
    check(
      'returns_figures_add_up',
      sql`${t.refundNetPence} + ${t.refundVatPence} = ${t.refundPence} AND ${t.refundPence} >= 0`,
    ),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    pieces: integer('pieces').notNull(),
    grossPence: integer('gross_pence').notNull(),
  },
  (t) => [
    uniqueIndex('return_lines_once').on(t.returnId, t.orderLineId),
    check('return_lines_pieces_positive', sql`${t.pieces} > 0`),
  ],
);

/**
 * Photos of damage a customer sends before asking for the return; kept apart from the shop's
 * public images (nothing serves them but the back office).
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_order').on(t.orderId)],
);
