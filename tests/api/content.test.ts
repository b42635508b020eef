import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '#db/seed/content/pages.ts';
import { POSTS } from '#db/seed/content/posts.ts';
import { WP_BLOG_CATEGORY, WP_MESSAGES } from '#domain/wordpress.ts';
import { withTimeout } from '#server/services/content/timeout.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** The spec's content page slugs (section 2 and 7), each loaded by slug. */
const SPEC_PAGE_SLUGS = [
  'about-us',
  'faq',
  'delivery-information',
  'return-refund-policy',
  'privacy-policy',
  'terms-and-conditions',
  'contact-us',
  'sealing-and-maintenance',
  'installation',
  'reviews',
  'adhevise-grout-advise',
];

const newestFirst = [...POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

describe('GET /wp-json/wp/v2/pages', () => {
  it.each(SPEC_PAGE_SLUGS)('serves the %s page by slug in WordPress shape', async (slug) => {
    const seeded = PAGES.find((p) => p.slug === slug)!;
    const { status, body, headers } = await get(`/wp-json/wp/v2/pages?slug=${slug}&_embed`);
    expect(status).toBe(200);
    expect(headers['x-wp-total']).toBe('1');
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      id: expect.any(Number),
      slug,
      type: 'page',
      link: expect.stringMatching(new RegExp(`/${slug}$`)),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      title: { rendered: seeded.title.replace('&', '&amp;') },
      content: { rendered: expect.stringContaining('<h2>'), protected: false },
      excerpt: { rendered: expect.any(String), protected: false },
      featured_media: 0,
    });
    expect(body[0].content.rendered.length).toBeGreaterThan(500);
  });

  it('answers an unknown slug with an empty list and 200, as WordPress does', async () => {
    const { status, body, headers } = await get('/wp-json/wp/v2/pages?slug=no-such-page&_embed');
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect(headers['x-wp-total']).toBe('0');
  });

  it('lists every published page without a slug', async () => {
    const { body } = await get('/wp-json/wp/v2/pages');
    expect(body.map((p: { slug: string }) => p.slug).sort()).toEqual(
      PAGES.map((p) => p.slug).sort(),
    );
  });

  it('keeps the copy the spec asks for: 3-5 working days, 10% extra, delivery windows', async () => {
    const { body } = await get('/wp-json/wp/v2/pages?slug=delivery-information');
    const html: string = body[0].content.rendered;
    expect(html).toContain('3-5 working days');
    expect(html).toContain('10% extra');
    expect(html).toContain('9:00-17:30');
    expect(html).toContain('9:00am-1:00pm');
    expect(html).toContain('12:00pm-5:30pm');
  });

  it('refuses a repeated slug with 400', async () => {
    const { status, body } = await get('/wp-json/wp/v2/pages?slug=faq&slug=about-us');
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });
});

