import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATTRIBUTE_SLUGS, COLOUR_SLUGS, FINISH_SLUGS, USAGE_SLUGS } from './catalogue.ts';
import type { AttributeSlug } from './catalogue.ts';
import {
  CATEGORY_ALIASES,
  COLOUR_ALIASES,
  FILTER_QUERY_KEYS,
  FINISH_ALIASES,
  PAGE_QUERY_KEY,
  SORT_QUERY_KEY,
  USAGE_ALIASES,
  canonicalCategory,
  canonicalTerm,
  clearFilterAttribute,
  emptyFilterSelection,
  flattenFilterSelection,
  listingTitle,
  parseFilterQuery,
  parseListingSearch,
  parsePageQuery,
  parseSortQuery,
  presetFilterSelection,
  presetFilters,
  removeFilterTerm,
  resolveListing,
  serializeFilterQuery,
  toggleFilterTerm,
  renamedListingPath,
} from './listing.ts';
import type { FilterSelection } from './listing.ts';
import { menuLink } from './menu.ts';

const q = (text: string) => new URLSearchParams(text);

describe('resolveListing: "All listing routes use one listing screen"', () => {
  it.each([
    ['/collections/stone-collection/marble-tiles', { kind: 'category', category: 'marble-tiles' }],
    [
      '/collections/stone-collection/limestone-tiles',
      { kind: 'category', category: 'limestone-tiles' },
    ],
    [
      '/collections/stone-collection/travertine-tiles',
      { kind: 'category', category: 'travertine-tiles' },
    ],
    [
      '/collections/stone-collection/stone-mosaic-tiles',
      { kind: 'category', category: 'mosaic-tiles' },
    ],
    [
      '/collections/design-pattern-collection/chequerboard-tiles',
      { kind: 'category', category: 'chequerboard-tiles' },
    ],
    [
      '/collections/design-pattern-collection/herringbone-tiles',
      { kind: 'category', category: 'herringbone-tiles' },
    ],
    ['/collections/custom-stonework/stone-sinks', { kind: 'category', category: 'stone-sinks' }],
    [
      '/collections/stone-collection/mouldings-skirtings',
      { kind: 'category', category: 'mouldings-skirtings' },
    ],
    ['/collections/slabs', { kind: 'category', category: 'slabs' }],
    [
      '/collections/off-cut-granite-quartz',
      { kind: 'category', category: 'off-cut-granite-quartz' },
    ],
    ['/colour/whites', { kind: 'attribute', attribute: 'pa_colour', term: 'white' }],
    ['/colour/white', { kind: 'attribute', attribute: 'pa_colour', term: 'white' }],
    ['/colour/beige-browns', { kind: 'attribute', attribute: 'pa_colour', term: 'beige-brown' }],
    [
      '/room-type-usage/bathroom',
      { kind: 'attribute', attribute: 'pa_room-type-usage', term: 'bathroom' },
    ],
    ['/finish/split-face', { kind: 'attribute', attribute: 'pa_finish', term: 'split-face' }],
    [
      '/finish/polished',
      { kind: 'attribute', attribute: 'pa_finish', term: 'polished-shiny-smooth' },
    ],
    ['/stone-collection/all-products', { kind: 'all' }],
    ['/stone-collection/stock-clearance', { kind: 'clearance' }],
    ['/collections/stone-collection/stock-clearance', { kind: 'clearance' }],
    ['/new-arrivals', { kind: 'new-arrivals' }],
  ])('%s', (path, listing) => {
    expect(resolveListing(path)).toEqual(listing);
  });

  it('ignores case, trailing slash, query and hash', () => {
    expect(resolveListing('/Colour/Whites/?page=2#grid')).toEqual({
      kind: 'attribute',
      attribute: 'pa_colour',
      term: 'white',
    });
    expect(resolveListing('/new-arrivals/')).toEqual({ kind: 'new-arrivals' });
  });

  it.each([
    '/',
    '/collections',
    '/collections/stone-collection',
    '/collections/custom-stonework',
    '/colour',
    '/faq',
    '/product/carrara',
    '/my-account/orders',
    '/stone-collection',
    '/colour/whites/extra',
    '/collections/a/b/c',
    '/colour/white%20space',
    '/colour/constructor/x',
  ])('%s is not a listing', (path) => {
    expect(resolveListing(path)).toBeNull();
  });

  it('never reads Object.prototype for odd slugs', () => {
    expect(resolveListing('/colour/constructor')).toEqual({
      kind: 'attribute',
      attribute: 'pa_colour',
      term: 'constructor',
    });
    expect(resolveListing('/collections/constructor')).toEqual({
      kind: 'category',
      category: 'constructor',
    });
  });

  it('resolves every link of the home page (spec section 2)', () => {
    for (const path of [
      '/collections/stone-collection/marble-tiles',
      '/collections/stone-collection/limestone-tiles',
      '/collections/design-pattern-collection/chequerboard-tiles',
      '/collections/stone-collection/travertine-tiles',
      '/colour/whites',
      '/new-arrivals',
      '/collections/stone-collection/stone-mosaic-tiles',
      '/collections/slabs',
      '/room-type-usage/bathroom',
      '/collections/design-pattern-collection/herringbone-tiles',
      '/stone-collection/all-products',
    ]) {
      expect(resolveListing(path), path).not.toBeNull();
    }
  });

  it('resolves every menu link to a listing of the right kind', () => {
    const cases: [string, string, string][] = [
      ['Natural Stone Tiles', 'Marble Tiles', 'category'],
      ['Stone Slabs', 'Bookmatch Slabs', 'category'],
      ['Stone Colours', 'Multi Colours', 'attribute'],
      ['Usage Areas', 'Kitchen Splashback', 'attribute'],
      ['Stone Finishes', 'Honed (Matt & Smooth)', 'attribute'],
      ['Custom Stonework', 'Mouldings and Skirtings', 'category'],
      ['Design Pattern Collection', 'Octagon & Cabochon Tiles', 'category'],
      ['Stock Clearance', 'Stock Clearance', 'clearance'],
      ['Stock Clearance', 'All Products', 'all'],
    ];
    for (const [group, item, kind] of cases) {
      expect(resolveListing(menuLink(group, item) ?? '')?.kind, `${group} / ${item}`).toBe(kind);
    }
  });
});

