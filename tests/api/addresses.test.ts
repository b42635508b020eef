import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeIdealPostcodes,
  type FakeIdealPostcodes,
} from '#tests/fakes/ideal-postcodes-api.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let withLookup: TestApp;
let paf: FakeIdealPostcodes;
beforeAll(async () => {
  paf = await startFakeIdealPostcodes();
  [t, withLookup] = await Promise.all([
    createTestApp({ seed: false }),
    createTestApp({
      seed: false,
      config: { POSTCODE_LOOKUP_API_KEY: paf.key, POSTCODE_LOOKUP_URL: paf.url },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), withLookup?.close()]);
  await paf?.stop();
});

const lookup = (postcode?: string, shop = withLookup) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/postcode-lookup${postcode === undefined ? '' : `?postcode=${encodeURIComponent(postcode)}`}`,
  });

describe('GET /api/postcode-lookup', () => {
  it('without an address service answers 404 and makes nothing up, whatever the postcode', async () => {
    for (const postcode of ['IV2 3JH', 'BT1 5GS', 'SW1A 1AA']) {
      const response = await lookup(postcode, t);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Address lookup is not available' });
      expect(response.body).not.toMatch(/High Street|London/);
    }
  });

  it("answers the service's addresses at the postcode, in standard form, town in title case", async () => {
    const inverness = await lookup(' iv23jh ');
    expect(inverness.statusCode).toBe(200);
    expect(inverness.headers['cache-control']).toBe('no-store');
    expect(inverness.json().addresses).toEqual([
      {
        address_1: '12 Culduthel Road',
        address_2: '',
        city: 'Inverness',
        county: 'Inverness-shire',
        postcode: 'IV2 3JH',
      },
      {
        address_1: 'Flat 2',
        address_2: '14 Culduthel Road',
        city: 'Inverness',
        county: 'Inverness-shire',
        postcode: 'IV2 3JH',
      },
    ]);
    expect((await lookup('BT1 5GS')).json().addresses).toEqual([
      {
        address_1: '3 Donegall Square North',
        address_2: '',
        city: 'Belfast',
        county: 'County Antrim',
        postcode: 'BT1 5GS',
      },
    ]);
    expect((await lookup('KW15 1NX')).json().addresses[0]).toMatchObject({
      address_1: 'The Old Bakery',
      address_2: '7 Albert Street, Town Centre',
      city: 'Kirkwall',
    });
    expect(paf.asked.slice(0, 3)).toEqual(['IV2 3JH', 'BT1 5GS', 'KW15 1NX']);
  });

  it('answers no addresses for a postcode the service does not know', async () => {
    const response = await lookup('ZE2 9ZZ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ addresses: [] });
  });

  it("answers 503 with the form's message when the service refuses the key or has no balance", async () => {
    const wrongKey = await createTestApp({
      seed: false,
      config: { POSTCODE_LOOKUP_API_KEY: 'ak_wrong', POSTCODE_LOOKUP_URL: paf.url },
    });
    try {
      const refused = await lookup('IV2 3JH', wrongKey);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'lookup_unavailable',
        message: 'Failed to find addresses. Please enter manually.',
      });
    } finally {
      await wrongKey.close();
    }
    paf.exhaust();
    expect((await lookup('IV2 3JH')).statusCode).toBe(503);
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
