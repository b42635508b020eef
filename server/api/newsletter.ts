import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newsletterSchema } from '#domain/validation.ts';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import { HttpError } from '../http/errors.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';
import { confirm, subscribe, unsubscribe } from '../services/content/newsletter.ts';

/** The token of a mailed link, with the message its page shows when the link is not valid. */
const linkSchema = (message: string) =>
  z.object({
    token: z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(200, { error: message }),
  });

export async function newsletterApi(app: FastifyInstance) {
  const mail = createMailer(app.config, ownerReplyTo(app.services.shop));

  route(app, {
    method: 'POST',
    url: '/newsletter/subscribe',
    summary:
      'Ask to join the mailing list: mails a confirmation link (double opt-in); the address is subscribed only once it is opened. The same answer whether or not the address is already on the list',
    tags: ['newsletter'],
    body: newsletterSchema,
    response: {
      description: 'A confirmation link is mailed (nothing is mailed to a confirmed address)',
      schema: z.object({ subscribed: z.literal(true), message: z.string() }),
      errors: [429],
    },
    handler: async ({ body, request }) => {
      const address = body.email.trim().toLowerCase();
      await chargeRequest(app, request, 'newsletter', (limits) => [
        [`newsletter:email:${address}`, limits.newsletterPerEmail],
      ]);
      await subscribe(app.services.db, mail, address, shopOrigin(app.config, request));
      return { subscribed: true, message: NEWSLETTER_MESSAGES.subscribed };
    },
  });

  route(app, {
    method: 'POST',
    url: '/newsletter/confirm',
    summary: "Confirm a subscription with the token from the confirmation mail's link",
    tags: ['newsletter'],
    body: linkSchema(NEWSLETTER_MESSAGES.confirmLinkInvalid),
    response: {
      description: 'Confirmed, and the welcome mail sent; 404 when the link is unknown or used',
      schema: z.object({ confirmed: z.literal(true), message: z.string() }),
      errors: [404],
    },
    handler: async ({ body, request }) => {
      const origin = shopOrigin(app.config, request);
      if (!(await confirm(app.services.db, mail, body.token, origin))) {
        throw new HttpError(404, 'unknown_token', NEWSLETTER_MESSAGES.confirmLinkInvalid);
      }
      return { confirmed: true, message: NEWSLETTER_MESSAGES.confirmed };
    },
  });

  route(app, {
    method: 'POST',
    url: '/newsletter/unsubscribe',
    summary: 'Take an address off the mailing list with the token from its unsubscribe link',
    tags: ['newsletter'],
    body: linkSchema(NEWSLETTER_MESSAGES.linkInvalid),
    response: {
      description: 'Unsubscribed; 404 when the link is unknown or already used',
      schema: z.object({ unsubscribed: z.literal(true), message: z.string() }),
      errors: [404],
    },
    handler: async ({ body }) => {
      if (!(await unsubscribe(app.services.db, body.token))) {
        throw new HttpError(404, 'unknown_token', NEWSLETTER_MESSAGES.linkInvalid);
      }
      return { unsubscribed: true, message: NEWSLETTER_MESSAGES.unsubscribed };
    },
  });
}
