import apiFetch from '@wordpress/api-fetch';
import WPAPI, { type WPRequest } from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '#db/seed/content/pages.ts';
import { POSTS } from '#db/seed/content/posts.ts';
import { pages } from '#db/schema/index.ts';
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

/**
 * Cross-site scripting payloads (after the OWASP filter evasion cheat sheet and the HTML5
 * Security Cheatsheet): none may reach a page with anything that runs.
 */
const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script src="//xss.example/a.js"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("XSS")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#x0D;script:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="#" onclick="alert(1)">click</a>',
  '<a href="/" onmouseover="alert(1)">hover</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<IFRAME SRC="https://xss.example/"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus></textarea>',
  '<keygen onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="behavior: url(xss.htc);">x</p>',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<img src="x" onerror\t=alert(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img/src="x"/onerror=alert(1)>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<a href="https://ok.example" target="_blank" onclick="alert(1)">ok</a>',
  '"><script>alert(document.cookie)</script>',
  '<template><script>alert(1)</script></template>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<object type="text/x-scriptlet" data="https://xss.example/scriptlet.html"></object>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  '<a href="https://ok.example" style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</a>',
];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'keygen',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'body',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
  'isindex',
  'marquee',
  'details',
  'xss',
]);

/** Every tag and attribute in sanitised HTML (which always quotes attributes with `"`). */
function scan(html: string) {
  const tags = [...html.matchAll(/<\s*\/?\s*([a-zA-Z][\w:-]*)([^>]*)>/g)];
  return tags.map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: [...rest!.matchAll(/([^\s"'=/]+)\s*=\s*"([^"]*)"/g)].map(([, attr, value]) => ({
      name: attr!.toLowerCase(),
      value: value!.replace(/&#x?[0-9a-f]+;?|&[a-z]+;|\s/gi, '').toLowerCase(),
    })),
  }));
}

describe('sanitising stored HTML', () => {
  beforeAll(async () => {
    await t.database.handle.db.insert(pages).values(
      XSS_VECTORS.map((vector, i) => ({
        slug: `xss-${i}`,
        title: `Vector ${i} <script>alert(${i})</script>`,
        contentHtml: `<p>Before</p>${vector}<p>After</p>`,
        excerptHtml: vector,
      })),
    );
  });

  it('tests a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((vector, i) => [i, vector] as const))(
    'vector %i leaves nothing that runs: %s',
    async (i) => {
      const { status, body } = await get(`/wp-json/wp/v2/pages?slug=xss-${i}`);
      expect(status).toBe(200);
      const page = body[0];
      expect(page.title.rendered).not.toMatch(/<script/i);
      expect(page.title.rendered).toContain('&lt;script&gt;');
      for (const html of [page.content.rendered, page.excerpt.rendered]) {
        expect(html).not.toMatch(/<\s*script/i);
        for (const tag of scan(html)) {
          expect(FORBIDDEN_TAGS.has(tag.name), `tag <${tag.name}>`).toBe(false);
          for (const attribute of tag.attributes) {
            expect(attribute.name, `attribute on <${tag.name}>`).not.toMatch(
              /^on|^style$|^srcdoc$|^formaction$|^background$/,
            );
            expect(attribute.value, `${attribute.name} on <${tag.name}>`).not.toMatch(
              /^(javascript|vbscript|data):|^\/\//,
            );
          }
        }
      }
      // The harmless text around the payload is kept.
      expect(page.content.rendered).toContain('<p>Before</p>');
      expect(page.content.rendered).toContain('<p>After</p>');
    },
  );

  it('keeps safe structure: headings, lists, tables, images and links', async () => {
    const safe =
      '<h2 id="care">Care</h2><ul><li>One</li></ul><table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>' +
      '<img src="https://img.example/a.png" alt="Slab" width="300"><a href="/faq">FAQ</a> <a href="mailto:a@b.example">mail</a> <a href="tel:+441174960472">call</a>' +
      '<a href="https://other.example" target="_blank">out</a>';
    await t.database.handle.db
      .insert(pages)
      .values({ slug: 'safe-html', title: 'Tiles & Slabs', contentHtml: safe });
    const { body } = await get('/wp-json/wp/v2/pages?slug=safe-html');
    expect(body[0].title.rendered).toBe('Tiles &amp; Slabs');
    expect(body[0].content.rendered).toBe(
      safe
        .replace(
          '<a href="https://other.example" target="_blank">',
          '<a href="https://other.example" target="_blank" rel="noopener noreferrer">',
        )
        .replace(
          '<img src="https://img.example/a.png" alt="Slab" width="300">',
          '<img src="https://img.example/a.png" alt="Slab" width="300" />',
        ),
    );
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
    expect(pages.length).toBeGreaterThanOrEqual(SPEC_PAGE_SLUGS.length);
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
