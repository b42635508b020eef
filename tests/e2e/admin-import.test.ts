import AxeBuilder from '@axe-core/playwright';
import { stringify } from 'csv-stringify/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '#tests/setup/test-app.ts';
import { docsScreenshot, launchBrowser, DESKTOP, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

/** A WooCommerce export of one variable product with two sizes. */
const CSV = stringify([
  [
    'Type',
    'SKU',
    'Name',
    'Published',
    'Parent',
    'Regular price',
    'Sale price',
    'Stock',
    'Categories',
    'Attribute 1 name',
    'Attribute 1 value(s)',
  ],
  [
    'variable',
    'E2E-AZUL',
    'Azul Bahia Granite Tiles',
    '1',
    '',
    '',
    '',
    '',
    'Stone Collection > Granite Tiles',
    'Sizemm',
    '600x600x20, 300x300x10',
  ],
  ['variation', 'E2E-AZUL-1', '', '1', 'E2E-AZUL', '89.5', '', '12', '', 'Sizemm', '600x600x20'],
  ['variation', 'E2E-AZUL-2', '', '1', 'E2E-AZUL', '75', '69.99', '', '', 'Sizemm', '300x300x10'],
  ['variation', 'E2E-AZUL-3', '', '1', 'E2E-AZUL', '12.345', '', '', '', 'Sizemm', '100x100x10'],
]);

let browser: Browser;
/** A shop of its own, so its staff enrol apart from the other back-office tests. */
let shop: TestApp;
let base: string;
/** A manager the owner adds; they enrol their authenticator at their first sign-in. */
const MANAGER = { email: 'importer@tessera.test', password: 'Carrara-marble-12' };
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop({ ...MANAGER, name: 'Importer', role: 'manager' }));
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('importing products in the back office', () => {
  it('a manager runs a dry run, then the import, and the storefront shows the product', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
    const page = await context.newPage();
    await signInStaff(page, MANAGER);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Import' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Import products' }).waitFor();
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'woocommerce.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    await page.getByRole('button', { name: 'Dry run' }).click();
    await shown(page.getByText('Dry run finished: woocommerce.csv'));
    await shown(page.getByText('Rows processed: 4 of 4'));
    await expect.poll(() => page.getByRole('progressbar').getAttribute('value')).toBe('4');
    await shown(page.getByRole('definition').filter({ hasText: /^3$/ }));
    await shown(
      page.getByRole('cell', {
        name: 'Enter the price in pounds with at most two decimals, e.g. 12.50',
      }),
    );

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await shown(page.getByText('Import finished: woocommerce.csv'));
    await shown(page.getByText('Rows processed: 4 of 4'));
    const progress = page.getByRole('progressbar');
    await expect
      .poll(() => progress.getAttribute('value'))
      .toBe(await progress.getAttribute('max'));
    await expect
      .poll(() => page.locator('dl').innerText())
      .toMatch(/Created\s+3\s+Updated\s+0\s+Skipped \(unchanged\)\s+0/);
    await shown(page.getByRole('link', { name: 'Download the problems as CSV' }));
    await shown(page.getByRole('link', { name: 'Export products (CSV)' }));
    await docsScreenshot(page, 'admin-import', { fullPage: true });
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    ).toEqual([]);

    const shopper = await browser.newContext({ baseURL: base, viewport: DESKTOP });
    const product = await shopper.newPage();
    await product.goto('/product/azul-bahia-granite-tiles');
    await product.getByRole('heading', { level: 1, name: 'Azul Bahia Granite Tiles' }).waitFor();
    await shopper.close();
    await context.close();
  });
});
