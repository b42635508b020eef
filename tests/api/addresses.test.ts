import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_LOOKUP_DELAY_MS } from '#domain/catalogue.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const lookup = (postcode?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/postcode-lookup${postcode === undefined ? '' : `?postcode=${encodeURIComponent(postcode)}`}`,
  });

describe('GET /api/postcode-lookup', () => {
  it('answers sample addresses at the postcode in standard form after the placeholder delay', async () => {
    const started = Date.now();
    const response = await lookup(' sw1a1aa ');
    expect(Date.now() - started).toBeGreaterThanOrEqual(POSTCODE_LOOKUP_DELAY_MS - 5);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { addresses } = response.json();
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      expect(address).toEqual({
        address_1: expect.any(String),
        address_2: expect.any(String),
        city: expect.any(String),
        county: expect.any(String),
        postcode: 'SW1A 1AA',
      });
    }
  });

  it.each([
    [undefined, 'Please enter a postcode to search'],
    ['   ', 'Please enter a postcode to search'],
    ['12345', 'Please enter a valid UK postcode'],
    ['Q1 1AA', 'Please enter a valid UK postcode'],
  ])('refuses %j with 400 "%s"', async (postcode, message) => {
    const response = await lookup(postcode);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/auth/addresses/:kind', () => {
  it('answers 400 for a kind other than billing or shipping, and 401 without a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/addresses/billing' })).statusCode,
    ).toBe(401);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'kinds@example.co.uk', password: 'granite-slab-42' }),
    });
    const cookie = String(register.headers['set-cookie']).split(';')[0]!;
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/addresses/delivery',
      headers: { cookie },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The address kind must be billing or shipping');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/auth/addresses/shipping',
      headers: { cookie },
    });
    expect(none.statusCode).toBe(404);
  });
});
