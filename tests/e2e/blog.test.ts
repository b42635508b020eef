import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { posts } from '#db/schema/index.ts';
import { POSTS } from '#db/seed/content/posts.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { hydrated, launchBrowser, openPage, PHONE, shown } from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
const newestFirst = [...POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
/** Older posts added to a shop of its own, so the blog has a second page. */
const EXTRA_POSTS = 7;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport = WIDE, base = '') {
  const fixture = await openPage(browser, viewport);
  const response = await fixture.page.goto(`${base}${path}`);
  await hydrated(fixture.page);
  return { ...fixture, response };
}

describe('the blog on the demo shop', () => {
  it('lists the posts in a 3-column grid, newest first, on its only page', async () => {
    const { page, response, errors, context } = await open('/blog');
    expect(response?.status()).toBe(200);
    await shown(page.getByRole('heading', { level: 1, name: 'Blogs' }));
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(Math.min(12, POSTS.length));
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 2 }).allInnerTexts()).slice(0, 3))
      .toEqual(newestFirst.slice(0, 3).map((p) => p.title));
    const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b!.x))).size).toBe(3);
    await shown(cards.first().getByRole('img', { name: newestFirst[0]!.title }));
    await shown(page.getByText(newestFirst[0]!.excerpt));
    await shown(page.getByText('Page 1 of 1'));
    await expect
      .poll(() => page.getByRole('button', { name: 'Load More' }).isDisabled())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stacks the cards in one column on a 375 px phone', async () => {
    const { page, errors, context } = await open('/blog', PHONE);
    const cards = page.getByRole('article');
    const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(Math.round(a!.x)).toBe(Math.round(b!.x));
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['1440 px', WIDE],
    ['375 px', PHONE],
  ] as const)('opens a post on its own server-rendered page at %s', async (_n, viewport) => {
    const post = newestFirst[1]!;
    const { page, errors, context } = await open('/blog', viewport);
    await page.getByRole('link', { name: post.title }).click();
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${post.slug}`);
    const date = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(post.publishedAt));
    await shown(page.getByText(date));
    await shown(page.getByRole('img', { name: post.title }));
    expect(errors).toEqual([]);
    await context.close();

    // The same page straight from the server, as a shared link opens it.
    const direct = await open(`/blog/${post.slug}`, viewport);
    expect(direct.response?.status()).toBe(200);
    const html = await direct.response!.text();
    expect(html).toContain(`<h1`);
    await expect.poll(() => direct.page.title()).toBe(`${post.title} | Tessera`);
    await direct.context.close();
  });

  it('answers an unknown post with the 404 page', async () => {
    const { page, response, context } = await open('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await shown(page.getByRole('heading', { name: 'Page not found' }));
    await context.close();
  });
});

describe('Load More on a blog with two pages', () => {
  let shop: TestApp;
  let base: string;
  beforeAll(async () => {
    shop = await createTestApp({ buildDir: resolve(process.env.BUILD_DIR ?? 'build') });
    await shop.database.handle.db.insert(posts).values(
      Array.from({ length: EXTRA_POSTS }, (_, i) => ({
        slug: `archive-note-${i + 1}`,
        title: `Archive note ${i + 1}`,
        contentHtml: `<p>From the archive, note ${i + 1}.</p>`,
        excerptHtml: `<p>Archive excerpt ${i + 1}.</p>`,
        publishedAt: new Date(Date.UTC(2020, 0, 20 - i)),
      })),
    );
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const total = POSTS.length + EXTRA_POSTS;

  it('appends the next page, says Loading... meanwhile, then disables itself on the last', async () => {
    const { page, errors, context } = await open('/blog', WIDE, base);
    await shown(page.getByText(`Page 1 of ${Math.ceil(total / 12)}`));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/wp-json/wp/v2/posts?*page=2*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Load More' }).click();
    const loading = page.getByRole('button', { name: 'Loading...' });
    await loading.waitFor();
    await expect.poll(() => loading.isDisabled()).toBe(true);
    release();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(total);
    await shown(page.getByRole('heading', { name: 'Archive note 7' }));
    // A post without a featured image gets a card without one.
    await expect
      .poll(() =>
        page.getByRole('article').filter({ hasText: 'Archive note 7' }).getByRole('img').count(),
      )
      .toBe(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Load More' }).isDisabled())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Error loading blog posts. when the next page fails, keeping the cards', async () => {
    const { page, context } = await open('/blog', WIDE, base);
    await page.route('**/wp-json/wp/v2/posts?*page=2*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('button', { name: 'Load More' }).click();
    // Queries retry three times (1 s, 2 s, 4 s) before they give up, as spec section 9 says.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error loading blog posts.' })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('article').count()).toBe(12);
    await context.close();
  });
});
