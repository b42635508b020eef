import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import {
  CONTENT_MESSAGES,
  type AdminContentJson,
  type AdminContentSummary,
  type HomeJson,
  type MenuTreeNode,
} from '#domain/content-admin.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;
let aboutUs: AdminContentSummary;
let aPost: AdminContentSummary;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager, editor } = await staffOfEveryRole(t.app));
  const pages = await owner.call('GET', '/api/admin/content/pages');
  aboutUs = pages.body.data.find((p: AdminContentSummary) => p.slug === 'about-us');
  aPost = (await owner.call('GET', '/api/admin/content/posts')).body.data[0];
});
afterAll(async () => {
  await t?.close();
});

const input = (over: Record<string, unknown> = {}) => ({
  title: 'Caring for honed limestone',
  slug: `care-${randomUUID().slice(0, 8)}`,
  status: 'publish',
  content: '<p>Seal it once a year.</p>',
  excerpt: '<p>Seal it.</p>',
  featured_image: '',
  featured_image_alt: '',
  ...over,
});

async function auditRows(action: string) {
  return queryRows<{ actor: string; before: unknown; after: unknown; entity_id: string | null }>(
    t.app.services.db,
    sql`SELECT actor, before, after, entity_id FROM audit_log WHERE action = ${action} ORDER BY id`,
  );
}

async function editorOf(type: 'pages' | 'posts', id: number): Promise<AdminContentJson> {
  return (await owner.call('GET', `/api/admin/content/${type}/${id}`)).body.data;
}

const wpPage = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/pages?slug=${slug}` })).json();
const wpPost = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/posts?slug=${slug}` })).json();

