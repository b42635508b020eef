import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, passwordResets, sessions } from '#db/schema/index.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import {
  ADDRESS,
  call,
  login,
  PASSWORD,
  register,
  t,
  uniqueEmail,
  useAuthApp,
} from '#tests/setup/auth-app.ts';

useAuthApp();

describe('password change', () => {
  it('needs the right current password', async () => {
    const { cookie } = await register();
    const answer = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { current_password: 'wrong-one', password: 'basalt-tile-77' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Your current password is incorrect.');
  });

  it('rotates this session, ends every other one, and only the new password works', async () => {
    const { email, cookie } = await register();
    const elsewhere = await login(email, PASSWORD);
    const answer = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { current_password: PASSWORD, password: 'basalt-tile-77' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
    expect(answer.raw).not.toMatch(/scrypt|basalt/);
    expect((await call('GET', '/api/verify', { cookie })).status).toBe(401);
    expect((await call('GET', '/api/verify', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await call('GET', '/api/verify', { cookie: answer.cookie })).status).toBe(200);
    expect((await call('GET', '/api/verify', { token: answer.body.token })).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'basalt-tile-77')).status).toBe(200);
  });
});

/** The mails to `email` but the verification link every registration sends. */
const outboxMailsTo = (email: string) =>
  outboxMails(t.config.dataDir, email).filter(
    (mail) => mail.subject !== 'Verify your email address for Tessera Stone',
  );

function resetToken(email: string): string {
  const mails = outboxMailsTo(email);
  const link = /\/my-account\/reset-password\?token=(\S+)/.exec(mails.at(-1)?.text ?? '');
  return decodeURIComponent(link![1]!);
}

describe('password reset', () => {
  it('answers the same for an unknown email and mails a link only to a real account', async () => {
    const { email } = await register();
    const known = await call('POST', '/api/auth/lost-password', { body: { email } });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await call('POST', '/api/auth/lost-password', {
      body: { email: unknownEmail },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers['cache-control']).toBe('no-store');
    expect(outboxMailsTo(unknownEmail)).toEqual([]);
    const [mail] = outboxMailsTo(email);
    expect(mail!.subject).toBe('Reset your Tessera Stone password');
    expect(mail!.text).toContain('http://localhost:80/my-account/reset-password?token=');
    expect(mail!.text).toContain('expires in 60 minutes');
  });

  it('sets the new password once, ends every session, and the link then stops working', async () => {
    const { email, cookie } = await register();
    await call('POST', '/api/auth/lost-password', { body: { email } });
    const token = resetToken(email);
    const rows = await t.database.handle.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'slate-hearth-9' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Your password has been reset. You can now log in with your new password.',
    );
    expect((await call('GET', '/api/verify', { cookie })).status).toBe(401);
    const replay = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'another-pass-1' },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'slate-hearth-9')).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email } = await register();
    await call('POST', '/api/auth/lost-password', { body: { email } });
    await t.database.handle.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const answer = await call('POST', '/api/auth/reset-password', {
      body: { token: resetToken(email), password: 'slate-hearth-9' },
    });
    expect(answer.status).toBe(400);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('refuses a short or common new password without using up the link', async () => {
    const { email } = await register();
    await call('POST', '/api/auth/lost-password', { body: { email } });
    const token = resetToken(email);
    const short = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'abc' },
    });
    expect(short.body.message).toBe('Password must be at least 6 characters long');
    const common = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'qwerty123' },
    });
    expect(common.status).toBe(400);
    const good = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'slate-hearth-9' },
    });
    expect(good.status).toBe(200);
  });

  it('throttles reset requests per account (429 on the 4th within the hour)', async () => {
    const { email } = await register();
    for (let i = 0; i < 3; i++) {
      const answer = await call('POST', '/api/auth/lost-password', {
        body: { email },
        ip: '10.5.0.1',
      });
      expect(answer.status).toBe(200);
    }
    const blocked = await call('POST', '/api/auth/lost-password', {
      body: { email },
      ip: '10.5.0.2',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(outboxMailsTo(email)).toHaveLength(3);
  });
});

describe('DELETE /api/auth/account', () => {
  it('deletes the customer with their sessions and addresses', async () => {
    const { email, cookie, body } = await register();
    await call('PUT', '/api/auth/update-profile', { cookie, body: { billing: ADDRESS } });
    const answer = await call('DELETE', '/api/auth/account', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: true });
    expect((await call('GET', '/api/verify', { cookie })).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    const db = t.database.handle.db;
    const id = body.customer.id as number;
    expect(await db.select().from(customers).where(eq(customers.id, id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.customerId, id))).toEqual([]);
    const left = await db.execute(sql`SELECT 1 FROM addresses WHERE customer_id = ${id}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await call('DELETE', '/api/auth/account')).status).toBe(401);
  });
});
