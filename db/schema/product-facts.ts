import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { products } from './catalogue.ts';

/**
 * What staff know of a product that its terms and sizes do not say: ratings from the quarry's or
 * a laboratory's test reports, and how to seal it. Empty text is "not known": the shop never
 * shows a rating nobody measured. A product without a row knows none of them.
 */
export const productFacts = pgTable('product_facts', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** e.g. "Frost resistant (EN 12371, 56 cycles)". */
  frostResistance: text('frost_resistance').notNull().default(''),
  /** e.g. "PTV 36+ wet (BS 7976-2), R11". */
  slipRating: text('slip_rating').notNull().default(''),
  sealingAdvice: text('sealing_advice').notNull().default(''),
});

/**
 * Documents of a product staff upload (Declaration of Performance, CE/UKCA marking, data sheets),
 * kept in the database like uploaded images so every instance serves them. PDF only.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    /** One of PRODUCT_DOCUMENT_KINDS (domain/product-facts.ts). */
    kind: text('kind').notNull(),
    /** The name it downloads as, made from the title: safe in a URL and a header. */
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_documents_product').on(t.productId, t.position),
    check('product_documents_kind_known', sql`${t.kind} IN ('dop', 'ce_ukca', 'datasheet')`),
  ],
);
