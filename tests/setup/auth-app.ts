// A shop without a catalogue for the account tests: one helper to call the API as a browser or
// an app would (cookie or bearer token), and shoppers who register from addresses of their own.
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

export let t: TestApp;
export function useAuthApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: 'defaults' });
  });
  afterAll(async () => {
    await t?.close();
  });
}

export const PASSWORD = 'granite-slab-42';
let counter = 0;
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${counter++}@example.co.uk`;

export interface Call {
  body?: unknown;
  cookie?: string;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: Call = {},
) {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat();
  const session = setCookie.find((c) => c.startsWith('tessera_session='));
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    headers: response.headers,
    raw: response.body,
    setCookie: session,
    cookie: session ? session.split(';')[0] : undefined,
  };
}

export async function register(email = uniqueEmail('shopper'), password = PASSWORD) {
  // Each registration from its own address, clear of the per-address registration limit.
  const ip = `10.200.${Math.floor(counter / 250)}.${counter % 250}`;
  const answer = await call('POST', '/api/auth/register', { body: { email, password }, ip });
  expect(answer.status).toBe(201);
  return { email, password, ...answer, cookie: answer.cookie! };
}

export const login = (email: string, password: string, extra: Call = {}) =>
  call('POST', '/api/auth/login', { ...extra, body: { email, password, ...(extra.body ?? {}) } });

export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Stone',
  company: '',
  phone: '+44 (0)20 7946-0958',
  email: 'ada@example.co.uk',
  country: 'GB',
  postcode: 'sw1a1aa',
  address_1: '10 Quarry Lane',
  address_2: '',
  city: 'London',
  county: '',
};
