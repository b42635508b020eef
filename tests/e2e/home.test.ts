import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { POSTS } from '#db/seed/content/posts.ts';
import { HERO_INTERVAL_MS, MATERIAL_TERMS, PAGE_SIZE } from '#domain/catalogue.ts';
import { formatGBP } from '#domain/money.ts';
import { discountPercent } from '#domain/sale-price.ts';
import { SELLING_UNIT_LABELS } from '#domain/selling-unit.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import {
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
  shown,
} from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
const catalogue = buildCatalogue();

/** Special Deals as the API orders them: most popular products with an in-stock size on sale. */
const onSaleSize = (product: (typeof catalogue.products)[number]) =>
  product.variations.find(
    (v) => v.inStock && !/sample/i.test(v.option) && (v.regularPricePence ?? 0) > v.pricePence,
  );
const expectedDeals = catalogue.products
  .map((product, index) => ({ product, index }))
  .filter(({ product }) => onSaleSize(product) !== undefined)
  .sort((a, b) => b.product.popularity - a.product.popularity || a.index - b.index)
  .slice(0, PAGE_SIZE.clearance)
  .map(({ product }) => product);

const expectedPosts = POSTS.filter((post) => new Date(post.publishedAt) <= new Date())
  .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  .slice(0, PAGE_SIZE.posts);

const HERO_LINKS = [
  ['Marble Tiles', '/collections/stone-collection/marble-tiles'],
  ['Limestone Tiles', '/collections/stone-collection/limestone-tiles'],
  ['Chequerboard Tiles', '/collections/design-pattern-collection/chequerboard-tiles'],
  ['Travertine Tiles', '/collections/stone-collection/travertine-tiles'],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(viewport = WIDE) {
  const fixture = await openPage(browser, viewport);
  const response = await fixture.page.goto('/');
  await hydrated(fixture.page);
  return { ...fixture, response };
}

const href = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).getAttribute('href');

async function sectionsLoaded(page: Page) {
  await page.getByRole('list', { name: 'Clearance products' }).waitFor();
  await page.getByText('FEATURED', { exact: true }).waitFor();
}

/** Scrolls through the page so lazy images load, then waits until every image has. */
async function allImagesLoaded(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo(0, 0);
  });
  // Cards scrolled out of the Special Deals row sideways stay lazy, as they should.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().left < window.innerWidth)
      .filter((image) => image.checkVisibility())
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