describe('who may work on content', () => {
  /** Each route, with a body the role's call may send (a write repeats what is stored). */
  const ROUTES: [string, 'GET' | 'POST' | 'PUT', () => string, () => Promise<unknown>][] = [
    ['list pages', 'GET', () => '/api/admin/content/pages', async () => undefined],
    ['list posts', 'GET', () => '/api/admin/content/posts', async () => undefined],
    ['one page', 'GET', () => `/api/admin/content/pages/${aboutUs.id}`, async () => undefined],
    ['one post', 'GET', () => `/api/admin/content/posts/${aPost.id}`, async () => undefined],
    ['create a page', 'POST', () => '/api/admin/content/pages', async () => input()],
    ['create a post', 'POST', () => '/api/admin/content/posts', async () => input()],
    [
      'save a page',
      'PUT',
      () => `/api/admin/content/pages/${aboutUs.id}`,
      async () => {
        const { title, slug, status, content, excerpt, featured_image, featured_image_alt } =
          await editorOf('pages', aboutUs.id);
        return { title, slug, status, content, excerpt, featured_image, featured_image_alt };
      },
    ],
    [
      'save a post',
      'PUT',
      () => `/api/admin/content/posts/${aPost.id}`,
      async () => {
        const { title, slug, status, content, excerpt, featured_image, featured_image_alt } =
          await editorOf('posts', aPost.id);
        return { title, slug, status, content, excerpt, featured_image, featured_image_alt };
      },
    ],
    ['media', 'GET', () => '/api/admin/media', async () => undefined],
    ['menu', 'GET', () => '/api/admin/menu', async () => undefined],
    [
      'save the menu',
      'PUT',
      () => '/api/admin/menu',
      async () => (await owner.call('GET', '/api/admin/menu')).body.data,
    ],
    ['home', 'GET', () => '/api/admin/home', async () => undefined],
    [
      'save the home page',
      'PUT',
      () => '/api/admin/home',
      async () => (await owner.call('GET', '/api/admin/home')).body.data,
    ],
  ];

  it.each(ROUTES)(
    '%s: owner and editor yes, manager 403; customers, strangers and forged cookies 401',
    async (_name, method, url, body) => {
      const ok = method === 'POST' ? 201 : 200;
      expect((await owner.call(method, url(), await body())).status).toBe(ok);
      expect((await editor.call(method, url(), await body())).status).toBe(ok);
      expect((await manager.call(method, url(), await body())).status).toBe(403);
      expect((await new StaffBrowser(t.app).call(method, url(), await body())).status).toBe(401);
      const forged = new StaffBrowser(t.app);
      forged.cookie = `tessera_staff=${randomUUID()}`;
      expect((await forged.call(method, url(), await body())).status).toBe(401);
      const customer = new ApiShopper(t.app);
      await customer.call('POST', '/api/auth/register', {
        email: `c-${randomUUID()}@example.com`,
        password: 'granite-worktop-9',
      });
      const asCustomer = await t.app.inject({
        method,
        url: url(),
        headers: { cookie: customer.cookie },
        ...(method === 'GET' ? {} : { payload: (await body()) as object }),
      });
      expect(asCustomer.statusCode).toBe(401);
    },
  );

  it('refuses a change sent from another origin (CSRF), storing nothing', async () => {
    const slug = 'from-evil';
    for (const [method, url, payload] of [
      ['POST', '/api/admin/content/pages', input({ slug })],
      ['PUT', `/api/admin/content/pages/${aboutUs.id}`, input({ slug: 'about-us', title: 'x' })],
      ['PUT', '/api/admin/menu', { tree: [] }],
      ['PUT', '/api/admin/home', { slides: [], tiles: [] }],
    ] as const) {
      const answer = await editor.call(method, url, payload, { origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
    }
    expect(await wpPage(slug)).toEqual([]);
    expect((await editorOf('pages', aboutUs.id)).title).not.toBe('x');
    expect((await owner.call('GET', '/api/admin/menu')).body.data.tree.length).toBeGreaterThan(0);
    expect((await owner.call('GET', '/api/admin/home')).body.data.slides).toHaveLength(4);
  });
});

describe('pages and posts', () => {
  it.each([
    [{ title: '  ' }, 'title', CONTENT_MESSAGES.titleRequired],
    [{ slug: 'Caring For Limestone' }, 'slug', CONTENT_MESSAGES.slugInvalid],
    [{ slug: 'a--b' }, 'slug', CONTENT_MESSAGES.slugInvalid],
    [{ slug: '' }, 'slug', CONTENT_MESSAGES.slugInvalid],
    [{ status: 'scheduled' }, 'status', CONTENT_MESSAGES.statusInvalid],
    [{ featured_image: 'javascript:alert(1)' }, 'featured_image', CONTENT_MESSAGES.imageUrl],
    [{ featured_image: '//evil.example/a.jpg' }, 'featured_image', CONTENT_MESSAGES.imageUrl],
  ])('answers bad input %j with the field message, storing nothing', async (bad, field, msg) => {
    const body = input({ title: 'Refused page', ...bad });
    for (const type of ['pages', 'posts']) {
      const answer = await editor.call('POST', `/api/admin/content/${type}`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.fields[field]).toBe(msg);
      const list = (await editor.call('GET', `/api/admin/content/${type}`)).body.data;
      expect(list.some((p: AdminContentSummary) => p.title === 'Refused page')).toBe(false);
    }
  });

  it('refuses a slug another page or post holds, and a new slug for a page the shop opens', async () => {
    const taken = await editor.call('POST', '/api/admin/content/pages', input({ slug: 'faq' }));
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ slug: CONTENT_MESSAGES.slugTaken });
    const reserved = await editor.call('POST', '/api/admin/content/pages', input({ slug: 'blog' }));
    expect(reserved.body.fields).toEqual({ slug: CONTENT_MESSAGES.slugReserved });
    const post = await editor.call('POST', '/api/admin/content/posts', input({ slug: aPost.slug }));
    expect(post.body.fields).toEqual({ slug: CONTENT_MESSAGES.postSlugTaken });
    const current = await editorOf('pages', aboutUs.id);
    const renamed = await editor.call('PUT', `/api/admin/content/pages/${aboutUs.id}`, {
      ...input(),
      slug: 'about',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual({ slug: CONTENT_MESSAGES.slugFixed });
    expect(await editorOf('pages', aboutUs.id)).toEqual(current);
    expect((await wpPage('about-us'))[0].title.rendered).toBe(current.title);
  });

  it('sanitises saved HTML as content.rendered does: a script never reaches a reader', async () => {
    const dirty =
      '<h2 onclick="steal()">Sealing</h2><script>alert(1)</script><p>Use an <a href="javascript:alert(2)">impregnator</a>.</p><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>';
    const saved = await editor.call(
      'POST',
      '/api/admin/content/pages',
      input({ slug: 'sealing-notes', content: dirty, excerpt: '<script>x()</script>Short' }),
    );
    expect(saved.status).toBe(201);
    const page = saved.body.data as AdminContentJson;
    // An image whose source is neither the shop's media nor https goes with its <img>.
    expect(page.content).toBe('<h2>Sealing</h2><p>Use an <a>impregnator</a>.</p>');
    expect(page.excerpt).toBe('Short');
    const [served] = await wpPage('sealing-notes');
    expect(served.content.rendered).toBe(page.content);
    expect(served.content.rendered).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('serves a published change at once, keeps a draft from the storefront and the WordPress API, and audits before → after', async () => {
    // Read first, so any cache holds the old answer.
    expect((await wpPage('about-us'))[0].title.rendered).not.toBe('About Tessera &amp; us');
    const before = await editorOf('pages', aboutUs.id);
    const saved = await editor.call('PUT', `/api/admin/content/pages/${aboutUs.id}`, {
      ...input(),
      slug: 'about-us',
      title: 'About Tessera & us',
      content: '<p>Stone merchants since 1998.</p>',
      featured_image: '/media/stone/marble-white-644-640.webp',
      featured_image_alt: 'White marble',
    });
    expect(saved.status).toBe(200);
    const [served] = await (
      await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/pages?slug=about-us&_embed=1' })
    ).json();
    expect(served.title.rendered).toBe('About Tessera &amp; us');
    expect(served.content.rendered).toBe('<p>Stone merchants since 1998.</p>');
    expect(served._embedded['wp:featuredmedia'][0]).toMatchObject({
      source_url: expect.stringMatching(/\/media\/stone\/marble-white-644-640\.webp$/),
      alt_text: 'White marble',
    });
    const [entry] = (await auditRows('page.update')).filter(
      (row) =>
        row.entity_id === String(aboutUs.id) &&
        (row.after as { title: string }).title === 'About Tessera & us',
    );
    expect(entry!.actor).toMatch(/^editor-/);
    expect(entry!.before).toMatchObject({ title: before.title, content: before.content });
    expect(entry!.after).toMatchObject({ title: 'About Tessera & us', status: 'publish' });

    const draft = await editor.call('PUT', `/api/admin/content/pages/${aboutUs.id}`, {
      ...input(),
      slug: 'about-us',
      status: 'draft',
    });
    expect(draft.body.data.status).toBe('draft');
    expect(await wpPage('about-us')).toEqual([]);
    const all = await (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/pages' })).json();
    expect(all.some((p: { slug: string }) => p.slug === 'about-us')).toBe(false);
    const byId = await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/pages/${aboutUs.id}` });
    expect(byId.statusCode).toBe(404);
    expect(
      (
        await editor.call('PUT', `/api/admin/content/pages/${aboutUs.id}`, {
          ...input(),
          slug: 'about-us',
        })
      ).status,
    ).toBe(200);
    expect(await wpPage('about-us')).toHaveLength(1);
  });

  it('keeps a draft post off the blog, and a post published later goes out at the top', async () => {
    const slug = `draft-${randomUUID().slice(0, 8)}`;
    const created = await editor.call(
      'POST',
      '/api/admin/content/posts',
      input({ slug, status: 'draft', title: 'Herringbone layouts' }),
    );
    expect(created.status).toBe(201);
    expect(await wpPost(slug)).toEqual([]);
    const postById = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wp/v2/posts/${created.body.data.id}`,
    });
    expect(postById.statusCode).toBe(404);
    const recent = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(recent.json().some((p: { slug: string }) => p.slug === slug)).toBe(false);
    const published = await editor.call('PUT', `/api/admin/content/posts/${created.body.data.id}`, {
      ...input({ slug, title: 'Herringbone layouts' }),
    });
    expect(published.status).toBe(200);
    expect((await wpPost(slug))[0].title.rendered).toBe('Herringbone layouts');
    const top = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(top.json()[0].slug).toBe(slug);
    const created2 = await auditRows('post.create');
    expect(created2.some((row) => (row.after as { slug: string }).slug === slug)).toBe(true);
  });

  it('lists images in use to pick from', async () => {
    const media = await editor.call('GET', '/api/admin/media');
    expect(media.body.data).toContainEqual({
      url: '/media/stone/marble-white-644-640.webp',
      alt: 'White marble',
    });
  });
});

describe('the mega-menu', () => {
  it('refuses an untitled entry or a fourth level, storing nothing', async () => {
    const before = (await editor.call('GET', '/api/admin/menu')).body.data.tree;
    const untitled = await editor.call('PUT', '/api/admin/menu', {
      tree: [{ title: ' ', children: [] }],
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toBe(CONTENT_MESSAGES.menuTitleRequired);
    const leaf = (title: string, children: MenuTreeNode[] = []) => ({ title, children });
    const deep = await editor.call('PUT', '/api/admin/menu', {
      tree: [leaf('A', [leaf('B', [leaf('C', [leaf('D')])])])],
    });
    expect(deep.status).toBe(400);
    expect(deep.body.fields.tree).toBe(CONTENT_MESSAGES.menuTooDeep);
    expect((await editor.call('GET', '/api/admin/menu')).body.data.tree).toEqual(before);
  });

  it('serves a saved menu at once from /api/megamenu, and audits before → after', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/megamenu' });
    const tree: MenuTreeNode[] = first.json().data;
    const changed = [
      { ...tree[0]!, title: 'Stone Tiles' },
      ...tree.slice(1),
      { title: 'Showroom', children: [] },
    ];
    const saved = await editor.call('PUT', '/api/admin/menu', { tree: changed });
    expect(saved.status).toBe(200);
    expect(saved.body.data.tree).toEqual(changed);
    const after = await t.app.inject({ method: 'GET', url: '/api/megamenu' });
    expect(after.json().data).toEqual(changed);
    const [entry] = (await auditRows('menu.update')).slice(-1);
    expect(entry!.before).toEqual(tree);
    expect(entry!.after).toEqual(changed);
  });
});

describe("the home page's slides and tiles", () => {
  it('serves the seeded slides and tiles from GET /api/home, cacheable', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/public, max-age=60/);
    expect(answer.headers.etag).toBeTruthy();
    const home: HomeJson = answer.json();
    expect(home.slides.map((s) => s.title)).toEqual([
      'Marble Tiles',
      'Limestone Tiles',
      'Chequerboard Tiles',
      'Travertine Tiles',
    ]);
    expect(home.tiles).toHaveLength(5);
  });

  it('refuses bad slides and tiles with the field message, storing nothing', async () => {
    const home: HomeJson = (await editor.call('GET', '/api/admin/home')).body.data;
    for (const [bad, field, message] of [
      [{ ...home, slides: [] }, 'slides', CONTENT_MESSAGES.slidesRequired],
      [
        { ...home, slides: [{ ...home.slides[0]!, link: 'javascript:alert(1)' }] },
        'slides.0.link',
        CONTENT_MESSAGES.link,
      ],
      [
        { ...home, tiles: [{ ...home.tiles[0]!, title: '' }] },
        'tiles.0.title',
        CONTENT_MESSAGES.tileTitleRequired,
      ],
    ] as const) {
      const answer = await editor.call('PUT', '/api/admin/home', bad);
      expect(answer.status).toBe(400);
      expect(answer.body.fields[field]).toBe(message);
    }
    expect((await editor.call('GET', '/api/admin/home')).body.data).toEqual(home);
  });

  it('serves a saved slide at once from /api/home, and audits before → after', async () => {
    await t.app.inject({ method: 'GET', url: '/api/home' });
    const { version, ...home }: HomeJson & { version: number } = (
      await editor.call('GET', '/api/admin/home')
    ).body.data;
    expect(version).toBeGreaterThanOrEqual(1);
    const changed: HomeJson = {
      slides: [
        {
          ...home.slides[0]!,
          title: 'Portland Stone',
          link: '/collections/stone-collection/limestone-tiles',
        },
        ...home.slides.slice(1),
      ],
      tiles: home.tiles.slice(0, 4),
    };
    expect((await editor.call('PUT', '/api/admin/home', changed)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).json()).toEqual(changed);
    const [entry] = (await auditRows('home.update')).slice(-1);
    expect(entry!.before).toEqual(home);
    expect(entry!.after).toEqual(changed);
  });
});
