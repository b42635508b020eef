import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Which family of listings the category belongs to, e.g. stone-collection or design-pattern. */
  section: text('section').notNull(),
  position: integer('position').notNull().default(0),
  /** Counts saves: a staff save from an older version is refused (server/services/staff-write.ts). */
  version: integer('version').notNull().default(1),
});

/** The four product attributes keep the spec's fixed ids (6, 7, 2, 8), so ids are not generated. */
export const attributes = pgTable('attributes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});

export const attributeTerms = pgTable(
  'attribute_terms',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    /** Counts saves: a staff save from an older version is refused (server/services/staff-write.ts). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('attribute_terms_attribute_slug').on(t.attributeId, t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /**
     * The stock-keeping unit of imports and exports (WooCommerce's SKU column): every product has
     * one, made from its slug when staff leave it empty, so an export always imports back.
     */
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull().default('variable'),
    status: text('status').notNull().default('publish'),
    /** What a price is for: one of SELLING_UNITS (domain/selling-unit.ts); m² for tiles. */
    unit: text('unit').notNull().default('m2'),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    /** Lowest per-m² price of the product's size variations, the "From" price. */
    pricePence: integer('price_pence').notNull(),
    /** Price before a reduction; set only while the product is on sale. */
    regularPricePence: integer('regular_price_pence'),
    featured: boolean('featured').notNull().default(false),
    /** Sold to trade accounts only: hidden from retail shoppers everywhere. */
    tradeOnly: boolean('trade_only').notNull().default(false),
    onSale: boolean('on_sale').notNull().default(false),
    isNewArrival: boolean('is_new_arrival').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counts saves: a staff save from an older version is refused (server/services/staff-write.ts). */
    version: integer('version').notNull().default(1),
    /**
     * Copies of product_categories and product_terms (which stay the source of truth), so one
     * pass over a listing's rows yields its total and every facet count (refreshListingArrays).
     */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    termIds: integer('term_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * The name lower-cased once, for the back office's search: PostgreSQL runs `ILIKE` on UTF-8
     * text as `lower(text) LIKE lower(pattern)`, so matching this column with LIKE answers the
     * same rows without lower-casing every name on every search (eight times cheaper a row).
     */
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower("name")`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("short_description", '')), 'B')`,
    ),
  },
  (t) => [
    index('products_search_vector').using('gin', t.searchVector),
    index('products_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    // The back office's list newest id first: status and the search's column ride along, so a
    // filtered page is read from the index alone, without visiting each skipped row.
    index('products_id_status_name').on(t.id, t.status, t.nameLower),
    index('products_status_price').on(t.status, t.pricePence),
    index('products_status_created').on(t.status, t.createdAt),
    index('products_status_popularity').on(t.status, t.popularity),
    index('products_category_ids').using('gin', t.categoryIds),
    index('products_term_ids').using('gin', t.termIds),
    check(
      'products_unit_known',
      sql`${t.unit} IN ('m2', 'piece', 'litre', 'each', 'linear_metre')`,
    ),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category').on(t.categoryId, t.productId),
  ],
);

export const productTerms = pgTable(
  'product_terms',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => attributeTerms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.termId] }),
    index('product_terms_term').on(t.termId, t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    src: text('src').notNull(),
    alt: text('alt').notNull().default(''),
    /**
     * The address an import fetched the image from: the same file imported again matches the
     * image without fetching it twice.
     */
    sourceUrl: text('source_url'),
  },
  (t) => [
    index('product_images_product').on(t.productId, t.position),
    index('product_images_source_url')
      .on(t.sourceUrl)
      .where(sql`${t.sourceUrl} IS NOT NULL`),
  ],
);

export const variations = pgTable(
  'variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The Sizemm option text, e.g. "600x400x20" or "Free Sample". */
    option: text('option').notNull(),
    sku: text('sku').unique(),
    /** Per m² for sizes, per item for samples: what it sells for now (the sale price on sale). */
    pricePence: integer('price_pence').notNull(),
    /** The price before a reduction; set only while the variation is on sale. */
    regularPricePence: integer('regular_price_pence'),
    /**
     * The sale price while its sale is not running (before `sale_from`, from `sale_to` on); while
     * it runs the sale price is `price_pence`. The sale sweep moves it at each boundary
     * (docs/decisions/0009-scheduled-sales-store-the-price-charged.md).
     */
    scheduledSalePricePence: integer('scheduled_sale_price_pence'),
    /** The sale starts at this instant; null: at once. */
    saleFrom: timestamp('sale_from', { withTimezone: true }),
    /** The sale ends at this instant (the regular price is back); null: no end. */
    saleTo: timestamp('sale_to', { withTimezone: true }),
    /** Pieces on hand; null for what is not counted (free samples, made to order). */
    stockQuantity: integer('stock_quantity'),
    /** Follows the stock: a counted variation is in stock while it has a piece left. */
    inStock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs(sql`"stock_quantity" IS NULL OR "stock_quantity" > 0`),
    position: integer('position').notNull().default(0),
    /**
     * Made or cut to the customer's specification: such a size is exempt from the 14-day
     * cancellation right (Consumer Contracts Regulations 2013, reg. 28(1)(b)). Set by staff per
     * size; a stock size chosen from a list (a 1500x250x30 sill) is not made to order.
     */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** Pieces in the pack the size is sold and returned in (1: sold by the piece). */
    piecesPerPack: integer('pieces_per_pack').notNull().default(1),
  },
  (t) => [
    index('variations_product').on(t.productId, t.position),
    check('variations_stock_not_negative', sql`${t.stockQuantity} >= 0`),
    check('variations_pack_positive', sql`${t.piecesPerPack} >= 1`),
  ],
);

export const menuNodes = pgTable(
  'menu_nodes',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * The target staff chose (domain/menu-links.ts) with `path`, its address when saved, which
     * stands in when a category or product it names is deleted (their old addresses redirect).
     * Null: linked by the title rules, as the seeded menu is.
     */
    link: jsonb('link').$type<Record<string, unknown> & { path: string }>(),
  },
  (t) => [index('menu_nodes_parent').on(t.parentId, t.position)],
);
