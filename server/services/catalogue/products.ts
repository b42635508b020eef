import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  categories,
  productCategories,
  productImages,
  products,
  productTerms,
  variations,
} from '#db/schema/index.ts';
import { clearanceSalePence } from '#domain/pricing.ts';
import { pageCount } from '#domain/catalogue.ts';
import type { SortValue } from '#domain/catalogue-query.ts';
import type { Taxonomy, TaxonomyCache } from './terms-cache.ts';
import type { SearchVocabulary } from './search-vocabulary.ts';
import type {
  FacetJson,
  ListingJson,
  ProductAttribute,
  ProductJson,
  VariationJson,
} from '#domain/api-types.ts';
import { presentVariation, priceHtml, priceString } from './present.ts';

export interface ListingFilter {
  category?: string;
  newArrivals?: boolean;
  featured?: boolean;
  onSale?: boolean;
  search?: string;
  /** Term slugs per attribute id: OR within an attribute, AND across attributes. */
  terms?: Partial<Record<number, string[]>>;
}

export type ListingOrder =
  | { by: 'popularity' | 'date' | 'title' | 'price' | 'id' | 'slug'; direction: 'asc' | 'desc' }
  | { by: 'relevance' };

export interface ListingRequest {
  filter: ListingFilter;
  order: ListingOrder;
  page: number;
  perPage: number;
  facets?: boolean;
}

export function sortToOrder(sort: SortValue): ListingOrder {
  const [by, direction] = sort.split('-') as [string, 'asc' | 'desc'];
  return { by: by as 'popularity' | 'date' | 'title' | 'price', direction };
}

const NOTHING = sql`false`;

/** An integer array literal of ids read from our own tables (never text a client sent). */
const intArray = (ids: number[]) =>
  sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);

/** The catalogue's read side: listings with filters, facets and search, products, variations. */
export class ProductCatalogue {
  constructor(
    private readonly db: Database,
    private readonly taxonomy: TaxonomyCache,
    private readonly vocabulary: SearchVocabulary,
  ) {}

  async list(request: ListingRequest): Promise<ListingJson> {
    const taxonomy = await this.taxonomy.get();
    const tsQuery = request.filter.search
      ? await this.vocabulary.toTsQuery(request.filter.search)
      : null;
    const searchCondition =
      request.filter.search === undefined || request.filter.search === ''
        ? null
        : tsQuery
          ? sql`${products.searchVector} @@ to_tsquery('simple', ${tsQuery})`
          : NOTHING;
    const base = this.baseConditions(request.filter, taxonomy, searchCondition);
    const matches = this.attributeMatches(request.filter, taxonomy);
    const where = and(...base, ...matches.values());

    const counted = request.facets
      ? await this.countWithFacets(base, matches, taxonomy)
      : { total: await this.count(where), facets: undefined };
    const total = counted.total;
    const offset = (request.page - 1) * request.perPage;
    const ids =
      offset < total
        ? (
            await this.db
              .select({ id: products.id })
              .from(products)
              .where(where)
              .orderBy(...this.orderBy(request.order, tsQuery))
              .limit(request.perPage)
              .offset(offset)
          ).map((row) => row.id)
        : [];
    const data = await this.hydrate(ids, taxonomy);
    const totalPages = pageCount(total, request.perPage);
    return {
      data,
      meta: {
        current_page: request.page,
        has_next_page: request.page < totalPages,
        total_pages: totalPages,
        total_products: total,
        per_page: request.perPage,
      },
      ...(counted.facets ? { facets: counted.facets } : {}),
    };
  }

