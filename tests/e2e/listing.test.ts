import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { formatGBP } from '#domain/money.ts';
import { exVatPence } from '#domain/vat.ts';
import { buildCatalogue, COLOUR, type SeedProduct } from '#tests/factories/catalogue.ts';
import { hydrated, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
const catalogue = buildCatalogue();
const inCategory = (slug: string) => catalogue.products.filter((p) => p.categories.includes(slug));
const hasColour = (slug: string) => (p: SeedProduct) =>
  p.terms.some((t) => t.attributeId === COLOUR && t.slug === slug);
const MARBLE = inCategory('marble-tiles');
const MARBLE_PATH = '/collections/stone-collection/marble-tiles';
const pages = (count: number) => Math.ceil(count / 12);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.getByRole('main').getByRole('article');

describe('listing page on a 1440 px desktop', () => {
  it('renders the title, breadcrumb, count and first page on the server', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    const response = await page.goto(MARBLE_PATH);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain('<h1');
    expect(html).toContain('"@type":"BreadcrumbList"');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Marble Tiles',
    );
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).resolves.toBe(
      '/',
    );
    await expect(crumbs.getByText('Marble Tiles').getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await expect(page.getByText(`${MARBLE.length} products`).isVisible()).resolves.toBe(true);
    await expect(cards(page).count()).resolves.toBe(12);
    await expect(page.getByText(`Page 1 of ${pages(MARBLE.length)}`).isVisible()).resolves.toBe(
      true,
    );
    const first = cards(page).first();
    await expect(first.getByRole('button', { name: /^Quick View/ }).isVisible()).resolves.toBe(
      true,
    );
    await expect(first.getByRole('button', { name: /Sample/ }).isVisible()).resolves.toBe(true);
    await expect(first.getByText(/^From £[\d,]+\.\d\d\/M2$/).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorts by price on the server and keeps the sort in the URL', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    const cheapest = [...MARBLE].sort((a, b) => a.pricePence - b.pricePence)[0]!;
    await expect(cards(page).first().getAttribute('aria-label')).resolves.toBe(cheapest.name);
    await expect(
      cards(page)
        .first()
        .getByText(/^From /)
        .textContent(),
    ).resolves.toBe(`From ${formatGBP(cheapest.pricePence)}/M2`);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Sort by' }).inputValue()).resolves.toBe(
      'price-asc',
    );
    await expect(cards(page).first().getAttribute('aria-label')).resolves.toBe(cheapest.name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters from a dropdown into the URL, survives a reload and removes by chip', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    const whites = MARBLE.filter(hasColour('white'));
    await page.getByRole('button', { name: /^Colour/ }).click();
    // The box follows the URL: click, then wait for the navigation to tick it.
    await page.getByRole('checkbox', { name: /^White/ }).click();
    await page.waitForURL(/stone_colour=white/);
    await expect.poll(() => page.getByRole('checkbox', { name: /^White/ }).isChecked()).toBe(true);
    await page.getByText(`${whites.length} products`).waitFor();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('button', { name: 'Remove filter White' }).isVisible(),
    ).resolves.toBe(true);
    // The material preset of the marble collection stays selected too.
    await expect(
      page.getByRole('button', { name: 'Remove filter Marble' }).isVisible(),
    ).resolves.toBe(true);

    await page.reload();
    await hydrated(page);
    await expect(page.getByText(`${whites.length} products`).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Remove filter White' }).click();
    await page.getByText(`${MARBLE.length} products`).waitFor();
    expect(new URL(page.url()).searchParams.getAll('stone_colour')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when a filter matches nothing', async () => {
    const colours = ['white', 'black', 'grey', 'beige-brown', 'cream-yellow', 'blue-green'];
    const none = [...colours, 'red-pink', 'multi-colour'].find(
      (c) => MARBLE.filter(hasColour(c)).length === 0,
    );
    expect(none).toBeDefined();
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(`${MARBLE_PATH}?stone_colour=${none}`);
    await hydrated(page);
    await expect(page.getByText('No products found for Marble Tiles').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('0 products').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads more pages until the last, then disables Load More', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    const total = pages(MARBLE.length);
    const loadMore = page.getByRole('button', { name: 'Load More' });
    for (let n = 2; n <= total; n++) {
      await loadMore.click();
      await page.getByText(`Page ${n} of ${total}`).waitFor();
    }
    await expect(cards(page).count()).resolves.toBe(MARBLE.length);
    await expect(loadMore.isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('titles a search and lists its matches', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto('/stone-collection/all-products?search=marble');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Search results for “marble”',
    );
    await expect(cards(page).count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens quick view with sizes, prices, hide vat and the We Can Cut form', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    const name = (await cards(page).first().getAttribute('aria-label'))!;
    const product = catalogue.products.find((p) => p.name === name)!;
    await page.getByRole('button', { name: `Quick View: ${name}` }).click();
    const quickView = page.getByRole('dialog', { name: 'Quick View' });
    await quickView.waitFor();
    await expect(quickView.getByRole('heading', { name }).isVisible()).resolves.toBe(true);
    await expect(
      quickView.getByText(`From ${formatGBP(product.pricePence)}/M2`).isVisible(),
    ).resolves.toBe(true);

    await quickView.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await sizes.waitFor();
    const options = sizes.getByRole('list', { name: 'Sizes' }).getByRole('listitem');
    await options.first().waitFor();
    await expect(options.count()).resolves.toBe(product.variations.length);
    const size = product.variations.find((v) => /^\d+x\d+/.test(v.option) && v.inStock)!;
    const sizeButton = sizes.getByRole('button', { name: new RegExp(`^${size.option}`) });
    await expect(sizeButton.textContent()).resolves.toContain(`${formatGBP(size.pricePence)}/M2`);
    await sizes.getByRole('checkbox', { name: 'hide vat?' }).check();
    await expect(sizeButton.textContent()).resolves.toContain(
      `${formatGBP(exVatPence(size.pricePence))}/M2`,
    );
    await sizeButton.click();
    await sizes.waitFor({ state: 'detached' });
    await expect(quickView.getByRole('button', { name: size.option }).isVisible()).resolves.toBe(
      true,
    );

    await quickView
      .getByRole('button', { name: "can't find your size? we can cut any sizes" })
      .click();
    await expect(page.getByRole('dialog', { name: 'We Can Cut' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await quickView.waitFor({ state: 'detached' });

    // The chosen size is remembered for this product when quick view opens again.
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: `Quick View: ${name}` }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Quick View' })
        .getByRole('button', { name: size.option })
        .isVisible(),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no accessibility violations', async () => {
    const { page, context } = await openPage(browser, WIDE);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await context.close();
  });
});

describe('listing page on a 375 px phone', () => {
  it('counts items and filters through the Filters drawer', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto('/colour/whites');
    await hydrated(page);
    const whites = catalogue.products.filter(hasColour('white'));
    await expect(page.getByText(`${whites.length} items`).isVisible()).resolves.toBe(true);
    await expect(page.getByText(`${whites.length} products`).isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: /^Colour \(1\)/ }).click();
    await expect(drawer.getByRole('checkbox', { name: /^White/ }).isChecked()).resolves.toBe(true);
    await drawer.getByRole('button', { name: /^Finish/ }).click();
    await drawer.getByRole('checkbox', { name: /^Split Face/ }).check();
    await expect(drawer.getByRole('button', { name: /^Finish \(1\)/ }).isVisible()).resolves.toBe(
      true,
    );
    await drawer.getByRole('button', { name: 'apply filters' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL(/stone_finish=split-face/);
    const expected = whites.filter((p) =>
      p.terms.some((t) => t.attributeId === 2 && t.slug === 'split-face'),
    );
    await page.getByText(`${expected.length} items`).waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.getByRole('button', { name: 'clear filters' }).click();
    await drawer.getByRole('button', { name: 'apply filters' }).click();
    await page.getByText(`${catalogue.products.length} items`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
