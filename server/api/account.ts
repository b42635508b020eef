import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  claimableOrderSchema,
  claimOrdersSchema,
  VERIFY_MESSAGES,
  verifyEmailConfirmSchema,
} from '#domain/api-schemas-tracking.ts';
import { messageSchema } from '#domain/api-schemas.ts';
import { dataExportSchema, exportFileName } from '#domain/api-schemas-privacy.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import { Accounts } from '../services/accounts/index.ts';
import { exportCustomerData } from '../services/customers/data-export.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';
import { GuestOrders } from '../services/orders/guest-orders.ts';
import { requireCustomerId } from './auth.ts';

/** My account: proving the email by link, and guest orders of that email joining the account. */
export async function accountApi(app: FastifyInstance) {
  const accounts = new Accounts(
    app.services.db,
    createMailer(app.config, ownerReplyTo(app.services.shop)),
    app.config.rateLimits,
  );
  const guestOrders = new GuestOrders(app.services.db);
  const tags = ['accounts'];

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'POST',
    url: '/account/verify-email',
    summary:
      'Mail the signed-in customer a single-use link (24 h) proving their email; says so when it is verified already',
    tags,
    response: {
      description: 'Sent, or already verified',
      schema: messageSchema,
      errors: [401, 429],
    },
    handler: async ({ request }) => {
      const id = await requireCustomerId(request);
      const sent = await accounts.sendVerification(id, shopOrigin(app.config, request), {
        ip: request.ip,
      });
      return { message: sent === 'sent' ? VERIFY_MESSAGES.sent : VERIFY_MESSAGES.alreadyVerified };
    },
  });

  route(app, {
    method: 'POST',
    url: '/account/verify-email/confirm',
    summary:
      "Verify the email from the link's token (no sign-in needed); 400 when the link is unknown, used, expired or for an address the account no longer has",
    tags,
    body: verifyEmailConfirmSchema,
    response: { description: 'The email is verified', schema: messageSchema, errors: [400] },
    handler: async ({ body }) => {
      await accounts.confirmVerification(body.token);
      return { message: VERIFY_MESSAGES.verified };
    },
  });

  route(app, {
    method: 'GET',
    url: '/account/orders/claimable',
    summary:
      "Orders placed as a guest with the signed-in customer's verified email and in no account yet; 403 while the email is unverified",
    tags,
    response: {
      description: 'The guest orders that may join the account, newest first',
      schema: z.object({ data: z.array(claimableOrderSchema) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      const id = await requireCustomerId(request);
      return { data: await guestOrders.claimable(id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/account/orders/claim',
    summary:
      "Add guest orders of the signed-in customer's verified email to the account: all, or those numbered. 403 while the email is unverified; orders of another email are never added",
    tags,
    body: claimOrdersSchema,
    response: {
      description: 'The numbers of the orders added (none when there were none to add)',
      schema: z.object({ claimed: z.array(z.string()), message: z.string() }),
      errors: [401, 403],
    },
    handler: async ({ body, request }) => {
      const id = await requireCustomerId(request);
      const claimed = await guestOrders.claim(id, body.numbers);
      return { claimed, message: VERIFY_MESSAGES.claimed(claimed.length) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/account/export',
    summary:
      "A copy of the signed-in customer's data as a JSON download: account, addresses, orders with lines, invoices, newsletter sign-up, and enquiries sent with the account's email once it is verified. Never a password hash or a token",
    tags,
    response: {
      description: 'The data, with Content-Disposition: attachment',
      schema: dataExportSchema,
      errors: [401],
      headers: { 'Content-Disposition': 'attachment; filename="tessera-data-{id}-{date}.json"' },
    },
    handler: async ({ request, reply }) => {
      const id = await requireCustomerId(request);
      const data = await exportCustomerData(app.services.db, app.services.orders, id, {
        enquiriesByEmail: 'when-verified',
      });
      // The session outlived its account (deleted in another tab): nothing left to give.
      if (!data) throw notFound('No such account');
      reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(id, new Date())}"`,
      );
      return data;
    },
  });
}
