import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  myTradeStatusSchema,
  tradeApplicationInputSchema,
  tradeApplicationSchema,
  tradeEvidenceSchema,
} from '#domain/api-schemas-trade.ts';
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_MAX_BYTES,
  TRADE_MESSAGES,
} from '#domain/trade-applications.ts';
import { shopOrigin } from '../http/origin.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { acceptRawBody } from '../http/raw-body.ts';
import { route } from '../http/route.ts';
import { TradeApplications } from '../services/trade/applications.ts';
import { requireCustomerId } from './auth.ts';

/**
 * A signed-in customer's trade account: their status and application, the evidence upload and
 * the application itself. An application mails the shop, so it is limited per address and
 * session as enquiries are (it counts as one).
 */
export async function tradeApi(app: FastifyInstance) {
  const applications = new TradeApplications(app.services.db);
  const tags = ['trade'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Sign-in first, before a body is read: a stranger cannot make the server read 8 MB.
  app.addHook('onRequest', async (request) => {
    await requireCustomerId(request);
  });
  // The evidence arrives as the raw body; its first bytes decide what it is, not this header.
  acceptRawBody(app, EVIDENCE_CONTENT_TYPES, EVIDENCE_MAX_BYTES);

  route(app, {
    method: 'GET',
    url: '/trade/application',
    summary: "The signed-in customer's trade status and latest application (null: none yet)",
    tags,
    response: {
      description: 'Trade or not, and the application',
      schema: z.object({ data: myTradeStatusSchema }),
      errors: [401],
    },
    handler: async ({ request }) => ({
      data: await applications.mine(await requireCustomerId(request)),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/trade/applications/evidence',
    summary: `Uploads the evidence of a trade (the body: a PDF, JPEG, PNG or WebP file, at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB) for the application that names its id; 415 for another kind of file, 413 when larger; never served publicly`,
    tags,
    bodyLimit: EVIDENCE_MAX_BYTES,
    response: {
      description: "The evidence's id",
      schema: z.object({ data: tradeEvidenceSchema }),
      status: 201,
      errors: [401, 409, 413, 415],
    },
    handler: async ({ request, reply }) => {
      const customerId = await requireCustomerId(request);
      const data = await applications.storeEvidence(customerId, request.body);
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'POST',
    url: '/trade/applications',
    summary:
      'Applies for a trade account (400 with fields; 409 when one is open already or the account is trade); the shop is mailed',
    tags,
    body: tradeApplicationInputSchema,
    response: {
      description: 'The application, pending',
      schema: z.object({ data: tradeApplicationSchema, message: z.string() }),
      status: 201,
      errors: [401, 409, 429],
    },
    handler: async ({ body, request, reply }) => {
      const customerId = await requireCustomerId(request);
      await chargeRequest(app, request, 'enquiries');
      const data = await applications.apply(customerId, body, {
        shopEmail: app.config.shopOrdersEmail,
        origin: shopOrigin(app.config, request),
      });
      reply.status(201);
      return { data, message: TRADE_MESSAGES.received };
    },
  });
}