describe('aliases', () => {
  it('maps category route slugs that differ from the category slug', () => {
    expect(CATEGORY_ALIASES['stone-mosaic-tiles']).toBe('mosaic-tiles');
    expect(CATEGORY_ALIASES['mouldings-and-skirtings']).toBe('mouldings-skirtings');
  });

  it('maps the colour routes to colour terms, and each term to itself', () => {
    expect(COLOUR_ALIASES).toMatchObject({
      whites: 'white',
      blacks: 'black',
      greys: 'grey',
      'beige-browns': 'beige-brown',
      'cream-yellows': 'cream-yellow',
      'blue-greens': 'blue-green',
      'red-pinks': 'red-pink',
      'multi-colours': 'multi-colour',
    });
    for (const slug of COLOUR_SLUGS) expect(COLOUR_ALIASES[slug]).toBe(slug);
    for (const slug of USAGE_SLUGS) expect(USAGE_ALIASES[slug]).toBe(slug);
    for (const slug of FINISH_SLUGS) expect(FINISH_ALIASES[slug]).toBe(slug);
  });

  it('only ever points at known terms', () => {
    for (const term of Object.values(COLOUR_ALIASES)) expect(COLOUR_SLUGS).toContain(term);
    for (const term of Object.values(USAGE_ALIASES)) expect(USAGE_SLUGS).toContain(term);
    for (const term of Object.values(FINISH_ALIASES)) expect(FINISH_SLUGS).toContain(term);
  });
});

describe('presetFilters: "on entering a collection, colour, usage or finish route, filters are preset from a route-to-slugs map"', () => {
  it.each([
    ['/colour/whites', ['white']],
    ['/colour/red-pinks', ['red-pink']],
    ['/room-type-usage/bathroom', ['bathroom']],
    ['/finish/split-face', ['split-face']],
    ['/finish/polished', ['polished-shiny-smooth']],
    ['/collections/stone-collection/marble-tiles', ['marble']],
    ['/collections/stone-collection/slate-tiles', ['slate']],
    ['/collections/slabs', []],
    ['/collections/design-pattern-collection/herringbone-tiles', []],
    ['/stone-collection/stock-clearance', []],
    ['/faq', []],
  ])('%s → %j', (path, slugs) => {
    expect(presetFilters(path)).toEqual(slugs);
  });

  it('"On all-products and new-arrivals they are cleared"', () => {
    expect(presetFilters('/stone-collection/all-products')).toEqual([]);
    expect(presetFilters('/new-arrivals')).toEqual([]);
    expect(presetFilterSelection('/new-arrivals')).toEqual(emptyFilterSelection());
  });

  it('puts each preset under its attribute', () => {
    expect(presetFilterSelection('/colour/whites')).toEqual({
      ...emptyFilterSelection(),
      pa_colour: ['white'],
    });
    expect(presetFilterSelection('/room-type-usage/wet-room')['pa_room-type-usage']).toEqual([
      'wet-room',
    ]);
    expect(
      presetFilterSelection('/collections/stone-collection/granite-tiles').pa_material,
    ).toEqual(['granite']);
  });
});

