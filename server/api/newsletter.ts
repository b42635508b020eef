import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newsletterSchema } from '#domain/validation.ts';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import { HttpError } from '../http/errors.ts';
import { createMailer } from '../services/mail.ts';
import { subscribe, unsubscribe } from '../services/content/newsletter.ts';

const unsubscribeSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.linkInvalid })
    .trim()
    .min(1, { error: NEWSLETTER_MESSAGES.linkInvalid })
    .max(200, { error: NEWSLETTER_MESSAGES.linkInvalid }),
});

export async function newsletterApi(app: FastifyInstance) {
  const mail = createMailer(app.config);

  route(app, {
    method: 'POST',
    url: '/newsletter/subscribe',
    summary: 'Put an email address on the mailing list (once; a repeat answers the same)',
    tags: ['newsletter'],
    body: newsletterSchema,
    response: {
      description: 'Subscribed (a repeat answers the same)',
      schema: z.object({ subscribed: z.literal(true), message: z.string() }),
      errors: [429],
    },
    handler: async ({ body, request }) => {
      const origin = shopOrigin(app.config, request);
      await subscribe(app.services.db, mail, body.email, origin);
      return { subscribed: true, message: NEWSLETTER_MESSAGES.subscribed };
    },
  });

  route(app, {
    method: 'POST',
    url: '/newsletter/unsubscribe',
    summary: 'Take an address off the mailing list with the token from its unsubscribe link',
    tags: ['newsletter'],
    body: unsubscribeSchema,
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
