import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
} from './fixtures/browser.ts';
import { checkout } from './fixtures/checkout.ts';

const catalogue = buildCatalogue();
/** A tile with an in-stock 600x400 size: 20 pieces make one pallet. */
const tile = catalogue.products.find(
  (p) =>
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => v.option.startsWith('600x400') && v.inStock),
)!;
const tileSize = tile.variations.find((v) => v.option.startsWith('600x400') && v.inStock)!;
const escaped = tileSize.option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The seeded prices: one pallet £49 + the Highlands' £45.
const HIGHLANDS_PALLET = '£94.00';
const SURCHARGE = 'Scottish Highlands: +£45.00 pallet surcharge';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('delivery price before checkout on %s', (label, viewport) => {
  it('a guest sees the estimate on the product page first, then the same figure in the basket and at checkout', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    // Product photos are rendered on demand and may be refused (503) on a busy machine: the
    // prices are what this test is about, so only other failed answers count.
    const failed: string[] = [];
    page.on('response', (answer) => {
      const path = new URL(answer.url()).pathname;
      if (answer.status() >= 400 && answer.status() !== 401 && !path.startsWith('/media/')) {
        failed.push(`${answer.status()} ${path}`);
      }
    });
    await page.goto(`/product/${tile.slug}`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: tile.name }).waitFor();
    await page.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await sizes.getByRole('button', { name: new RegExp(`^${escaped}`) }).click();
    await sizes.waitFor({ state: 'hidden' });
    await page.getByLabel('Pieces', { exact: true }).fill('20');

    const onProduct = page.getByRole('region', { name: 'Delivery to your postcode' });
    await onProduct.getByLabel('Postcode').fill('iv2 3jh');
    await onProduct.getByRole('button', { name: 'Check' }).click();
    await onProduct.getByText('Delivery to IV2 3JH:').waitFor();
    await expect
      .poll(() => onProduct.getByText('Delivery to IV2 3JH:').locator('strong').textContent())
      .toBe(HIGHLANDS_PALLET);
    await onProduct.getByText(SURCHARGE).waitFor();
    const total = await onProduct.getByText('Total with delivery:').locator('strong').textContent();
    await onProduct.getByText(/^Standard delivery \(9am–5:30pm\), 5–7 working days/).waitFor();
    await docsScreenshot(page, `delivery-estimate-product-${label}`);

    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const basket = page.getByRole('dialog', { name: /^Your Basket/ });
    const inBasket = basket.getByRole('region', { name: 'Delivery to your postcode' });
    await inBasket.getByText('Delivery to IV2 3JH:').waitFor();
    await expect
      .poll(() => inBasket.getByText('Delivery to IV2 3JH:').locator('strong').textContent())
      .toBe(HIGHLANDS_PALLET);
    await expect.poll(() => inBasket.getByLabel('Postcode').inputValue()).toBe('IV2 3JH');
    await inBasket.getByText(SURCHARGE).waitFor();
    await expect
      .poll(() => inBasket.getByText('Total with delivery:').locator('strong').textContent())
      .toBe(total);
    await docsScreenshot(page, `delivery-estimate-basket-${label}`);

    await basket.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const c = checkout(page);
    await c.form.waitFor();
    await expect.poll(() => c.delivery.getByLabel('Postcode').inputValue()).toBe('IV2 3JH');
    await c.form
      .getByRole('radio', { name: `Standard delivery (9am–5:30pm), ${HIGHLANDS_PALLET}` })
      .waitFor();
    await c.form.getByText(SURCHARGE).waitFor();
    await expect.poll(c.total).toBe(total);
    await docsScreenshot(page, `delivery-estimate-checkout-${label}`, { fullPage: true });

    expect(failed).toEqual([]);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('says plainly where the shop cannot deliver, and refuses a postcode that is not one', async () => {
    const { page, context } = await openPage(browser, viewport);
    await page.goto(`/product/${tile.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await sizes.getByRole('button', { name: new RegExp(`^${escaped}`) }).click();
    await sizes.waitFor({ state: 'hidden' });
    await page.getByLabel('Pieces', { exact: true }).fill('2');
    const estimate = page.getByRole('region', { name: 'Delivery to your postcode' });
    await estimate.getByLabel('Postcode').fill('not a postcode');
    await estimate.getByRole('button', { name: 'Check' }).click();
    await estimate.getByRole('alert').getByText('Please enter a valid UK postcode').waitFor();
    await estimate.getByLabel('Postcode').fill('GY1 1AA');
    await estimate.getByRole('button', { name: 'Check' }).click();
    await estimate.getByText(/^Sorry, we cannot deliver to the Channel Islands/).waitFor();
    await context.close();
  });
});

describe('the Delivery Information page', () => {
  it('shows the areas table from the zones checkout prices by', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto('/delivery-information');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Delivery prices by area' }).waitFor();
    const table = page.getByRole('table').filter({ hasText: 'Postcodes' });
    const wight = table.getByRole('row', { name: /^Isle of Wight/ });
    await wight.getByText('PO30–PO41').waitFor();
    await wight.getByText('£84.00 (incl. £35.00 surcharge)').waitFor();
    await table
      .getByRole('row', { name: /^Scottish Highlands/ })
      .getByText('£94.00 (incl. £45.00 surcharge)')
      .waitFor();
    await expect.poll(() => page.getByText('quoted individually').count()).toBe(0);
    await docsScreenshot(page, 'delivery-information-areas', { fullPage: true });
    await context.close();
  });
});
