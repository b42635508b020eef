import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { products, variations } from './catalogue.ts';
import { discountCodes } from './discounts.ts';

/** A cart belongs either to an anonymous session (by token hash) or to a customer. */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  sessionTokenHash: text('session_token_hash').unique(),
  customerId: integer('customer_id')
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The discount code the shopper applied; checked again whenever the basket is priced. */
  discountCodeId: integer('discount_code_id').references(() => discountCodes.id, {
    onDelete: 'set null',
  }),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id')
      .notNull()
      .references(() => variations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    m2Quantity: numeric('m2_quantity', { precision: 14, scale: 3 }),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The merge key of check_duplicates: one line per variation and sample flag.
    uniqueIndex('cart_items_merge_key').on(t.cartId, t.variationId, t.isSample),
    index('cart_items_cart').on(t.cartId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
