import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { formatGBP } from '#domain/money.ts';
import { exVatPence } from '#domain/vat.ts';
import { buildCatalogue, COLOUR, type SeedProduct } from '#tests/factories/catalogue.ts';
import { hydrated, launchBrowser, openPage, PHONE, notShown, shown } from './fixtures/browser.ts';

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
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Marble Tiles');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect
      .poll(() => crumbs.getByRole('link', { name: 'Home' }).getAttribute('href'))
      .toBe('/');
    await expect
      .poll(() => crumbs.getByText('Marble Tiles').getAttribute('aria-current'))
      .toBe('page');
    await shown(page.getByText(`${MARBLE.length} products`));
    await expect.poll(() => cards(page).count()).toBe(12);
    await shown(page.getByText(`Page 1 of ${pages(MARBLE.length)}`));
    const first = cards(page).first();
    await shown(first.getByRole('button', { name: /^Quick View/ }));
    await shown(first.getByRole('button', { name: /Sample/ }));
    await shown(first.getByText(/^From £[\d,]+\.\d\d\/M2$/));
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
    await expect.poll(() => cards(page).first().getAttribute('aria-label')).toBe(cheapest.name);
    await expect
      .poll(() =>
        cards(page)
          .first()
          .getByText(/^From /)
          .textContent(),
      )
      .toBe(`From ${formatGBP(cheapest.pricePence)}/M2`);
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue())
      .toBe('price-asc');
    await expect.poll(() => cards(page).first().getAttribute('aria-label')).toBe(cheapest.name);
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
    await shown(page.getByRole('button', { name: 'Remove filter White' }));
    // The material preset of the marble collection stays selected too.
    await shown(page.getByRole('button', { name: 'Remove filter Marble' }));

    await page.reload();
    await hydrated(page);
    await shown(page.getByText(`${whites.length} products`));
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
    await shown(page.getByText('No products found for Marble Tiles'));
    await shown(page.getByText('0 products'));
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
    await expect.poll(() => cards(page).count()).toBe(MARBLE.length);
    await expect.poll(() => loadMore.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('titles a search and lists its matches', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    await page.goto('/stone-collection/all-products?search=marble');
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Search results for “marble”');
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens quick view with sizes, prices, hide vat and the We Can Cut form', async () => {
    const { page, errors, context } = await openPage(browser, WIDE);
    const html = await (await page.goto(MARBLE_PATH))!.text();
    await hydrated(page);
    const name = (await cards(page).first().getAttribute('aria-label'))!;
    const product = catalogue.products.find((p) => p.name === name)!;
    // The page carries its products as cards: what only a product's own page shows is not sent.
    const detail = (await (
      await fetch(`${inject('baseURL')}/api/products/slug/${product.slug}`)
    ).json()) as { data: { short_description: string } };
    expect(detail.data.short_description.length).toBeGreaterThan(20);
    expect(html).not.toContain(detail.data.short_description);
    await page.getByRole('button', { name: `Quick View: ${name}` }).click();
    const quickView = page.getByRole('dialog', { name: 'Quick View' });
    await quickView.waitFor();
    await shown(quickView.getByRole('heading', { name }));
    await shown(quickView.getByText(`From ${formatGBP(product.pricePence)}/M2`));

    await quickView.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await sizes.waitFor();
    const options = sizes.getByRole('list', { name: 'Sizes' }).getByRole('listitem');
    await options.first().waitFor();
    await expect.poll(() => options.count()).toBe(product.variations.length);
    const size = product.variations.find((v) => /^\d+x\d+/.test(v.option) && v.inStock)!;
    const sizeButton = sizes.getByRole('button', { name: new RegExp(`^${size.option}`) });
    await expect.poll(() => sizeButton.textContent()).toContain(`${formatGBP(size.pricePence)}/M2`);
    await sizes.getByRole('checkbox', { name: 'hide vat?' }).check();
    await expect
      .poll(() => sizeButton.textContent())
      .toContain(`${formatGBP(exVatPence(size.pricePence))}/M2`);
    await sizeButton.click();
    await sizes.waitFor({ state: 'detached' });
    await shown(quickView.getByRole('button', { name: size.option }));

    await quickView
      .getByRole('button', { name: "can't find your size? we can cut any sizes" })
      .click();
    await shown(page.getByRole('dialog', { name: 'We Can Cut' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await quickView.waitFor({ state: 'detached' });

    // The chosen size is remembered for this product when quick view opens again.
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: `Quick View: ${name}` }).click();
    await shown(
      page.getByRole('dialog', { name: 'Quick View' }).getByRole('button', { name: size.option }),
    );
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
    await shown(page.getByText(`${whites.length} items`));
    await notShown(page.getByText(`${whites.length} products`));

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: /^Colour \(1\)/ }).click();
    await expect
      .poll(() => drawer.getByRole('checkbox', { name: /^White/ }).isChecked())
      .toBe(true);
    await drawer.getByRole('button', { name: /^Finish/ }).click();
    await drawer.getByRole('checkbox', { name: /^Split Face/ }).check();
    await shown(drawer.getByRole('button', { name: /^Finish \(1\)/ }));
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
