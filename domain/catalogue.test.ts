import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ATTRIBUTES,
  ATTRIBUTE_SLUGS,
  CACHE_TIMES,
  CAROUSEL_MAX_ITEMS,
  CAROUSEL_PAGE_SIZE,
  CLEARANCE_CATEGORY,
  COLOUR_SLUGS,
  COLOUR_TERMS,
  DEFAULT_SORT,
  DELIVERY_COSTS_NOTE,
  DELIVERY_NOTE,
  DRAWER_WIDTHS_PX,
  FINISH_SLUGS,
  FINISH_TERMS,
  HERO_INTERVAL_MS,
  HERO_SLIDE_COUNT,
  MATERIAL_SLUGS,
  MATERIAL_TERMS,
  MAX_PER_PAGE,
  MOBILE_BREAKPOINT_PX,
  PAGE_SIZE,
  PRODUCT_THUMBNAILS_MAX,
  QUERY_DEFAULTS,
  SORT_OPTIONS,
  STONE_COLLECTION_CATEGORIES,
  STONE_COLLECTION_SLUGS,
  SUCCESS_BANNER_MS,
  TERMS_BY_ATTRIBUTE,
  TERMS_PER_ATTRIBUTE_CAP,
  USAGE_SLUGS,
  USAGE_TERMS,
  VISIBLE_TERMS,
  cycleIndex,
  findAttribute,
  hiddenTermCount,
  isSortOption,
  pageCount,
  retriesQuery,
  retryDelayMs,
  sortOrder,
} from './catalogue.ts';
import { isSlug, slugify } from './slug.ts';

describe('ATTRIBUTES: "Ids: 6 material, 7 room-type usage, 2 finish, 8 colour. Display order follows that order."', () => {
  it('lists the four attributes in display order', () => {
    expect(ATTRIBUTES).toEqual([
      { id: 6, name: 'Material', slug: 'pa_material', param: 'material' },
      { id: 7, name: 'Room Type Usage', slug: 'pa_room-type-usage', param: 'usage_area' },
      { id: 2, name: 'Finish', slug: 'pa_finish', param: 'stone_finish' },
      { id: 8, name: 'Colour', slug: 'pa_colour', param: 'stone_colour' },
    ]);
    expect(ATTRIBUTES.map((a) => a.id)).toEqual([6, 7, 2, 8]);
    expect(ATTRIBUTE_SLUGS).toEqual([
      'pa_material',
      'pa_room-type-usage',
      'pa_finish',
      'pa_colour',
    ]);
  });

  it('uses the query parameters of GET /filtered-products for colour, usage and finish', () => {
    expect(findAttribute('pa_colour')?.param).toBe('stone_colour');
    expect(findAttribute('pa_room-type-usage')?.param).toBe('usage_area');
    expect(findAttribute('pa_finish')?.param).toBe('stone_finish');
  });

  it('finds an attribute by slug, id or parameter', () => {
    expect(findAttribute('pa_colour')?.id).toBe(8);
    expect(findAttribute(7)?.slug).toBe('pa_room-type-usage');
    expect(findAttribute('stone_finish')?.slug).toBe('pa_finish');
    expect(findAttribute('pa_sizemm')).toBeNull();
    expect(findAttribute(3)).toBeNull();
  });
});

