import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '#db/schema/index.ts';
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

describe('POST /api/auth/register', () => {
  it('creates the account, signs in with an HttpOnly cookie and answers { customer, token, wpToken }', async () => {
    const email = uniqueEmail('New.Shopper');
    const answer = await call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      customer: {
        id: expect.any(Number),
        email: email.toLowerCase(),
        first_name: '',
        last_name: '',
        role: 'customer',
        username: email.toLowerCase().split('@')[0],
        billing: null,
        shipping: null,
        is_paying_customer: false,
        email_verified_at: null,
        avatar_url: '',
        date_created: expect.any(String),
        date_modified: expect.any(String),
      },
      token: expect.any(String),
      wpToken: answer.body.token,
    });
    expect(answer.setCookie).toMatch(/HttpOnly/);
    expect(answer.setCookie).toMatch(/SameSite=Lax/);
    expect(answer.raw).not.toMatch(/scrypt|password/i);
    const [row] = await t.database.handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, answer.body.customer.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required'],
    [{ email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: uniqueEmail('x') }, 'Password is required'],
    [{ email: uniqueEmail('x'), password: 'abc' }, 'Password must be at least 6 characters long'],
    [
      { email: uniqueEmail('x'), password: 'Password123' },
      'This password is too common and easy to guess. Please choose another.',
    ],
  ])('refuses %j with "%s" in message', async (body, message) => {
    const answer = await call('POST', '/api/auth/register', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const { email } = await register();
    const again = await call('POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'An account is already registered with this email address. Please log in.',
    );
  });

  it('never lets the client set role, id or paying status', async () => {
    const answer = await call('POST', '/api/auth/register', {
      body: {
        email: uniqueEmail('sneaky'),
        password: PASSWORD,
        role: 'administrator',
        id: 1,
        is_paying_customer: true,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.customer).toMatchObject({ role: 'customer', is_paying_customer: false });
    expect(answer.body.customer.id).not.toBe(1);
  });
});

describe('POST /api/auth/login and GET /api/verify', () => {
  it('signs in, rotating the session, and verify answers the user by cookie and by bearer', async () => {
    const { email, cookie: registrationCookie } = await register();
    const answer = await login(email, PASSWORD, { cookie: registrationCookie });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['customer', 'token', 'wpToken']);
    expect(answer.body.customer.email).toBe(email);
    expect(answer.raw).not.toMatch(/scrypt|password/i);
    // The token known before sign-in is worthless after it.
    expect((await call('GET', '/api/verify', { cookie: registrationCookie })).status).toBe(401);
    const byCookie = await call('GET', '/api/verify', { cookie: answer.cookie });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.user).toMatchObject({ email, role: 'customer' });
    expect(byCookie.raw).not.toMatch(/scrypt/);
    const byBearer = await call('GET', '/api/verify', { token: answer.body.token });
    expect(byBearer.body.user.id).toBe(answer.body.customer.id);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const { email } = await register();
    const wrong = await login(email, 'not-the-password', { ip: '10.1.0.1' });
    const unknown = await login(uniqueEmail('nobody'), 'not-the-password', { ip: '10.1.0.1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('Incorrect email address or password.');
  });

  it('keeps a remembered session beyond the browser session, and others not', async () => {
    const { email } = await register();
    const remembered = await login(email, PASSWORD, { body: { remember: true } });
    const expires = /Expires=([^;]+)/.exec(remembered.setCookie ?? '')?.[1];
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    const plain = await login(email, PASSWORD);
    expect(plain.setCookie).not.toMatch(/Expires/);
  });

  it('answers 401 without a session, with a bad bearer token, and with the error body', async () => {
    const none = await call('GET', '/api/verify');
    expect(none.status).toBe(401);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.body).toMatchObject({ code: 'unauthorized', message: 'Token verification failed' });
    expect((await call('GET', '/api/verify', { token: 'forged-token' })).status).toBe(401);
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required'],
    [{ email: 'nope', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('refuses %j with "%s" in error', async (body, message) => {
    const answer = await call('POST', '/api/auth/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures on one account, even to the right password', async () => {
    const { email } = await register();
    for (let i = 0; i < 5; i++) {
      expect((await login(email, `wrong-${i}`, { ip: '10.2.0.1' })).status).toBe(401);
    }
    const blocked = await login(email, PASSWORD, { ip: '10.2.0.2' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    const [row] = await t.database.handle.db
      .execute(sql`SELECT count FROM throttle_counters WHERE key = ${`login:account:${email}`}`)
      .then((r) => (r as unknown as { rows: { count: number }[] }).rows);
    // The refused attempt counted too: a flood keeps the account shut for the whole window.
    expect(row!.count).toBe(6);
    // Another account is not affected.
    const other = await register();
    expect((await login(other.email, PASSWORD, { ip: '10.2.0.2' })).status).toBe(200);
  });

  it('answers 429 after 30 failures from one address across many accounts', async () => {
    for (let i = 0; i < 30; i++) {
      const answer = await login(uniqueEmail('spray'), 'guess-123', { ip: '10.3.0.1' });
      expect(answer.status).toBe(401);
    }
    const { email } = await register();
    const blocked = await login(email, PASSWORD, { ip: '10.3.0.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect((await login(email, PASSWORD, { ip: '10.3.0.2' })).status).toBe(200);
  }, 300_000);

  it('forgets failures of an account after a successful sign-in', async () => {
    const { email } = await register();
    for (let i = 0; i < 4; i++) await login(email, `wrong-${i}`, { ip: '10.4.0.1' });
    expect((await login(email, PASSWORD, { ip: '10.4.0.1' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(email, `wrong-${i}`, { ip: '10.4.0.1' });
    expect((await login(email, PASSWORD, { ip: '10.4.0.1' })).status).toBe(200);
  });
});

describe('request forgery', () => {
  it('refuses a sign-in from another origin (403) and a form-encoded one (415)', async () => {
    const { email } = await register();
    const foreign = await call('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}&password=${PASSWORD}`,
    });
    expect(form.statusCode).toBe(415);
    expect(form.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cross-origin profile change and account deletion', async () => {
    const { cookie } = await register();
    const headers = { origin: 'https://evil.example' };
    const update = await call('PUT', '/api/auth/update-profile', {
      cookie,
      headers,
      body: { first_name: 'Mallory' },
    });
    expect(update.status).toBe(403);
    expect((await call('DELETE', '/api/auth/account', { cookie, headers })).status).toBe(403);
    expect((await call('GET', '/api/verify', { cookie })).body.user.first_name).toBe('');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session server-side: the cookie and the bearer token stop working', async () => {
    const { cookie, body } = await register();
    const answer = await call('POST', '/api/auth/logout', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await call('GET', '/api/verify', { cookie })).status).toBe(401);
    expect((await call('GET', '/api/verify', { token: body.token })).status).toBe(401);
    expect((await call('PUT', '/api/auth/update-profile', { cookie, body: {} })).status).toBe(401);
  });

  it('answers 200 even without a session', async () => {
    expect((await call('POST', '/api/auth/logout')).status).toBe(200);
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('changes names and email and answers { customer }', async () => {
    const { cookie } = await register();
    const email = uniqueEmail('Renamed');
    const answer = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { first_name: ' Ada ', last_name: 'Lovelace', email },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.customer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: email.toLowerCase(),
    });
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ first_name: '' }, 'First name is required'],
    [{ last_name: '  ' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ password: 'new-password-1' }, 'Current password is required to change password'],
    [
      { password: 'abc', current_password: PASSWORD },
      'New password must be at least 6 characters long',
    ],
  ])('refuses %j with "%s"', async (body, message) => {
    const { cookie } = await register();
    const answer = await call('PUT', '/api/auth/update-profile', { cookie, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
  });

  it.each([{ role: 'administrator' }, { is_paying_customer: true }, { id: 1 }])(
    'rejects the mass-assignment field %j and changes nothing',
    async (body) => {
      const { cookie, body: registered } = await register();
      const answer = await call('PUT', '/api/auth/update-profile', {
        cookie,
        body: { first_name: 'Eve', ...body },
      });
      expect(answer.status).toBe(400);
      const { body: after } = await call('GET', '/api/verify', { cookie });
      expect(after.user).toMatchObject({
        id: registered.customer.id,
        role: 'customer',
        is_paying_customer: false,
        first_name: '',
      });
    },
  );

  it("refuses another customer's email with 409", async () => {
    const first = await register();
    const second = await register();
    const answer = await call('PUT', '/api/auth/update-profile', {
      cookie: second.cookie,
      body: { email: first.email.toUpperCase() },
    });
    expect(answer.status).toBe(409);
  });

  it('stores billing and shipping (GB postcode in standard form) and deletes one with null', async () => {
    const { cookie } = await register();
    const saved = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { billing: ADDRESS, shipping: { ...ADDRESS, country: 'FR', postcode: '75001' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.customer.billing).toEqual({ ...ADDRESS, postcode: 'SW1A 1AA' });
    expect(saved.body.customer.shipping).toMatchObject({ country: 'FR', postcode: '75001' });
    const deleted = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { shipping: null },
    });
    expect(deleted.body.customer.shipping).toBeNull();
    expect(deleted.body.customer.billing.postcode).toBe('SW1A 1AA');
  });

  it.each([
    ['postcode', '12345', 'Please enter a valid UK postcode'],
    ['phone', '020 7946 0958 ext 2', 'Please enter a valid phone number'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['city', '', 'Town/City is required'],
    ['country', 'XX', 'Country is required'],
  ])('refuses an address with a bad %s (%s)', async (field, value, message) => {
    const { cookie } = await register();
    const answer = await call('PUT', '/api/auth/update-profile', {
      cookie,
      body: { billing: { ...ADDRESS, [field]: value } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.fields[`billing.${field}`]).toBe(message);
  });
});

describe('addresses belong to their customer only', () => {
  it("never shows one customer's address to another (404)", async () => {
    const owner = await register();
    const other = await register();
    await call('PUT', '/api/auth/update-profile', {
      cookie: owner.cookie,
      body: { billing: ADDRESS },
    });
    const own = await call('GET', '/api/auth/addresses/billing', { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.body.address.address_1).toBe('10 Quarry Lane');
    const foreign = await call('GET', '/api/auth/addresses/billing', { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    const query = await call(
      'GET',
      `/api/auth/addresses/billing?customer_id=${owner.body.customer.id}`,
      { cookie: other.cookie },
    );
    expect(query.status).toBe(404);
    expect((await call('GET', '/api/auth/addresses/billing')).status).toBe(401);
    const { body } = await call('GET', '/api/verify', { cookie: other.cookie });
    expect(body.user.billing).toBeNull();
  });
});
