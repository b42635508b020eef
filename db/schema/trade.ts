import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories, variations } from './catalogue.ts';
import { customers } from './customers.ts';
import { invoices } from './orders.ts';

/**
 * A group of customers who share prices (trade, designers). A customer belongs to one group at
 * most (customers.group_id); without one they pay the retail price.
 */
export const customerGroups = pgTable('customer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Members see prices ex VAT first (with the toggle to show them inc VAT). */
  showExVat: boolean('show_ex_vat').notNull().default(true),
  /** Counts saves of the group and its price list: a stale form is refused (staff-write.ts). */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One entry of a group's price list: a percentage off every size in a category, or a set price
 * (VAT included, like every price) for one size. Between starts_at and ends_at (null: open).
 * Where both apply, the size's own price wins (domain/price-for.ts).
 */
export const priceListRules = pgTable(
  'price_list_rules',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    /** 'category_percent' or 'size_price'. */
    kind: text('kind').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => variations.id, { onDelete: 'cascade' }),
    /** Percent off the retail price, up to 2 decimals ('category_percent'). */
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    /** The size's trade price in pence, VAT included ('size_price'). */
    pricePence: integer('price_pence'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The first instant it no longer applies; null: no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_list_rules_group').on(t.groupId),
    check(
      'price_list_rules_shape',
      sql`(${t.kind} = 'category_percent' AND ${t.categoryId} IS NOT NULL
            AND ${t.percentOff} > 0 AND ${t.percentOff} < 100 AND ${t.variationId} IS NULL)
        OR (${t.kind} = 'size_price' AND ${t.variationId} IS NOT NULL
            AND ${t.pricePence} > 0 AND ${t.categoryId} IS NULL)`,
    ),
    check(
      'price_list_rules_dates',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/**
 * An approved trade customer's account: company facts and, when the shop gives credit, the
 * limit and the terms orders placed on account are due by.
 */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    companyNumber: text('company_number').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    trade: text('trade').notNull().default(''),
    /** Null: no credit, the account pays before dispatch like anyone. */
    creditLimitPence: integer('credit_limit_pence'),
    /** 'days' (terms_days from the invoice) or 'end_of_month' (end of the month after it). */
    termsKind: text('terms_kind').notNull().default('days'),
    termsDays: integer('terms_days').notNull().default(30),
    /** Set when staff stop the account: no new orders on account until cleared. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trade_accounts_limit', sql`${t.creditLimitPence} IS NULL OR ${t.creditLimitPence} >= 0`),
    check('trade_accounts_terms', sql`${t.termsKind} IN ('days', 'end_of_month')`),
    check('trade_accounts_days', sql`${t.termsDays} BETWEEN 0 AND 120`),
  ],
);

/** Money a trade account paid in (by transfer, cheque, card over the phone), as staff record it. */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => tradeAccounts.customerId, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The payer's reference or the bank line, as staff typed it. */
    reference: text('reference').notNull().default(''),
    actor: text('actor').notNull(),
    /** The Idempotency-Key staff's client sent: a retried recording answers the same payment. */
    idempotencyKey: text('idempotency_key').unique(),
    /** SHA-256 of the request recorded under that key: the key replays only the same request. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_payments_customer').on(t.customerId, t.receivedOn),
    check('account_payments_positive', sql`${t.amountPence} > 0`),
  ],
);

/** Which invoices a payment settles, and by how much (part or whole). */
export const accountAllocations = pgTable(
  'account_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => accountPayments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
  },
  (t) => [
    index('account_allocations_invoice').on(t.invoiceId),
    check('account_allocations_positive', sql`${t.amountPence} > 0`),
  ],
);
