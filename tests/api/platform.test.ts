import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const isErrorBody = (body: Record<string, unknown>) => {
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(body.error).toBe(body.message);
  expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+/);
};

describe('health', () => {
  it('answers /healthz and /readyz with the database kind', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('strict input handling', () => {
  const post = (payload: string | Buffer, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/cart/add', payload, headers });

  it('answers malformed JSON with 400', async () => {
    const response = await post('{"product_id": ', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    isErrorBody(response.json());
  });

  it('refuses form and text bodies with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await post('a=1', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      isErrorBody(response.json());
    }
  });

  it('refuses an oversize body with 413', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(t.config.bodyLimitBytes + 10) });
    const response = await post(big, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(413);
    isErrorBody(response.json());
  });

  it('refuses state-changing requests from another origin with 403', async () => {
    const response = await post('{}', {
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    isErrorBody(response.json());
  });

  it('refuses NUL characters, which PostgreSQL text cannot hold, with 400', async () => {
    const inPath = await t.app.inject('/api/products/slug/%00');
    expect(inPath.statusCode).toBe(400);
    isErrorBody(inPath.json());
    const inQuery = await t.app.inject('/api/products?search=a%00b');
    expect(inQuery.statusCode).toBe(400);
    const inBody = await post(JSON.stringify({ product_id: 1, note: 'a\u0000b' }), {
      'content-type': 'application/json',
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().message).toMatch(/NUL/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/wp-json/wp/v2/nothing']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      isErrorBody(response.json());
    }
  });

  it('sends security headers on every answer', async () => {
    const response = await t.app.inject('/api/attributes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('media', () => {
  it('serves a generated stone image as immutable WebP and 404s a bad name', async () => {
    const response = await t.app.inject('/media/stone/marble-white-7-320.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await t.app.inject('/media/stone/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await t.app.inject('/media/stone/marble-white-7-333.webp')).statusCode).toBe(404);
  });
});
