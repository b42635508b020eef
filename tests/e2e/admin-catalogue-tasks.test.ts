import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { docsScreenshot, launchBrowser, DESKTOP, PHONE, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

const catalogue = buildCatalogue();
/** Products the other browser tests leave alone: from the middle of the catalogue. */
const middle = catalogue.products.filter((p) => !p.onSale).slice(40);

let browser: Browser;
let shop: TestApp;
let base: string;
/** The owner's signed-in cookies, signed in once for both viewports. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  await signInStaff(await context.newPage(), TEST_OWNER);
  signedIn = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each([
  ['desktop', DESKTOP, 0],
  ['375 px', PHONE, 1],
] as const)('catalogue tasks from the product list (%s)', (label, viewport, index) => {
  it('duplicates a product as a draft copy and archives it: its page then says it is no longer sold', async () => {
    const product = middle[index]!;
    const context = await browser.newContext({ baseURL: base, viewport, storageState: signedIn });
    const page = await context.newPage();
    await page.goto(`/admin/products?q=${product.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: product.name, exact: true }).waitFor();

    await page.getByRole('button', { name: `Duplicate ${product.name}` }).click();
    await shown(
      page.getByRole('status').filter({ hasText: `Made ${product.name} (copy), a draft copy` }),
    );
    await page.getByRole('link', { name: 'Edit the copy' }).click();
    await page.getByRole('heading', { level: 1, name: `${product.name} (copy)` }).waitFor();
    expect(await page.getByLabel('Slug (the old one redirects here)').inputValue()).toBe(
      `${product.slug}-copy`,
    );
    expect(await page.getByLabel('Status').inputValue()).toBe('draft');

    await page.goto(`/admin/products?q=${product.slug}`);
    await page.getByRole('button', { name: `Archive ${product.name}` }).click();
    await shown(
      page
        .getByRole('status')
        .filter({ hasText: `Archived ${product.name}: it is hidden from the shop` }),
    );
    // Out of the default list; under the Archived filter.
    await shown(page.getByText('0 products'));
    await page.getByLabel('Status').selectOption('archived');
    await shown(page.getByRole('cell', { name: 'Archived' }));
    await docsScreenshot(
      page,
      `admin-archived-products-${label === 'desktop' ? 'desktop' : 'phone'}`,
    );

    const answer = await page.goto(`/product/${product.slug}`);
    expect(answer?.status()).toBe(410);
    await shown(page.getByRole('heading', { level: 1, name: `${product.name} is no longer sold` }));
    await context.close();
  });
});
