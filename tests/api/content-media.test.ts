import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { categories } from '#db/schema/index.ts';
import { IMAGE_MESSAGES, UPLOAD_MAX_BYTES, type ContentImageJson } from '#domain/admin-images.ts';
import type { AdminContentSummary, HomeJson } from '#domain/content-admin.ts';
import { MENU_LINK_MESSAGES, type MenuLink } from '#domain/menu-links.ts';
import type { MenuNodeShape } from '#domain/api-schemas.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let editor: StaffBrowser;
let manager: StaffBrowser;
beforeAll(async () => {
  t = await createTestApp();
  ({ editor, manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const photo = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#cfc6b4' } })
    .jpeg()
    .toBuffer();

const upload = (who: StaffBrowser | null, body: Buffer, type: string, alt = 'Honed slate floor') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/content/images?alt=${encodeURIComponent(alt)}`,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': type },
    payload: body,
  });

async function uploaded(width?: number, height?: number): Promise<ContentImageJson> {
  const answer = await upload(editor, await photo(width, height), 'image/jpeg');
  expect(answer.statusCode).toBe(201);
  return answer.json().data;
}

describe('uploading an image for a page or the home page', () => {
  it('stores it once and serves it in its own shape at every width', async () => {
    const image = await uploaded();
    expect(image).toMatchObject({ alt: 'Honed slate floor', width: 960, height: 540 });
    expect(image.src).toBe(`/media/upload/${image.id}-960w.webp`);
    expect(image.srcset.split(', ')).toEqual(
      [320, 480, 640, 960, 1280].map((w) => `/media/upload/${image.id}-${w}w.webp ${w}w`),
    );
    const served = await t.app.inject({ url: image.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 960, height: 540 });
    // Never enlarged: a 400 px original is served 400 px wide at every width.
    const small = await uploaded(400, 300);
    expect(small).toMatchObject({ width: 400, height: 300 });
    const large = await t.app.inject({ url: `/media/upload/${small.id}-1280w.webp` });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('refuses what is not an image, too large a file, too many pixels and a missing description', async () => {
    const text = await upload(editor, Buffer.from('not an image'), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(IMAGE_MESSAGES.notAnImage);
    expect((await upload(editor, Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    const huge = await upload(editor, Buffer.alloc(UPLOAD_MAX_BYTES + 1), 'image/jpeg');
    expect(huge.statusCode).toBe(413);
    const pixels = await sharp({
      create: { width: 10000, height: 6000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooMany = await upload(editor, pixels, 'image/png');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(IMAGE_MESSAGES.tooManyPixels(10000, 6000));
    const noAlt = await upload(editor, await photo(), 'image/jpeg', '');
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().fields).toEqual({ alt: 'Describe the image for those who cannot see it' });
  });

  it('is for content staff only, checked before the body is read', async () => {
    expect((await upload(null, await photo(), 'image/jpeg')).statusCode).toBe(401);
    expect((await upload(manager, await photo(), 'image/jpeg')).statusCode).toBe(403);
  });
});

describe('an uploaded image in a page', () => {
  it('is kept exactly as inserted; foreign and non-media sources are stripped', async () => {
    const image = await uploaded();
    const inserted = `<img src="${image.src}" srcset="${image.srcset}" sizes="(min-width: 768px) 720px, 100vw" alt="Honed slate floor" width="960" height="540" />`;
    const dirty =
      `<p>Laid in 2024.</p>${inserted}` +
      '<img src="/api/cart" alt="a call"><img src="http://plain.example/a.jpg" alt="plain">' +
      `<img src="${image.src}" srcset="https://evil.example/a.jpg 320w" alt="borrowed">` +
      '<img src="data:image/png;base64,AAAA" alt="inline">';
    const saved = await editor.call('POST', '/api/admin/content/pages', {
      title: 'Slate floors',
      slug: 'slate-floors',
      status: 'publish',
      content: dirty,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data.content).toBe(
      `<p>Laid in 2024.</p>${inserted}<img src="${image.src}" alt="borrowed" />`,
    );
    const [served] = (await t.app.inject({ url: '/wp-json/wp/v2/pages?slug=slate-floors' })).json();
    expect(served.content.rendered).toBe(saved.body.data.content);
  });
});

describe('a home banner by upload', () => {
  it('saves an uploaded slide and tile image and serves them on /api/home', async () => {
    const image = await uploaded();
    const home: HomeJson & { version: number } = (await editor.call('GET', '/api/admin/home')).body
      .data;
    const slide = {
      ...home.slides[0]!,
      image: { src: `/media/upload/${image.id}-1280w.webp`, alt: 'Slate hall' },
    };
    const tile = { ...home.tiles[0]!, image: `/media/upload/${image.id}-640w.webp` };
    const saved = await editor.call('PUT', '/api/admin/home', {
      version: home.version,
      slides: [slide, ...home.slides.slice(1)],
      tiles: [tile, ...home.tiles.slice(1)],
    });
    expect(saved.status).toBe(200);
    const shown = (await t.app.inject({ url: '/api/home' })).json();
    expect(shown.slides[0].image).toEqual(slide.image);
    expect(shown.tiles[0].image).toBe(tile.image);
  });
});

describe('a mega-menu entry pointed at a target', () => {
  const menu = async () =>
    (await t.app.inject({ url: '/api/megamenu' })).json().data as MenuNodeShape[];
  const adminMenu = async () =>
    (await editor.call('GET', '/api/admin/menu')).body.data as {
      tree: MenuNodeShape[];
      version: number;
    };
  /** The seeded menu with the first item of the first group pointed at `link`. */
  const save = async (link: unknown) => {
    const { tree } = await adminMenu();
    const [entry, ...rest] = tree;
    const [group, ...groups] = entry!.children;
    const [item, ...items] = group!.children;
    return editor.call('PUT', '/api/admin/menu', {
      tree: [
        { ...entry, children: [{ ...group, children: [{ ...item, link }, ...items] }, ...groups] },
        ...rest,
      ],
    });
  };
  const firstItem = async () => (await menu())[0]!.children[0]!.children[0]!;

  it('keeps the seeded entries linked by their titles (no href of their own)', async () => {
    const tree = await menu();
    expect(tree[0]!.children[0]!.children[0]).not.toHaveProperty('href');
  });

  it('links to a page, a category, a filtered listing or a product, by its current address', async () => {
    const targets = (await editor.call('GET', '/api/admin/menu/targets?q=carrara')).body.data;
    const faq = targets.pages.find((p: { href: string }) => p.href === '/faq');
    const granite = targets.categories.find(
      (c: { href: string }) => c.href === '/collections/granite-tiles',
    );
    const product = targets.products[0];
    expect(faq && granite && product).toBeTruthy();
    expect(targets.terms).toContainEqual({ filter: 'material', slug: 'marble', name: 'Marble' });
    const cases: [MenuLink, string][] = [
      [{ type: 'page', id: faq.id }, '/faq'],
      [{ type: 'category', id: granite.id }, '/collections/granite-tiles'],
      [
        { type: 'listing', category_id: null, filter: 'material', term: 'marble' },
        '/stone-collection/all-products?material=marble',
      ],
      [
        { type: 'listing', category_id: granite.id, filter: 'stone_colour', term: 'black' },
        '/collections/granite-tiles?stone_colour=black',
      ],
      [{ type: 'product', id: product.id }, product.href],
    ];
    for (const [link, href] of cases) {
      expect((await save(link)).status).toBe(200);
      expect(await firstItem()).toMatchObject({ href });
      expect((await adminMenu()).tree[0]!.children[0]!.children[0]).toMatchObject({ link, href });
    }
  });

  it('refuses a target that does not exist with a 400 naming the entry', async () => {
    const before = await menu();
    const cases: [unknown, string][] = [
      [{ type: 'page', id: 999999 }, MENU_LINK_MESSAGES.page],
      [{ type: 'category', id: 999999 }, MENU_LINK_MESSAGES.category],
      [{ type: 'product', id: 999999 }, MENU_LINK_MESSAGES.product],
      [
        { type: 'listing', category_id: null, filter: 'material', term: 'plastic' },
        MENU_LINK_MESSAGES.term,
      ],
    ];
    for (const [link, message] of cases) {
      const answer = await save(link);
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({
        'tree.0.children.0.children.0.link': `Menu entry 1.1.1: ${message}`,
      });
    }
    const malformed = await save({ type: 'page' });
    expect(malformed.status).toBe(400);
    expect(await menu()).toEqual(before);
  });

  it('follows a renamed page; an unpublished page falls back to the title; a deleted category keeps its old address', async () => {
    const list = (await editor.call('GET', '/api/admin/content/pages')).body
      .data as AdminContentSummary[];
    const created = await editor.call('POST', '/api/admin/content/pages', {
      title: 'Showroom',
      slug: 'showroom',
      status: 'publish',
      content: '<p>Open daily.</p>',
    });
    expect(list.length).toBeGreaterThan(0);
    const id = created.body.data.id as number;
    expect((await save({ type: 'page', id })).status).toBe(200);
    expect((await firstItem()).href).toBe('/showroom');
    const page = (slug: string, status: string) =>
      editor.call('PUT', `/api/admin/content/pages/${id}`, {
        title: 'Showroom',
        slug,
        status,
        content: '<p>Open daily.</p>',
      });
    expect((await page('bristol-showroom', 'publish')).status).toBe(200);
    expect((await firstItem()).href).toBe('/bristol-showroom');
    expect((await page('bristol-showroom', 'draft')).status).toBe(200);
    expect(await firstItem()).not.toHaveProperty('href');

    const [category] = await t.database.handle.db
      .insert(categories)
      .values({ slug: 'travertine-pavers', name: 'Travertine Pavers', section: 'stone-collection' })
      .returning();
    expect((await save({ type: 'category', id: category!.id })).status).toBe(200);
    await t.database.handle.db.delete(categories).where(eq(categories.id, category!.id));
    // As the shop's own delete does: the change is announced, every cache drops the menu.
    t.app.changes.deliver('catalogue');
    expect((await firstItem()).href).toBe('/collections/travertine-pavers');
  });
});
