import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ListingJson, ProductJson } from '#domain/api-types.ts';
import { SELLING_UNITS } from '#domain/selling-unit.ts';
import { listingJsonText } from '#server/services/catalogue/listing-json.ts';

const product = fc.record({
  id: fc.nat(),
  slug: fc.string(),
  name: fc.string({ unit: 'grapheme' }),
  permalink: fc.string(),
  type: fc.constant('variable'),
  status: fc.constant('publish'),
  unit: fc.constantFrom(...SELLING_UNITS),
  featured: fc.boolean(),
  on_sale: fc.boolean(),
  date_created: fc.string(),
  price: fc.string(),
  regular_price: fc.string(),
  sale_price: fc.string(),
  price_html: fc.string(),
  short_description: fc.string({ unit: 'grapheme' }),
  description: fc.option(fc.string(), { nil: undefined }),
  images: fc.array(fc.record({ id: fc.nat(), src: fc.string(), alt: fc.string() })),
  categories: fc.array(fc.record({ id: fc.nat(), name: fc.string(), slug: fc.string() })),
  attributes: fc.constant([]),
  variations: fc.array(fc.nat()),
}) as fc.Arbitrary<ProductJson>;

const listing = fc.record(
  {
    data: fc.array(product, { maxLength: 13 }),
    meta: fc.record({
      current_page: fc.nat(),
      has_next_page: fc.boolean(),
      total_pages: fc.nat(),
      total_products: fc.nat(),
      per_page: fc.nat(),
    }),
    facets: fc.array(
      fc.record({
        attribute_id: fc.nat(),
        name: fc.string(),
        slug: fc.string(),
        terms: fc.array(
          fc.record({ id: fc.nat(), name: fc.string(), slug: fc.string(), count: fc.nat() }),
        ),
      }),
    ),
  },
  { requiredKeys: ['data', 'meta'] },
) as fc.Arbitrary<ListingJson>;

describe('a listing answer’s JSON text', () => {
  it('is what JSON.stringify writes, the first time and every time after', () => {
    fc.assert(
      fc.property(listing, (answer) => {
        const expected = JSON.stringify(answer);
        expect(listingJsonText(answer)).toBe(expected);
        expect(listingJsonText(answer)).toBe(expected);
        expect(JSON.parse(listingJsonText(answer))).toEqual(JSON.parse(expected));
      }),
    );
  });

  it('follows a product that changed: a new product object gets its own text', () => {
    const first = fc.sample(product, { numRuns: 1, seed: 7 })[0]!;
    const meta = {
      current_page: 1,
      has_next_page: false,
      total_pages: 1,
      total_products: 1,
      per_page: 12,
    };
    expect(listingJsonText({ data: [first], meta })).toContain(JSON.stringify(first));
    const changed = { ...first, price: '99.99' };
    expect(listingJsonText({ data: [changed], meta })).toContain('"price":"99.99"');
  });
});
