// Email verification by link, and guest orders joining the account of the same, verified email.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { VERIFY_MESSAGES } from '#domain/api-schemas-tracking.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const PASSWORD = 'Riven-slate-88';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const newEmail = () => `mason-${randomBytes(4).toString('hex')}@example.com`;

async function register(email = newEmail()) {
  const customer = new ApiShopper(t.app);
  const answer = await customer.call('POST', '/api/auth/register', { email, password: PASSWORD });
  expect(answer.status).toBe(201);
  return { customer, email, id: answer.body.customer.id as number };
}

/** The token of the newest verification mail to `email`. */
function verificationToken(email: string): string {
  const mail = outboxMails(t.config.dataDir, email).at(-1);
  const match = /\/my-account\/verify-email\?token=(\S+)/.exec(mail?.text ?? '');
  expect(match, `no verification mail to ${email}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const confirm = (shopper: ApiShopper, token: string) =>
  shopper.call('POST', '/api/account/verify-email/confirm', { token });

const verifiedAt = async (id: number) =>
  (
    await queryRows<{ email_verified_at: string | Date | null }>(
      t.app.services.db,
      sql`SELECT email_verified_at FROM customers WHERE id = ${id}`,
    )
  )[0]!.email_verified_at;

describe('email verification', () => {
  it('mails a link at registration; the link verifies the email once', async () => {
    const { customer, email, id } = await register();
    const mails = outboxMails(t.config.dataDir, email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email address for Tessera Stone']);
    const token = verificationToken(email);
    const before = await customer.call('GET', '/api/verify');
    expect(before.body.user.email_verified_at).toBeNull();

    const done = await confirm(new ApiShopper(t.app), token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: VERIFY_MESSAGES.verified });
    const after = await customer.call('GET', '/api/verify');
    expect(after.body.user.email_verified_at).toEqual(expect.any(String));

    const again = await confirm(customer, token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(VERIFY_MESSAGES.linkInvalid);
    const resend = await customer.call('POST', '/api/account/verify-email');
    expect(resend.body).toEqual({ message: VERIFY_MESSAGES.alreadyVerified });
    expect(outboxMails(t.config.dataDir, email)).toHaveLength(1);
    expect(await verifiedAt(id)).not.toBeNull();
  });

  it('refuses an expired link, a wrong one, and one sent to an address the account no longer has', async () => {
    const { customer, email, id } = await register();
    const expired = verificationToken(email);
    await t.app.services.db.execute(sql`UPDATE email_verifications
        SET expires_at = now() - interval '1 minute' WHERE customer_id = ${id}`);
    const late = await confirm(customer, expired);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(VERIFY_MESSAGES.linkInvalid);

    const wrong = await confirm(customer, 'not-a-token');
    expect(wrong.status).toBe(400);
    expect((await confirm(customer, '')).status).toBe(400);

    const sent = await customer.call('POST', '/api/account/verify-email');
    expect(sent.body).toEqual({ message: VERIFY_MESSAGES.sent });
    const token = verificationToken(email);
    const moved = newEmail();
    const changed = await customer.call('PUT', '/api/auth/update-profile', { email: moved });
    expect(changed.status).toBe(200);
    const stale = await confirm(customer, token);
    expect(stale.status).toBe(400);
    expect(await verifiedAt(id)).toBeNull();
  });

  it('needs a signed-in customer to send a link, and limits how many it sends', async () => {
    const anonymous = await new ApiShopper(t.app).call('POST', '/api/account/verify-email');
    expect(anonymous.status).toBe(401);
    const { customer } = await register();
    const limit = t.config.rateLimits.verifyEmailPerAccount.limit;
    for (let i = 0; i < limit; i += 1) {
      expect((await customer.call('POST', '/api/account/verify-email')).status).toBe(200);
    }
    expect((await customer.call('POST', '/api/account/verify-email')).status).toBe(429);
  });

  it('un-verifies an account whose email changes', async () => {
    const { customer, email, id } = await register();
    await confirm(customer, verificationToken(email));
    expect(await verifiedAt(id)).not.toBeNull();
    await customer.call('PUT', '/api/auth/update-profile', { email: email.toUpperCase() });
    expect(await verifiedAt(id)).not.toBeNull();
    await customer.call('PUT', '/api/auth/update-profile', { email: newEmail() });
    expect(await verifiedAt(id)).toBeNull();
  });
});

describe('guest orders joining the account', () => {
  it('guest claim only with a verified email', async () => {
    const email = newEmail();
    const db = t.database.handle.db;
    const first = await storeOrderAwaitingPayment(db, { email, paymentMethod: 'bank_transfer' });
    const second = await storeOrderAwaitingPayment(db, { email: email.toUpperCase() });
    const stranger = await storeOrderAwaitingPayment(db, { email: newEmail() });
    const { customer, id } = await register(email);

    for (const [method, url, body] of [
      ['POST', '/api/account/orders/claim', {}],
      ['POST', '/api/account/orders/claim', { numbers: [first.number] }],
      ['GET', '/api/account/orders/claimable', undefined],
    ] as const) {
      const refused = await customer.call(method, url, body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(VERIFY_MESSAGES.verifyFirst);
    }
    expect((await customer.call('GET', '/api/orders')).body.data).toEqual([]);
    expect((await new ApiShopper(t.app).call('POST', '/api/account/orders/claim', {})).status).toBe(
      401,
    );

    await confirm(customer, verificationToken(email));
    const claimable = await customer.call('GET', '/api/account/orders/claimable');
    expect(claimable.status).toBe(200);
    expect(claimable.body.data.map((o: { number: string }) => o.number).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    expect(claimable.body.data[0].total).toBe('120.00');

    const notMine = await customer.call('POST', '/api/account/orders/claim', {
      numbers: [stranger.number],
    });
    expect(notMine.body).toEqual({ claimed: [], message: VERIFY_MESSAGES.claimed(0) });

    const one = await customer.call('POST', '/api/account/orders/claim', {
      numbers: [first.number],
    });
    expect(one.body).toEqual({
      claimed: [first.number],
      message: '1 order was added to your account.',
    });
    const rest = await customer.call('POST', '/api/account/orders/claim', {});
    expect(rest.body.claimed).toEqual([second.number]);

    const mine = await customer.call('GET', '/api/orders');
    expect(mine.body.data.map((o: { number: string }) => o.number).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    const own = await customer.call('GET', `/api/orders/${first.number}`);
    expect(own.status).toBe(200);
    expect(own.body.data.guest).toBe(false);
    expect(own.body.data.history.at(-1)).toMatchObject({
      kind: 'note',
      to: 'claimed',
      actor: `customer:${id}`,
      note: `Added to the account of ${email}, verified`,
    });
    const [untouched] = await queryRows<{ customer_id: number | null }>(
      t.app.services.db,
      sql`SELECT customer_id FROM orders WHERE id = ${stranger.id}`,
    );
    expect(untouched!.customer_id).toBeNull();
    expect((await customer.call('GET', `/api/orders/${stranger.number}`)).status).toBe(404);
  });

  it('refuses order numbers that are not order numbers', async () => {
    const { customer } = await register();
    const bad = await customer.call('POST', '/api/account/orders/claim', { numbers: ['1 OR 1=1'] });
    expect(bad.status).toBe(400);
    const extra = await customer.call('POST', '/api/account/orders/claim', { everything: true });
    expect(extra.status).toBe(400);
  });
});