  async bySlug(slug: string): Promise<{ data: ProductJson; variations: VariationJson[] } | null> {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.status, 'publish')));
    if (!row) return null;
    const taxonomy = await this.taxonomy.get();
    const [product] = await this.hydrate([row.id], taxonomy, { withDescription: true });
    return { data: product!, variations: (await this.variations(row.id)) ?? [] };
  }

  /** null when the product does not exist (the API answers 404). */
  async variations(productId: number): Promise<VariationJson[] | null> {
    const [exists] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, 'publish')));
    if (!exists) return null;
    const rows = await this.db
      .select()
      .from(variations)
      .where(eq(variations.productId, productId))
      .orderBy(asc(variations.position), asc(variations.id));
    return rows.map(presentVariation);
  }

  /** Everything that narrows a listing except the attribute filters. */
  private baseConditions(
    filter: ListingFilter,
    taxonomy: Taxonomy,
    searchCondition: SQL | null,
  ): SQL[] {
    const conditions: SQL[] = [sql`${products.status} = 'publish'`];
    if (filter.category) {
      const categoryId = taxonomy.categoryIds.get(filter.category);
      conditions.push(
        categoryId === undefined
          ? NOTHING
          : sql`${products.categoryIds} @> ${intArray([categoryId])}`,
      );
    }
    if (filter.newArrivals) conditions.push(sql`${products.isNewArrival}`);
    if (filter.featured !== undefined)
      conditions.push(sql`${products.featured} = ${filter.featured}`);
    if (filter.onSale !== undefined) conditions.push(sql`${products.onSale} = ${filter.onSale}`);
    if (searchCondition) conditions.push(searchCondition);
    return conditions;
  }

  /** Per selected attribute: "has any of the chosen terms" (OR within, AND across). */
  private attributeMatches(filter: ListingFilter, taxonomy: Taxonomy): Map<number, SQL> {
    const matches = new Map<number, SQL>();
    for (const [attributeId, slugs] of Object.entries(filter.terms ?? {})) {
      if (!slugs || slugs.length === 0) continue;
      const ids = slugs
        .map((slug) => taxonomy.bySlug.get(`${attributeId}:${slug}`)?.id)
        .filter((id): id is number => id !== undefined);
      matches.set(
        Number(attributeId),
        ids.length === 0 ? NOTHING : sql`${products.termIds} && ${intArray(ids)}`,
      );
    }
    return matches;
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(where);
    return row?.count ?? 0;
  }

  /**
   * The listing's total and every facet count in one pass over its rows. Each attribute's
   * counts apply the other attributes' selections but not its own, so picking "white" still
   * shows how many "grey" products there are.
   */
  private async countWithFacets(
    base: SQL[],
    matches: Map<number, SQL>,
    taxonomy: Taxonomy,
  ): Promise<{ total: number; facets: FacetJson[] }> {
    const ids = taxonomy.attributes.map((attribute) => attribute.id);
    const flag = (id: number) => sql.raw(`m${Math.trunc(id)}`);
    const flags = sql.join(
      ids.map((id) => sql`(${matches.get(id) ?? sql`true`}) AS ${flag(id)}`),
      sql`, `,
    );
    const others = (id: number) =>
      sql.join([sql`true`, ...ids.filter((other) => other !== id).map(flag)], sql` AND `);
    const facetWhere = sql.join(
      ids.map((id) => {
        const termIds = taxonomy.terms.filter((t) => t.attributeId === id).map((t) => t.id);
        return sql`(t.term_id = ANY(${intArray(termIds)}) AND ${others(id)})`;
      }),
      sql` OR `,
    );
    const rows = await queryRows<{ term_id: number; count: number }>(
      this.db,
      sql`WITH base AS (
            SELECT ${products.termIds} AS term_ids, ${flags} FROM ${products} WHERE ${and(...base)}
          )
          SELECT 0 AS term_id,
            (count(*) FILTER (WHERE ${sql.join(ids.map(flag), sql` AND `)}))::int AS count
          FROM base
          UNION ALL
          SELECT t.term_id, count(*)::int AS count
          FROM base CROSS JOIN LATERAL unnest(base.term_ids) AS t(term_id)
          WHERE ${facetWhere}
          GROUP BY t.term_id`,
    );
    const counts = new Map(rows.map((row) => [Number(row.term_id), Number(row.count)]));
    return {
      total: counts.get(0) ?? 0,
      facets: taxonomy.attributes.map((attribute) => ({
        attribute_id: attribute.id,
        name: attribute.name,
        slug: attribute.slug,
        terms: taxonomy.terms
          .filter((term) => term.attributeId === attribute.id)
          .map((term) => ({
            id: term.id,
            name: term.name,
            slug: term.slug,
            count: counts.get(term.id) ?? 0,
          })),
      })),
    };
  }

  private orderBy(order: ListingOrder, tsQuery: string | null): SQL[] {
    if (order.by === 'relevance') {
      return tsQuery
        ? [
            sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsQuery})) DESC`,
            sql`${products.id}`,
          ]
        : [sql`${products.popularity} DESC`, sql`${products.id}`];
    }
    const column = {
      popularity: products.popularity,
      date: products.createdAt,
      title: products.name,
      price: products.pricePence,
      id: products.id,
      slug: products.slug,
    }[order.by];
    const direction = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
    // The id breaks ties so pages never repeat or skip a product.
    return [sql`${column} ${direction}`, sql`${products.id} ${direction}`];
  }

  /** Loads the page's products with their images, categories, terms and variation ids. */
  private async hydrate(
    ids: number[],
    taxonomy: Taxonomy,
    options: { withDescription?: boolean } = {},
  ): Promise<ProductJson[]> {
    if (ids.length === 0) return [];
    const [rows, images, cats, terms, variationRows] = await Promise.all([
      this.db.select().from(products).where(inArray(products.id, ids)),
      this.db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      this.db
        .select({
          productId: productCategories.productId,
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
        })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(categories.position)),
      this.db
        .select({ productId: productTerms.productId, termId: productTerms.termId })
        .from(productTerms)
        .where(inArray(productTerms.productId, ids)),
      this.db
        .select({ productId: variations.productId, id: variations.id })
        .from(variations)
        .where(inArray(variations.productId, ids))
        .orderBy(asc(variations.position), asc(variations.id)),
    ]);
    const termById = new Map(taxonomy.terms.map((term) => [term.id, term]));
    const byProduct = <T extends { productId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) map.set(item.productId, [...(map.get(item.productId) ?? []), item]);
      return map;
    };
    const imagesOf = byProduct(images);
    const categoriesOf = byProduct(cats);
    const termsOf = byProduct(terms);
    const variationsOf = byProduct(variationRows);
    const rowById = new Map(rows.map((row) => [row.id, row]));

    return ids.flatMap((id) => {
      const row = rowById.get(id);
      if (!row) return [];
      const productTermRows = (termsOf.get(id) ?? [])
        .map((t) => termById.get(t.termId))
        .filter((t) => t !== undefined);
      const attributesJson: ProductAttribute[] = taxonomy.attributes
        .map((attribute) => {
          const own = productTermRows
            .filter((term) => term.attributeId === attribute.id)
            .sort((a, b) => a.position - b.position);
          return {
            id: attribute.id,
            name: attribute.name,
            slug: attribute.slug,
            options: own.map((term) => term.name),
            terms: own.map(({ id: termId, name, slug }) => ({ id: termId, name, slug })),
          };
        })
        .filter((attribute) => attribute.terms.length > 0);
      const price = priceString(row.pricePence);
      const salePence = row.onSale ? clearanceSalePence(priceHtml(row.pricePence)) : null;
      const product: ProductJson = {
        id: row.id,
        slug: row.slug,
        name: row.name,
        permalink: `/product/${row.slug}`,
        type: row.type,
        status: row.status,
        featured: row.featured,
        on_sale: row.onSale,
        date_created: row.createdAt.toISOString(),
        price,
        regular_price: priceString(row.regularPricePence ?? row.pricePence),
        sale_price: salePence === null ? '' : priceString(salePence),
        price_html: priceHtml(row.pricePence),
        short_description: row.shortDescription,
        ...(options.withDescription ? { description: row.description } : {}),
        images: (imagesOf.get(id) ?? []).map(({ id: imageId, src, alt }) => ({
          id: imageId,
          src,
          alt,
        })),
        categories: (categoriesOf.get(id) ?? []).map(({ id: catId, name, slug }) => ({
          id: catId,
          name,
          slug,
        })),
        attributes: attributesJson,
        variations: (variationsOf.get(id) ?? []).map((v) => v.id),
      };
      return [product];
    });
  }
}
