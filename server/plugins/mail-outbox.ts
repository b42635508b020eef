import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listener } from '#db/client.ts';
import type { Config } from '../config.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';
import { outboxAttachments } from '../services/mail-outbox/attachments.ts';
import { MAIL_CHANNEL, onMailAnnounced } from '../services/mail-outbox/outbox.ts';
import { OutboxSender } from '../services/mail-outbox/sender.ts';

/** The domain of the shop's own Message-IDs: MAIL_FROM's. */
const fromDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'tessera.local';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sender of the mail outbox. */
    mailOutbox: OutboxSender;
  }
}

/**
 * Sends the mail outbox from every instance: at start-up (mail left pending by a process that
 * stopped or was killed), whenever this process commits mail, whenever another instance does
 * (NOTIFY, on PostgreSQL), and every `mailPollMs` for retries and anything missed.
 */
export const mailOutboxPlugin = fp(
  async (
    app: FastifyInstance,
    {
      mail: config,
    }: {
      mail: Pick<
        Config,
        'smtpUrl' | 'mailFrom' | 'mailReplyTo' | 'dataDir' | 'mailPollMs' | 'mailSendTimeoutMs'
      >;
    },
  ) => {
    const mailer = createMailer(config, ownerReplyTo(app.services.shop));
    const sender = new OutboxSender(app.services.db, {
      send: (message) => mailer.sendMail(message),
      attachments: outboxAttachments(app.services.db, app.services.orders),
      // Longer than a send can take, so a slow send is never taken by a second try.
      leaseMs: 2 * config.mailSendTimeoutMs,
      messageIdDomain: fromDomain(config.mailFrom),
      log: app.log,
    });
    app.decorate('mailOutbox', sender);
    const wake = () => void sender.wake();
    const stopAnnounced = onMailAnnounced(wake);
    let listener: Listener | null = null;
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      listener = app.database.listen?.(MAIL_CHANNEL, { onMessage: wake, onUp: wake }) ?? null;
      timer = setInterval(wake, config.mailPollMs);
      timer.unref();
      wake();
    });
    app.addHook('onClose', async () => {
      stopAnnounced();
      if (timer) clearInterval(timer);
      await listener?.close();
      await sender.close();
    });
  },
);
