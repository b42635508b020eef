import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '#db/client.ts';
import { productImages, products, variations } from '#db/schema/index.ts';
import { idArray } from '#db/sql-arrays.ts';
import { listMeta } from '#domain/catalogue.ts';
import type { SortValue } from '#domain/catalogue-query.ts';
import { CATALOGUE_CACHE_TTL_MS, type Taxonomy, type TaxonomyCache } from './terms-cache.ts';
import type { IndexQuery, ListingIndex, ListingSnapshot } from './listing-index.ts';
import { searchTerms, tsQueryOf, type SearchTerm } from './search-terms.ts';
import type { FacetJson, ListingJson, ProductJson, VariationJson } from '#domain/api-types.ts';
import { presentVariation } from './present.ts';
import { presentProducts } from './product-json.ts';
import { productForBuyer, variationsForBuyer } from './buyer-prices.ts';
import { seesTradeOnly, type Buyer } from '#domain/price-for.ts';

export interface ListingFilter {
  category?: string;
  newArrivals?: boolean;
  featured?: boolean;
  onSale?: boolean;
  search?: string;
  /** Term slugs per attribute id: OR within an attribute, AND across attributes. */
  terms?: Partial<Record<number, string[]>>;
  /** Leave out trade-only products: the listing of a shopper without a trade price list. */
  hideTradeOnly?: boolean;
}

type Direction = 'asc' | 'desc';
/** Sorts by text, which follow the database's collation. */
type CollatedOrder = { by: 'title' | 'slug'; direction: Direction };
export type ListingOrder =
  | CollatedOrder
  | { by: 'popularity' | 'date' | 'price' | 'id'; direction: Direction }
  | { by: 'relevance' };

export interface ListingRequest {
  filter: ListingFilter;
  order: ListingOrder;
  page: number;
  perPage: number;
  facets?: boolean;
  /** Whose prices the cards show. */
  buyer: Buyer;
}

const isCollated = (order: ListingOrder): order is CollatedOrder =>
  order.by === 'title' || order.by === 'slug';

export function sortToOrder(sort: SortValue): ListingOrder {
  const [by, direction] = sort.split('-') as [string, Direction];
  return { by: by as 'popularity' | 'date' | 'price', direction };
}

const NOTHING = sql`false`;

interface Listed {
  total: number;
  data: ProductJson[];
  facets: FacetJson[] | undefined;
}

/**
 * The term ids a listing's filter chose, per attribute with a choice; slugs that name no term
 * leave an attribute with none, so nothing matches it.
 */
function chosenTermIds(filter: ListingFilter, taxonomy: Taxonomy): Map<number, number[]> {
  const chosen = new Map<number, number[]>();
  for (const [attributeId, slugs] of Object.entries(filter.terms ?? {})) {
    if (!slugs || slugs.length === 0) continue;
    const ids = slugs
      .map((slug) => taxonomy.bySlug.get(`${attributeId}:${slug}`)?.id)
      .filter((id): id is number => id !== undefined);
    chosen.set(Number(attributeId), ids);
  }
  return chosen;
}

/** Every attribute with each of its terms and how many products of the listing have it. */
function facetsJson(taxonomy: Taxonomy, counts: ReadonlyMap<number, number>): FacetJson[] {
  return taxonomy.attributes.map((attribute) => ({
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
  }));
}

/**
 * The columns a product's JSON is built from, with its images and variation ids as subqueries.
 * They name the outer table in full: drizzle writes a lone table's columns unqualified, and a
 * bare "id" there would mean the subquery's own.
 */
function productFields(withDescription: boolean) {
  return {
    id: products.id,
    slug: products.slug,
    name: products.name,
    type: products.type,
    status: products.status,
    unit: products.unit,
    featured: products.featured,
    onSale: products.onSale,
    createdAt: products.createdAt,
    pricePence: products.pricePence,
    regularPricePence: products.regularPricePence,
    tradeOnly: products.tradeOnly,
    shortDescription: products.shortDescription,
    description: withDescription ? products.description : sql<string>`''`,
    categoryIds: products.categoryIds,
    termIds: products.termIds,
    images: sql<{ id: number; src: string; alt: string }[]>`coalesce((
      SELECT json_agg(json_build_object('id', i.id, 'src', i.src, 'alt', i.alt)
                      ORDER BY i.position, i.id)
      FROM ${productImages} i WHERE i.product_id = products.id), '[]'::json)`,
    variationIds: sql<number[]>`ARRAY(
      SELECT v.id FROM ${variations} v WHERE v.product_id = products.id
      ORDER BY v.position, v.id)`,
  };
}

