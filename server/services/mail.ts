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
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = outboxDir(config.dataDir);
  let outboxMade = false;
  /** Writes a file in the outbox, making the folder the first time (and again if it went). */
  const writeOutbox = async (name: string, data: string | Buffer): Promise<void> => {
    if (!outboxMade) {
      await mkdir(dir, { recursive: true });
      outboxMade = true;
    }
    try {
      await writeFile(join(dir, name), data);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), data);
    }
  };
  return {
    async sendMail(message) {
      // Base64 bodies: every mail client reads them, and they cost half of what quoted-printable
      // costs to encode (an order's confirmation is built with every order placed).
      const envelope = { from: config.mailFrom, textEncoding: 'base64' as const, ...message };
      if (smtp) {
        await smtp.sendMail(envelope);
        return;
      }
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const info = (await file.sendMail(envelope)) as { message: Buffer };
      await writeOutbox(`${name}.eml`, info.message);
      await writeOutbox(
        `${name}.json`,
        JSON.stringify(
          { ...message, from: config.mailFrom, date: new Date().toISOString() },
          null,
          2,
        ),
      );
    },
  };
}
