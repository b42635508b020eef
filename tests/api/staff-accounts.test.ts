import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { openDatabase } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { STAFF_CODE_LOCK, STAFF_MESSAGES } from '#domain/staff.ts';
import { buildApp } from '#server/app.ts';
import { rateLimitVariable } from '#domain/rate-limits.ts';
import { loadConfig } from '#server/config.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, StaffBrowser, TEST_OWNER } from '#tests/setup/staff-browser.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;

beforeAll(async () => {
  // Many password steps of one account open the challenges these tests need; the password
  // throttle has tests of its own (throttle-burst.test.ts), the code lock is what is tried here.
  t = await createTestApp({
    seed: false,
    config: { [rateLimitVariable('staffLoginPerAccount')]: '1000/15m' },
  });
  ({ owner, manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.db;
const PASSWORD = 'Purbeck-marble-slab-7';

/** A member of staff added by the owner, enrolled through their invitation; signed in. */
async function invited(role: 'owner' | 'manager' | 'editor', password = PASSWORD) {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@tessera.test`;
  const added = await owner.call('POST', '/api/admin/staff', { email, name: role, role });
  expect(added.status).toBe(201);
  const browser = new StaffBrowser(t.app);
  const accepted = await browser.acceptInvitation(email, password);
  expect(accepted.status).toBe(200);
  return {
    browser,
    id: added.body.data.id as number,
    email,
    recovery: accepted.body.recovery_codes as string[],
  };
}

/** A wrong code for `secret`: any 6 digits but the ones it shows now. */
const wrongCode = (secret: string, i: number) => {
  const right = generateSync({ secret });
  const code = String(100000 + ((i * 7919) % 900000));
  return code === right ? String(999999 - i) : code;
};

async function challenge(email: string, password = PASSWORD) {
  const answer = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/sign-in', {
    email,
    password,
  });
  expect(answer.status).toBe(200);
  return answer.body.challenge as string;
}

const auditCount = async (action: string, staffId: number) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE action = ${action} AND staff_id = ${staffId}`,
    )
  )[0]!.n;

describe('second factor: wrong codes counted per account, across challenges', () => {
  it(`checks at most ${STAFF_CODE_LOCK.attempts} codes of a parallel burst over many challenges, then locks and tells the owners once`, async () => {
    const { browser, id, email, recovery } = await invited('manager');
    const challenges = await Promise.all(Array.from({ length: 8 }, () => challenge(email)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new StaffBrowser(t.app).call('POST', '/api/admin/auth/code', {
          challenge: challenges[i % challenges.length],
          code: wrongCode(browser.secret, i),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_CODE_LOCK.attempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - STAFF_CODE_LOCK.attempts);
    const locked = answers.find((a) => a.status === 429)!;
    expect(locked.body.message).toBe(STAFF_MESSAGES.codeLocked);
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(800);
    expect(await auditCount('staff.code_locked', id)).toBe(1);
    expect(await auditCount('staff.sign_in_failed', id)).toBe(STAFF_CODE_LOCK.attempts);
    const mails = outboxMails(t.config.dataDir, TEST_OWNER.email).filter((m) =>
      m.subject.includes(email),
    );
    expect(mails.map((m) => m.subject)).toEqual([`Back office: sign-in locked for ${email}`]);

    // Locked: even a right recovery code is not checked, and a new password step does not help.
    const refused = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/code', {
      challenge: await challenge(email),
      code: recovery[0],
    });
    expect(refused.status).toBe(429);
    // Once the pause is over, a recovery code signs in (once) and the count starts again.
    await db().execute(sql`UPDATE staff SET code_locked_until = now() WHERE id = ${id}`);
    const fresh = new StaffBrowser(t.app);
    const ok = await fresh.call('POST', '/api/admin/auth/code', {
      challenge: await challenge(email),
      code: recovery[0],
    });
    expect(ok.status).toBe(200);
    expect((await fresh.call('GET', '/api/admin/auth/me')).body.staff.email).toBe(email);
    const reused = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/code', {
      challenge: await challenge(email),
      code: recovery[0],
    });
    expect(reused.status).toBe(401);
    const [row] = await queryRows<{ code_failures: number }>(
      db(),
      sql`SELECT code_failures FROM staff WHERE id = ${id}`,
    );
    expect(row!.code_failures).toBe(1);
  });

  it('stores recovery codes and invitation links only as hashes', async () => {
    const { id, recovery } = await invited('editor');
    const stored = await queryRows<{ code_hash: string }>(
      db(),
      sql`SELECT code_hash FROM staff_recovery_codes WHERE staff_id = ${id}`,
    );
    expect(stored).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) {
      expect(stored.some((s) => s.code_hash.includes(code.replace(/-/g, '')))).toBe(false);
    }
    const email = `hash-${Date.now()}@tessera.test`;
    await owner.call('POST', '/api/admin/staff', { email, name: 'H', role: 'editor' });
    const token = owner.invitationToken(email);
    const rows = await queryRows<{ token_hash: string }>(
      db(),
      sql`SELECT i.token_hash FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
          WHERE s.email = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });
});

describe('enrolment only through an invitation link', () => {
  it('shows the QR code and the same secret until used; refuses a weak password, a wrong code, reuse and expiry', async () => {
    const email = `invitee-${Date.now()}@tessera.test`;
    const added = await owner.call('POST', '/api/admin/staff', {
      email,
      name: 'Ivy',
      role: 'manager',
    });
    expect(added.status).toBe(201);
    const [mail] = outboxMails(t.config.dataDir, email);
    expect(mail!.subject).toBe('Your Tessera Stone back office account');
    expect(mail!.text).toMatch(/\/admin\/invitation#[\w-]{40,}/);
    expect(mail!.text).toContain('expires in 72 hours');
    // No password yet: the account cannot sign in, whatever is typed.
    const noPassword = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(noPassword.status).toBe(401);
    expect(noPassword.body.message).toBe(STAFF_MESSAGES.signInFailed);

    const invitee = new StaffBrowser(t.app);
    const token = invitee.invitationToken(email);
    const opened = await invitee.call('POST', '/api/admin/invitations/open', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ email, name: 'Ivy', role: 'manager' });
    expect(opened.body.enrol.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(opened.body.enrol.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(opened.body.enrol.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    const again = await invitee.call('POST', '/api/admin/invitations/open', { token });
    expect(again.body.enrol.secret).toBe(opened.body.enrol.secret);
    const secret = opened.body.enrol.secret as string;

    for (const [password, message] of [
      ['password1234', STAFF_MESSAGES.passwordWeak],
      ['qwertyuiop123', STAFF_MESSAGES.passwordWeak],
      [`${email}1`, STAFF_MESSAGES.passwordWeak],
      ['short-1', STAFF_MESSAGES.passwordTooShort],
    ]) {
      const weak = await invitee.call('POST', '/api/admin/invitations/accept', {
        token,
        password,
        code: generateSync({ secret }),
      });
      expect(weak.status).toBe(400);
      expect(weak.body.fields).toEqual({ password: message });
    }
    const wrong = await invitee.call('POST', '/api/admin/invitations/accept', {
      token,
      password: PASSWORD,
      code: wrongCode(secret, 1),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: STAFF_MESSAGES.codeInvalid });
    const accepted = await invitee.call('POST', '/api/admin/invitations/accept', {
      token,
      password: PASSWORD,
      code: generateSync({ secret }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.staff).toMatchObject({ email, role: 'manager' });
    expect((await invitee.call('GET', '/api/admin/orders')).status).toBe(200);
    const reused = await new StaffBrowser(t.app).call('POST', '/api/admin/invitations/open', {
      token,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(STAFF_MESSAGES.invitationInvalid);

    const late = `late-${Date.now()}@tessera.test`;
    await owner.call('POST', '/api/admin/staff', { email: late, name: 'Late', role: 'editor' });
    await db().execute(sql`UPDATE staff_invitations SET expires_at = now() - interval '1 second'
      WHERE staff_id = (SELECT id FROM staff WHERE email = ${late})`);
    const expired = await new StaffBrowser(t.app).call('POST', '/api/admin/invitations/open', {
      token: owner.invitationToken(late),
    });
    expect(expired.status).toBe(400);
    for (const bad of ['', 'x'.repeat(300), 'not-a-token']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations/open',
        payload: { token: bad },
      });
      expect(answer.statusCode).toBe(400);
    }
  });

  it("lets the owner reset a staff member's second factor: sessions end and a new link is mailed", async () => {
    const member = await invited('editor');
    expect((await member.browser.call('GET', '/api/admin/auth/me')).status).toBe(200);
    const byManager = await manager.call(
      'POST',
      `/api/admin/staff/${member.id}/reset-second-factor`,
    );
    expect(byManager.status).toBe(403);
    const reset = await owner.call('POST', `/api/admin/staff/${member.id}/reset-second-factor`);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ enrolled: false, disabled: false });
    expect((await member.browser.call('GET', '/api/admin/auth/me')).status).toBe(401);
    // The password alone no longer leads to a code: only the new link enrols.
    const signIn = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/sign-in', {
      email: member.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(STAFF_MESSAGES.enrolByInvitation);
    expect(outboxMails(t.config.dataDir, member.email)).toHaveLength(2);
    const again = new StaffBrowser(t.app);
    const accepted = await again.acceptInvitation(member.email, 'Kilkenny-limestone-44');
    expect(accepted.status).toBe(200);
    expect(accepted.body.recovery_codes).toHaveLength(10);
    const oldRecovery = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/code', {
      challenge: await challenge(member.email, 'Kilkenny-limestone-44'),
      code: member.recovery[1],
    });
    expect(oldRecovery.status).toBe(401);
    expect(await auditCount('staff.enrol', member.id)).toBe(2);
  });
});

describe('staff accounts: the last owner, roles, re-enabling, own password', () => {
  it('refuses to disable or demote the last active owner, and keeps one when two owners act at once', async () => {
    const me = (await owner.call('GET', '/api/admin/auth/me')).body.staff.id as number;
    for (const [path, body] of [
      ['disable', undefined],
      ['role', { role: 'manager' }],
    ] as const) {
      const answer = await owner.call('POST', `/api/admin/staff/${me}/${path}`, body);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(STAFF_MESSAGES.lastOwner);
    }
    const second = await invited('owner');
    const [a, b] = await Promise.all([
      owner.call('POST', `/api/admin/staff/${second.id}/disable`),
      second.browser.call('POST', `/api/admin/staff/${me}/disable`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL`,
    );
    expect(owners[0]!.n).toBe(1);
    // Whichever owner is left re-enables the other.
    const left = a.status === 200 ? owner : second.browser;
    const other = a.status === 200 ? second.id : me;
    const enabled = await left.call('POST', `/api/admin/staff/${other}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.disabled).toBe(false);
    if (left !== owner) {
      // The first owner's session ended with the account: back in with a recovery code.
      const back = await owner.call('POST', '/api/admin/auth/code', {
        challenge: await challenge(TEST_OWNER.email, TEST_OWNER.password),
        code: owner.recovery.pop(),
      });
      expect(back.status).toBe(200);
    }
  });

  it('changes roles, refuses a bad role, and audits before and after', async () => {
    const member = await invited('editor');
    const bad = await owner.call('POST', `/api/admin/staff/${member.id}/role`, { role: 'root' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ role: STAFF_MESSAGES.roleRequired });
    expect((await member.browser.call('GET', '/api/admin/orders')).status).toBe(403);
    const changed = await owner.call('POST', `/api/admin/staff/${member.id}/role`, {
      role: 'manager',
    });
    expect(changed.body.data.role).toBe('manager');
    expect((await member.browser.call('GET', '/api/admin/orders')).status).toBe(200);
    const [row] = await queryRows<{ before: { role: string }; after: { role: string } }>(
      db(),
      sql`SELECT before, after FROM audit_log WHERE action = 'staff.role'
          AND entity_id = ${String(member.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect([row!.before.role, row!.after.role]).toEqual(['editor', 'manager']);
    const unknown = await owner.call('POST', '/api/admin/staff/999999/enable');
    expect(unknown.status).toBe(404);
  });

  it("changes a staff member's own password and ends their other sessions", async () => {
    const member = await invited('manager');
    const elsewhere = new StaffBrowser(t.app);
    elsewhere.secret = member.browser.secret;
    const recoveryIn = await elsewhere.call('POST', '/api/admin/auth/code', {
      challenge: await challenge(member.email),
      code: member.recovery[0],
    });
    expect(recoveryIn.status).toBe(200);
    const wrong = await member.browser.call('POST', '/api/admin/auth/password', {
      current_password: 'not-it-at-all',
      new_password: 'Yorkstone-paving-88',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ current_password: STAFF_MESSAGES.currentPasswordWrong });
    const weak = await member.browser.call('POST', '/api/admin/auth/password', {
      current_password: PASSWORD,
      new_password: 'password1234',
    });
    expect(weak.body.fields).toEqual({ new_password: STAFF_MESSAGES.passwordWeak });
    const changed = await member.browser.call('POST', '/api/admin/auth/password', {
      current_password: PASSWORD,
      new_password: 'Yorkstone-paving-88',
    });
    expect(changed.status).toBe(200);
    expect((await member.browser.call('GET', '/api/admin/auth/me')).status).toBe(200);
    expect((await elsewhere.call('GET', '/api/admin/auth/me')).status).toBe(401);
    const old = await new StaffBrowser(t.app).call('POST', '/api/admin/auth/sign-in', {
      email: member.email,
      password: PASSWORD,
    });
    expect(old.status).toBe(401);
    expect((await challenge(member.email, 'Yorkstone-paving-88')).length).toBeGreaterThan(20);
  });

  it('refuses a weak first owner from the environment', async () => {
    await expect(
      t.app.staff.createWithPassword(
        { email: 'weak@tessera.test', name: 'W', role: 'owner', password: 'password1234' },
        null,
      ),
    ).rejects.toMatchObject({ statusCode: 400, fields: { password: STAFF_MESSAGES.passwordWeak } });
  });
});

describe('staff sign-out in production', () => {
  it('clears the cookie with the attributes it was set with (Secure, HttpOnly, SameSite, Path)', async () => {
    const origin = 'https://shop.example';
    const prod = await createTestApp({
      seed: false,
      config: { NODE_ENV: 'production', PUBLIC_ORIGIN: origin },
    });
    try {
      const member = await prod.app.staff.createWithPassword(
        { email: 'prod@tessera.test', name: 'P', role: 'owner', password: PASSWORD },
        null,
      );
      const post = (url: string, payload: object, cookie = '') =>
        prod.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { origin, ...(cookie ? { cookie } : {}) },
        });
      const first = await post('/api/admin/auth/sign-in', {
        email: member.email,
        password: PASSWORD,
      });
      const signedIn = await post('/api/admin/auth/code', {
        challenge: first.json().challenge,
        code: generateSync({ secret: first.json().enrol.secret }),
      });
      expect(signedIn.statusCode).toBe(200);
      const set = String(signedIn.headers['set-cookie']);
      const cookie = set.split(';')[0]!;
      expect(cookie).toMatch(/^__Host-tessera_staff=.+/);
      const signOut = await post('/api/admin/auth/sign-out', {}, cookie);
      expect(signOut.statusCode).toBe(200);
      const cleared = String(signOut.headers['set-cookie']);
      const attributes = (header: string) =>
        header
          .split(';')
          .slice(1)
          .map((part) => part.trim())
          .filter((part) => !/^(expires|max-age)=/i.test(part))
          .sort();
      expect(cleared).toMatch(/^__Host-tessera_staff=;/);
      expect(attributes(cleared)).toEqual(attributes(set));
      expect(attributes(set)).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    } finally {
      await prod.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('share the count of wrong codes: a burst split across both checks at most the limit', async () => {
    const { browser, email } = await invited('manager');
    const second = await openDatabase({ url: t.database.url!, poolSize: 5 });
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir }),
      database: second,
    });
    await other.ready();
    try {
      const challenges = await Promise.all(Array.from({ length: 6 }, () => challenge(email)));
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/admin/auth/code',
            payload: { challenge: challenges[i % 6], code: wrongCode(browser.secret, i) },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_CODE_LOCK.attempts);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - STAFF_CODE_LOCK.attempts);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
