import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS } from '#db/seed/content/posts.ts';
import { PAGES } from '#db/seed/content/pages.ts';
import { MEGA_MENU } from '#db/seed/menu.ts';
import { menuLink } from '#domain/menu.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
const ORIGIN = 'http://shop.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function sitemapLocations(): Promise<string[]> {
  const response = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  return [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
}

describe('GET /sitemap.xml', () => {
  it('lists every product, listing, content page and post once, as absolute URLs', async () => {
    const locations = await sitemapLocations();
    expect(new Set(locations).size).toBe(locations.length);
    const expected = [
      '/',
      '/collections',
      '/stone-collection/all-products',
      '/stone-collection/stock-clearance',
      '/new-arrivals',
      '/blog',
      ...catalogue.products.map((p) => `/product/${p.slug}`),
      ...PAGES.map((page) => `/${page.slug}`),
      ...POSTS.filter((post) => new Date(post.publishedAt) <= new Date()).map(
        (post) => `/blog/${post.slug}`,
      ),
      ...MEGA_MENU.flatMap((entry) =>
        entry.children.flatMap((group) =>
          group.children.flatMap((item) => menuLink(group.title, item.title) ?? []),
        ),
      ),
    ].map((path) => ORIGIN + path);
    expect(locations).toEqual(expect.arrayContaining(expected));
    expect(locations).toContain(`${ORIGIN}/collections/stone-collection/marble-tiles`);
    expect(locations).toContain(`${ORIGIN}/colour/whites`);
  });

  it('lists a category the menu does not link once, and no listing twice under an alias', async () => {
    const locations = await sitemapLocations();
    // The menu links mosaics as 'stone-mosaic-tiles'; the same listing is not listed again.
    expect(locations).toContain(`${ORIGIN}/collections/stone-collection/stone-mosaic-tiles`);
    expect(locations).not.toContain(`${ORIGIN}/collections/mosaic-tiles`);
    expect(locations).not.toContain(`${ORIGIN}/collections/stock-clearance`);
    const menuCategories = new Set(
      MEGA_MENU.flatMap((entry) =>
        entry.children.flatMap((group) =>
          group.children.map((item) => menuLink(group.title, item.title)?.split('/').at(-1)),
        ),
      ),
    );
    const unlinked = catalogue.categories.filter(
      (c) =>
        !menuCategories.has(c.slug) && c.slug !== 'mosaic-tiles' && c.slug !== 'stock-clearance',
    );
    for (const category of unlinked) {
      expect(locations).toContain(`${ORIGIN}/collections/${category.slug}`);
    }
  });

  it('leaves out private screens', async () => {
    const locations = await sitemapLocations();
    expect(locations.filter((url) => /my-account|checkout|\/auth|\/api\//.test(url))).toEqual([]);
  });
});

describe('GET /robots.txt', () => {
  it('allows the shop, keeps crawlers out of account pages and points at the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { host: 'shop.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /my-account',
        'Disallow: /checkout',
        'Disallow: /api/',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });
});