describe('Category slugs (spec section 3)', () => {
  it('has the 26 stone-collection slugs in the spec order', () => {
    expect(STONE_COLLECTION_SLUGS).toEqual([
      'marble-tiles',
      'limestone-tiles',
      'mosaic-tiles',
      'travertine-tiles',
      'slate-tiles',
      'stone-pavers',
      'granite-tiles',
      'clay-brick-slips',
      'bookmatch-slabs',
      'slabs',
      'vanity-tops',
      'off-cut-granite-quartz',
      'window-sills',
      'mouldings-skirtings',
      'stone-sinks',
      'slate-hearths',
      'table-tops',
      'chequerboard-tiles',
      'herringbone-tiles',
      'hexagon-tiles',
      'metro-tiles',
      'maxi-chequerboard-tiles',
      'octagon-cabochon-tiles',
      'triangle-tiles',
      'stock-clearance',
      'tiling-products',
    ]);
    expect(STONE_COLLECTION_SLUGS).toHaveLength(26);
    expect(STONE_COLLECTION_SLUGS).toContain(CLEARANCE_CATEGORY);
  });

  it('has the colour, usage-area and finish slugs', () => {
    expect(COLOUR_SLUGS).toEqual([
      'white',
      'black',
      'grey',
      'beige-brown',
      'cream-yellow',
      'blue-green',
      'red-pink',
      'multi-colour',
    ]);
    expect(USAGE_SLUGS).toEqual([
      'kitchen',
      'kitchen-splashback',
      'bathroom',
      'bathroom-floor',
      'living-room',
      'living-room-floor',
      'outdoor',
      'pool',
      'wet-room',
    ]);
    expect(FINISH_SLUGS).toEqual([
      'polished-shiny-smooth',
      'honed-matt-smooth',
      'brushed-rough-finish',
      'split-face',
      'tumbled-rough-edgy',
    ]);
  });

  it('has about ten natural-stone materials', () => {
    expect(MATERIAL_SLUGS).toEqual(
      expect.arrayContaining(['marble', 'limestone', 'travertine', 'slate', 'granite']),
    );
    expect(MATERIAL_SLUGS.length).toBeGreaterThanOrEqual(8);
  });

  it('gives every term a name that slugifies to its slug, with no duplicates', () => {
    const lists = [
      STONE_COLLECTION_CATEGORIES,
      COLOUR_TERMS,
      USAGE_TERMS,
      FINISH_TERMS,
      MATERIAL_TERMS,
    ];
    for (const list of lists) {
      expect(new Set(list.map((t) => t.slug)).size).toBe(list.length);
      for (const term of list) {
        expect(isSlug(term.slug), term.slug).toBe(true);
        expect(slugify(term.name), term.name).toBe(term.slug);
      }
    }
  });

  it('keeps term slugs unique across the four attributes, so a chip names one attribute', () => {
    const all = Object.values(TERMS_BY_ATTRIBUTE).flatMap((terms) => terms.map((t) => t.slug));
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(TERMS_BY_ATTRIBUTE)).toEqual(ATTRIBUTE_SLUGS);
  });
});

describe('SORT_OPTIONS: "popularity-desc (Most Popular, default), date-desc, date-asc, title-asc, title-desc, price-asc, price-desc"', () => {
  it('lists the seven options with labels', () => {
    expect(SORT_OPTIONS).toEqual([
      { value: 'popularity-desc', label: 'Most Popular' },
      { value: 'date-desc', label: 'Newest' },
      { value: 'date-asc', label: 'Oldest' },
      { value: 'title-asc', label: 'Name: A to Z' },
      { value: 'title-desc', label: 'Name: Z to A' },
      { value: 'price-asc', label: 'Price: Low to High' },
      { value: 'price-desc', label: 'Price: High to Low' },
    ]);
    expect(DEFAULT_SORT).toBe('popularity-desc');
  });

  it('recognises sort values', () => {
    expect(isSortOption('price-asc')).toBe(true);
    expect(isSortOption('price')).toBe(false);
    expect(isSortOption(null)).toBe(false);
  });

  it('splits a sort into field and direction', () => {
    expect(sortOrder('price-asc')).toEqual({ field: 'price', direction: 'asc' });
    expect(sortOrder('popularity-desc')).toEqual({ field: 'popularity', direction: 'desc' });
    expect(sortOrder('title-desc')).toEqual({ field: 'title', direction: 'desc' });
    expect(sortOrder('date-asc')).toEqual({ field: 'date', direction: 'asc' });
  });
});

