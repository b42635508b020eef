import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * A discount code the owner offers (domain/discounts.ts holds its rules). Codes are never deleted,
 * only disabled, so every order that used one still names it.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** As shoppers type it, stored upper case (normaliseCode). */
    code: text('code').notNull(),
    /** 'percent', 'fixed' or 'free_delivery'. */
    kind: text('kind').notNull(),
    /** Whole percent for 'percent', pence for 'fixed', 0 for 'free_delivery'. */
    amount: integer('amount').notNull().default(0),
    minSpendPence: integer('min_spend_pence').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The first instant it no longer works; null: no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Orders placed with it: counted by placing, under the row's lock, never past max_uses. */
    uses: integer('uses').notNull().default(0),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    check('discount_codes_kind_known', sql`${t.kind} IN ('percent', 'fixed', 'free_delivery')`),
    check(
      'discount_codes_uses_within_limit',
      sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`,
    ),
    check(
      'discount_codes_amount_valid',
      sql`${t.amount} >= 0 AND (${t.kind} <> 'percent' OR ${t.amount} <= 100)`,
    ),
  ],
);

/** One use of a code by an order: what the per-customer limit counts. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_customer').on(t.codeId, t.customerId),
    index('discount_redemptions_email').on(t.codeId, sql`lower(${t.email})`),
  ],
);
