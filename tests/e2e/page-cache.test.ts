import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { pages } from '#db/schema/content.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { hydrated, launchBrowser, openPage, shown } from './fixtures/browser.ts';

const BUILD_DIR = resolve(process.env.BUILD_DIR ?? 'build');

const nonceOfCsp = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, '');

describe('pages kept in process', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ buildDir: BUILD_DIR });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url, headers });

  it('serves the second visit from the cache, with a fresh nonce in the header and every script', async () => {
    const first = await get('/colour/whites');
    const second = await get('/colour/whites');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    const [a, b] = [
      nonceOfCsp(first.headers['content-security-policy']),
      nonceOfCsp(second.headers['content-security-policy']),
    ];
    expect(a).not.toBe(b);
    expect(noncesIn(first.body)).toEqual(new Set([a]));
    expect(noncesIn(second.body)).toEqual(new Set([b]));
    expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
    expect(second.headers['cache-control']).toBe('private, no-cache');
    // Same content, same validator: only the nonce after the dot differs.
    expect(String(second.headers.etag).split('.')[0]).toBe(
      String(first.headers.etag).split('.')[0],
    );
  });

  it('answers a revalidation with 304 and the CSP of the copy the browser kept', async () => {
    const kept = await get('/');
    const etag = String(kept.headers.etag);
    const revalidation = await get('/', { 'if-none-match': etag });
    expect(revalidation.statusCode).toBe(304);
    expect(revalidation.body).toBe('');
    expect(revalidation.headers.etag).toBe(etag);
    expect(nonceOfCsp(revalidation.headers['content-security-policy'])).toBe(
      nonceOfCsp(kept.headers['content-security-policy']),
    );
  });

  it('never copies a forged ETag nonce into the CSP', async () => {
    const kept = await get('/');
    const hash = String(kept.headers.etag).slice(3).split('.')[0];
    const forged = await get('/', { 'if-none-match': `W/"${hash}.'unsafe-inline'"` });
    expect(forged.statusCode).toBe(200);
    const scriptSrc = /script-src [^;]+/.exec(String(forged.headers['content-security-policy']))!;
    expect(scriptSrc[0]).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
  });

  it('shares one render between shoppers with and without a session', async () => {
    // A shopper with a basket: their session's cookie.
    const listed = (await get('/api/products?per_page=1')).json();
    const detail = (await get(`/api/products/slug/${listed.data[0].slug}`)).json();
    const variation = detail.variations.find(
      (v: { instock: boolean; attributes: { option: string }[] }) =>
        v.instock && !/sample/i.test(v.attributes[0]!.option),
    );
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: detail.data.id, variation_id: variation.id },
    });
    expect(added.statusCode).toBe(200);
    const session = added.cookies.find((c) => c.name === shop.app.sessionCookieName)!;
    const cookie = `${session.name}=${session.value}`;
    const first = await get('/about-us', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    const anonymous = await get('/about-us');
    expect(anonymous.headers['x-cache']).toBe('hit');
    expect(withoutNonces(anonymous.body)).toBe(withoutNonces(first.body));
    expect((await get('/about-us', { cookie })).headers['x-cache']).toBe('hit');
  });

  it('does not keep a page rendered while the content store failed', async () => {
    const db = shop.database.handle.db;
    await db.execute(sql`ALTER TABLE pages RENAME TO pages_away`);
    const broken = await get('/delivery-information');
    await db.execute(sql`ALTER TABLE pages_away RENAME TO pages`);
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('Error loading page');
    const next = await get('/delivery-information');
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body).not.toContain('Error loading page');
    expect((await get('/delivery-information')).headers['x-cache']).toBe('hit');
  });

  it('keeps no page its route marks no-store (the account area)', async () => {
    await get('/my-account');
    const again = await get('/my-account');
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('refuses anything but a read of a page with 405, quietly', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await shop.app.inject({
        method,
        url: '/colour/whites',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'q=1',
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.json()).toMatchObject({ code: 'method_not_allowed' });
    }
  });

  it('keeps no error page', async () => {
    await get('/no-such-page-here');
    const again = await get('/no-such-page-here');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});

describe('stale-while-revalidate', () => {
  let shop: TestApp;
  beforeAll(async () => {
    // Every kept page is already stale: each visit is served at once and refreshed behind it.
    shop = await createTestApp({
      buildDir: BUILD_DIR,
      config: { RESPONSE_CACHE_TTL_MS: '1', PAGE_STALE_MS: '600000' },
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('serves the kept page while a background render picks up the change', async () => {
    const get = () => shop.app.inject({ method: 'GET', url: '/installation' });
    const before = await get();
    expect(before.body).toContain('<h1');
    await shop.database.handle.db
      .update(pages)
      .set({ title: 'Installation, revised' })
      .where(eq(pages.slug, 'installation'));
    const stale = await get();
    expect(stale.headers['x-cache']).toBe('stale');
    expect(stale.body).not.toContain('Installation, revised');
    await expect.poll(async () => (await get()).body).toContain('Installation, revised');
  });
});

describe('pages in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a kept page hydrates under its fresh nonce without a CSP violation', async () => {
    const first = await openPage(browser);
    await first.page.goto('/faq');
    await hydrated(first.page);
    await first.context.close();
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/faq');
    expect(['hit', 'stale']).toContain(response?.headers()['x-cache']);
    await hydrated(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never violate the content security policy, form validation included', async () => {
    const { page, context } = await openPage(browser);
    // Recorded from the first script on, before the page's own.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto('/');
    await hydrated(page);
    // The newsletter box validates with Zod in the browser.
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByPlaceholder('Your email address').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await shown(page.getByText('Please enter a valid email address').first());
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('rendering under load', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ buildDir: BUILD_DIR, config: { RENDER_CONCURRENCY: '1' } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('renders in turn and turns away a queue too long to serve in time, with Retry-After', async () => {
    // One render at a time, 65 pages in progress at most: of 100 at once, the rest are told to
    // retry; a browser reads why on a page, an API client in JSON.
    const fromBrowser = (i: number) => i % 2 === 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        shop.app.inject({
          url: '/about-us',
          headers: {
            'cache-control': 'no-cache',
            accept: fromBrowser(i)
              ? 'text/html,application/xhtml+xml,*/*;q=0.8'
              : 'application/json',
          },
        }),
      ),
    );
    const served = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(served.length + refused.length).toBe(100);
    expect(served.length).toBeGreaterThanOrEqual(65);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBe('2');
    const byBrowser = answers.filter((a, i) => a.statusCode === 503 && fromBrowser(i));
    const byClient = answers.filter((a, i) => a.statusCode === 503 && !fromBrowser(i));
    expect(byBrowser.length).toBeGreaterThan(0);
    expect(byClient.length).toBeGreaterThan(0);
    expect(byBrowser[0]!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(byBrowser[0]!.body).toContain('<p>The shop is busy. Please retry shortly.</p>');
    expect(byClient[0]!.json()).toMatchObject({ code: 'busy' });
    expect(served.every((a) => a.body.includes('</html>'))).toBe(true);
  });
});
