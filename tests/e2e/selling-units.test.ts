import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatGBP } from '#domain/money.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { DESKTOP, hydrated, launchBrowser, openPage, shown } from './fixtures/browser.ts';
import { checkout } from './fixtures/checkout.ts';

const catalogue = buildCatalogue();
/** A tin of sealer, sold each: its sizes name the tin ('1 Litre'). */
const sealer = catalogue.products.find(
  (p) =>
    p.unit === 'each' &&
    p.categories.includes('tiling-products') &&
    p.variations.some((v) => v.inStock && v.option === '1 Litre'),
) as SeedProduct;
const tin = sealer.variations.find((v) => v.option === '1 Litre')!;
const from = Math.min(...sealer.variations.map((v) => v.pricePence).filter((p) => p > 0));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('goods not sold by the m²', () => {
  it('label a sealer "each" on its card, its page, in the basket and at checkout', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    // Product photos are rendered on demand and may be refused (503) on a busy machine: the
    // labels are what this test is about, so only other failed answers count.
    const failed: string[] = [];
    page.on('response', (answer) => {
      const path = new URL(answer.url()).pathname;
      if (answer.status() >= 400 && answer.status() !== 401 && !path.startsWith('/media/')) {
        failed.push(`${answer.status()} ${path}`);
      }
    });
    await page.goto('/collections/stone-collection/tiling-products');
    await hydrated(page);
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: sealer.name, exact: true }) });
    await shown(card.getByText(`From ${formatGBP(from)} each`, { exact: true }));
    await expect.poll(() => page.getByRole('main').getByText(/\/M2/).count()).toBe(0);

    await card.getByRole('link', { name: sealer.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: sealer.name }).waitFor();
    await shown(page.getByText(`from ${formatGBP(from)} each`, { exact: true }));
    await page.getByRole('button', { name: 'Choose Size' }).click();
    const drawer = page.getByRole('dialog', { name: 'Choose Size' });
    const choice = drawer.getByRole('button', { name: /^1 Litre/ });
    await shown(choice.getByText(`${formatGBP(tin.pricePence)} each`, { exact: true }));
    await choice.click();
    await drawer.waitFor({ state: 'hidden' });
    // Counted in items, with no m² field.
    await expect.poll(() => page.getByLabel('m²', { exact: true }).count()).toBe(0);
    await page.getByLabel('Items', { exact: true }).fill('2');
    await page.getByRole('button', { name: /^Add to cart/ }).click();

    const basket = page.getByRole('dialog', { name: /^Your Basket/ });
    const line = basket.getByRole('listitem', { name: `${sealer.name}, 1 Litre` });
    await shown(line.getByText('2 items', { exact: true }));
    await shown(line.getByText(`${formatGBP(tin.pricePence)} each`, { exact: true }));

    await basket.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const ordered = checkout(page).form.getByRole('listitem', { name: `${sealer.name}, 1 Litre` });
    await shown(ordered.getByText('2 items', { exact: true }));
    await shown(ordered.getByText(`${formatGBP(tin.pricePence)} each`, { exact: true }));
    await expect
      .poll(() =>
        checkout(page)
          .form.getByText(/m²|\/M2/)
          .count(),
      )
      .toBe(0);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