describe('listingTitle: "New Arrivals, All Products, Stock Clearance, or a mapped or title-cased slug"', () => {
  it.each([
    ['/new-arrivals', 'New Arrivals'],
    ['/stone-collection/all-products', 'All Products'],
    ['/stone-collection/stock-clearance', 'Stock Clearance'],
    ['/colour/whites', 'Whites'],
    ['/colour/beige-browns', 'Beige & Browns'],
    ['/collections/stone-collection/marble-tiles', 'Marble Tiles'],
    ['/collections/stone-collection/mouldings-skirtings', 'Mouldings & Skirtings'],
    ['/collections/stone-collection/stone-mosaic-tiles', 'Stone Mosaic Tiles'],
    ['/collections/off-cut-granite-quartz', 'Off-Cut Granite & Quartz'],
    ['/room-type-usage/wet-room', 'Wet Room'],
    ['/finish/polished-shiny-smooth', 'Polished (Shiny & Smooth)'],
    ['/', ''],
  ])('%s → %j', (path, title) => {
    expect(listingTitle(path)).toBe(title);
  });
});

describe('filter state in the URL query', () => {
  it('uses the attribute parameters as keys, plus sort and page', () => {
    expect(FILTER_QUERY_KEYS).toEqual({
      pa_material: 'material',
      'pa_room-type-usage': 'usage_area',
      pa_finish: 'stone_finish',
      pa_colour: 'stone_colour',
    });
    expect(SORT_QUERY_KEY).toBe('sort');
    expect(PAGE_QUERY_KEY).toBe('page');
  });

  it('reads comma-separated and repeated values', () => {
    expect(parseFilterQuery(q('stone_colour=white,grey&material=marble'))).toEqual({
      pa_material: ['marble'],
      'pa_room-type-usage': [],
      pa_finish: [],
      pa_colour: ['white', 'grey'],
    });
    expect(
      parseFilterQuery(q('usage_area=kitchen&usage_area=bathroom,pool'))['pa_room-type-usage'],
    ).toEqual(['kitchen', 'bathroom', 'pool']);
  });

  it('lower-cases, trims, drops malformed slugs and duplicates', () => {
    expect(
      parseFilterQuery(q('stone_colour=White, white ,,grey&stone_colour=<script>')).pa_colour,
    ).toEqual(['white', 'grey']);
    expect(parseFilterQuery(q('colour=white&pa_colour=white'))).toEqual(emptyFilterSelection());
  });

  it('caps each attribute at 100 terms', () => {
    const many = Array.from({ length: 150 }, (_, i) => `t${i}`).join(',');
    expect(parseFilterQuery(q(`material=${many}`)).pa_material).toHaveLength(100);
  });

  it('reads sort and page with safe defaults', () => {
    expect(parseSortQuery(q('sort=price-asc'))).toBe('price-asc');
    expect(parseSortQuery(q('sort=cheapest'))).toBe('popularity-desc');
    expect(parseSortQuery(q(''))).toBe('popularity-desc');
    expect(parsePageQuery(q('page=3'))).toBe(3);
    for (const page of ['0', '-1', 'abc', '1.5', '', '99999999999']) {
      expect(parsePageQuery(q(`page=${page}`)), page).toBe(1);
    }
    expect(parseListingSearch(q('finish=x&stone_finish=honed-matt-smooth&page=2'))).toEqual({
      filters: { ...emptyFilterSelection(), pa_finish: ['honed-matt-smooth'] },
      sort: 'popularity-desc',
      page: 2,
    });
  });

  it('writes repeated sorted keys, leaving out the defaults', () => {
    expect(serializeFilterQuery({ filters: { pa_colour: ['white', 'black'] } }).toString()).toBe(
      'stone_colour=black&stone_colour=white',
    );
    expect(serializeFilterQuery({ sort: 'price-asc', page: 2 }).toString()).toBe(
      'sort=price-asc&page=2',
    );
    expect(serializeFilterQuery({ sort: 'popularity-desc', page: 1 }).toString()).toBe('');
    expect(
      serializeFilterQuery({ filters: { pa_material: ['slate'], pa_colour: ['grey'] } }).toString(),
    ).toBe('material=slate&stone_colour=grey');
  });

  it('keeps unrelated keys of the current query and replaces its own', () => {
    expect(
      serializeFilterQuery({ filters: {} }, q('q=marble&page=4&stone_colour=white')).toString(),
    ).toBe('q=marble');
    const base = q('q=x');
    serializeFilterQuery({ page: 3 }, base);
    expect(base.toString()).toBe('q=x');
  });

  const slug = fc.constantFrom(...COLOUR_SLUGS, ...USAGE_SLUGS, ...FINISH_SLUGS, 'marble', 'slate');
  const selection = fc.record<FilterSelection>({
    pa_material: fc.uniqueArray(slug, { maxLength: 5 }),
    'pa_room-type-usage': fc.uniqueArray(slug, { maxLength: 5 }),
    pa_finish: fc.uniqueArray(slug, { maxLength: 5 }),
    pa_colour: fc.uniqueArray(slug, { maxLength: 5 }),
  });

  it('property: serialise then parse gives back the same selection, sort and page', () => {
    fc.assert(
      fc.property(
        selection,
        fc.constantFrom('popularity-desc', 'date-desc', 'price-asc', 'title-desc' as const),
        fc.integer({ min: 1, max: 500 }),
        (filters, sort, page) => {
          const text = serializeFilterQuery({ filters, sort, page }).toString();
          const parsed = parseListingSearch(new URLSearchParams(text));
          for (const attribute of ATTRIBUTE_SLUGS) {
            expect([...parsed.filters[attribute]].sort()).toEqual([...filters[attribute]].sort());
          }
          expect(parsed.sort).toBe(sort);
          expect(parsed.page).toBe(page);
        },
      ),
    );
  });
});

