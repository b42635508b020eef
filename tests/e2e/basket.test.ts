import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatM2, piecesToM2, tileAreaM2 } from '#domain/area.ts';
import { formatGBP } from '#domain/money.ts';
import { lineTotalPence } from '#domain/pricing.ts';
import { projectQuantity } from '#domain/project-calculator.ts';
import { vatIncludedPence } from '#domain/vat.ts';
import { chooseSize, openProduct } from './fixtures/product-page.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { docsScreenshot, hydrated, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';

const catalogue = buildCatalogue();
const isFree = (o: string) => /free sample/i.test(o);

/** A tile with an in-stock 600x400 size and an in-stock free sample. */
const tile = catalogue.products.find(
  (p) =>
    p.variations.some((v) => v.option.startsWith('600x400') && v.inStock) &&
    p.variations.some((v) => isFree(v.option) && v.inStock),
)!;
const tileSize = tile.variations.find((v) => v.option.startsWith('600x400'))!;
const area = tileAreaM2(tileSize.option)!;

/** The desktop width the shop is designed at. */
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The basket drawer as a shopper sees it. */
function basket(page: Page) {
  const dialog = page.getByRole('dialog', { name: /^Your Basket/ });
  const amount = (label: string | RegExp) =>
    dialog.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  return {
    dialog,
    subtotal: () => amount(/^Subtotal$/).textContent(),
    vat: () => amount(/^VAT/).textContent(),
    total: () => amount(/^Total$/).textContent(),
    line: (name: string) => dialog.getByRole('listitem', { name }),
  };
}

/**
 * Holds the page's requests of one method to a path until released, so a test can see the
 * pending state; the request then reaches the real server unchanged.
 */
