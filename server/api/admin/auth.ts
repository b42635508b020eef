import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  staffChallengeSchema,
  staffInvitationSchema,
  staffMemberSchema,
  staffSignedInSchema,
} from '#domain/api-schemas-staff.ts';
import {
  invitationAcceptSchema,
  invitationOpenSchema,
  staffCodeSchema,
  staffPasswordChangeSchema,
  staffSignInSchema,
} from '#domain/staff.ts';
import { unauthorized } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { auditActor } from '../../plugins/staff-session.ts';

/**
 * Staff sign-in in two steps (password, then an authenticator or recovery code), enrolment
 * through an invitation link, a staff member's own password, and sign-out.
 */
export async function adminAuthApi(app: FastifyInstance) {
  const tags = ['admin'];

  route(app, {
    method: 'POST',
    url: '/admin/auth/sign-in',
    summary:
      "Staff sign-in, step one: email and password. Answers a challenge for the code, and at the first owner's first sign-in the TOTP secret to enrol (secret, otpauth URI, QR code); staff an owner added enrol through their invitation link (403 here until then)",
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
      'Staff sign-in, step two: the 6-digit code from the authenticator app (each code once) or a recovery code (each once). Five wrong codes in a row, across challenges, pause the account for 15 minutes (429) and tell the owners. Sets the staff session cookie',
    tags,
    body: staffCodeSchema,
    response: {
      description: 'Signed in; after an enrolment, the recovery codes',
      schema: staffSignedInSchema,
      errors: [401, 403, 429],
    },
    handler: async ({ body, request, reply }) => {
      const { token, expiresAt, staff, recoveryCodes } = await app.staff.verifyCode(
        body.challenge,
        body.code,
        auditActor(request, null),
      );
      app.setStaffCookie(reply, token, expiresAt);
      return { staff, recovery_codes: recoveryCodes };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/invitations/open',
    summary:
      'An invitation link (token from its #fragment): who is invited and the authenticator to add (secret, otpauth URI, QR code). The same secret until the link is used',
    tags,
    body: invitationOpenSchema,
    response: { description: 'The invitation', schema: staffInvitationSchema, errors: [400] },
    handler: async ({ body }) => app.staff.invitations.open(body.token),
  });

  route(app, {
    method: 'POST',
    url: '/admin/invitations/accept',
    summary:
      "Uses an invitation link: sets the password, keeps the authenticator once its code matches (the try counts against the account), answers 10 single-use recovery codes and signs in, ending the account's other sessions",
    tags,
    body: invitationAcceptSchema,
    response: {
      description: 'Enrolled and signed in, with the recovery codes (shown this once)',
      schema: staffSignedInSchema,
      errors: [400, 429],
    },
    handler: async ({ body, request, reply }) => {
      const { staffId, recoveryCodes } = await app.staff.invitations.accept(
        body,
        auditActor(request, null),
      );
      const { token, expiresAt, staff } = await app.staff.sessionAfterEnrolment(staffId);
      app.setStaffCookie(reply, token, expiresAt);
      return { staff, recovery_codes: recoveryCodes };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/auth/password',
    summary:
      "The signed-in staff member's new password (the current one first); their other sessions end",
    tags,
    body: staffPasswordChangeSchema,
    response: {
      description: 'Changed',
      schema: z.object({ changed: z.literal(true) }),
      errors: [400, 401],
    },
    handler: async ({ body, request }) => {
      const staff = await request.getStaff();
      if (!staff) throw unauthorized('Staff sign-in required');
      await app.staff.changePassword(
        staff,
        request.cookies[app.staffCookieName] ?? '',
        body,
        auditActor(request, staff),
      );
      return { changed: true as const };
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
      app.clearStaffCookie(reply);
      return { signed_out: true };
    },
  });
}
