// Issue 28: a size on sale shows its struck regular price and its sale price on the product page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatGBP } from '#domain/money.ts';
import { wasNowText } from '#domain/sale-price.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import {
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
  shown,
} from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
/** A clearance tile: its cheapest size is on sale, 15 % below its regular price. */
const product = buildCatalogue().products.find(
  (p) => p.onSale && p.unit === 'm2' && p.regularPricePence !== null,
)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', WIDE],
  ['375 px', PHONE],
])('a product on sale, %s', (name, viewport) => {
  it('shows the regular price struck through and the sale price, read as was/now', async () => {
    const was = product.regularPricePence!;
    const now = product.pricePence;
    const { page, errors, context } = await openPage(browser, viewport);
    await page.goto(`/product/${product.slug}`);
    await hydrated(page);
    const main = page.getByRole('main');
    const price = main.locator('p', { has: page.locator('[data-was-now]') }).first();
    await shown(price);
    await expect.poll(() => price.locator('del').innerText()).toBe(formatGBP(was));
    await expect.poll(() => price.locator('ins').innerText()).toBe(formatGBP(now));
    await expect.poll(() => price.innerText()).toContain('/ M2');
    // Screen readers hear the words once; the struck figures are hidden from them.
    await expect.poll(() => price.locator('.sr-only').textContent()).toBe(wasNowText(was, now));
    await expect
      .poll(() => price.locator('[data-was-now]').getAttribute('aria-hidden'))
      .toBe('true');
    await price.scrollIntoViewIfNeeded();
    await docsScreenshot(page, `product-sale-price-${name === 'desktop' ? 'desktop' : 'phone'}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
