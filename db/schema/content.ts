import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  sourceUrl: text('source_url').notNull(),
  altText: text('alt_text').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  contentHtml: text('content_html').notNull(),
  excerptHtml: text('excerpt_html').notNull().default(''),
  status: text('status').notNull().default('publish'),
  featuredMediaId: integer('featured_media_id').references(() => media.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    contentHtml: text('content_html').notNull(),
    excerptHtml: text('excerpt_html').notNull().default(''),
    status: text('status').notNull().default('publish'),
    featuredMediaId: integer('featured_media_id').references(() => media.id, {
      onDelete: 'set null',
    }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('posts_status_published').on(t.status, t.publishedAt)],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** Hash of the token in the unsubscribe link. */
  unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
  /** Hash of the token in the confirmation link (double opt-in); null once confirmed. */
  confirmTokenHash: text('confirm_token_hash').unique(),
  /** When the address owner confirmed; nothing but the confirmation mail goes out before. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Quote, cut-to-size and lead-time enquiries; mailed to the shop and kept for follow-up. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    // No foreign key: a re-seeded catalogue must not take customers' enquiries with it.
    productId: integer('product_id'),
    productName: text('product_name'),
    size: text('size'),
    thickness: text('thickness'),
    quantity: text('quantity'),
    finish: text('finish'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the shop's copy left by mail; null while undelivered. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('enquiries_created').on(t.createdAt)],
);
