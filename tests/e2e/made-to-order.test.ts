import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { MADE_TO_ORDER_LABEL } from '#domain/consumer-rights.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';
import { chooseSize, openProduct } from './fixtures/product-page.ts';
import { startStaffShop } from './fixtures/staff.ts';

// A shop of its own: one window-sill size is marked made to order, the other stays a stock size.
const sill = buildCatalogue().products.find(
  (p) =>
    p.categories.includes('window-sills') &&
    p.variations.filter((v) => /^\d+x\d+x\d+$/.test(v.option) && v.inStock).length >= 2,
)!;
const [stockSize, madeSize] = sill.variations
  .filter((v) => /^\d+x\d+x\d+$/.test(v.option) && v.inStock)
  .map((v) => v.option);

let browser: Browser;
let shop: TestApp;
let base: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  await shop.app.services.db.execute(sql`UPDATE variations v SET made_to_order = true
    FROM products p WHERE p.id = v.product_id AND p.slug = ${sill.slug} AND v.option = ${madeSize!}`);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the made-to-order label at ${viewport.width} px`, () => {
    it('shows for the size made to order, on the product page and in the basket', async () => {
      const { page, context, errors } = await openPage(browser, viewport, base);
      await openProduct(page, sill);
      await chooseSize(page, madeSize!);
      await page.getByText(MADE_TO_ORDER_LABEL).first().waitFor();
      await page.getByLabel('Pieces', { exact: true }).fill('1');
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Your Basket/ });
      await dialog.waitFor();
      await dialog.getByText(MADE_TO_ORDER_LABEL).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('is absent for a stock size chosen from the list', async () => {
      const { page, context, errors } = await openPage(browser, viewport, base);
      await openProduct(page, sill);
      await chooseSize(page, stockSize!);
      await page.getByRole('button', { name: /^Add to cart/ }).waitFor();
      await expect.poll(() => page.getByText(MADE_TO_ORDER_LABEL).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
