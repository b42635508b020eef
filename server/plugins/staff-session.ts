import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_COOKIE } from '#domain/cookie-names.ts';
import { mayWork, type StaffArea } from '#domain/staff.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AuditActor } from '../services/staff/audit.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';
import { StaffService, type StaffMember } from '../services/staff/staff.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (staff cookie), or null; loaded once per request. */
    getStaff(): Promise<StaffMember | null>;
  }
  interface FastifyInstance {
    staff: StaffService;
    staffCookieName: string;
    setStaffCookie(reply: FastifyReply, token: string, expiresAt: Date): void;
    clearStaffCookie(reply: FastifyReply): void;
  }
}

const STAFF_KEY = Symbol('staff');
type WithStaff = FastifyRequest & { [STAFF_KEY]?: Promise<StaffMember | null> };

/**
 * The back office's own session: a cookie apart from the shoppers' (`__Host-` and Secure in
 * production, SameSite=Strict), so no customer session can ever stand for a staff one.
 */
export const staffSessionPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean }) => {
    const service = new StaffService(
      app.services.db,
      createMailer(app.config, ownerReplyTo(app.services.shop)),
      app.config.rateLimits,
    );
    const cookieName = options.production ? `__Host-${STAFF_COOKIE}` : STAFF_COOKIE;
    app.decorate('staff', service);
    app.decorate('staffCookieName', cookieName);
    // Sign-out clears the cookie with the attributes that set it, or a browser keeps it.
    const attributes = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: options.production,
    } as const;
    app.decorate('setStaffCookie', (reply: FastifyReply, token: string, expiresAt: Date) => {
      reply.setCookie(cookieName, token, { ...attributes, expires: expiresAt });
    });
    app.decorate('clearStaffCookie', (reply: FastifyReply) => {
      reply.clearCookie(cookieName, attributes);
    });
    app.decorateRequest('getStaff', function (this: FastifyRequest) {
      const request = this as WithStaff;
      const token = request.cookies[cookieName];
      request[STAFF_KEY] ??= token ? service.findSession(token) : Promise.resolve(null);
      return request[STAFF_KEY];
    });
  },
);

/** The staff member behind the request when their role may work in `area`: 401, else 403. */
export async function requireStaff(request: FastifyRequest, area: StaffArea): Promise<StaffMember> {
  const member = await request.getStaff();
  if (!member) throw unauthorized('Staff sign-in required');
  if (!mayWork(member.role, area)) throw forbidden(`A ${member.role} may not work on ${area}`);
  return member;
}

/** Who is acting, for the audit log. */
export function auditActor(request: FastifyRequest, member: StaffMember | null): AuditActor {
  return {
    staffId: member?.id ?? null,
    actor: member?.email ?? 'anonymous',
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}
