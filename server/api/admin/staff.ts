import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditRowSchema, pageMetaSchema, staffSchema } from '#domain/api-schemas.ts';
import { pagingParams } from '#domain/catalogue-query.ts';
import { listMeta } from '#domain/catalogue.ts';
import { newStaffSchema } from '#domain/staff.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { readAudit } from '../../services/staff/audit.ts';

const staffParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Owners add and disable staff and read the audit log. */
export async function adminStaffApi(app: FastifyInstance) {
  const tags = ['admin'];

  route(app, {
    method: 'GET',
    url: '/admin/staff',
    summary: 'Every staff member (owners only)',
    tags,
    response: {
      description: 'The staff',
      schema: z.object({ data: z.array(staffSchema) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'staff');
      return { data: await app.staff.list() };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/staff',
    summary: 'Add a staff member (owners only); they enrol their authenticator at first sign-in',
    tags,
    body: newStaffSchema,
    response: {
      description: 'The new staff member',
      status: 201,
      schema: z.object({ data: staffSchema }),
      errors: [401, 403, 409],
    },
    handler: async ({ body, request, reply }) => {
      const data = await staffWrite(app, request, { area: 'staff' }, (who) =>
        app.staff.create(body, who),
      );
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/staff/:id/disable',
    summary: 'Disable a staff member and end their sessions (owners only)',
    tags,
    params: staffParams,
    response: {
      description: 'The staff member, disabled',
      schema: z.object({ data: staffSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      const data = await staffWrite(app, request, { area: 'staff' }, (who) =>
        app.staff.disable(params.id, who),
      );
      if (!data) throw notFound('No such staff member');
      return { data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/audit',
    summary: 'The audit log, newest first (owners only)',
    tags,
    query: z.object(pagingParams(50)),
    response: {
      description: 'A page of the audit log',
      schema: z.object({ data: z.array(auditRowSchema), meta: pageMetaSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'audit');
      const { data, total } = await readAudit(app.services.db, query.page, query.per_page);
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });
}
