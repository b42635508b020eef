import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDir } from '#server/services/mail.ts';

/** One mail as the outbox keeps it beside its `.eml`. */
export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  date: string;
}

/** The mails a server without SMTP wrote to DATA_DIR/outbox, oldest first; only those to `to`. */
export function outboxMails(dataDir: string, to?: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail)
    .filter((mail) => to === undefined || mail.to === to);
}
