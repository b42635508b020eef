import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { categories, products } from './catalogue.ts';

/** A product's former slugs: an old link redirects to the product's page. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A category's former slugs: an old listing link redirects to the category's listing. */
export const categorySlugRedirects = pgTable('category_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Images staff upload, kept in the database so every instance serves them; the image pipeline
 * renders the sizes the storefront asks for from these originals.
 */
export const uploadedImages = pgTable('uploaded_images', {
  id: serial('id').primaryKey(),
  sha256: text('sha256').notNull().unique(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Background jobs of the back office (CSV import and export), with progress and a report. */
export const adminJobs = pgTable(
  'admin_jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    dryRun: boolean('dry_run').notNull().default(false),
    fileName: text('file_name'),
    /** Where the uploaded or generated file is kept while the job needs it. */
    filePath: text('file_path'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Row-by-row problems: [{ row, sku, field, message }]. */
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A running job's last sign of life: another instance takes over a job gone quiet. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('admin_jobs_status').on(t.status, t.createdAt)],
);

/** Bulk edits, with what each changed row was before, so the last one can be undone. */
export const bulkEdits = pgTable('bulk_edits', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id'),
  action: text('action').notNull(),
  summary: text('summary').notNull(),
  /** [{ table, id, before: {...}, after: {...} }] */
  changes: jsonb('changes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
});

/** The home page's hero slides, in order. */
export const heroSlides = pgTable('hero_slides', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  subtitle: text('subtitle').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** A generated stone banner { material, colour, seed } or an uploaded image { src, alt }. */
  image: jsonb('image').notNull(),
  link: text('link').notNull(),
});

/** The home page's promotional tiles, in order. */
export const promoTiles = pgTable('promo_tiles', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  href: text('href').notNull(),
  image: text('image').notNull(),
});
