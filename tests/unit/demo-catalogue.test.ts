import { describe, expect, it } from 'vitest';
import {
  COLOUR_SLUGS,
  FINISH_SLUGS,
  STONE_COLLECTION_SLUGS,
  USAGE_SLUGS,
} from '#domain/catalogue.ts';
import { parseTileSize } from '#domain/area.ts';
import { isFreeSample, isFullSizeSample } from '#domain/samples.ts';
import { buildCatalogue, COLOUR, FINISH, USAGE } from '#tests/factories/catalogue.ts';

const catalogue = buildCatalogue();
const products = catalogue.products;
const withTerm = (attributeId: number, slug: string) =>
  products.filter((p) => p.terms.some((t) => t.attributeId === attributeId && t.slug === slug));

describe('the demo catalogue (design.md section 8)', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(buildCatalogue())).toBe(JSON.stringify(catalogue));
  });

  it('holds a few hundred products with unique slugs', () => {
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(products.length).toBeLessThanOrEqual(500);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('covers every category slug, colour, usage and finish of spec section 3', () => {
    for (const slug of STONE_COLLECTION_SLUGS) {
      expect(
        products.some((p) => p.categories.includes(slug)),
        slug,
      ).toBe(true);
    }
    for (const slug of COLOUR_SLUGS) expect(withTerm(COLOUR, slug).length, slug).toBeGreaterThan(0);
    for (const slug of USAGE_SLUGS) expect(withTerm(USAGE, slug).length, slug).toBeGreaterThan(0);
    for (const slug of FINISH_SLUGS) expect(withTerm(FINISH, slug).length, slug).toBeGreaterThan(0);
  });

  it('sizes are in mm, with free and full-size samples, some out of stock', () => {
    const variations = products.flatMap((p) => p.variations);
    const sizes = variations.filter((v) => !isFreeSample(v.option) && !isFullSizeSample(v.option));
    const tiles = sizes.filter((v) => parseTileSize(v.option) !== null);
    expect(tiles.length).toBeGreaterThan(sizes.length * 0.9);
    expect(sizes.some((v) => !v.inStock)).toBe(true);
    expect(variations.some((v) => isFreeSample(v.option) && v.pricePence === 0)).toBe(true);
    expect(variations.some((v) => isFreeSample(v.option) && !v.inStock)).toBe(true);
    expect(variations.some((v) => isFullSizeSample(v.option) && v.pricePence > 0)).toBe(true);
    expect(products.some((p) => !p.variations.some((v) => isFreeSample(v.option)))).toBe(true);
  });

  it('has clearance items, new arrivals and featured products', () => {
    expect(products.filter((p) => p.onSale).length).toBeGreaterThanOrEqual(9);
    expect(products.filter((p) => p.isNewArrival).length).toBeGreaterThanOrEqual(12);
    expect(products.some((p) => p.featured)).toBe(true);
  });

  it("prices every product from its cheapest size's per-m² price", () => {
    for (const product of products) {
      const sizes = product.variations.filter((v) => !/sample/i.test(v.option));
      expect(product.pricePence).toBe(Math.min(...sizes.map((v) => v.pricePence)));
    }
  });
});
