import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '#domain/cookie-names.ts';
import { SessionStore, type SessionForWrite, type SessionRecord } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session (cookie or bearer token), or null; loaded once per request. */
    getSession(): Promise<SessionRecord | null>;
    /**
     * The caller's session for a write, or a new one that the caller stores (`isNew`) with
     * `sessionInsert` in the statement of its write, then calls `saved()` to send its cookie.
     */
    sessionForWrite(reply: FastifyReply): Promise<SessionForWrite>;
    /**
     * Replaces the caller's session with a new token (login, password change): a token known
     * before sign-in is worthless after it. Returns the new token for API clients.
     */
    rotateSession(
      reply: FastifyReply,
      options: { customerId: number | null; remember?: boolean },
    ): Promise<{ token: string; record: SessionRecord; previous: SessionRecord | null }>;
    /** Ends the session server-side and clears the cookie. */
    endSession(reply: FastifyReply): Promise<void>;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookieName: string;
  }
}

const SESSION_KEY = Symbol('session');

type WithSession = FastifyRequest & { [SESSION_KEY]?: Promise<SessionRecord | null> };

function tokenOf(request: FastifyRequest, cookieName: string): string | null {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return request.cookies[cookieName] ?? null;
}

/**
 * Sessions of design.md section 6: an HttpOnly, SameSite=Lax cookie (`__Host-` and Secure in
 * production) holding a random token whose hash is the session row's key. Bearer tokens are
 * accepted for API clients.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { production: boolean }) => {
  const store = new SessionStore(app.services.db);
  store.announceRevoked = () => app.changes.publish('sessions');
  app.changes.on((change) => {
    if (change === 'sessions') store.forget();
  });
  const cookieName = options.production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  app.decorate('sessions', store);
  app.decorate('sessionCookieName', cookieName);

  const setCookie = (reply: FastifyReply, token: string, record: SessionRecord) => {
    reply.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
      // A remembered session outlives the browser; others end with it.
      ...(record.remember ? { expires: record.expiresAt } : {}),
    });
  };

  app.decorateRequest('getSession', function (this: FastifyRequest) {
    const request = this as WithSession;
    const token = tokenOf(request, cookieName);
    request[SESSION_KEY] ??= token ? store.find(token) : Promise.resolve(null);
    return request[SESSION_KEY];
  });

  app.decorateRequest(
    'sessionForWrite',
    async function (this: FastifyRequest, reply: FastifyReply) {
      const existing = await this.getSession();
      if (existing) return { record: existing, isNew: false, saved: () => undefined };
      const { token, record } = store.draft();
      return {
        record,
        isNew: true,
        saved: () => {
          setCookie(reply, token, record);
          (this as WithSession)[SESSION_KEY] = Promise.resolve(record);
        },
      };
    },
  );

  app.decorateRequest(
    'rotateSession',
    async function (
      this: FastifyRequest,
      reply: FastifyReply,
      rotate: { customerId: number | null; remember?: boolean },
    ) {
      const previous = await this.getSession();
      const { token, record } = await store.create(rotate);
      if (previous) await store.destroy(previous.tokenHash);
      setCookie(reply, token, record);
      (this as WithSession)[SESSION_KEY] = Promise.resolve(record);
      return { token, record, previous };
    },
  );

  app.decorateRequest('endSession', async function (this: FastifyRequest, reply: FastifyReply) {
    const session = await this.getSession();
    if (session) await store.destroy(session.tokenHash);
    reply.clearCookie(cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
    });
    (this as WithSession)[SESSION_KEY] = Promise.resolve(null);
  });
});
