import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { customers } from './customers.ts';
import { customerGroups } from './trade.ts';

/**
 * A file proving a trade (a letterhead, an invoice, a card): uploaded before the application
 * that names it, kept only for staff (never served publicly).
 */
export const tradeEvidence = pgTable(
  'trade_evidence',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_evidence_customer').on(t.customerId)],
);

/** A customer's request for a trade account, and staff's answer (domain/trade-applications.ts). */
export const tradeApplications = pgTable(
  'trade_applications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'pending', 'approved' or 'refused'. */
    status: text('status').notNull().default('pending'),
    company: text('company').notNull(),
    companyNumber: text('company_number').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    trade: text('trade').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2').notNull().default(''),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    evidenceId: integer('evidence_id')
      .notNull()
      .references(() => tradeEvidence.id, { onDelete: 'restrict' }),
    /** The group an approved applicant joined. */
    groupId: integer('group_id').references(() => customerGroups.id, { onDelete: 'set null' }),
    /** Why staff refused, as the applicant reads it. */
    refusalReason: text('refusal_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open application per customer: a second waits for the first's answer.
    uniqueIndex('trade_applications_one_pending')
      .on(t.customerId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('trade_applications_evidence').on(t.evidenceId),
    index('trade_applications_queue').on(t.status, t.createdAt),
    check('trade_applications_status', sql`${t.status} IN ('pending', 'approved', 'refused')`),
    check(
      'trade_applications_refusal',
      sql`${t.status} <> 'refused' OR length(${t.refusalReason}) > 0`,
    ),
  ],
);