async function holdRequests(page: Page, method: string, path: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    if (route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`buying by the piece and the m² at ${viewport.width} px`, () => {
    it('validates, links pieces and m², adds, and shows the right totals after a reload', async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await openProduct(page, tile);
      const addButton = page.getByRole('button', { name: /^Add to cart/ });
      const pieces = page.getByLabel('Pieces', { exact: true });
      const m2 = page.getByLabel('m²', { exact: true });

      await addButton.click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('size required');

      await chooseSize(page, tileSize.option);
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      await addButton.click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('quantity required');

      await pieces.fill('3');
      await expect.poll(() => m2.inputValue()).toBe(formatM2(piecesToM2(3, area)));
      const threePieces = lineTotalPence({
        pricePence: tileSize.pricePence,
        quantity: 3,
        m2Quantity: piecesToM2(3, area),
        isSample: false,
      });
      await expect
        .poll(() => addButton.textContent())
        .toBe(`Add to cart ${formatGBP(threePieces)}`);

      // Focusing a field clears both; typed m² round up to whole pieces on leaving the field.
      await m2.focus();
      await expect
        .poll(async () => [await pieces.inputValue(), await m2.inputValue()])
        .toEqual(['', '']);
      await m2.fill(String(area * 2 + 0.01));
      await expect.poll(() => pieces.inputValue()).toBe('3');
      await m2.press('Tab');
      await expect.poll(() => m2.inputValue()).toBe(formatM2(piecesToM2(3, area)));

      await addButton.click();
      const b = basket(page);
      await b.dialog.waitFor();
      await expect
        .poll(() => b.dialog.getByRole('heading').first().textContent())
        .toBe('Your Basket (3)');
      const line = b.line(`${tile.name}, ${tileSize.option}`);
      await expect
        .poll(() => line.getByText(`3 pcs (${formatM2(piecesToM2(3, area))} m²)`).count())
        .toBe(1);
      await expect.poll(b.subtotal).toBe(formatGBP(threePieces));
      await expect.poll(b.vat).toBe(formatGBP(vatIncludedPence(threePieces)));
      await expect.poll(b.total).toBe(formatGBP(threePieces));
      // The drawer is 650 px wide where there is room, the full width on a phone.
      const box = await b.dialog.boundingBox();
      expect(box?.width).toBe(Math.min(650, viewport.width));
      // Page scrolling is blocked while it is open.
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
        .toBe('hidden');
      await docsScreenshot(page, viewport === DESKTOP ? 'basket-desktop' : 'basket-phone');

      // The basket is in the database: a reload shows it again.
      await page.reload();
      await hydrated(page);
      await page.getByRole('button', { name: 'Basket, 3 items' }).click();
      await b.dialog.waitFor();
      await expect.poll(b.subtotal).toBe(formatGBP(threePieces));
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe('the basket drawer', () => {
  it('changes and removes lines, then shows the empty text', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openProduct(page, tile);
    await chooseSize(page, tileSize.option);
    await page.getByLabel('Pieces', { exact: true }).fill('3');
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const b = basket(page);
    await b.dialog.waitFor();
    const name = `${tile.name}, ${tileSize.option}`;

    await b
      .line(name)
      .getByRole('button', { name: `Increase quantity of ${name}` })
      .click();
    await b
      .line(name)
      .getByText(`4 pcs (${formatM2(piecesToM2(4, area))} m²)`)
      .waitFor();
    const four = lineTotalPence({
      pricePence: tileSize.pricePence,
      quantity: 4,
      m2Quantity: piecesToM2(4, area),
      isSample: false,
    });
    await expect.poll(b.total).toBe(formatGBP(four));
    // The page behind the modal drawer is hidden from assistive technology, hence includeHidden.
    await page
      .getByRole('button', { name: 'Basket, 4 items', includeHidden: true })
      .waitFor({ state: 'attached' });

    await b.line(name).getByLabel(`Quantity of ${name}`, { exact: true }).fill('10');
    await b.line(name).getByLabel(`Quantity of ${name}`, { exact: true }).press('Enter');
    await b
      .line(name)
      .getByText(`10 pcs (${formatM2(piecesToM2(10, area))} m²)`)
      .waitFor();

    const release = await holdRequests(page, 'DELETE', /\/api\/cart\/\d+$/);
    await b
      .line(name)
      .getByRole('button', { name: `Remove ${name}` })
      .click();
    // Until the removal is done the line stays, dimmed, with a spinner.
    await b
      .line(name)
      .getByRole('status')
      .filter({ hasText: `Removing ${name}` })
      .waitFor();
    await expect.poll(() => b.line(name).getAttribute('aria-busy')).toBe('true');
    release();
    await b.dialog.getByText('There are no items currently in your basket.').waitFor();
    await expect
      .poll(() => b.dialog.getByRole('heading').first().textContent())
      .toBe('Your Basket (0)');
    await expect.poll(b.total).toBe('£0.00');

    await b.dialog.getByRole('button', { name: 'continue shopping' }).click();
    await b.dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Basket, 0 items' }).click();
    await page.keyboard.press('Escape');
    await b.dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Basket, 0 items' }).click();
    await b.dialog.getByRole('button', { name: 'Close' }).click();
    await b.dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Basket, 0 items' }).click();
    await b.dialog.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('other ways to choose a quantity', () => {
  it('prices a Full Size Sample per item, with no m² field', async () => {
    const product = catalogue.products.find((p) =>
      p.variations.some((v) => /full size sample/i.test(v.option) && v.inStock),
    )!;
    const full = product.variations.find((v) => /full size sample/i.test(v.option))!;
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openProduct(page, product);
    await chooseSize(page, full.option);
    await expect.poll(() => page.getByLabel('m²', { exact: true }).count()).toBe(0);
    await page.getByLabel('Pieces', { exact: true }).fill('2');
    const add = page.getByRole('button', { name: /^Add to cart/ });
    await expect
      .poll(() => add.textContent())
      .toBe(`Add to cart ${formatGBP(full.pricePence * 2)}`);
    await add.click();
    const b = basket(page);
    await b.dialog.waitFor();
    await expect
      .poll(() => b.line(`${product.name}, ${full.option}`).getByText('2 pcs').count())
      .toBe(1);
    await expect.poll(b.total).toBe(formatGBP(full.pricePence * 2));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds from the quick view of a product card', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await openProduct(page, tile);
    const related = page.getByRole('region', { name: 'Related products' });
    await related
      .getByRole('button', { name: /^Quick View: / })
      .first()
      .click();
    const quickView = page.getByRole('dialog', { name: 'Quick View' });
    await quickView.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    const size = sizes.getByRole('button', { name: /^\d+x\d+(x\d+)? /, disabled: false }).first();
    const option = (await size.textContent())!.split('£')[0]!.trim();
    await size.click();
    await sizes.waitFor({ state: 'hidden' });
    await quickView.getByLabel('Pieces', { exact: true }).fill('2');
    await quickView.getByRole('button', { name: /^Add to cart/ }).click();
    const b = basket(page);
    await b.dialog.waitFor();
    const m2 = formatM2(piecesToM2(2, tileAreaM2(option)!));
    await expect.poll(() => b.dialog.getByText(`2 pcs (${m2} m²)`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('samples', () => {
  it('adds a free sample from Add Sample and opens the basket', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await openProduct(page, tile);
    const release = await holdRequests(page, 'POST', /\/api\/cart\/add$/);
    const addSample = page.getByRole('button', { name: `Add Sample of ${tile.name}` }).first();
    await addSample.click();
    await addSample.filter({ hasText: 'Adding...' }).waitFor();
    release();
    const b = basket(page);
    await b.dialog.waitFor();
    const sample = tile.variations.find((v) => isFree(v.option))!;
    const line = b.line(`${tile.name}, ${sample.option}`);
    await expect.poll(() => line.getByText('1 pc', { exact: true }).count()).toBe(1);
    await expect.poll(b.total).toBe(formatGBP(sample.pricePence));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks a product without a sample in stock: 'Sample is not available'", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await openProduct(page, tile);
    // Sealers and adhesives come in litres: they have no free sample.
    const sealing = page.getByRole('region', { name: 'Sealing and fixing products' });
    const button = sealing.getByRole('button', { name: /^Add Sample of / }).first();
    const productName = (await button.getAttribute('aria-label'))!.replace('Add Sample of ', '');
    await button.click();
    const wrapper = sealing.getByLabel(`${productName}: Sample is not available`);
    await wrapper.hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('Sample is not available');
    await expect.poll(() => button.isDisabled()).toBe(true);
    await expect.poll(() => basket(page).dialog.count()).toBe(0);
    await context.close();
  });
});

describe('home page', () => {
  it('adds a Special Deals tile to the basket', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await hydrated(page);
    const deals = page.getByRole('list', { name: 'Clearance products' });
    await deals
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click();
    const b = basket(page);
    await b.dialog.waitFor();
    await expect
      .poll(() => b.dialog.getByRole('heading').first().textContent())
      .toBe('Your Basket (1)');
    await expect.poll(() => b.dialog.getByText(/^1 pc \(\d+\.\d{3} m²\)$/).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Calculate My Project adds the pieces a room needs', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Calculate My Project' }).click();
    const calculator = page.getByRole('dialog', { name: 'Calculate My Project' });
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('Enter the room length in metres').waitFor();
    await expect.poll(() => calculator.getByText('Enter the room width in metres').count()).toBe(1);

    await calculator.getByLabel('Length (m)').fill('4');
    await calculator.getByLabel('Width (m)').fill('3.5');
    await calculator.getByLabel(/^Herringbone/).check();
    await expect.poll(() => calculator.getByLabel('Wastage (%)').inputValue()).toBe('20');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('Choose a product and size').waitFor();

    await calculator.getByLabel('Search products').fill(tile.name);
    await calculator.getByRole('button', { name: tile.name, exact: true }).click();
    await calculator.getByLabel('Size').selectOption({ label: `${tileSize.option} mm` });
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    const expected = projectQuantity(14, 20, area);
    await calculator.getByText(`You need ${expected.pieces} pieces`).waitFor();
    await calculator.getByRole('region', { name: 'Your project' }).scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'basket-project-calculator');
    await calculator
      .getByRole('button', { name: `Add ${expected.pieces} pieces to basket` })
      .click();
    const b = basket(page);
    await b.dialog.waitFor();
    const line = b.line(`${tile.name}, ${tileSize.option}`);
    await expect
      .poll(() =>
        line.getByText(`${expected.pieces} pcs (${formatM2(expected.coveredM2)} m²)`).count(),
      )
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
