import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffChallengeSchema, staffMemberSchema } from '#domain/api-schemas.ts';
import { staffCodeSchema, staffSignInSchema } from '#domain/staff.ts';
import { unauthorized } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { auditActor } from '../../plugins/staff-session.ts';

/** Staff sign-in in two steps (password, then an authenticator code) and sign-out. */
export async function adminAuthApi(app: FastifyInstance) {
  const tags = ['admin'];

  route(app, {
    method: 'POST',
    url: '/admin/auth/sign-in',
    summary:
      'Staff sign-in, step one: email and password. Answers a challenge for the code, and at the first sign-in the TOTP secret to enrol (secret, otpauth URI)',
    tags,
    body: staffSignInSchema,
    response: {
      description: 'A challenge for the code; the secret to enrol at the first sign-in',
      schema: staffChallengeSchema,
      errors: [401, 429],
    },
    handler: async ({ body, request }) =>
      app.staff.signIn(body.email, body.password, auditActor(request, null)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/auth/code',
    summary:
      'Staff sign-in, step two: the 6-digit code from the authenticator app (each code once). Sets the staff session cookie',
    tags,
    body: staffCodeSchema,
    response: {
      description: 'Signed in',
      schema: z.object({ staff: staffMemberSchema }),
      errors: [401, 429],
    },
    handler: async ({ body, request, reply }) => {
      const { token, expiresAt, staff } = await app.staff.verifyCode(
        body.challenge,
        body.code,
        auditActor(request, null),
      );
      app.setStaffCookie(reply, token, expiresAt);
      return { staff };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/auth/me',
    summary: 'The signed-in staff member, or 401',
    tags,
    response: {
      description: 'The staff member',
      schema: z.object({ staff: staffMemberSchema }),
      errors: [401],
    },
    handler: async ({ request }) => {
      const staff = await request.getStaff();
      if (!staff) throw unauthorized('Staff sign-in required');
      return { staff };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/auth/sign-out',
    summary: 'Ends the staff session',
    tags,
    response: { description: 'Signed out', schema: z.object({ signed_out: z.literal(true) }) },
    handler: async ({ request, reply }) => {
      const token = request.cookies[app.staffCookieName];
      if (token) await app.staff.endSession(token);
      reply.clearCookie(app.staffCookieName, { path: '/' });
      return { signed_out: true };
    },
  });
}
