// The outbox's write side: mail is written in the transaction of the change it tells of (one
// row a change, whatever retries or redeliveries run the change again), listed for staff, and
// copied when staff resend it. The sender (sender.ts) takes it from there.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  MAIL_KIND_LABELS,
  mailStatus,
  type MailKind,
  type OrderMailJson,
} from '#domain/order-mail.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { MailMessage } from '../mail.ts';

/** A file to build as the mail leaves, from a row that never changes once written. */
export type OutboxAttachment =
  /** The order's current invoice, or the one numbered (a revised order's new invoice). */
  | { kind: 'invoice'; number?: number }
  | { kind: 'credit_note'; number: number }
  /** A quote's revision (quotes.id), which never changes once sent. */
  | { kind: 'quote'; id: number };

/** The PostgreSQL channel a committed mail is announced on, to every instance. */
export const MAIL_CHANNEL = 'tessera_mail';

export interface OutboxMail {
  kind: MailKind;
  /** Null for a mail of no order yet (a phone order's payment link). */
  orderId: number | null;
  /** What made the mail; with the order and kind, unique: a change run twice mails once. */
  eventKey: string;
  message: MailMessage;
  attachments?: OutboxAttachment[];
  resendOf?: number;
}

const written = new EventEmitter();

/**
 * Tells this process's senders that mail was committed, so it leaves now rather than at the
 * next poll. Call after the transaction that wrote it commits (before, the row is not visible).
 * Other instances hear of it through NOTIFY, which PostgreSQL delivers only on commit.
 */
export function announceMail(): void {
  written.emit('mail');
}

/** Runs `listener` whenever this process announces mail; returns the way to stop. */
export function onMailAnnounced(listener: () => void): () => void {
  written.on('mail', listener);
  return () => written.off('mail', listener);
}

/**
 * Writes a mail into the outbox, inside the caller's transaction. Returns its id, or null when
 * this change's mail was already written.
 */
export async function writeMail(tx: Database, mail: OutboxMail): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO mail_outbox
          (kind, order_id, event_key, recipient, subject, text, html, attachments, resend_of)
        VALUES (${mail.kind}, ${mail.orderId}, ${mail.eventKey}, ${mail.message.to},
          ${mail.message.subject}, ${mail.message.text}, ${mail.message.html ?? null},
          ${JSON.stringify(mail.attachments ?? [])}::jsonb, ${mail.resendOf ?? null})
        ON CONFLICT (order_id, kind, event_key) DO NOTHING
        RETURNING id`,
  );
  if (row) await tx.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`);
  return row?.id ?? null;
}

interface MailRow {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  attachments: OutboxAttachment[];
  attempts: number;
  created_at: string | Date;
  sent_at: string | Date | null;
  failed_at: string | Date | null;
  last_error: string | null;
  resend_of: number | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The file name an attachment goes out under. */
export function attachmentName(attachment: OutboxAttachment, invoiceNumber?: number): string {
  if (attachment.kind === 'quote') return 'quote.pdf';
  if (attachment.kind === 'invoice' && attachment.number !== undefined) {
    return `invoice-${formatInvoiceNumber(attachment.number)}.pdf`;
  }
  return attachment.kind === 'invoice'
    ? invoiceNumber === undefined
      ? 'invoice.pdf'
      : `invoice-${formatInvoiceNumber(invoiceNumber)}.pdf`
    : `credit-note-${formatCreditNoteNumber(attachment.number)}.pdf`;
}

/** An order's mails for staff, oldest first. */
export async function orderMails(db: Database, orderId: number): Promise<OrderMailJson[]> {
  const [rows, [invoice]] = await Promise.all([
    queryRows<MailRow>(
      db,
      sql`SELECT id, kind, recipient, subject, attachments, attempts, created_at, sent_at,
            failed_at, last_error, resend_of
          FROM mail_outbox WHERE order_id = ${orderId} ORDER BY id`,
    ),
    queryRows<{ number: number }>(
      db,
      sql`SELECT number FROM invoices WHERE order_id = ${orderId} AND superseded_at IS NULL`,
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: MAIL_KIND_LABELS[row.kind],
    to: row.recipient,
    subject: row.subject,
    status: mailStatus(row),
    attempts: row.attempts,
    attachments: row.attachments.map((a) => attachmentName(a, invoice?.number)),
    created_at: iso(row.created_at),
    sent_at: row.sent_at === null ? null : iso(row.sent_at),
    last_error: row.last_error,
    resend_of: row.resend_of,
  }));
}

/**
 * Sends one of an order's mails again: a new row copying its texts and attachments, so the
 * first keeps its own record. Null when the order has no such mail.
 */
export async function resendMail(
  db: Database,
  orderId: number,
  mailId: number,
  actor: string,
  /** Staff's audit row, written in the same transaction as the new mail. */
  audited?: (tx: Database, id: number) => Promise<void>,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO mail_outbox
            (kind, order_id, event_key, recipient, subject, text, html, attachments, resend_of)
          SELECT kind, order_id, ${`resend:${actor}:${randomUUID()}`}, recipient, subject, text,
            html, attachments, id
          FROM mail_outbox WHERE id = ${mailId} AND order_id = ${orderId}
          RETURNING id`,
    );
    if (!row) return null;
    await audited?.(tx, row.id);
    await tx.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`);
    return row.id;
  });
}
