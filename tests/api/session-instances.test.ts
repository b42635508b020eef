// Two instances on one PostgreSQL database: each keeps live sessions in memory, and a session
// ended on one (sign-out, password change) stops working on the other too.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const PASSWORD = 'granite-slab-42';
let t: TestApp;
let sibling: FastifyInstance;
let counter = 0;

async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie?: string,
  body?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    remoteAddress: `10.210.0.${++counter}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const session = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('tessera_session='));
  return { status: response.statusCode, cookie: session?.split(';')[0] };
}

async function signedIn(): Promise<{ email: string; cookie: string }> {
  const email = `instances.${Date.now()}.${counter}@example.co.uk`;
  const { status, cookie } = await send(t.app, 'POST', '/api/auth/register', undefined, {
    email,
    password: PASSWORD,
  });
  expect(status).toBe(201);
  return { email, cookie: cookie! };
}

const verifyOn = async (app: FastifyInstance, cookie: string) =>
  (await send(app, 'GET', '/api/verify', cookie)).status;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a session ended on one instance', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: 'defaults' });
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling?.close();
    await t?.close();
  });

  it('stops working on the other, which had it in memory', async () => {
    const { cookie } = await signedIn();
    expect(await verifyOn(sibling, cookie)).toBe(200);
    expect(await verifyOn(sibling, cookie)).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/logout', cookie)).status).toBe(200);
    expect(await verifyOn(t.app, cookie)).toBe(401);
    await expect.poll(() => verifyOn(sibling, cookie), { timeout: 1_000, interval: 20 }).toBe(401);
  });

  it('after a password change, every other session stops working on both', async () => {
    const { email, cookie } = await signedIn();
    const other = await send(sibling, 'POST', '/api/auth/login', undefined, {
      email,
      password: PASSWORD,
    });
    expect(other.status).toBe(200);
    expect(await verifyOn(sibling, other.cookie!)).toBe(200);
    expect(await verifyOn(t.app, other.cookie!)).toBe(200);
    const change = await send(t.app, 'PUT', '/api/auth/update-profile', cookie, {
      current_password: PASSWORD,
      password: 'basalt-tile-77',
    });
    expect(change.status).toBe(200);
    expect(await verifyOn(t.app, other.cookie!)).toBe(401);
    await expect
      .poll(() => verifyOn(sibling, other.cookie!), { timeout: 1_000, interval: 20 })
      .toBe(401);
    expect(await verifyOn(sibling, change.cookie!)).toBe(200);
  });
});
