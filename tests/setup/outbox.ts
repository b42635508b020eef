import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { outboxDir } from '#server/services/mail.ts';

/** One mail as the outbox's JSON-lines files keep it. */
export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  reply_to?: string | null;
  /** The shop's own Message-ID (one per outbox row: a retry after a crash keeps it). */
  messageId?: string;
  /** Names and sizes only; the files are in the day's mbox. */
  attachments?: { filename: string; content_type: string; size: number }[];
  date: string;
}

/**
 * The mails a server without SMTP wrote to DATA_DIR/outbox, oldest first; only those to `to`.
 * A line the server is still writing (no newline yet) is left for the next read.
 */
export function outboxMails(dataDir: string, to?: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').slice(0, -1))
    .map((line) => JSON.parse(line) as OutboxMail)
    .filter((mail) => to === undefined || mail.to === to);
}

/**
 * When the order's confirmation was marked mailed (null until it is). The mail worker writes
 * this to the order row; a test that needs the row unheld by any other writer waits for it.
 */
export async function confirmationMailedAt(db: Database, number: string): Promise<Date | null> {
  const [mailed] = await queryRows<{ confirmation_mailed_at: Date | null }>(
    db,
    sql`SELECT confirmation_mailed_at FROM orders WHERE number = ${number}`,
  );
  return mailed!.confirmation_mailed_at;
}
