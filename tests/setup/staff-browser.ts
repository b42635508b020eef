import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateSync } from 'otplib';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';
import { outboxMails } from './outbox.ts';

/** The first owner the API tests create (createFirstOwner from ADMIN_EMAIL / ADMIN_PASSWORD). */
export const TEST_OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };

/** A browser of the back office: its own cookie jar (the staff cookie), through app.inject. */
export class StaffBrowser {
  cookie = '';
  secret = '';
  /** The recovery codes handed out at enrolment. */
  recovery: string[] = [];
  /** Who signed in through `signIn`. */
  email = '';
  constructor(readonly app: FastifyInstance) {}

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = response.cookies.find((c) => c.name === 'tessera_staff');
    if (set) this.cookie = set.value ? `tessera_staff=${set.value}` : '';
    const json = (() => {
      try {
        return response.json();
      } catch {
        return undefined;
      }
    })();
    return { status: response.statusCode, body: json, response };
  }

  /** The token of the last invitation link mailed to `email`. */
  invitationToken(email: string): string {
    const mail = outboxMails(this.app.config.dataDir, email).findLast((m) =>
      m.text.includes('/admin/invitation#'),
    );
    const token = /\/admin\/invitation#([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation was mailed to ${email}`);
    return token;
  }

  /** Opens the last invitation mailed to `email`, sets `password` and enrols (signed in). */
  async acceptInvitation(email: string, password: string) {
    const token = this.invitationToken(email);
    const opened = await this.call('POST', '/api/admin/invitations/open', { token });
    expect(opened.status).toBe(200);
    this.secret = opened.body.enrol.secret;
    this.email = email;
    const code = generateSync({ secret: this.secret });
    const accepted = await this.call('POST', '/api/admin/invitations/accept', {
      token,
      password,
      code,
    });
    this.recovery = accepted.body?.recovery_codes ?? [];
    return accepted;
  }

  /** Both steps; the first owner's first sign-in enrols the authenticator. */
  async signIn(email: string, password: string) {
    const first = await this.call('POST', '/api/admin/auth/sign-in', { email, password });
    expect(first.status).toBe(200);
    this.email = email;
    if (first.body.enrol) this.secret = first.body.enrol.secret;
    const code = generateSync({ secret: this.secret });
    const answer = await this.call('POST', '/api/admin/auth/code', {
      challenge: first.body.challenge,
      code,
    });
    if (answer.body?.recovery_codes) this.recovery = answer.body.recovery_codes;
    return { challenge: first.body.challenge as string, code, answer };
  }
}

/**
 * A signed-in member of staff of each role: the first owner (made when no staff exists), and a
 * manager and an editor the owner adds.
 */
export async function staffOfEveryRole(app: FastifyInstance) {
  await createFirstOwner(app.services.db, {
    ADMIN_EMAIL: TEST_OWNER.email,
    ADMIN_PASSWORD: TEST_OWNER.password,
  });
  const owner = new StaffBrowser(app);
  expect((await owner.signIn(TEST_OWNER.email, TEST_OWNER.password)).answer.status).toBe(200);
  const others = {} as Record<'manager' | 'editor', StaffBrowser>;
  for (const role of ['manager', 'editor'] as const) {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@tessera.test`;
    const added = await owner.call('POST', '/api/admin/staff', { email, name: role, role });
    expect(added.status).toBe(201);
    const browser = new StaffBrowser(app);
    expect((await browser.acceptInvitation(email, 'Carrara-marble-12')).status).toBe(200);
    others[role] = browser;
  }
  return { owner, ...others };
}