describe('Page sizes and limits (spec section 9)', () => {
  it('"12 for collection, colour, usage, finish, new-arrival lists, blog and infinite product lists; 9 for generic products and clearance; 5 posts by default"', () => {
    expect(PAGE_SIZE).toEqual({
      collection: 12,
      colour: 12,
      usage: 12,
      finish: 12,
      newArrivals: 12,
      blog: 12,
      infinite: 12,
      products: 9,
      clearance: 9,
      posts: 5,
    });
    expect(MAX_PER_PAGE).toBe(100);
  });

  it('"Attribute term cap 100 per attribute; \'+N more\' hint above 7 terms"', () => {
    expect(TERMS_PER_ATTRIBUTE_CAP).toBe(100);
    expect(VISIBLE_TERMS).toBe(7);
    expect(hiddenTermCount(0)).toBe(0);
    expect(hiddenTermCount(7)).toBe(0);
    expect(hiddenTermCount(8)).toBe(1);
    expect(hiddenTermCount(10)).toBe(3);
  });
});

describe('pageCount: "Page count = ceiling(count / 12)"', () => {
  it('rounds up, 0 for nothing', () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(1, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(100, 9)).toBe(12);
    expect(pageCount(-5, 12)).toBe(0);
  });

  it('needs a positive whole page size', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
    expect(() => pageCount(10, 2.5)).toThrow(RangeError);
  });

  it('property: the pages hold every item, and one page fewer would not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 100 }),
        (total, per) => {
          const pages = pageCount(total, per);
          expect(pages * per).toBeGreaterThanOrEqual(total);
          expect(Math.max(0, pages - 1) * per).toBeLessThan(Math.max(total, 1));
        },
      ),
    );
  });
});

describe('Cache times: "List cache: fresh 300000 ms, kept 600000 ms. Variations cached 5 min; terms 10 min; blog 5 min. User cache fresh 5 min, retained 1 hour, no retry."', () => {
  it('has the spec figures in ms', () => {
    expect(CACHE_TIMES).toEqual({
      listFreshMs: 300_000,
      listKeptMs: 600_000,
      variationsMs: 300_000,
      termsMs: 600_000,
      blogMs: 300_000,
      userFreshMs: 300_000,
      userRetainedMs: 3_600_000,
    });
  });

  it('"3 retries for queries, 0 for mutations, retry delay doubling from 1 s to 30 s, cache retention 5 min"', () => {
    expect(QUERY_DEFAULTS).toEqual({
      queryRetries: 3,
      mutationRetries: 0,
      userRetries: 0,
      retryDelayBaseMs: 1000,
      retryDelayMaxMs: 30_000,
      gcTimeMs: 300_000,
    });
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(-1)).toBe(1000);
  });

  it('retries a query three times when the failure may pass, never after a 4xx answer', () => {
    expect([0, 1, 2, 3].map((n) => retriesQuery(n, undefined))).toEqual([true, true, true, false]);
    expect([500, 502, 503, 408, 429].map((status) => retriesQuery(0, status))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 403, 404, 409, 422].map((status) => retriesQuery(0, status))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('UI constants (spec sections 2 and 9)', () => {
  it('has the spec figures', () => {
    expect(HERO_INTERVAL_MS).toBe(10_000);
    expect(HERO_SLIDE_COUNT).toBe(4);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(CAROUSEL_PAGE_SIZE).toBe(4);
    expect(CAROUSEL_MAX_ITEMS).toBe(8);
    expect(PRODUCT_THUMBNAILS_MAX).toBe(4);
    expect(SUCCESS_BANNER_MS).toBe(3000);
    expect(DRAWER_WIDTHS_PX).toEqual({ basket: 650, filters: 650, size: 680, quickView: 620 });
    expect(DELIVERY_NOTE).toBe('Available for delivery in 3-5 working days');
    expect(DELIVERY_COSTS_NOTE).toBe('Delivery date and costs confirmed at checkout');
  });
});

describe('cycleIndex: hero "cycles through the four slides and wraps"; lightbox "wraps around"', () => {
  it('wraps both ways', () => {
    expect(cycleIndex(3, 4, 1)).toBe(0);
    expect(cycleIndex(0, 4, -1)).toBe(3);
    expect(cycleIndex(1, 4, 1)).toBe(2);
    expect(cycleIndex(0, 0, 1)).toBe(0);
  });

  it('property: stays within the items', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -1000, max: 1000 }),
        (index, count, step) => {
          const next = cycleIndex(index % count, count, step);
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThan(count);
        },
      ),
    );
  });
});
