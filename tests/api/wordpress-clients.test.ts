import apiFetch from '@wordpress/api-fetch';
import WPAPI, { type WPRequest } from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '#db/seed/content/pages.ts';
import { POSTS } from '#db/seed/content/posts.ts';
import { WP_BLOG_CATEGORY } from '#domain/wordpress.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newestFirst = [...POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

describe('a WordPress REST client (wpapi)', () => {
  let wp: WPAPI;
  beforeAll(async () => {
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wp = new WPAPI({ endpoint: `${server}/wp-json` });
  });

  it('reads a page by slug with its embedded data', async () => {
    const [page] = (await wp.pages().slug('about-us').embed()) as {
      title: { rendered: string };
      content: { rendered: string };
    }[];
    expect(page!.title.rendered).toBe('About Us');
    expect(page!.content.rendered).toContain('Tessera Stone Ltd');
  });

  it('follows its paging from the first page of posts to the last', async () => {
    type Page = { title: { rendered: string } }[] & {
      _paging?: { total: number; totalPages: number; next?: WPRequest };
    };
    const titles: string[] = [];
    let page = (await wp.posts().embed().perPage(5).page(1)) as Page;
    expect(page._paging?.total).toBe(POSTS.length);
    expect(page._paging?.totalPages).toBe(Math.ceil(POSTS.length / 5));
    for (;;) {
      titles.push(...page.map((p) => p.title.rendered));
      if (!page._paging?.next) break;
      page = (await page._paging.next.get()) as Page;
    }
    expect(titles).toEqual(newestFirst.map((p) => p.title));
  });
});

describe('wpapi discovering the site through /wp-json/', () => {
  it('reads posts, a post, pages, a page and categories without errors', async () => {
    const address = t.app.server.address() as { port: number };
    const site = await WPAPI.discover(`http://127.0.0.1:${address.port}/wp-json/`);
    type Item = { id: number; slug: string; categories?: number[] };
    const posts = (await site.posts().perPage(3)) as Item[];
    expect(posts.map((p) => p.slug)).toEqual(newestFirst.slice(0, 3).map((p) => p.slug));
    const post = (await site.posts().id(posts[0]!.id).embed()) as Item;
    expect(post).toMatchObject({ id: posts[0]!.id, categories: [WP_BLOG_CATEGORY.id] });
    const pages = (await site.pages()) as Item[];
    expect(pages.length).toBeGreaterThanOrEqual(PAGES.length);
    const page = (await site.pages().id(pages[0]!.id)) as Item;
    expect(page.slug).toBe(pages[0]!.slug);
    const categories = (await site.categories()) as Item[];
    expect(categories.map((c) => c.slug)).toEqual(['blog']);
  });
});

describe('@wordpress/api-fetch (in Node, with a fetch handler)', () => {
  it('reads posts, a post, pages, a page and categories without errors', async () => {
    const address = t.app.server.address() as { port: number };
    const root = `http://127.0.0.1:${address.port}/wp-json/`;
    apiFetch.use(apiFetch.createRootURLMiddleware(root));
    // The default handler is the browser's window.fetch; in Node, Node's fetch does the same.
    apiFetch.setFetchHandler(async ({ url, method, data }) => {
      const response = await fetch(url!, {
        method,
        ...(data === undefined ? {} : { body: JSON.stringify(data) }),
      });
      const body: unknown = await response.json();
      if (!response.ok) throw body;
      return body;
    });
    type Item = { id: number; slug: string; categories?: number[] };
    const posts = await apiFetch<Item[]>({ path: '/wp/v2/posts?per_page=2&_embed' });
    expect(posts.map((p) => p.slug)).toEqual(newestFirst.slice(0, 2).map((p) => p.slug));
    const post = await apiFetch<Item>({ path: `/wp/v2/posts/${posts[1]!.id}` });
    expect(post).toMatchObject({ id: posts[1]!.id, categories: [WP_BLOG_CATEGORY.id] });
    const pages = await apiFetch<Item[]>({ path: '/wp/v2/pages' });
    const page = await apiFetch<Item>({ path: `/wp/v2/pages/${pages[0]!.id}` });
    expect(page.slug).toBe(pages[0]!.slug);
    const categories = await apiFetch<Item[]>({ path: '/wp/v2/categories' });
    expect(categories).toMatchObject([{ slug: 'blog', taxonomy: 'category', parent: 0 }]);
    await expect(apiFetch({ path: '/wp/v2/posts/999999' })).rejects.toMatchObject({
      code: 'rest_post_invalid_id',
    });
  });
});
