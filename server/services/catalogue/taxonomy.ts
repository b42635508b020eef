import { and, eq, inArray, sql } from 'drizzle-orm';
import { products, productTerms } from '#db/schema/index.ts';
import type { Database } from '#db/client.ts';
import { pageCount } from '#domain/catalogue.ts';
import { categoryRenamedTo } from './category-redirects.ts';
import type { TaxonomyCache } from './terms-cache.ts';

export interface TermsPage {
  data: { id: number; name: string; slug: string; count: number }[];
  meta: { attribute_id: number; current_page: number; total_pages: number; total: number };
}

export class TaxonomyService {
  constructor(
    private readonly db: Database,
    private readonly cache: TaxonomyCache,
  ) {}

  /**
   * The current slug of the category that `slug` named before it was renamed; null when `slug`
   * is a category's slug now, or never was one.
   */
  async renamedCategory(slug: string): Promise<string | null> {
    if ((await this.cache.get()).categoryIds.has(slug)) return null;
    return categoryRenamedTo(this.db, slug);
  }

  async attributes(): Promise<{ id: number; name: string; slug: string }[]> {
    const { attributes } = await this.cache.get();
    return attributes.map(({ id, name, slug }) => ({ id, name, slug }));
  }

  /** null when the attribute does not exist. Counts are of published products. */
  async terms(attributeId: number, page: number, perPage: number): Promise<TermsPage | null> {
    const { attributes, terms } = await this.cache.get();
    if (!attributes.some((a) => a.id === attributeId)) return null;
    const own = terms.filter((term) => term.attributeId === attributeId);
    const slice = own.slice((page - 1) * perPage, page * perPage);
    const counts = new Map<number, number>();
    if (slice.length > 0) {
      const rows = await this.db
        .select({ termId: productTerms.termId, count: sql<number>`count(*)::int` })
        .from(productTerms)
        .innerJoin(products, eq(products.id, productTerms.productId))
        .where(
          and(
            eq(products.status, 'publish'),
            inArray(
              productTerms.termId,
              slice.map((term) => term.id),
            ),
          ),
        )
        .groupBy(productTerms.termId);
      for (const row of rows) counts.set(row.termId, row.count);
    }
    return {
      data: slice.map(({ id, name, slug }) => ({ id, name, slug, count: counts.get(id) ?? 0 })),
      meta: {
        attribute_id: attributeId,
        current_page: page,
        total_pages: pageCount(own.length, perPage),
        total: own.length,
      },
    };
  }
}
