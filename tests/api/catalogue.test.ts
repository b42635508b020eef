import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, COLOUR, FINISH, MATERIAL, USAGE } from '#tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
const has = (attributeId: number, slug: string) => (p: (typeof catalogue.products)[number]) =>
  p.terms.some((t) => t.attributeId === attributeId && t.slug === slug);

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

describe('GET /api/products/by-category', () => {
  it('lists a category 12 per page with the spec meta', async () => {
    const expected = catalogue.products.filter((p) => p.categories.includes('marble-tiles'));
    const { status, body } = await get('/api/products/by-category?category=marble-tiles');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.meta).toMatchObject({
      current_page: 1,
      has_next_page: true,
      total_products: expected.length,
      total_pages: Math.ceil(expected.length / 12),
    });
    const product = body.data[0];
    expect(product).toMatchObject({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      type: 'variable',
      price_html: expect.stringContaining('£'),
    });
    expect(product.images[0]).toMatchObject({ src: expect.stringMatching(/^\/media\/stone\//) });
    expect(product.categories.map((c: { slug: string }) => c.slug)).toContain('marble-tiles');
    expect(product.variations.length).toBeGreaterThan(0);
  });

  it('pages to the end without repeats and says when there is no next page', async () => {
    const seen = new Set<number>();
    let page = 1;
    for (;;) {
      const { body } = await get(`/api/products/by-category?category=marble-tiles&page=${page}`);
      for (const p of body.data) seen.add(p.id);
      if (!body.meta.has_next_page) break;
      page++;
    }
    expect(seen.size).toBe(
      catalogue.products.filter((p) => p.categories.includes('marble-tiles')).length,
    );
    const beyond = await get(`/api/products/by-category?category=marble-tiles&page=${page + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.has_next_page).toBe(false);
  });

  it('answers an empty list for an unknown category', async () => {
    const { status, body } = await get('/api/products/by-category?category=no-such-thing');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      data: [],
      meta: { total_products: 0, total_pages: 0, has_next_page: false },
    });
  });

  it('resolves the spec link stone-mosaic-tiles to the mosaic collection', async () => {
    const { body } = await get('/api/products/by-category?category=stone-mosaic-tiles');
    expect(body.meta.total_products).toBe(
      catalogue.products.filter((p) => p.categories.includes('mosaic-tiles')).length,
    );
  });

  it.each([
    ['category missing', '/api/products/by-category'],
    ['page 0', '/api/products/by-category?category=slabs&page=0'],
    ['page not a number', '/api/products/by-category?category=slabs&page=abc'],
    ['per_page above 100', '/api/products/by-category?category=slabs&per_page=101'],
    ['page repeated', '/api/products/by-category?category=slabs&page=1&page=2'],
    ['category with quotes', "/api/products/by-category?category=slabs'--"],
    ['unknown sort', '/api/products/by-category?category=slabs&sort=cheapest'],
  ])('answers 400 JSON for %s', async (_name, url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    expect(body.error).toBe(body.message);
  });
});

describe('filters, facets and sort', () => {
  it('ORs terms within an attribute and ANDs across attributes', async () => {
    const expected = catalogue.products.filter(
      (p) =>
        (has(COLOUR, 'white')(p) || has(COLOUR, 'grey')(p)) &&
        has(FINISH, 'polished-shiny-smooth')(p),
    );
    const { body } = await get(
      '/api/filtered-products?stone_colour=white,grey&stone_finish=polished-shiny-smooth&per_page=100',
    );
    expect(body.meta.total_products).toBe(expected.length);
    expect(body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(
      expected.map((p) => p.slug).sort(),
    );
  });

  it('accepts repeated keys for terms and the route slug "whites"', async () => {
    const white = catalogue.products.filter(has(COLOUR, 'white')).length;
    expect((await get('/api/filtered-products?stone_colour=whites')).body.meta.total_products).toBe(
      white,
    );
    const both = catalogue.products.filter(
      (p) => has(USAGE, 'pool')(p) || has(USAGE, 'outdoor')(p),
    );
    expect(
      (await get('/api/filtered-products?usage_area=pool&usage_area=outdoor')).body.meta
        .total_products,
    ).toBe(both.length);
  });

  it('counts facets within the listing, ignoring the attribute own selection', async () => {
    const inCategory = catalogue.products.filter((p) => p.categories.includes('marble-tiles'));
    const { body } = await get(
      '/api/products/by-category?category=marble-tiles&stone_colour=white&facets=true',
    );
    expect(body.facets.map((f: { attribute_id: number }) => f.attribute_id)).toEqual([6, 7, 2, 8]);
    const colour = body.facets.find((f: { attribute_id: number }) => f.attribute_id === COLOUR);
    const grey = colour.terms.find((term: { slug: string }) => term.slug === 'grey');
    expect(grey.count).toBe(inCategory.filter(has(COLOUR, 'grey')).length);
    const finish = body.facets.find((f: { attribute_id: number }) => f.attribute_id === FINISH);
    const honed = finish.terms.find((term: { slug: string }) => term.slug === 'honed-matt-smooth');
    expect(honed.count).toBe(
      inCategory.filter((p) => has(COLOUR, 'white')(p) && has(FINISH, 'honed-matt-smooth')(p))
        .length,
    );
  });

  it.each([
    ['price-asc', (a: number, b: number) => a <= b],
    ['price-desc', (a: number, b: number) => a >= b],
  ])('sorts by %s', async (sort, inOrder) => {
    const { body } = await get(`/api/products?per_page=50&sort=${sort}`);
    const prices = body.data.map((p: { price: string }) => Number(p.price));
    for (let i = 1; i < prices.length; i++) expect(inOrder(prices[i - 1], prices[i])).toBe(true);
  });

  it('sorts by title both ways', async () => {
    const asc = (await get('/api/products?per_page=30&sort=title-asc')).body.data.map(
      (p: { name: string }) => p.name,
    );
    const sorted = [...catalogue.products.map((p) => p.name)].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    expect(asc).toEqual(sorted.slice(0, 30));
  });
});

describe('the in-memory listing index', () => {
  // Title sorts are answered by the database; relevance, price, date and popularity sorts by the
  // index, searches included.
  // Both must agree on every total, facet count and member, and on the order they share.
  const LISTINGS = [
    '/api/products/by-category?category=marble-tiles&stone_colour=white,grey&stone_finish=polished-shiny-smooth',
    '/api/products/by-category?category=marble-tiles&usage_area=pool&stone_colour=black',
    '/api/products/by-category?category=no-such-category',
    '/api/products/new-arrivals?stone_colour=beige',
    '/api/filtered-products?stone_finish=honed-matt-smooth&usage_area=outdoor,pool',
    '/api/filtered-products?stone_colour=no-such-colour',
    '/api/filtered-products?search=white%20marble&stone_finish=polished-shiny-smooth',
    '/api/products/by-category?category=marble-tiles&search=honed',
    '/api/filtered-products?search=travertien',
    '/api/filtered-products?search=til',
    '/api/filtered-products?search=%21%21',
  ];

  async function allPages(url: string) {
    const ids: number[] = [];
    let first: { meta: { total_products: number }; facets: unknown } | undefined;
    for (let page = 1; ; page++) {
      const { status, body } = await get(`${url}&facets=true&per_page=7&page=${page}`);
      expect(status).toBe(200);
      first ??= body;
      ids.push(...body.data.map((p: { id: number }) => p.id));
      if (!body.meta.has_next_page) break;
    }
    return { total: first!.meta.total_products, facets: first!.facets, ids };
  }

  it.each(LISTINGS)('agrees with the database on %s', async (url) => {
    const database = await allPages(`${url}&sort=title-asc`);
    // No sort: relevance for a search, the listing's own default otherwise.
    for (const sort of ['price-asc', 'price-desc', 'date-desc', 'popularity-desc', undefined]) {
      const indexed = await allPages(sort ? `${url}&sort=${sort}` : url);
      expect(indexed.total).toBe(database.total);
      expect(indexed.facets).toEqual(database.facets);
      expect(indexed.ids).toHaveLength(database.total);
      expect([...indexed.ids].sort()).toEqual([...database.ids].sort());
    }
  });

  it('pages by price with ties broken by id, as the database orders them', async () => {
    const { body } = await get(
      '/api/products/by-category?category=marble-tiles&per_page=100&sort=price-asc',
    );
    const prices = new Map(catalogue.products.map((p) => [p.slug, p.pricePence]));
    const seen = body.data.map((p: { slug: string; id: number }) => [prices.get(p.slug)!, p.id]);
    const sorted = [...seen].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(seen).toEqual(sorted);
  });
});

describe('GET /api/products', () => {
  it('defaults to 9 per page, newest first', async () => {
    const { body } = await get('/api/products');
    expect(body.data).toHaveLength(9);
    expect(body.meta.total_products).toBe(catalogue.products.length);
    const dates = body.data.map((p: { date_created: string }) => p.date_created);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters featured and on_sale', async () => {
    const featured = (await get('/api/products?featured=true&per_page=100')).body;
    expect(featured.meta.total_products).toBe(catalogue.products.filter((p) => p.featured).length);
    const onSale = (await get('/api/products?on_sale=1&per_page=100')).body;
    expect(onSale.data.every((p: { on_sale: boolean }) => p.on_sale)).toBe(true);
    expect(onSale.meta.total_products).toBe(catalogue.products.filter((p) => p.onSale).length);
  });

  it('finds products by search text, tolerating a typo', async () => {
    const exact = (await get('/api/products?search=travertine&per_page=100')).body;
    expect(exact.meta.total_products).toBeGreaterThan(0);
    expect(
      exact.data.every((p: { name: string; short_description: string }) =>
        /travertine/i.test(p.name + p.short_description),
      ),
    ).toBe(true);
    const typo = (await get('/api/products?search=travertien&per_page=100')).body;
    expect(typo.meta.total_products).toBe(exact.meta.total_products);
    const nothing = (await get('/api/products?search=zzzzqqq')).body;
    expect(nothing.meta.total_products).toBe(0);
  });

  it('ranks a search by relevance: products named after the words first', async () => {
    const { body } = await get('/api/products?search=stone&per_page=100');
    const named = body.data.map((p: { name: string }) => /stone/i.test(p.name));
    expect(named).toContain(true);
    expect(named).toContain(false);
    expect(named.indexOf(false)).toBeGreaterThan(named.lastIndexOf(true));
  });

  it('rejects status other than publish and wrong booleans', async () => {
    expect((await get('/api/products?status=draft')).status).toBe(400);
    expect((await get('/api/products?featured=maybe')).status).toBe(400);
    expect((await get('/api/products?orderby=evil')).status).toBe(400);
  });
});

describe('other catalogue endpoints', () => {
  it('new arrivals are the flagged products, 12 per page, newest first', async () => {
    const { body } = await get('/api/products/new-arrivals');
    expect(body.meta.total_products).toBe(catalogue.products.filter((p) => p.isNewArrival).length);
    expect(body.data.length).toBeLessThanOrEqual(12);
  });

  it('a product by slug carries its variations; an unknown slug is 404', async () => {
    const seeded = catalogue.products.find((p) =>
      p.variations.some((v) => v.option === 'Free Sample'),
    )!;
    const { status, body } = await get(`/api/products/slug/${seeded.slug}`);
    expect(status).toBe(200);
    expect(body.data.name).toBe(seeded.name);
    expect(
      body.variations.map((v: { attributes: { option: string }[] }) => v.attributes[0]!.option),
    ).toEqual(seeded.variations.map((v) => v.option));
    expect((await get('/api/products/slug/no-such-product')).status).toBe(404);
  });

  it('a product carries its own images, categories, terms and variations, in listings too', async () => {
    // Products with several images and variations, so a mix-up with another product shows.
    const sample = catalogue.products.filter((p) => p.images.length > 1).slice(0, 5);
    const { body: listing } = await get('/api/products?per_page=100&orderby=id&order=asc');
    const listed = new Map(listing.data.map((p: { slug: string }) => [p.slug, p]));
    for (const seeded of sample) {
      const { body } = await get(`/api/products/slug/${seeded.slug}`);
      for (const product of [body.data, listed.get(seeded.slug)].filter(Boolean)) {
        expect(product.images.map((i: { src: string; alt: string }) => [i.src, i.alt])).toEqual(
          seeded.images.map((i) => [i.src, i.alt]),
        );
        expect(product.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(
          [...seeded.categories].sort(),
        );
        expect(
          product.attributes
            .flatMap((a: { terms: { slug: string }[] }) => a.terms.map((t) => t.slug))
            .sort(),
        ).toEqual(seeded.terms.map((t) => t.slug).sort());
        expect(product.variations).toEqual(body.variations.map((v: { id: number }) => v.id));
      }
      expect(body.variations).toHaveLength(seeded.variations.length);
    }
  });

  it('variations have the spec fields; unknown product 404; bad id 400', async () => {
    const { body: list } = await get('/api/products?per_page=1');
    const { status, body } = await get(`/api/product/${list.data[0].id}/variations`);
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      id: expect.any(Number),
      parent_id: list.data[0].id,
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      instock: expect.any(Boolean),
      attributes: [{ name: 'pa_sizemm', option: expect.any(String) }],
    });
    expect((await get('/api/product/999999/variations')).status).toBe(404);
    expect((await get('/api/product/abc/variations')).status).toBe(400);
    expect((await get('/api/product/-1/variations')).status).toBe(400);
  });

  it('attributes are 6, 7, 2, 8 in that order', async () => {
    const { body } = await get('/api/attributes');
    expect(body).toEqual([
      { id: 6, name: 'Material', slug: 'pa_material' },
      { id: 7, name: 'Room Type Usage', slug: 'pa_room-type-usage' },
      { id: 2, name: 'Finish', slug: 'pa_finish' },
      { id: 8, name: 'Colour', slug: 'pa_colour' },
    ]);
  });

  it('terms carry counts and meta.attribute_id; unknown attribute 404', async () => {
    const { body } = await get('/api/attribute/8/terms?page=1&per_page=100');
    expect(body.meta.attribute_id).toBe(8);
    const white = body.data.find((term: { slug: string }) => term.slug === 'white');
    expect(white.count).toBe(catalogue.products.filter(has(COLOUR, 'white')).length);
    for (const id of [MATERIAL, USAGE, FINISH, COLOUR]) {
      const terms = (await get(`/api/attribute/${id}/terms`)).body.data;
      expect(terms.every((term: { count: number }) => term.count > 0)).toBe(true);
    }
    expect((await get('/api/attribute/99/terms')).status).toBe(404);
    expect((await get('/api/attribute/8/terms?per_page=0')).status).toBe(400);
  });

  it('clearance items hold their regular price first in price_html, 9 by default', async () => {
    const { body } = await get('/api/clearance');
    expect(body.data).toHaveLength(9);
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      price_html: expect.stringMatching(/^<del aria-hidden="true">.*£\d+\.\d{2}/),
      imageURL: expect.stringMatching(/^\/media\//),
      material: expect.any(String),
      variation_id: expect.any(Number),
      regular_price: expect.stringMatching(/^\d+\.\d{2}$/),
      sale_price: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    for (const deal of body.data) {
      const [was, now] = [deal.regular_price, deal.sale_price].map((v: string) =>
        Math.round(Number(v) * 100),
      );
      expect(deal.discount_percent).toBe(Math.floor(((was! - now!) * 100) / was!));
      expect(now).toBeLessThan(was!);
    }
    expect((await get('/api/clearance?limit=3')).body.data).toHaveLength(3);
    expect((await get('/api/clearance?limit=-3')).status).toBe(400);
  });

  it('recent posts have the spec shape, 5 by default', async () => {
    const { body } = await get('/api/posts');
    expect(body).toHaveLength(5);
    expect(body[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      link: expect.stringMatching(/^\/blog\//),
      date: expect.any(String),
      og_image: [{ url: expect.stringMatching(/^\/media\//) }],
    });
    expect((await get('/api/posts?limit=2')).body).toHaveLength(2);
  });

  it('describes every route in /api/openapi.json', async () => {
    const { body } = await get('/api/openapi.json');
    expect(body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/products',
      '/api/products/by-category',
      '/api/products/new-arrivals',
      '/api/filtered-products',
      '/api/product/{id}/variations',
      '/api/attributes',
      '/api/attribute/{id}/terms',
      '/api/megamenu',
      '/api/clearance',
      '/api/posts',
    ]) {
      expect(body.paths[path]?.get, path).toBeDefined();
    }
  });
});

describe('caching', () => {
  it('sends an ETag and answers 304 when it still matches', async () => {
    const first = await t.app.inject('/api/products/by-category?category=slate-tiles');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      url: '/api/products/by-category?category=slate-tiles',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a repeated catalogue read from the response cache with the same body', async () => {
    const url = '/api/products?per_page=3&sort=price-asc';
    const first = await t.app.inject(url);
    const second = await t.app.inject(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
  });
});
