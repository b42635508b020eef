import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Mail to send, written in the transaction of the change it tells of, so a change that commits
 * always has its mail and a crash loses none. Texts are rendered as the change is made (the mail
 * tells what was true then, and a confirmation's link exists only at placing); attachments are
 * built as the mail leaves, from rows that never change (an invoice, a credit note).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** MAIL_KINDS (domain/order-mail.ts). */
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** What made the mail: one change makes one mail ('paid', 'CN-000003', 'resend:…'). */
    eventKey: text('event_key').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Built as it leaves: [{ kind: 'invoice' } | { kind: 'credit_note', number }]. */
    attachments: jsonb('attachments').notNull().default([]),
    /** The mail a resend copies. */
    resendOf: integer('resend_of'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set once the attempts ran out: staff see it failed and may resend. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_one_per_change').on(t.orderId, t.kind, t.eventKey),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_order').on(t.orderId, t.id),
    check('mail_outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);