describe('home page hero', () => {
  it('has four slides whose explore now links go to the four collections', async () => {
    const { page, response, errors, context } = await openHome();
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toMatch(/<link[^>]*rel="preload"[^>]*marble-white-1101-1280x533\.webp/);
    for (const [title, target] of HERO_LINKS) {
      const link = page.getByRole('link', { name: `explore now ${title}`, includeHidden: true });
      await expect.poll(() => link.getAttribute('href')).toBe(target);
    }
    // Only the current slide is reachable; an indicator jumps to another.
    await shown(page.getByRole('link', { name: 'explore now Marble Tiles' }));
    await expect
      .poll(() => page.getByRole('link', { name: 'explore now Chequerboard Tiles' }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Show slide 3: Chequerboard Tiles' }).click();
    await page.getByRole('link', { name: 'explore now Chequerboard Tiles' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Show slide 3: Chequerboard Tiles' })
          .getAttribute('aria-current'),
      )
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('advances every 10 seconds and wraps around after the fourth slide', async () => {
    const { page, context } = await openPage(browser, WIDE);
    // Time stands still unless the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto('/');
    await hydrated(page);
    const current = () =>
      page
        .getByRole('button', { name: /^Show slide/ })
        .evaluateAll((buttons) =>
          buttons.findIndex((b) => b.getAttribute('aria-current') === 'true'),
        );
    await expect.poll(current).toBe(0);
    await page.clock.runFor(HERO_INTERVAL_MS - 500);
    expect(await current()).toBe(0);
    await page.clock.runFor(500);
    await expect.poll(current).toBe(1);
    for (const next of [2, 3, 0]) {
      await page.clock.runFor(HERO_INTERVAL_MS);
      await expect.poll(current).toBe(next);
    }
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(HERO_INTERVAL_MS * 2);
    expect(await current()).toBe(0);
    await context.close();
  });
});

describe('home page sections', () => {
  it('links shop now, the five promotional cards and shop all tiles', async () => {
    const { page, errors, context } = await openHome();
    await expect.poll(() => href(page, 'shop now white stone')).toBe('/colour/whites');
    const promos: [string, string][] = [
      ['New Arrivals', '/new-arrivals'],
      ['Stone Mosaic Tiles', '/collections/stone-collection/stone-mosaic-tiles'],
      ['Stone Slabs', '/collections/slabs'],
      ['Bathroom Tiles', '/room-type-usage/bathroom'],
      ['Herringbone Tiles', '/collections/design-pattern-collection/herringbone-tiles'],
    ];
    for (const [title, target] of promos)
      await expect.poll(() => href(page, `shop now ${title}`)).toBe(target);
    await expect.poll(() => href(page, 'shop all tiles')).toBe('/stone-collection/all-products');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Special Deals at the true sale price of a size, in its unit, with badge and material', async () => {
    const { page, errors, context } = await openHome();
    const list = page.getByRole('list', { name: 'Clearance products' });
    await list.waitFor();
    const cards = list.getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(expectedDeals.length);
    expect(expectedDeals.length).toBeGreaterThan(0);
    for (const [i, product] of expectedDeals.entries()) {
      const size = onSaleSize(product)!;
      const text = () => cards.nth(i).innerText();
      const material = MATERIAL_TERMS.find((m) =>
        product.terms.some((t) => t.attributeId === 6 && t.slug === m.slug),
      );
      await expect.poll(text).toContain(product.name);
      await expect
        .poll(text)
        .toContain(`${discountPercent(size.regularPricePence!, size.pricePence)}% OFF`);
      await expect.poll(text).toContain(material!.name.toUpperCase());
      await expect.poll(text).toContain(`Size: ${size.option}`);
      await expect
        .poll(() => cards.nth(i).locator('ins').innerText())
        .toBe(formatGBP(size.pricePence));
      await expect
        .poll(() => cards.nth(i).locator('del').innerText())
        .toBe(formatGBP(size.regularPricePence!));
      await expect.poll(text).toContain(SELLING_UNIT_LABELS[product.unit]);
      await expect.poll(text).not.toContain('per SQM');
      await expect
        .poll(() => cards.nth(i).getByRole('button', { name: 'Add to Cart' }).count())
        .toBe(1);
    }
    await expect
      .poll(() => href(page, 'View All Clearance Tiles'))
      .toBe('/stone-collection/stock-clearance');
    await shown(page.getByRole('button', { name: 'Calculate My Project' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the five newest posts: FEATURED and TRENDING large, three small', async () => {
    const { page, errors, context } = await openHome();
    await page.getByText('FEATURED', { exact: true }).waitFor();
    const section = page.getByRole('region', { name: 'Recent Posts' });
    const articles = section.getByRole('article');
    await expect.poll(() => articles.count()).toBe(2);
    for (const [i, label] of ['FEATURED', 'TRENDING'].entries()) {
      const post = expectedPosts[i]!;
      const card = articles.nth(i);
      const text = () => card.innerText();
      await expect.poll(text).toContain(label);
      await expect.poll(text).toContain(post.title);
      await expect.poll(text).toContain('Authentic Stone');
      await expect
        .poll(() => card.locator('time').getAttribute('datetime'))
        .toBe(new Date(post.publishedAt).toISOString());
      await expect
        .poll(() =>
          card.getByRole('link', { name: `Read More ${post.title}` }).getAttribute('href'),
        )
        .toBe(`/blog/${post.slug}`);
    }
    const small = section.getByRole('listitem');
    await expect.poll(() => small.count()).toBe(3);
    for (const [i, post] of expectedPosts.slice(2).entries()) {
      const text = () => small.nth(i).innerText();
      await expect.poll(text).toContain(post.title);
      await expect.poll(text).toContain('Popular with readers');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows skeletons, then each section error text while the page stays a 200', async () => {
    const { page, context } = await openPage(browser, WIDE);
    await page.route('**/api/clearance*', (route) => route.abort());
    await page.route('**/api/posts*', (route) => route.abort());
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // Server-rendered while loading: the sections are busy, their skeletons in place.
    expect(html.match(/aria-busy="true"/g)?.length).toBe(2);
    await hydrated(page);
    for (const text of [
      'Error loading clearance products',
      'Error loading blog posts',
      'Error loading recent posts',
    ]) {
      await page.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
    }
    await shown(page.getByRole('heading', { name: 'Special Deals' }));
    await context.close();
  });
});

describe('home page quality', () => {
  for (const viewport of [WIDE, PHONE]) {
    it(`has no axe violations or console errors at ${viewport.width} px, and is photographed`, async () => {
      const { page, errors, context } = await openHome(viewport);
      await sectionsLoaded(page);
      await allImagesLoaded(page);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBe(0);
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await docsScreenshot(page, `home-${viewport.width}`, { fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
