import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import type {
  AdminProductFilter,
  AdminProductsQuery,
  AdminSort,
} from '#domain/admin-bulk-edits.ts';
import type { AdminProductRow } from '#domain/admin-catalogue.ts';
import { formatPoundsPlain } from '#domain/money.ts';

export const pounds = (pence: number | null) => (pence === null ? null : formatPoundsPlain(pence));

/** Sorts that (status, column) indexes serve: one index scan per status, merged. */
const STATUS_INDEXED = new Set<AdminSort>(['date-desc', 'date-asc', 'price-asc', 'price-desc']);

const ORDER_BY: Record<AdminSort, SQL> = {
  'date-desc': sql`p.created_at DESC, p.id DESC`,
  'date-asc': sql`p.created_at ASC, p.id ASC`,
  'id-desc': sql`p.id DESC`,
  'id-asc': sql`p.id ASC`,
  'price-asc': sql`p.price_pence ASC, p.id ASC`,
  'price-desc': sql`p.price_pence DESC, p.id DESC`,
};

/** The id sorts: the order of the (id, status, name_lower) and (category_id, product_id) indexes. */
const ID_DIRECTION: Partial<Record<AdminSort, SQL>> = {
  'id-desc': sql`DESC`,
  'id-asc': sql`ASC`,
};

export function filterWhere(filter: AdminProductFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  // Archived products are out of the way until asked for by their filter.
  conditions.push(
    filter.status ? sql`p.status = ${filter.status}` : sql`p.status IN ('draft', 'publish')`,
  );
  if (filter.category) conditions.push(sql`p.category_ids @> ${idArray([filter.category])}`);
  if (filter.trade_only !== undefined) conditions.push(sql`p.trade_only = ${filter.trade_only}`);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `name ILIKE x` is `lower(name) LIKE lower(x)` on UTF-8 text: the same rows, matched against
    // the stored lower-case name. The exact SKU and slug matches are a few ids, found once
    // through their unique indexes rather than tested on every row.
    conditions.push(sql`(p.name_lower LIKE lower(${like})
      OR p.id IN (SELECT id FROM products WHERE sku = ${filter.q} OR slug = ${filter.q}
        UNION ALL SELECT product_id FROM variations WHERE sku = ${filter.q}))`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * A page of ids in an id sort. Without a category, the (id, status, name_lower) index answers
 * the filter on its own, so the rows a filter skips are never read. With one, the category's
 * (category_id, product_id) index gives its products in order and each is checked until the
 * page is full: the check is a scalar subquery so that PostgreSQL cannot make it a join, which
 * it would run by walking every product id above the category's first.
 */
function idPage(query: AdminProductsQuery, where: SQL, direction: SQL): SQL {
  const offset = (query.page - 1) * query.per_page;
  if (!query.category) {
    return sql`SELECT p.id FROM products p WHERE ${where}
      ORDER BY p.id ${direction} LIMIT ${query.per_page} OFFSET ${offset}`;
  }
  return sql`SELECT pc.product_id FROM product_categories pc
    WHERE pc.category_id = ${query.category}
      AND (SELECT true FROM products p WHERE p.id = pc.product_id AND ${where})
    ORDER BY pc.product_id ${direction} LIMIT ${query.per_page} OFFSET ${offset}`;
}

/** A list row as read: the answer's fields, with the prices in pence and the time as stored. */
type ListRow = Omit<AdminProductRow, 'min_price' | 'max_price' | 'updated_at'> & {
  min_price: number | null;
  max_price: number | null;
  updated_at: Date | string;
};

/** The back office's product list: a page of products, each with its price range. */
export class AdminProductList {
  /** Totals per filter: a count over 100k rows is the list's slowest part. */
  private readonly totals = new LRUCache<string, number>({ max: 500, ttl: 60_000 });

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.totals.clear();
  }

  async page(query: AdminProductsQuery): Promise<{ data: AdminProductRow[]; total: number }> {
    const where = filterWhere(query);
    const key = JSON.stringify([
      query.q ?? '',
      query.status ?? '',
      query.category ?? 0,
      query.trade_only ?? null,
    ]);
    const offset = (query.page - 1) * query.per_page;
    const order = ORDER_BY[query.sort];
    const branch = (status: SQL) =>
      sql`(SELECT * FROM products p WHERE ${where} AND ${status}
        ORDER BY ${order} LIMIT ${query.per_page + offset})`;
    const idDirection = ID_DIRECTION[query.sort];
    // Without a status filter, a sort by price or date reads each status's index in order
    // (the statuses are draft and publish) instead of sorting every product.
    const pageRows = idDirection
      ? sql`SELECT * FROM products p WHERE p.id IN (${idPage(query, where, idDirection)})`
      : !query.status && STATUS_INDEXED.has(query.sort)
        ? sql`SELECT * FROM (${branch(sql`p.status = 'publish'`)} UNION ALL ${branch(sql`p.status = 'draft'`)}) p
            ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${offset}`
        : sql`SELECT * FROM products p WHERE ${where}
            ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${offset}`;
    const [rows, total] = await Promise.all([
      queryRows<ListRow>(
        this.db,
        sql`SELECT p.id, p.name, p.slug, p.sku, p.status, p.featured, p.on_sale, p.is_new_arrival,
            p.trade_only, p.updated_at, v.variation_count, v.min_price, v.max_price, v.stock,
            (SELECT i.src FROM product_images i WHERE i.product_id = p.id
              ORDER BY i.position, i.id LIMIT 1) AS image
          FROM (${pageRows}) p
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS variation_count,
              coalesce(min(price_pence) FILTER (WHERE option !~* 'sample'), min(price_pence)) AS min_price,
              coalesce(max(price_pence) FILTER (WHERE option !~* 'sample'), max(price_pence)) AS max_price,
              sum(stock_quantity) FILTER (WHERE option !~* 'sample')::int AS stock
            FROM variations WHERE product_id = p.id) v
          ORDER BY ${order}`,
      ),
      this.total(key, where),
    ]);
    return {
      total,
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        sku: row.sku,
        status: row.status,
        featured: row.featured,
        on_sale: row.on_sale,
        is_new_arrival: row.is_new_arrival,
        trade_only: row.trade_only,
        variation_count: row.variation_count,
        min_price: pounds(row.min_price),
        max_price: pounds(row.max_price),
        stock: row.stock,
        image: row.image,
        updated_at: new Date(row.updated_at).toISOString(),
      })),
    };
  }

  private async total(key: string, where: SQL): Promise<number> {
    const cached = this.totals.get(key);
    if (cached !== undefined) return cached;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    );
    this.totals.set(key, row!.n);
    return row!.n;
  }
}
