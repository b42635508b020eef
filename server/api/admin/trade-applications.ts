import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminTradeApplicationSchema,
  approveApplicationSchema,
  refuseApplicationSchema,
  tradeApplicationParams,
  tradeApplicationsQuerySchema,
} from '#domain/api-schemas-trade.ts';
import { shopOrigin } from '../../http/origin.ts';
import { sendDownload } from '../../http/download.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { TradeApplications } from '../../services/trade/applications.ts';

const ONE = {
  description: 'The application as it now is',
  schema: z.object({ data: adminTradeApplicationSchema }),
};

/**
 * The trade applications queue for staff who look after customers: pending first, the evidence,
 * and the two answers (each mailed to the applicant). Approval moves the customer into a group;
 * the group's prices are read per buyer, so no shared cache is made stale by it.
 */
export async function adminTradeApplicationsApi(app: FastifyInstance) {
  const applications = new TradeApplications(app.services.db);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const links = (request: Parameters<typeof shopOrigin>[1]) => ({
    shopEmail: app.config.shopOrdersEmail,
    origin: shopOrigin(app.config, request),
  });

  route(app, {
    method: 'GET',
    url: '/admin/trade/applications',
    summary: 'Trade applications: pending first (oldest first), then decided ones (last 500)',
    tags,
    query: tradeApplicationsQuerySchema,
    response: {
      description: 'The applications',
      schema: z.object({ data: z.array(adminTradeApplicationSchema) }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'customers');
      return { data: await applications.list(query.status) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/trade/applications/:id',
    summary: 'One trade application',
    tags,
    params: tradeApplicationParams,
    response: { ...ONE, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'customers');
      return { data: await applications.get(params.id) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/trade/applications/:id/evidence',
    summary:
      "The application's evidence file as uploaded: a PDF, or a JPEG, PNG or WebP image (a download; staff only)",
    tags,
    params: tradeApplicationParams,
    response: {
      description: 'The file',
      contentType: 'application/pdf',
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, 'customers');
      return sendDownload(reply, await applications.evidence(params.id));
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/trade/applications/:id/approve',
    summary:
      "Approves a pending application: the customer joins the group (default 'Trade') and gets a trade account without credit; the applicant is mailed (send the version loaded: 409 when stale or decided)",
    tags,
    params: tradeApplicationParams,
    body: approveApplicationSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'customers', announce: 'prices' }, async (who) => ({
        data: await applications.approve(params.id, body, who, links(request)),
      })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/trade/applications/:id/refuse',
    summary:
      'Refuses a pending application with the reason the applicant reads in the mail (send the version loaded: 409 when stale or decided)',
    tags,
    params: tradeApplicationParams,
    body: refuseApplicationSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'customers' }, async (who) => ({
        data: await applications.refuse(params.id, body, who, links(request)),
      })),
  });
}
