import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
}

/** Where mail goes without SMTP: one `.eml` (open in any mail client) and one `.json` per mail. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/**
 * Mail over SMTP when SMTP_URL is set; otherwise into DATA_DIR/outbox, so a shop without a mail
 * server still sends (and tests can read) its password-reset links.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  const smtp: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async sendMail(message) {
      const envelope = { from: config.mailFrom, ...message };
      if (smtp) {
        await smtp.sendMail(envelope);
        return;
      }
      const dir = outboxDir(config.dataDir);
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const info = (await file.sendMail(envelope)) as { message: Buffer };
      await writeFile(join(dir, `${name}.eml`), info.message);
      await writeFile(
        join(dir, `${name}.json`),
        JSON.stringify({ ...envelope, date: new Date().toISOString() }, null, 2),
      );
    },
  };
}
