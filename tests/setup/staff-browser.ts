import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser of the back office through `inject`: its own cookie jar (the staff cookie). */
export class StaffBrowser {
  cookie = '';
  secret = '';
  constructor(private readonly app: FastifyInstance) {}

  async call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = response.cookies.find((c) => c.name === 'tessera_staff');
    if (set) this.cookie = set.value ? `tessera_staff=${set.value}` : '';
    let body;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, response };
  }

  /** Both steps; the first sign-in enrols the authenticator. */
  async signIn(email: string, password: string) {
    const first = await this.call('POST', '/api/admin/auth/sign-in', { email, password });
    expect(first.status).toBe(200);
    if (first.body.enrol) this.secret = first.body.enrol.secret;
    const code = generateSync({ secret: this.secret });
    return {
      challenge: first.body.challenge as string,
      code,
      answer: await this.call('POST', '/api/admin/auth/code', {
        challenge: first.body.challenge,
        code,
      }),
    };
  }
}

export const TEST_OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };
const STAFF_PASSWORD = 'Carrara-marble-12';

/**
 * An owner, a manager and an editor, each signed in (a fresh database: the owner is the first
 * staff account). TOTP codes are used once each, so the three sign in with their own secrets.
 */
export async function signedInStaff(app: FastifyInstance) {
  await createFirstOwner(app.services.db, {
    ADMIN_EMAIL: TEST_OWNER.email,
    ADMIN_PASSWORD: TEST_OWNER.password,
  });
  const owner = new StaffBrowser(app);
  expect((await owner.signIn(TEST_OWNER.email, TEST_OWNER.password)).answer.status).toBe(200);
  const others = {} as Record<'manager' | 'editor', StaffBrowser>;
  for (const role of ['manager', 'editor'] as const) {
    const email = `${role}@tessera.test`;
    const added = await owner.call('POST', '/api/admin/staff', {
      email,
      name: role,
      role,
      password: STAFF_PASSWORD,
    });
    expect(added.status).toBe(201);
    others[role] = new StaffBrowser(app);
    expect((await others[role].signIn(email, STAFF_PASSWORD)).answer.status).toBe(200);
  }
  return { owner, ...others };
}
