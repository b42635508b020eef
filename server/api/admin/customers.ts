import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageMetaSchema } from '#domain/api-schemas.ts';
import { staffCustomerRowSchema, staffCustomerSchema } from '#domain/api-schemas-staff.ts';
import { dataExportSchema, exportFileName } from '#domain/api-schemas-privacy.ts';
import { pagingParams } from '#domain/catalogue-query.ts';
import { listMeta } from '#domain/catalogue.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { auditActor, requireStaff } from '../../plugins/staff-session.ts';
import { exportCustomerData } from '../../services/customers/data-export.ts';
import { audit } from '../../services/staff/audit.ts';
import { StaffCustomers } from '../../services/customers/staff-customers.ts';

const customersQuery = z.object({
  ...pagingParams(25),
  q: z.string().trim().max(200, { error: 'Search with at most 200 characters' }).optional(),
});
const guestQuery = z.object({
  email: z
    .string({ error: "Give the email of the guest's orders" })
    .trim()
    .min(3, { error: "Give the email of the guest's orders" })
    .max(320, { error: "Give the email of the guest's orders" }),
});
const customerParams = z.object({
  id: z.coerce
    .number({ error: 'A customer id is a whole number' })
    .int({ error: 'A customer id is a whole number' })
    .positive({ error: 'A customer id is a whole number' })
    .max(2_147_483_647, { error: 'A customer id is a whole number' }),
});

/**
 * Customers for staff, read-only: the back office never edits a customer's account, and a
 * customer's own changes (PUT /api/auth/update-profile) can never reach their role. A copy of
 * a customer's data may be downloaded, audit-logged.
 */
export async function adminCustomersApi(app: FastifyInstance) {
  const customers = new StaffCustomers(app.services.db);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/customers',
    summary:
      "Customers and guests (buyers without an account, by email), newest first, each with their orders' count and total; q searches the email and the name",
    tags,
    query: customersQuery,
    response: {
      description: 'A page of customers',
      schema: z.object({ data: z.array(staffCustomerRowSchema), meta: pageMetaSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'customers');
      const { data, total } = await customers.search(query.q, query.page, query.per_page);
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/customers/guest',
    summary:
      "One guest (a buyer without an account) by the email of their orders: the latest order's addresses, their orders",
    tags,
    query: guestQuery,
    response: {
      description: 'The guest, with id null and role "guest"',
      schema: z.object({ data: staffCustomerSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'customers');
      const data = await customers.guest(query.email);
      if (!data) throw notFound('No order was placed as a guest with this email');
      return { data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/customers/:id',
    summary: 'One customer: addresses, orders and newsletter subscription',
    tags,
    params: customerParams,
    response: {
      description: 'The customer',
      schema: z.object({ data: staffCustomerSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'customers');
      const data = await customers.one(params.id);
      if (!data) throw notFound('No such customer');
      return { data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/customers/:id/export',
    summary:
      "A copy of one customer's data as a JSON download, for a subject access request: the same document the customer downloads, their enquiries always included. Each download is audit-logged",
    tags,
    params: customerParams,
    response: {
      description: 'The data, with Content-Disposition: attachment',
      schema: dataExportSchema,
      errors: [401, 403, 404],
      headers: { 'Content-Disposition': 'attachment; filename="tessera-data-{id}-{date}.json"' },
    },
    handler: async ({ params, request, reply }) => {
      const member = await requireStaff(request, 'customers');
      const data = await exportCustomerData(app.services.db, app.services.orders, params.id, {
        enquiriesByEmail: 'always',
      });
      if (!data) throw notFound('No such customer');
      // Who took a copy of someone's personal data is itself worth keeping.
      await audit(app.services.db, auditActor(request, member), {
        action: 'customer.export',
        entity: 'customer',
        entityId: params.id,
        after: { orders: data.orders.length, enquiries: data.enquiries.length },
      });
      reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(params.id, new Date())}"`,
      );
      return data;
    },
  });
}
