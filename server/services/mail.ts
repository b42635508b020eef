import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { startTypeScriptWorker } from './typescript-worker.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A Message-ID of the shop's own: a mail tried again after a crash keeps it. */
  messageId?: string;
}

export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
}

/**
 * Where mail goes without SMTP: each day's mail in `YYYY-MM-DD.mbox` (a mail client opens it as a
 * folder) and, one JSON object a line, in `YYYY-MM-DD.jsonl` (for scripts and tests).
 */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** How mail leaves, and as whom. */
export interface MailTransport {
  smtpUrl: string | null;
  from: string;
  replyTo: string | null;
  outbox: string;
  /** The longest an SMTP connection may wait on the server at any step. */
  timeoutMs: number;
}

/**
 * Who the shop's mail is from and where replies go: the owner's Reply-To (identity settings)
 * when set, else MAIL_REPLY_TO, else none (replies go to MAIL_FROM).
 */
export function mailSender(
  config: Pick<Config, 'mailFrom' | 'mailReplyTo'>,
  ownerReplyTo = '',
): {
  from: string;
  replyTo: string | null;
} {
  return { from: config.mailFrom, replyTo: ownerReplyTo || config.mailReplyTo || null };
}

/** One mail for the mail thread: what to send, and how. */
export interface MailJob {
  id: number;
  transport: MailTransport;
  message: MailMessage;
}

/** The mail thread's answer to a job: sent, or why not. */
export interface MailDone {
  id: number;
  error?: string;
}

/**
 * The process's one mail thread, started with the first mail. Building a confirmation's MIME and
 * writing it out costs twice what placing the order does, so it runs beside the thread that
 * answers requests, never on it. The thread keeps the process alive only while mail is on its
 * way, and a thread that died is started again for the next mail.
 */
export class MailThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private lastId = 0;

  constructor(private readonly module = new URL('./mail-worker.ts', import.meta.url)) {}

  send(job: Omit<MailJob, 'id'>): Promise<void> {
    const worker = (this.worker ??= this.start());
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, ...job } satisfies MailJob);
    });
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(this.module);
    worker.unref();
    worker.on('message', ({ id, error }: MailDone) => {
      const job = this.waiting.get(id);
      this.waiting.delete(id);
      if (this.waiting.size === 0) worker.unref();
      if (error === undefined) job?.resolve();
      else job?.reject(new Error(error));
    });
    // A dying thread reports 'error' and then 'exit': only the first fails its mail, so a thread
    // started since keeps its own.
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The mail thread stopped (exit code ${code})`)));
    return worker;
  }
}

const mailThread = new MailThread();

/**
 * Mail over SMTP when SMTP_URL is set; otherwise into DATA_DIR/outbox, so a shop without a mail
 * server still sends (and tests can read) its password-reset links.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'> &
    Partial<Pick<Config, 'mailReplyTo' | 'mailSendTimeoutMs'>>,
  /** The owner's Reply-To as each mail leaves (the kept identity settings). */
  ownerReplyTo: () => Promise<string> = async () => '',
): Mailer {
  const sender = { mailFrom: config.mailFrom, mailReplyTo: config.mailReplyTo };
  const base = {
    smtpUrl: config.smtpUrl ?? null,
    outbox: outboxDir(config.dataDir),
    timeoutMs: config.mailSendTimeoutMs ?? 60_000,
  };
  return {
    sendMail: async (message) => {
      const transport: MailTransport = { ...base, ...mailSender(sender, await ownerReplyTo()) };
      await mailThread.send({ transport, message });
    },
  };
}