describe('filter operations: "Checking toggles a slug; clicking a chip removes it; clear removes all slugs of that attribute"', () => {
  const start: FilterSelection = {
    ...emptyFilterSelection(),
    pa_colour: ['white', 'grey'],
    pa_finish: ['split-face'],
  };

  it('toggles a slug on and off without touching the input', () => {
    const on = toggleFilterTerm(start, 'pa_colour', 'black');
    expect(on.pa_colour).toEqual(['white', 'grey', 'black']);
    expect(toggleFilterTerm(on, 'pa_colour', 'black')).toEqual(start);
    expect(start.pa_colour).toEqual(['white', 'grey']);
  });

  it('removes a chip', () => {
    expect(removeFilterTerm(start, 'split-face')).toEqual({ ...start, pa_finish: [] });
    expect(removeFilterTerm(start, 'unknown')).toEqual(start);
  });

  it('clears one attribute', () => {
    expect(clearFilterAttribute(start, 'pa_colour')).toEqual({ ...start, pa_colour: [] });
  });

  it('lists chips in attribute display order', () => {
    expect(flattenFilterSelection(start)).toEqual(['split-face', 'white', 'grey']);
    expect(
      flattenFilterSelection({
        ...emptyFilterSelection(),
        pa_colour: ['white'],
        pa_material: ['slate'],
      }),
    ).toEqual(['slate', 'white']);
  });

  it('property: toggling twice is no change', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AttributeSlug>(...ATTRIBUTE_SLUGS),
        fc.constantFrom('white', 'grey', 'split-face', 'marble'),
        (attribute, term) => {
          expect(
            toggleFilterTerm(toggleFilterTerm(start, attribute, term), attribute, term)[
              attribute
            ].sort(),
          ).toEqual([...start[attribute]].sort());
        },
      ),
    );
  });
});

describe('canonicalCategory and canonicalTerm: query slugs → stored slugs', () => {
  it('maps category aliases and leaves real categories alone', () => {
    expect(canonicalCategory('stone-mosaic-tiles')).toBe('mosaic-tiles');
    expect(canonicalCategory('Marble-Tiles')).toBe('marble-tiles');
    expect(canonicalCategory('slabs')).toBe('slabs');
    expect(canonicalCategory('constructor')).toBe('constructor');
  });

  it('maps term aliases within an attribute given by id, slug or parameter', () => {
    expect(canonicalTerm(8, 'whites')).toBe('white');
    expect(canonicalTerm('pa_colour', 'Beige-Browns')).toBe('beige-brown');
    expect(canonicalTerm('pa_finish', 'polished')).toBe('polished-shiny-smooth');
    expect(canonicalTerm(2, 'split-face')).toBe('split-face');
    expect(canonicalTerm('usage_area', 'wetroom')).toBe('wet-room');
    expect(canonicalTerm(6, 'marble')).toBe('marble');
    expect(canonicalTerm(6, 'whites')).toBe('whites');
    expect(canonicalTerm(99, 'whites')).toBe('whites');
  });
});

describe('renamedListingPath', () => {
  it('puts the new slug in place of the category segment of every category route', () => {
    expect(renamedListingPath('/collections/stone-collection/marble-tiles', 'marble')).toBe(
      '/collections/stone-collection/marble',
    );
    expect(renamedListingPath('/collections/slabs', 'stone-slabs')).toBe(
      '/collections/stone-slabs',
    );
    expect(renamedListingPath('/stone-collection/limestone-tiles/', 'limestone')).toBe(
      '/stone-collection/limestone',
    );
  });
});
