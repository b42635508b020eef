// The outbox's send side, run by every instance: claims due mail, sends it through the mail
// thread, and records what happened. See docs/decisions/0008-durable-mail-outbox.md.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs, type MailKind } from '#domain/order-mail.ts';
import type { MailAttachment, MailMessage } from '../mail.ts';
import type { OutboxAttachment } from './outbox.ts';

/** A claimed row: what to send. */
export interface DueMail {
  id: number;
  kind: MailKind;
  order_id: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  attempts: number;
}

export interface OutboxSenderOptions {
  /** Sends one message; rejects when the mail server refused it or could not be reached. */
  send(message: MailMessage & { messageId: string }): Promise<void>;
  /** Builds a mail's attachments (the invoice, a credit note) as it leaves. */
  attachments(mail: DueMail): Promise<MailAttachment[]>;
  /**
   * How long a claimed mail is held before another try may take it: longer than a send can
   * take (the mail thread's SMTP timeouts), so a slow send is never sent twice, and short
   * enough that a mail claimed by an instance killed mid-send leaves soon after.
   */
  leaseMs: number;
  /** Rows claimed at a time. */
  batch?: number;
  log?: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/** The Message-ID of an outbox row: a try after a crash mid-send carries the same one. */
export const outboxMessageId = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/**
 * Claims, sends and records the outbox's due mail. A claim is one statement that takes rows no
 * other instance holds (FOR UPDATE SKIP LOCKED), counts the attempt and pushes the row's next
 * attempt a lease away, so no transaction stays open while mail is on the wire (PGlite has one
 * connection) and several instances never take the same mail. A send that fails waits longer
 * each time (mailRetryDelayMs); after MAIL_MAX_ATTEMPTS it is marked failed for staff.
 */
export class OutboxSender {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: OutboxSenderOptions & { messageIdDomain: string },
  ) {}

  /**
   * Sends everything due; a wake while sending runs one more pass after it, so mail written
   * meanwhile is not left for the next poll. Resolves when this instance is idle again.
   */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.sendDue()) > 0);
        } while (this.again && !this.closed);
      } catch (error) {
        this.options.log?.warn({ err: error }, 'mail outbox pass failed; the next one retries');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Stops claiming; resolves once the mail in hand has been sent and recorded. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  /** One batch: claims due rows and sends them. Returns how many it claimed. */
  async sendDue(now?: Date): Promise<number> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const due = await queryRows<DueMail>(
      this.db,
      sql`UPDATE mail_outbox m SET attempts = m.attempts + 1,
            next_attempt_at = ${at} + make_interval(secs => ${this.options.leaseMs / 1000})
          FROM (SELECT id FROM mail_outbox
                WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at}
                ORDER BY next_attempt_at, id LIMIT ${this.options.batch ?? 10}
                FOR UPDATE SKIP LOCKED) due
          WHERE m.id = due.id
          RETURNING m.id, m.kind, m.order_id, m.recipient, m.subject, m.text, m.html,
            m.attachments, m.attempts`,
    );
    due.sort((a, b) => a.id - b.id);
    for (const mail of due) await this.sendOne(mail, now);
    return due.length;
  }

  private async sendOne(mail: DueMail, now?: Date): Promise<void> {
    try {
      const attachments = await this.options.attachments(mail);
      await this.options.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        ...(attachments.length > 0 ? { attachments } : {}),
        messageId: outboxMessageId(mail.id, this.options.messageIdDomain),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
      const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
      await this.db.execute(sql`UPDATE mail_outbox SET last_error = ${message.slice(0, 1000)},
          failed_at = CASE WHEN ${last} THEN now() ELSE NULL END,
          next_attempt_at = ${at} + make_interval(secs => ${mailRetryDelayMs(mail.attempts) / 1000})
          WHERE id = ${mail.id}`);
      const log = last ? this.options.log?.error : this.options.log?.warn;
      log?.call(
        this.options.log,
        { err: error, mail: mail.id, kind: mail.kind, attempts: mail.attempts },
        last ? 'mail not sent: attempts used up, marked failed' : 'mail not sent; it is retried',
      );
      return;
    }
    await this.db.execute(sql`WITH sent AS (
          UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = ${mail.id}
          RETURNING order_id, kind
        )
        UPDATE orders o SET confirmation_mailed_at = coalesce(o.confirmation_mailed_at, now())
        FROM sent WHERE o.id = sent.order_id AND sent.kind = 'order_confirmation'`);
  }
}
