import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { DELIVERY_COSTS_NOTE, DELIVERY_NOTE } from '#domain/catalogue.ts';
import { formatGBP } from '#domain/money.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { hydrated, launchBrowser, openPage, PHONE, shown } from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
const catalogue = buildCatalogue();
const isSize = (option: string) => /^\d+x\d+/.test(option);
/** A tile with several images, an in-stock size and an out-of-stock one. */
const product = catalogue.products.find(
  (p) =>
    p.categories[0] === 'marble-tiles' &&
    p.images.length >= 3 &&
    p.variations.some((v) => isSize(v.option) && !v.inStock) &&
    p.variations.some((v) => isSize(v.option) && v.inStock),
)!;
const PATH = `/product/${product.slug}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('product page on a 1440 px desktop', () => {
  it('renders on the server by slug, with JSON-LD, canonical and description', async () => {
    expect(product).toBeDefined();
    const { page, errors, context } = await openPage(browser, WIDE);
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain(`>${product.name}</h1>`);
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('"priceCurrency":"GBP"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${PATH}"`));
    await hydrated(page);
    await expect(page.title()).resolves.toBe(`${product.name} | Tessera`);
    await expect
      .poll(() => page.locator('meta[name="description"]').getAttribute('content'))
      .toBe(product.shortDescription);
    const main = page.getByRole('main');
    await shown(main.getByText('Marble Tiles', { exact: true }).first());
    await shown(main.getByText(`from ${formatGBP(product.pricePence)} / M2`));
    await shown(main.getByText(DELIVERY_NOTE));
    await shown(main.getByText(DELIVERY_COSTS_NOTE));
    await expect
      .poll(() => main.getByRole('list', { name: 'Product images' }).getByRole('button').count())
      .toBe(Math.min(4, product.images.length));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a lightbox that moves with the arrow keys, wraps and closes on Escape', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(PATH);
    await hydrated(page);
    const count = product.images.length;
    await page.getByRole('button', { name: `Enlarge image 1 of ${count}` }).click();
    const lightbox = page.getByRole('dialog', { name: `Image 1 of ${count}` });
    await lightbox.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: `Image 2 of ${count}` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: `Image ${count} of ${count}` }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: `Image 1 of ${count}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Focus returns to the image that opened it (Radix restores it a tick after closing).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Enlarge image 1 of ${count}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists sizes; an out-of-stock size cannot be chosen and offers a lead-time enquiry', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(PATH);
    await hydrated(page);
    await page.getByRole('main').getByRole('button', { name: 'Choose Size' }).click();
    const drawer = page.getByRole('dialog', { name: 'Choose Size' });
    await drawer.waitFor();
    const missing = product.variations.find((v) => isSize(v.option) && !v.inStock)!;
    const missingButton = drawer.getByRole('button', { name: new RegExp(`^${missing.option}`) });
    await expect.poll(() => missingButton.isDisabled()).toBe(true);
    const row = drawer.getByRole('listitem').filter({
      has: page.getByRole('button', { name: new RegExp(`^${missing.option}`) }),
    });
    await shown(row.getByText('Temporarily out of stock'));
    await row.getByRole('button', { name: 'Enquire about a lead time.' }).click();
    await shown(page.getByRole('dialog', { name: 'Enquire about a lead time' }));
    await page.keyboard.press('Escape');

    const available = product.variations.find((v) => isSize(v.option) && v.inStock)!;
    await drawer.getByRole('button', { name: new RegExp(`^${available.option}`) }).click();
    await drawer.waitFor({ state: 'detached' });
    await shown(page.getByRole('main').getByRole('button', { name: available.option }));
    const stored = await page.evaluate((name) => sessionStorage.getItem(name), product.name);
    expect(JSON.parse(stored!)).toMatchObject({ attributes: [{ option: available.option }] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a carousel’s products as cards only, and their Quick View still shows them', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    const response = await page.goto(PATH);
    const html = await response!.text();
    await hydrated(page);
    const related = page.getByRole('region', { name: 'Related products' });
    await related.getByRole('article').first().waitFor();
    const name = (await related.getByRole('article').first().getAttribute('aria-label'))!;
    const slug = catalogue.products.find((p) => p.name === name)!.slug;
    const detail = (await (
      await fetch(`${inject('baseURL')}/api/products/slug/${slug}`)
    ).json()) as { data: { short_description: string; price: string } };
    // The card's name is on the page; what only the product's own page shows is not.
    expect(html).toContain(name);
    expect(detail.data.short_description.length).toBeGreaterThan(20);
    expect(html).not.toContain(detail.data.short_description);

    await related.getByRole('button', { name: `Quick View: ${name}` }).click();
    const quickView = page.getByRole('dialog', { name: 'Quick View' });
    await shown(quickView.getByRole('heading', { name }));
    await shown(
      quickView.getByText(`From ${formatGBP(Math.round(Number(detail.data.price) * 100))}/M2`),
    );
    await shown(quickView.getByRole('button', { name: 'Choose Size' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows two carousels; related products share the category first and exclude this one', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(PATH);
    await hydrated(page);
    const sealing = page.getByRole('region', { name: 'Sealing and fixing products' });
    const related = page.getByRole('region', { name: 'Related products' });
    const sundries = catalogue.products.filter((p) => p.categories.includes('tiling-products'));
    await expect
      .poll(() => sealing.getByRole('article').count())
      .toBe(Math.min(8, sundries.length));
    const relatedNames = await related
      .getByRole('article')
      .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));
    expect(relatedNames).toHaveLength(8);
    expect(relatedNames).not.toContain(product.name);
    const first = catalogue.products.find((p) => p.name === relatedNames[0])!;
    expect(first.categories).toContain('marble-tiles');

    const progress = related.getByRole('progressbar');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('0');
    await related.getByRole('button', { name: 'Next Related products' }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');

    // The last page of the carousel shows the fifth to eighth products.
    const fifth = catalogue.products.find((p) => p.name === relatedNames[4])!;
    await related.getByRole('link', { name: fifth.name }).click();
    await page.waitForURL(`/product/${fifth.slug}`);
    await page.getByRole('heading', { level: 1, name: fifth.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown slug with 404 and Product not found', async () => {
    const { page, context } = await openPage(browser, WIDE);
    const response = await page.goto('/product/no-such-stone-here');
    expect(response?.status()).toBe(404);
    await shown(page.getByRole('heading', { name: 'Product not found' }));
    await context.close();
  });

  it('is reached from a listing card', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto('/collections/stone-collection/marble-tiles');
    await hydrated(page);
    const card = page.getByRole('main').getByRole('article').first();
    const name = (await card.getAttribute('aria-label'))!;
    await card.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/product\//);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no accessibility violations', async () => {
    const { page, context } = await openPage(browser, WIDE);
    await page.goto(PATH);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await context.close();
  });
});

describe('product page on a 375 px phone', () => {
  it('stacks the gallery above the details, two carousel cards to a view', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(PATH);
    await hydrated(page);
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const image = await page.getByRole('button', { name: /^Enlarge image 1/ }).boundingBox();
    expect(image!.y + image!.height).toBeLessThanOrEqual(heading!.y);
    expect(image!.width).toBeGreaterThan(300);
    const cards = page.getByRole('region', { name: 'Related products' }).getByRole('article');
    const firstCard = await cards.nth(0).boundingBox();
    expect(firstCard!.width).toBeLessThan(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds the gallery’s squares before its images arrive, so the details never move down', async () => {
    const { page, context } = await openPage(browser, PHONE);
    // The images never come: what the page lays out is all it knows before they load.
    await page.route('**/media/stone/**', (route) => route.abort());
    await page.goto(PATH);
    await hydrated(page);
    const gallery = page.getByRole('list', { name: 'Product images' }).getByRole('button');
    await expect.poll(() => gallery.count()).toBeGreaterThanOrEqual(3);
    for (const thumbnail of await gallery.all()) {
      const box = (await thumbnail.boundingBox())!;
      expect(box.width).toBeGreaterThan(60);
      expect(box.height).toBeCloseTo(box.width, 0);
    }
    const main = (await page.getByRole('button', { name: /^Enlarge image 1/ }).boundingBox())!;
    expect(main.width).toBeGreaterThan(300);
    expect(main.height).toBeCloseTo(main.width, 0);
    await context.close();
  });
});
