import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditRowSchema, staffSchema } from '#domain/api-schemas-staff.ts';
import { pageMetaSchema } from '#domain/api-schemas.ts';
import { pagingParams } from '#domain/catalogue-query.ts';
import { listMeta } from '#domain/catalogue.ts';
import { newStaffSchema, staffRoleSchema, type StaffJson } from '#domain/staff.ts';
import { notFound } from '../../http/errors.ts';
import { shopOrigin } from '../../http/origin.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { readAudit, type AuditActor } from '../../services/staff/audit.ts';

const staffParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Owners invite staff, change their roles, disable and enable them, reset their second factor,
 * and read the audit log. Each change goes through staffWrite (role check, announcement) and
 * StaffService's one write path (row locks, last owner kept, audit row); staff changes touch no
 * shop cache, so none is announced.
 */
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
    summary:
      'Add a staff member (owners only): no password; they are mailed an invitation link (72 hours, once) through which they choose one and enrol an authenticator',
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
        app.staff.invite(body, who, shopOrigin(app.config, request)),
      );
      reply.status(201);
      return { data };
    },
  });

  /** An owner's change to one staff member: 404 for an unknown id. */
  const staffChange = <B = undefined>(
    url: string,
    summary: string,
    act: (
      id: number,
      who: AuditActor,
      request: FastifyRequest,
      body: B,
    ) => Promise<StaffJson | null>,
    body?: z.ZodType<B>,
  ) =>
    route(app, {
      method: 'POST',
      url: `/admin/staff/:id/${url}`,
      summary,
      tags,
      params: staffParams,
      ...(body ? { body } : {}),
      response: {
        description: 'The staff member, changed',
        schema: z.object({ data: staffSchema }),
        errors: [400, 401, 403, 404, 409],
      },
      handler: async ({ params, request, body: input }) => {
        const data = await staffWrite(app, request, { area: 'staff' }, (who) =>
          act(params.id, who, request, input),
        );
        if (!data) throw notFound('No such staff member');
        return { data };
      },
    });

  staffChange(
    'disable',
    'Disable a staff member and end their sessions (owners only); 409 for the last active owner',
    (id, who) => app.staff.disable(id, who),
  );
  staffChange('enable', 'Enable a disabled staff member again (owners only)', (id, who) =>
    app.staff.enable(id, who),
  );
  staffChange(
    'role',
    "Change a staff member's role (owners only); 409 when it would leave no active owner",
    (id, who, _request, input) => app.staff.setRole(id, input.role, who),
    staffRoleSchema,
  );
  staffChange(
    'reset-second-factor',
    "Forget a staff member's authenticator and recovery codes, end their sessions and mail them a new invitation link (owners only)",
    (id, who, request) => app.staff.resetSecondFactor(id, who, shopOrigin(app.config, request)),
  );

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