/** The catalogue's read side: listings with filters, facets and search, products, variations. */
export class ProductCatalogue {
  constructor(
    private readonly db: Database,
    private readonly taxonomy: TaxonomyCache,
    private readonly index: ListingIndex,
  ) {
    // Prepared once per connection: their plans are made once, not on every product view.
    const bySlug = and(eq(products.slug, sql.placeholder('slug')), eq(products.status, 'publish'));
    this.productBySlug = db
      .select(productFields(true))
      .from(products)
      .where(bySlug)
      .limit(1)
      .prepare('product_by_slug');
    this.variationsBySlug = db
      .select({ variation: variations })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(bySlug)
      .orderBy(asc(variations.position), asc(variations.id))
      .prepare('variations_by_slug');
  }

  private readonly productBySlug;
  private readonly variationsBySlug;

  /**
   * Products as listing cards show them, kept as long as the listing index: the catalogue
   * changes only through imports, and a card is the same for every shopper.
   */
  private readonly cards = new LRUCache<number, ProductJson>({
    max: 5_000,
    ttl: CATALOGUE_CACHE_TTL_MS,
  });

  /** Forgets every kept card (after the catalogue changed). */
  invalidate(): void {
    this.cards.clear();
  }

  async list(asked: ListingRequest): Promise<ListingJson> {
    const hideTradeOnly = !seesTradeOnly(asked.buyer);
    const request = { ...asked, filter: { ...asked.filter, hideTradeOnly } };
    const [taxonomy, snapshot] = await Promise.all([this.taxonomy.get(), this.index.get()]);
    const search = request.filter.search
      ? searchTerms(request.filter.search, snapshot.vocabulary)
      : undefined;
    const { order } = request;
    // A text without a searchable word matches nothing, whichever path would have run.
    const { total, data, facets }: Listed =
      search === null
        ? {
            total: 0,
            data: [],
            facets: request.facets ? facetsJson(taxonomy, new Map()) : undefined,
          }
        : isCollated(order)
          ? await this.listFromDatabase(request, taxonomy, search, order)
          : await this.listFromIndex(request, taxonomy, snapshot, search, this.indexedSort(order));
    const now = new Date();
    return {
      data: data.map((product) =>
        productForBuyer(request.buyer, product, snapshot.sizesOf(product.id), now),
      ),
      meta: listMeta(request.page, request.perPage, total),
      ...(facets ? { facets } : {}),
    };
  }

  private indexedSort(order: Exclude<ListingOrder, CollatedOrder>): IndexQuery['sort'] {
    return order.by === 'relevance' ? { by: 'relevance', direction: 'desc' } : order;
  }

  /**
   * Total, facets and page from the in-memory index (searches too); only the page's products
   * are read.
   */
  private async listFromIndex(
    request: ListingRequest,
    taxonomy: Taxonomy,
    snapshot: ListingSnapshot,
    search: SearchTerm[] | undefined,
    sort: IndexQuery['sort'],
  ): Promise<Listed> {
    const { filter } = request;
    const selections = new Map<number, ReadonlySet<number>>(
      [...chosenTermIds(filter, taxonomy)].map(([attributeId, ids]) => [attributeId, new Set(ids)]),
    );
    const answer = snapshot.query({
      categoryId: filter.category ? (taxonomy.categoryIds.get(filter.category) ?? null) : undefined,
      newArrivals: filter.newArrivals,
      featured: filter.featured,
      onSale: filter.onSale,
      tradeOnly: filter.hideTradeOnly ? false : undefined,
      selections,
      search,
      sort,
      buyer: request.buyer,
      offset: (request.page - 1) * request.perPage,
      limit: request.perPage,
      facetTerms: request.facets ? taxonomy.attributeOfTerm : undefined,
    });
    return {
      total: answer.total,
      data: await this.productsByIds(answer.ids, taxonomy),
      facets: answer.termCounts ? facetsJson(taxonomy, answer.termCounts) : undefined,
    };
  }

  /** Listing cards by id, in order: the recently listed from memory, the rest in one query. */
  private async productsByIds(ids: number[], taxonomy: Taxonomy): Promise<ProductJson[]> {
    const missing = ids.filter((id) => !this.cards.has(id));
    if (missing.length > 0) {
      const found = await this.productsWhere(
        and(inArray(products.id, missing), eq(products.status, 'publish')),
        taxonomy,
        { limit: missing.length },
      );
      for (const product of found) this.cards.set(product.id, product);
    }
    return ids.flatMap((id) => this.cards.get(id) ?? []);
  }

  /**
   * Title and slug sorts, which follow the database's collation: the count (with facets) and
   * the page, in parallel.
   */
  private async listFromDatabase(
    request: ListingRequest,
    taxonomy: Taxonomy,
    search: SearchTerm[] | undefined,
    order: CollatedOrder,
  ): Promise<Listed> {
    const searchCondition = search
      ? sql`${products.searchVector} @@ to_tsquery('simple', ${tsQueryOf(search)})`
      : null;
    const base = this.baseConditions(request.filter, taxonomy, searchCondition);
    const matches = this.attributeMatches(request.filter, taxonomy);
    const where = and(...base, ...matches.values());
    const [counted, data] = await Promise.all([
      request.facets
        ? this.countWithFacets(base, matches, taxonomy)
        : this.count(where).then((total) => ({ total, facets: undefined })),
      this.productsWhere(where, taxonomy, {
        order: this.orderBy(order),
        limit: request.perPage,
        offset: (request.page - 1) * request.perPage,
      }),
    ]);
    return { total: counted.total, data, facets: counted.facets };
  }

