import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchBrowser, openPage, shown } from './fixtures/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('server-rendered storefront', () => {
  it('serves the home page as HTML that hydrates without errors', async () => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(headers['content-security-policy']).toContain(directive);
    }
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The HTML arrives complete from the server, before any script runs.
    const html = await response!.text();
    expect(html).toContain('<title>');
    await hydrated(page);
    await expect.poll(() => page.title()).toMatch(/Tessera/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with a real 404 page', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await shown(page.getByRole('heading', { name: 'Page not found' }));
    await context.close();
  });
});