describe('GET /wp-json/wp/v2/posts', () => {
  it('pages 10 per page by default with the total headers and embedded images', async () => {
    const { status, body, headers } = await get('/wp-json/wp/v2/posts?_embed');
    expect(status).toBe(200);
    expect(headers['x-wp-total']).toBe(String(POSTS.length));
    expect(headers['x-wp-totalpages']).toBe(String(Math.ceil(POSTS.length / 10)));
    expect(body.map((p: { slug: string }) => p.slug)).toEqual(
      newestFirst.slice(0, 10).map((p) => p.slug),
    );
    const first = body[0];
    expect(first).toMatchObject({
      type: 'post',
      title: { rendered: newestFirst[0]!.title },
      excerpt: { rendered: `<p>${newestFirst[0]!.excerpt}</p>`, protected: false },
      link: expect.stringMatching(new RegExp(`/blog/${newestFirst[0]!.slug}$`)),
      date: newestFirst[0]!.publishedAt.slice(0, 19),
    });
    expect(first.featured_media).toBeGreaterThan(0);
    expect(first._embedded['wp:featuredmedia'][0]).toMatchObject({
      id: first.featured_media,
      source_url: expect.stringMatching(/^http:\/\/.+\/media\/stone\/.+/),
      alt_text: newestFirst[0]!.title,
    });
  });

  it('leaves _embedded out unless asked', async () => {
    const { body } = await get('/wp-json/wp/v2/posts?per_page=1');
    expect(body[0]).not.toHaveProperty('_embedded');
  });

  it('pages the blog 12 at a time to the end, each post once', async () => {
    const totalPages = Math.ceil(POSTS.length / 12);
    const seen: string[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const { status, body, headers } = await get(
        `/wp-json/wp/v2/posts?_embed&page=${page}&per_page=12`,
      );
      expect(status).toBe(200);
      expect(headers['x-wp-totalpages']).toBe(String(totalPages));
      seen.push(...body.map((p: { slug: string }) => p.slug));
    }
    expect(seen).toEqual(newestFirst.map((p) => p.slug));
  });

  it('links the previous and next pages as WordPress does', async () => {
    const { headers } = await get('/wp-json/wp/v2/posts?page=2&per_page=5');
    expect(headers.link).toMatch(
      /<http:\/\/[^>]+\/wp-json\/wp\/v2\/posts\?page=1&per_page=5>; rel="prev"/,
    );
    expect(headers.link).toMatch(/page=3&per_page=5>; rel="next"/);
  });

  it('answers a page beyond the last with WordPress’s 400', async () => {
    const beyond = Math.ceil(POSTS.length / 12) + 1;
    const { status, body } = await get(`/wp-json/wp/v2/posts?page=${beyond}&per_page=12`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'rest_post_invalid_page_number',
      message: WP_MESSAGES.pageBeyondLast,
      error: WP_MESSAGES.pageBeyondLast,
      data: { status: 400 },
    });
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=2.5', 'per_page'],
  ])('refuses %s with 400 naming the parameter', async (query, field) => {
    const { status, body } = await get(`/wp-json/wp/v2/posts?${query}`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty(field);
  });

  it('accepts per_page=100, the largest WordPress allows', async () => {
    const { status, body } = await get('/wp-json/wp/v2/posts?per_page=100');
    expect(status).toBe(200);
    expect(body).toHaveLength(POSTS.length);
  });

  it('finds one post by slug, and an unknown slug is an empty list', async () => {
    const one = await get(`/wp-json/wp/v2/posts?slug=${POSTS[3]!.slug}&_embed`);
    expect(one.body).toHaveLength(1);
    expect(one.body[0].title.rendered).toBe(POSTS[3]!.title);
    const none = await get('/wp-json/wp/v2/posts?slug=no-such-post');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-wp-totalpages']).toBe('0');
  });

  it('keeps unknown /wp-json paths a JSON 404', async () => {
    const { status, body } = await get('/wp-json/wp/v2/comments');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});

describe('the home page’s GET /api/posts', () => {
  it('returns the spec’s post shape linking to /blog/{slug}', async () => {
    const { body } = await get('/api/posts?limit=2');
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      title: newestFirst[0]!.title,
      link: `/blog/${newestFirst[0]!.slug}`,
      og_image: [{ url: expect.stringMatching(/^\/media\//) }],
    });
  });
});

describe('a slow content store', () => {
  it('answers 503 instead of waiting for ever', async () => {
    const never = new Promise<never>(() => {});
    await expect(withTimeout(never, 20)).rejects.toMatchObject({
      statusCode: 503,
      code: 'content_unavailable',
    });
  });
});

describe('GET /wp-json/ (the index)', () => {
  it('names the site, its namespace and every wp/v2 route with its methods, as WordPress does', async () => {
    const { status, body, headers } = await get('/wp-json/');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Tessera',
      url: expect.stringMatching(/^http:\/\//),
      home: expect.stringMatching(/^http:\/\//),
      namespaces: ['wp/v2'],
    });
    expect(typeof body.description).toBe('string');
    expect(Object.keys(body.routes)).toEqual([
      '/wp/v2/posts',
      '/wp/v2/posts/(?P<id>[\\d]+)',
      '/wp/v2/pages',
      '/wp/v2/pages/(?P<id>[\\d]+)',
      '/wp/v2/categories',
    ]);
    for (const route of Object.values(body.routes)) {
      expect(route).toMatchObject({ namespace: 'wp/v2', methods: ['GET'] });
    }
    // The API root link every WordPress answer carries, which clients discover the API by.
    expect(headers.link).toMatch(/<http:\/\/[^>]+\/wp-json\/>; rel="https:\/\/api.w.org\/"/);
  });
});

describe('GET /wp-json/wp/v2/posts/{id} and /pages/{id}', () => {
  it('answers one post, in its one category, and one page', async () => {
    const [newest] = (await get('/wp-json/wp/v2/posts?per_page=1')).body;
    const post = await get(`/wp-json/wp/v2/posts/${newest.id}?_embed`);
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      id: newest.id,
      slug: newestFirst[0]!.slug,
      type: 'post',
      categories: [WP_BLOG_CATEGORY.id],
    });
    expect(post.body._embedded['wp:featuredmedia']).toHaveLength(1);
    const [about] = (await get('/wp-json/wp/v2/pages?slug=about-us')).body;
    const page = await get(`/wp-json/wp/v2/pages/${about.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: about.id, slug: 'about-us', type: 'page' });
    expect(page.body.categories).toBeUndefined();
  });

  it("answers an unknown id 404 in WordPress's error body", async () => {
    for (const url of ['/wp-json/wp/v2/posts/999999', '/wp-json/wp/v2/pages/999999']) {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body).toEqual({
        code: 'rest_post_invalid_id',
        message: 'Invalid post ID.',
        error: 'Invalid post ID.',
        data: { status: 404 },
      });
    }
  });
});

describe('GET /wp-json/wp/v2/categories', () => {
  it('lists the one category, Blog, counting every post, with the total headers', async () => {
    const { status, body, headers } = await get('/wp-json/wp/v2/categories');
    expect(status).toBe(200);
    expect(headers['x-wp-total']).toBe('1');
    expect(headers['x-wp-totalpages']).toBe('1');
    expect(body).toEqual([
      {
        id: WP_BLOG_CATEGORY.id,
        count: POSTS.length,
        description: '',
        link: expect.stringMatching(/^http:\/\/.+\/blog$/),
        name: 'Blog',
        slug: 'blog',
        taxonomy: 'category',
        parent: 0,
      },
    ]);
  });

  it('honours per_page, page and slug', async () => {
    expect((await get('/wp-json/wp/v2/categories?per_page=1&page=1')).body).toHaveLength(1);
    const beyond = await get('/wp-json/wp/v2/categories?per_page=1&page=2');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
    expect((await get('/wp-json/wp/v2/categories?slug=blog')).body).toHaveLength(1);
    const none = await get('/wp-json/wp/v2/categories?slug=news');
    expect(none.body).toEqual([]);
    expect(none.headers['x-wp-total']).toBe('0');
    expect((await get('/wp-json/wp/v2/categories?per_page=101')).status).toBe(400);
  });
});