  /** A published product and its sizes priced for `buyer`; null when not theirs to see. */
  async bySlug(
    slug: string,
    buyer: Buyer,
  ): Promise<{ data: ProductJson; variations: VariationJson[] } | null> {
    const [taxonomy, snapshot] = await Promise.all([this.taxonomy.get(), this.index.get()]);
    const [rows, variationRows] = await Promise.all([
      this.productBySlug.execute({ slug }),
      this.variationsBySlug.execute({ slug }),
    ]);
    const [product] = presentProducts(rows, taxonomy, true);
    if (!product || (rows[0]!.tradeOnly && !seesTradeOnly(buyer))) return null;
    const now = new Date();
    const sizes = variationRows.map((row) => presentVariation(row.variation));
    return {
      data: productForBuyer(buyer, product, snapshot.sizesOf(product.id), now),
      variations: variationsForBuyer(buyer, rows[0]!.categoryIds, sizes, now),
    };
  }

  /** The current slug of a published product `buyer` may see that had `oldSlug` before, or null. */
  async renamedTo(oldSlug: string, buyer: Buyer): Promise<string | null> {
    const [row] = await queryRows<{ slug: string }>(
      this.db,
      sql`SELECT p.slug FROM product_slug_redirects r JOIN products p ON p.id = r.product_id
        WHERE r.old_slug = ${oldSlug} AND p.status = 'publish'
          AND (${seesTradeOnly(buyer)} OR NOT p.trade_only)`,
    );
    return row?.slug ?? null;
  }

  /** null when the product does not exist (the API answers 404). */
  async variations(productId: number, buyer: Buyer): Promise<VariationJson[] | null> {
    const rows = await this.db
      .select({
        variation: variations,
        tradeOnly: products.tradeOnly,
        categoryIds: products.categoryIds,
      })
      .from(products)
      .leftJoin(variations, eq(variations.productId, products.id))
      .where(and(eq(products.id, productId), eq(products.status, 'publish')))
      .orderBy(asc(variations.position), asc(variations.id));
    if (rows.length === 0 || (rows[0]!.tradeOnly && !seesTradeOnly(buyer))) return null;
    const sizes = rows.flatMap((row) => (row.variation ? [presentVariation(row.variation)] : []));
    return variationsForBuyer(buyer, rows[0]!.categoryIds, sizes, new Date());
  }

  /** Everything that narrows a listing except the attribute filters. */
  private baseConditions(
    filter: ListingFilter,
    taxonomy: Taxonomy,
    searchCondition: SQL | null,
  ): SQL[] {
    const conditions: SQL[] = [sql`${products.status} = 'publish'`];
    if (filter.hideTradeOnly) conditions.push(sql`${products.tradeOnly} = false`);
    if (filter.category) {
      const categoryId = taxonomy.categoryIds.get(filter.category);
      conditions.push(
        categoryId === undefined
          ? NOTHING
          : sql`${products.categoryIds} @> ${idArray([categoryId])}`,
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
    for (const [attributeId, ids] of chosenTermIds(filter, taxonomy)) {
      matches.set(
        attributeId,
        ids.length === 0 ? NOTHING : sql`${products.termIds} && ${idArray(ids)}`,
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
        return sql`(t.term_id = ANY(${idArray(termIds)}) AND ${others(id)})`;
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
    return { total: counts.get(0) ?? 0, facets: facetsJson(taxonomy, counts) };
  }

  private orderBy(order: CollatedOrder): SQL[] {
    const column = order.by === 'title' ? products.name : products.slug;
    const direction = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
    // The id breaks ties so pages never repeat or skip a product.
    return [sql`${column} ${direction}`, sql`${products.id} ${direction}`];
  }

  /**
   * Products matching `where`, in `order`, with their images and variation ids, in one query;
   * categories and terms come from the rows' id arrays and the taxonomy cache.
   */
  private async productsWhere(
    where: SQL | undefined,
    taxonomy: Taxonomy,
    options: { order?: SQL[]; limit: number; offset?: number; withDescription?: boolean },
  ): Promise<ProductJson[]> {
    const rows = await this.db
      .select(productFields(options.withDescription ?? false))
      .from(products)
      .where(where)
      .orderBy(...(options.order ?? []))
      .limit(options.limit)
      .offset(options.offset ?? 0);
    return presentProducts(rows, taxonomy, options.withDescription ?? false);
  }
}
