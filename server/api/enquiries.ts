import type { FastifyInstance } from 'fastify';
import { ENQUIRY_MESSAGES, enquirySchema } from '#domain/enquiry.ts';
import { z } from 'zod';
import { route } from '../http/route.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';
import { submitEnquiry } from '../services/content/enquiries.ts';

export async function enquiriesApi(app: FastifyInstance) {
  const mail = createMailer(app.config, ownerReplyTo(app.services.shop));

  route(app, {
    method: 'POST',
    url: '/enquiries',
    summary: 'Send a quote, cut-to-size or lead-time enquiry to the shop',
    tags: ['enquiries'],
    body: enquirySchema,
    response: {
      description: 'The enquiry is stored and mailed to the shop',
      status: 201,
      schema: z.object({ id: z.number().int(), message: z.string() }),
      errors: [429],
    },
    handler: async ({ body, reply, request }) => {
      await chargeRequest(app, request, 'enquiries');
      const buyer = await app.services.buyers.forRequest(request);
      const { id, mailed } = await submitEnquiry(app.services.db, mail, body, buyer);
      // The enquiry is stored either way; the shop finds unmailed ones by their empty mailed_at.
      if (!mailed) request.log.error({ enquiryId: id }, 'enquiry stored but not mailed');
      reply.status(201);
      return { id, message: ENQUIRY_MESSAGES.sent };
    },
  });
}
