import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VariationJson } from '#domain/api-types.ts';
import { stockLeftMessage } from '#domain/cart.ts';
import { SAMPLE_MESSAGES } from '#domain/samples.ts';
import { chooseSize, openProduct } from './fixtures/product-page.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { DESKTOP, hydrated, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';

const catalogue = buildCatalogue();

/** A tile with an in-stock counted 600x400 size and an in-stock free sample. */
const tile = catalogue.products.find(
  (p) =>
    p.variations.some((v) => v.option.startsWith('600x400') && v.inStock) &&
    p.variations.some((v) => /free sample/i.test(v.option) && v.inStock),
)!;
const sizeOption = tile.variations.find((v) => v.option.startsWith('600x400'))!.option;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The pieces left of the size, as the shop's API tells it. */
async function piecesLeft(page: Page): Promise<number> {
  const answer = await page.request.get(`/api/products/slug/${tile.slug}`);
  const body = (await answer.json()) as { variations: VariationJson[] };
  const size = body.variations.find((v) => v.attributes[0]!.option === sizeOption)!;
  return size.stock_quantity!;
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`stock and sample rules at ${viewport.width} px`, () => {
    it('refuses more pieces than are left, on the product page and in the basket', async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await openProduct(page, tile);
      const left = await piecesLeft(page);
      await chooseSize(page, sizeOption);
      const pieces = page.getByLabel('Pieces', { exact: true });
      await pieces.fill(String(left + 1));
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toBe(stockLeftMessage(left));

      await pieces.fill('1');
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Your Basket/ });
      await dialog.waitFor();
      const quantity = dialog.getByRole('spinbutton', {
        name: `Quantity of ${tile.name}, ${sizeOption}`,
        exact: true,
      });
      await quantity.fill(String(left + 5));
      await quantity.press('Enter');
      await expect
        .poll(() => dialog.getByRole('alert').first().textContent())
        .toBe(stockLeftMessage(left));
      expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
      await context.close();
    });

    it('allows one free sample of each product and says so', async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await openProduct(page, tile);
      await chooseSize(page, 'Free Sample');
      const add = page.getByRole('button', { name: /^Add to cart/ });
      await page.getByLabel('Pieces', { exact: true }).fill('2');
      await add.click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toBe(SAMPLE_MESSAGES.perProduct(1));
      expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
      await context.close();
    });

    it('states the sample rules on the Samples page from the rules the basket keeps', async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await page.goto('/samples');
      await hydrated(page);
      const rules = page.getByRole('region', { name: 'Free sample rules' });
      await expect
        .poll(() => rules.getByRole('listitem').first().textContent())
        .toBe('Up to 5 free samples per order, one of each product.');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
