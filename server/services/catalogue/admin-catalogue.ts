import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { isUniqueViolation, queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import { idArray } from '#db/sql-arrays.ts';
import { sanitiseCmsHtml } from '../content/sanitise.ts';
import {
  BULK_PREVIEW_ROWS,
  CATALOGUE_MESSAGES,
  changedPrice,
  IMAGE_MESSAGES,
  TAXONOMY_MESSAGES,
  uploadedImageUrl,
  MAX_BULK_IDS,
  priceUnit,
  storedPrices,
  type AdminProductFilter,
  type AdminTaxonomy,
  type AdminProductJson,
  type AdminProductRow,
  type AdminProductsQuery,
  type AdminSort,
  type BulkChangeRow,
  type BulkEdit,
  type BulkPreviewJson,
  type ProductCreate,
  type ProductEdit,
  type ProductStatus,
  type VariationsGrid,
} from '#domain/admin-catalogue.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import type { SellingUnit } from '#domain/selling-unit.ts';
import { isFreeSample } from '#domain/samples.ts';
import { isSlug, slugify } from '#domain/slug.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { recordCategorySlug } from './category-redirects.ts';
import { freeProductSku, takenSkus } from './product-sku.ts';

const pounds = (pence: number | null) => (pence === null ? null : formatPoundsPlain(pence));

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

function filterWhere(filter: AdminProductFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  if (filter.category) conditions.push(sql`p.category_ids @> ${idArray([filter.category])}`);
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

interface ListRow {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  status: ProductStatus;
  featured: boolean;
  on_sale: boolean;
  is_new_arrival: boolean;
  updated_at: Date | string;
  variation_count: number;
  min_price: number | null;
  max_price: number | null;
  stock: number | null;
  image: string | null;
}

interface VariationRowDb {
  id: number;
  product_id: number;
  option: string;
  sku: string | null;
  price_pence: number;
  regular_price_pence: number | null;
  stock_quantity: number | null;
  in_stock: boolean;
}

/** One row a bulk edit changes, with what it was and what it becomes. */
interface BulkChange {
  table: 'variations' | 'products';
  id: number;
  productId: number;
  before: Record<string, string | number | null>;
  after: Record<string, string | number | null>;
}

/**
 * Sets each product's "From" price from its variations: the lowest size price (samples only
 * when it has no sizes), and the regular price while a size is on sale or the product is on
 * clearance.
 */
export async function refreshProductPrices(db: Database, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    UPDATE products p SET
      price_pence = coalesce(s.size_price, s.any_price, p.price_pence),
      regular_price_pence = CASE
        WHEN coalesce(s.size_regular, s.any_regular) > coalesce(s.size_price, s.any_price)
          THEN coalesce(s.size_regular, s.any_regular)
        WHEN p.on_sale THEN coalesce(s.size_price, s.any_price, p.price_pence)
        ELSE NULL END,
      updated_at = now()
    FROM (
      SELECT product_id,
        min(price_pence) FILTER (WHERE option !~* 'sample') AS size_price,
        min(coalesce(regular_price_pence, price_pence)) FILTER (WHERE option !~* 'sample') AS size_regular,
        min(price_pence) AS any_price,
        min(coalesce(regular_price_pence, price_pence)) AS any_regular
      FROM variations WHERE product_id = ANY(${idArray(productIds)}) GROUP BY product_id
    ) s
    WHERE p.id = s.product_id`);
}

/**
 * The catalogue's write side for staff: the product list with a price range per product, the
 * editor, the variations grid and bulk edits with an undo. Callers publish a 'catalogue' change
 * after each write so every cache drops what it made stale.
 */
/** A slug another product holds is refused with the field's message. */
async function refuseTakenSlug(tx: Database, slug: string, exceptId: number | null) {
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM products WHERE slug = ${slug}
      AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`,
  );
  if (taken.length > 0) {
    throw badRequest(CATALOGUE_MESSAGES.slugTaken, { slug: CATALOGUE_MESSAGES.slugTaken });
  }
}

export class AdminCatalogue {
  /** Totals per filter: a count over 100k rows is the list's slowest part. */
  private readonly totals = new LRUCache<string, number>({ max: 500, ttl: 60_000 });

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.totals.clear();
  }

  async list(query: AdminProductsQuery): Promise<{ data: AdminProductRow[]; total: number }> {
    const where = filterWhere(query);
    const key = JSON.stringify([query.q ?? '', query.status ?? '', query.category ?? 0]);
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
            p.updated_at, v.variation_count, v.min_price, v.max_price, v.stock,
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

  /** Categories and the four attributes' terms, for the editor's pickers. */
  async taxonomy() {
    const [categories, terms] = await Promise.all([
      queryRows<AdminTaxonomy['categories'][number]>(
        this.db,
        sql`SELECT id, name, slug, section, position FROM categories
          ORDER BY section, position, name`,
      ),
      queryRows<AdminTaxonomy['terms'][number]>(
        this.db,
        sql`SELECT t.id, t.attribute_id, a.name AS attribute, t.name, t.slug, t.position
          FROM attribute_terms t JOIN attributes a ON a.id = t.attribute_id
          ORDER BY a.position, t.position, t.name`,
      ),
    ]);
    return { categories, terms };
  }

  async product(id: number, db: Database = this.db): Promise<AdminProductJson | null> {
    const [row] = await queryRows<{
      id: number;
      name: string;
      slug: string;
      sku: string;
      status: ProductStatus;
      unit: SellingUnit;
      short_description: string;
      description: string;
      featured: boolean;
      is_new_arrival: boolean;
      on_sale: boolean;
      updated_at: Date | string;
      category_ids: number[];
      term_ids: number[];
    }>(
      db,
      sql`SELECT id, name, slug, sku, status, unit, short_description, description, featured,
          is_new_arrival, on_sale, updated_at,
          ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1) AS category_ids,
          ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id ORDER BY 1) AS term_ids
        FROM products p WHERE id = ${id}`,
    );
    if (!row) return null;
    const [images, variationRows] = await Promise.all([
      queryRows<{ id: number; src: string; alt: string; position: number }>(
        db,
        sql`SELECT id, src, alt, position FROM product_images WHERE product_id = ${id}
          ORDER BY position, id`,
      ),
      this.variationRows(db, id),
    ]);
    return {
      ...row,
      updated_at: new Date(row.updated_at).toISOString(),
      category_ids: row.category_ids.map(Number),
      term_ids: row.term_ids.map(Number),
      images,
      variations: variationRows.map((v) => ({
        id: v.id,
        option: v.option,
        sku: v.sku,
        price_unit: priceUnit(v.option),
        price: formatPoundsPlain(v.regular_price_pence ?? v.price_pence),
        sale_price: v.regular_price_pence === null ? null : formatPoundsPlain(v.price_pence),
        stock: v.stock_quantity,
        in_stock: v.in_stock,
      })),
    };
  }

  private variationRows(db: Database, productId: number): Promise<VariationRowDb[]> {
    return queryRows<VariationRowDb>(
      db,
      sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, in_stock
        FROM variations WHERE product_id = ${productId} ORDER BY position, id`,
    );
  }

  /** A new draft product with its name; its slug is made from the name unless given. */
  async createProduct(input: ProductCreate, who: AuditActor): Promise<AdminProductJson> {
    const slug = input.slug || slugify(input.name);
    if (!isSlug(slug)) {
      throw badRequest(CATALOGUE_MESSAGES.slugInvalid, { slug: CATALOGUE_MESSAGES.slugInvalid });
    }
    try {
      return await this.db.transaction(async (tx) => {
        await refuseTakenSlug(tx, slug, null);
        // Every product has a SKU, so that an export imports back: made from the slug.
        const sku = await freeProductSku(tx, slug, null);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO products (name, slug, sku, status, type, price_pence)
            VALUES (${input.name}, ${slug}, ${sku}, 'draft', 'variable', 0) RETURNING id`,
        );
        // The slug is this product's now, not a former product's way in.
        await tx.execute(sql`DELETE FROM product_slug_redirects WHERE old_slug = ${slug}`);
        const created = (await this.product(row!.id, tx))!;
        await audit(tx, who, {
          action: 'product.create',
          entity: 'product',
          entityId: created.id,
          before: null,
          after: {
            name: created.name,
            slug: created.slug,
            sku: created.sku,
            status: created.status,
          },
        });
        return created;
      });
    } catch (error) {
      // Another member created a product with this slug at the same moment.
      if (isUniqueViolation(error, 'products_slug_unique')) {
        throw badRequest(CATALOGUE_MESSAGES.slugTaken, { slug: CATALOGUE_MESSAGES.slugTaken });
      }
      throw error;
    }
  }

  /** Saves the editor's fields; a changed slug leaves a redirect from the old one. */
  async saveProduct(id: number, input: ProductEdit, who: AuditActor): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedProduct(tx, id);
      await refuseTakenSlug(tx, input.slug, id);
      if (input.status === 'publish' && before.variations.length === 0) {
        throw badRequest(CATALOGUE_MESSAGES.publishWithoutSizes, {
          status: CATALOGUE_MESSAGES.publishWithoutSizes,
        });
      }
      await this.checkIds(tx, 'categories', input.category_ids, 'category_ids');
      await this.checkIds(tx, 'attribute_terms', input.term_ids, 'term_ids');
      // Left empty, the SKU is made from the slug; left out, the product keeps its own.
      const sku =
        input.sku === undefined
          ? before.sku
          : input.sku || (await freeProductSku(tx, input.slug, id));
      if (sku !== before.sku && (await takenSkus(tx, [sku], id)).has(sku)) {
        throw badRequest(CATALOGUE_MESSAGES.skuTaken, { sku: CATALOGUE_MESSAGES.skuTaken });
      }
      if (input.slug !== before.slug) {
        // The new slug stops redirecting anywhere; the old one now leads here.
        await tx.execute(sql`DELETE FROM product_slug_redirects WHERE old_slug = ${input.slug}`);
        await tx.execute(sql`INSERT INTO product_slug_redirects (old_slug, product_id)
          VALUES (${before.slug}, ${id})
          ON CONFLICT (old_slug) DO UPDATE SET product_id = excluded.product_id, created_at = now()`);
      }
      await tx.execute(sql`UPDATE products SET
          name = ${input.name}, slug = ${input.slug}, sku = ${sku}, status = ${input.status},
          unit = ${input.unit ?? before.unit},
          short_description = ${input.short_description},
          description = ${sanitiseCmsHtml(input.description)},
          featured = ${input.featured}, is_new_arrival = ${input.is_new_arrival},
          on_sale = ${input.on_sale}, updated_at = now()
        WHERE id = ${id}`);
      await tx.execute(sql`DELETE FROM product_categories WHERE product_id = ${id}`);
      if (input.category_ids.length > 0) {
        await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
          SELECT ${id}, unnest(${idArray([...new Set(input.category_ids)])})`);
      }
      await tx.execute(sql`DELETE FROM product_terms WHERE product_id = ${id}`);
      if (input.term_ids.length > 0) {
        await tx.execute(sql`INSERT INTO product_terms (product_id, term_id)
          SELECT ${id}, unnest(${idArray([...new Set(input.term_ids)])})`);
      }
      await refreshListingArraysOf(tx, [id]);
      // The clearance flag decides whether the product keeps a regular price.
      await refreshProductPrices(tx, [id]);
      const after = (await this.product(id, tx))!;
      const { variations: _v, images: _i, updated_at: _u, ...beforeFields } = before;
      const { variations: _v2, images: _i2, updated_at: _u2, ...afterFields } = after;
      await audit(tx, who, {
        action: 'product.save',
        entity: 'product',
        entityId: id,
        before: beforeFields,
        after: afterFields,
      });
      return after;
    });
  }

  /** Replaces the product's sizes with the grid's rows (rows left out are deleted). */
  async saveVariations(
    productId: number,
    grid: VariationsGrid,
    who: AuditActor,
  ): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedProduct(tx, productId);
      const existing = new Set(before.variations.map((v) => v.id));
      const fields: Record<string, string> = {};
      grid.variations.forEach((row, index) => {
        if (row.id !== undefined && !existing.has(row.id)) {
          fields[`variations.${index}.id`] = CATALOGUE_MESSAGES.unknownVariation;
        }
      });
      const skus = grid.variations.flatMap((row) => (row.sku ? [row.sku] : []));
      if (skus.length > 0) {
        const keptIds = grid.variations.flatMap((row) => (row.id ? [row.id] : []));
        const skuList = sql.join(
          skus.map((sku) => sql`${sku}`),
          sql`, `,
        );
        const clashes = await queryRows<{ sku: string }>(
          tx,
          sql`SELECT sku FROM variations WHERE sku IN (${skuList})
              AND NOT (id = ANY(${idArray(keptIds)}))
            UNION SELECT sku FROM products WHERE sku IN (${skuList})`,
        );
        const clashing = new Set(clashes.map((c) => c.sku));
        grid.variations.forEach((row, index) => {
          if (
            row.sku &&
            (clashing.has(row.sku) || skus.indexOf(row.sku) !== skus.lastIndexOf(row.sku))
          ) {
            fields[`variations.${index}.sku`] = CATALOGUE_MESSAGES.skuTaken;
          }
        });
      }
      const first = Object.values(fields)[0];
      if (first) throw badRequest(first, fields);

      const kept = grid.variations.flatMap((row) => (row.id ? [row.id] : []));
      await tx.execute(sql`DELETE FROM variations WHERE product_id = ${productId}
        AND NOT (id = ANY(${idArray(kept)}))`);
      // SKUs move between rows in one save: clear them first so the unique index never trips.
      if (kept.length > 0) {
        await tx.execute(sql`UPDATE variations SET sku = NULL WHERE id = ANY(${idArray(kept)})`);
      }
      for (const [position, row] of grid.variations.entries()) {
        const { pricePence, regularPricePence } = storedPrices(row);
        const stock = isFreeSample(row.option) ? null : row.stock;
        if (row.id) {
          await tx.execute(sql`UPDATE variations SET option = ${row.option}, sku = ${row.sku},
              price_pence = ${pricePence}, regular_price_pence = ${regularPricePence},
              stock_quantity = ${stock}, position = ${position}
            WHERE id = ${row.id}`);
        } else {
          await tx.execute(sql`INSERT INTO variations
              (product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position)
            VALUES (${productId}, ${row.option}, ${row.sku}, ${pricePence}, ${regularPricePence},
              ${stock}, ${position})`);
        }
      }
      await refreshProductPrices(tx, [productId]);
      const after = (await this.product(productId, tx))!;
      await audit(tx, who, {
        action: 'product.variations',
        entity: 'product',
        entityId: productId,
        before: before.variations,
        after: after.variations,
      });
      return after;
    });
  }

  private async lockedProduct(tx: Database, id: number): Promise<AdminProductJson> {
    const locked = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM products WHERE id = ${id} FOR UPDATE`,
    );
    if (locked.length === 0) throw notFound('Product not found');
    return (await this.product(id, tx))!;
  }

  private async checkIds(
    tx: Database,
    table: 'categories' | 'attribute_terms',
    ids: number[],
    field: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE id = ANY(${idArray(ids)})`,
    );
    if (row!.n !== new Set(ids).size) {
      const message =
        table === 'categories'
          ? CATALOGUE_MESSAGES.unknownCategory
          : CATALOGUE_MESSAGES.unknownTerm;
      throw badRequest(message, { [field]: message });
    }
  }

  /** The products a bulk edit works on: those chosen, or all matching the filter. */
  private async bulkProductIds(db: Database, edit: BulkEdit): Promise<number[]> {
    const rows = edit.all
      ? await queryRows<{ id: number }>(
          db,
          sql`SELECT p.id FROM products p WHERE ${filterWhere(edit.filter)}
            ORDER BY p.id LIMIT ${MAX_BULK_IDS + 1}`,
        )
      : await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM products WHERE id = ANY(${idArray(edit.ids)}) ORDER BY id`,
        );
    if (rows.length > MAX_BULK_IDS) {
      throw badRequest(`A bulk edit works on at most ${MAX_BULK_IDS} products: narrow the filter`);
    }
    return rows.map((row) => row.id);
  }

  /** What a bulk edit would change, row by row (nothing is written). */
  private async bulkChanges(
    db: Database,
    edit: BulkEdit,
    lock: boolean,
  ): Promise<{
    productIds: number[];
    changes: BulkChange[];
    skipped: number;
    names: Map<number, string>;
  }> {
    const productIds = await this.bulkProductIds(db, edit);
    const changes: BulkChange[] = [];
    let skipped = 0;
    const names = new Map<number, string>();
    if (productIds.length === 0) return { productIds, changes, skipped, names };
    const forUpdate = lock ? sql` FOR UPDATE` : sql``;
    const products = await queryRows<{
      id: number;
      name: string;
      status: string;
      sized: boolean;
    }>(
      db,
      sql`SELECT id, name, status,
          EXISTS (SELECT 1 FROM variations v WHERE v.product_id = products.id) AS sized
        FROM products WHERE id = ANY(${idArray(productIds)})
        ORDER BY id${forUpdate}`,
    );
    for (const p of products) names.set(p.id, p.name);
    if (edit.action === 'publish' || edit.action === 'unpublish') {
      const status = edit.action === 'publish' ? 'publish' : 'draft';
      for (const p of products) {
        if (p.status === status) continue;
        // As in the editor: a product without a size has no price to show.
        if (status === 'publish' && !p.sized) {
          skipped++;
          continue;
        }
        changes.push({
          table: 'products',
          id: p.id,
          productId: p.id,
          before: { status: p.status },
          after: { status },
        });
      }
      return { productIds, changes, skipped, names };
    }
    const variationRows = await queryRows<VariationRowDb>(
      db,
      sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, in_stock
        FROM variations WHERE product_id = ANY(${idArray(productIds)})
        ORDER BY product_id, position, id${forUpdate}`,
    );
    for (const v of variationRows) {
      // Free samples cost nothing and are never counted.
      if (isFreeSample(v.option)) continue;
      if (edit.action === 'set_stock') {
        const stock = Number(edit.value);
        if (v.stock_quantity === stock) continue;
        changes.push({
          table: 'variations',
          id: v.id,
          productId: v.product_id,
          before: { stock_quantity: v.stock_quantity },
          after: { stock_quantity: stock },
        });
        continue;
      }
      const price = changedPrice(v.price_pence, edit.action, edit.value);
      const regular =
        v.regular_price_pence === null
          ? null
          : changedPrice(v.regular_price_pence, edit.action, edit.value);
      if (price === null || (v.regular_price_pence !== null && regular === null)) {
        skipped++;
        continue;
      }
      if (price === v.price_pence && regular === v.regular_price_pence) continue;
      changes.push({
        table: 'variations',
        id: v.id,
        productId: v.product_id,
        before: { price_pence: v.price_pence, regular_price_pence: v.regular_price_pence },
        after: { price_pence: price, regular_price_pence: regular },
      });
    }
    return { productIds, changes, skipped, names };
  }

  private async optionsOf(db: Database, changes: BulkChange[]): Promise<Map<number, string>> {
    const ids = changes.filter((c) => c.table === 'variations').map((c) => c.id);
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: number; option: string }>(
      db,
      sql`SELECT id, option FROM variations WHERE id = ANY(${idArray(ids)})`,
    );
    return new Map(rows.map((row) => [row.id, row.option]));
  }

  private previewRows(
    changes: BulkChange[],
    names: Map<number, string>,
    options: Map<number, string>,
  ): BulkChangeRow[] {
    const rows: BulkChangeRow[] = [];
    for (const change of changes) {
      if (rows.length >= BULK_PREVIEW_ROWS) break;
      const base = {
        product_id: change.productId,
        product: names.get(change.productId) ?? '',
        variation_id: change.table === 'variations' ? change.id : null,
        option: change.table === 'variations' ? (options.get(change.id) ?? null) : null,
      };
      if ('status' in change.before) {
        rows.push({
          ...base,
          field: 'status',
          before: change.before.status!,
          after: change.after.status!,
        });
      } else if ('stock_quantity' in change.before) {
        rows.push({
          ...base,
          field: 'stock',
          before: change.before.stock_quantity ?? null,
          after: change.after.stock_quantity ?? null,
        });
      } else {
        const regular = change.before.regular_price_pence as number | null;
        rows.push({
          ...base,
          field: regular === null ? 'price' : 'regular_price',
          before: pounds((regular ?? change.before.price_pence) as number),
          after: pounds((change.after.regular_price_pence ?? change.after.price_pence) as number),
        });
        if (regular !== null) {
          rows.push({
            ...base,
            field: 'price',
            before: pounds(change.before.price_pence as number),
            after: pounds(change.after.price_pence as number),
          });
        }
      }
    }
    return rows;
  }

  async bulkPreview(edit: BulkEdit): Promise<BulkPreviewJson> {
    const { changes, skipped, names } = await this.bulkChanges(this.db, edit, false);
    const options = await this.optionsOf(this.db, changes);
    return {
      action: edit.action,
      products: new Set(changes.map((c) => c.productId)).size,
      changes: changes.length,
      rows: this.previewRows(changes, names, options),
      skipped,
    };
  }

  async bulkApply(
    edit: BulkEdit,
    who: AuditActor,
  ): Promise<BulkPreviewJson & { bulk_edit_id: number | null }> {
    return this.db.transaction(async (tx) => {
      const { changes, skipped, names } = await this.bulkChanges(tx, edit, true);
      const options = await this.optionsOf(tx, changes);
      await this.write(tx, changes, 'after');
      const summary = `${edit.action} ${edit.value}`.trim();
      let id: number | null = null;
      if (changes.length > 0) {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO bulk_edits (staff_id, action, summary, changes)
            VALUES (${who.staffId}, ${edit.action}, ${summary}, ${JSON.stringify(changes)}::jsonb)
            RETURNING id`,
        );
        id = row!.id;
        await audit(tx, who, {
          action: 'product.bulk_edit',
          entity: 'bulk_edit',
          entityId: id,
          after: { action: edit.action, value: edit.value, changes: changes.length },
        });
      }
      return {
        bulk_edit_id: id,
        action: edit.action,
        products: new Set(changes.map((c) => c.productId)).size,
        changes: changes.length,
        rows: this.previewRows(changes, names, options),
        skipped,
      };
    });
  }

  private async write(tx: Database, changes: BulkChange[], side: 'before' | 'after') {
    for (const change of changes) {
      const values = change[side];
      if (change.table === 'products') {
        await tx.execute(sql`UPDATE products SET status = ${values.status}, updated_at = now()
          WHERE id = ${change.id}`);
      } else if ('stock_quantity' in values) {
        await tx.execute(sql`UPDATE variations SET stock_quantity = ${values.stock_quantity}
          WHERE id = ${change.id}`);
      } else {
        await tx.execute(sql`UPDATE variations SET price_pence = ${values.price_pence},
            regular_price_pence = ${values.regular_price_pence} WHERE id = ${change.id}`);
      }
    }
    await refreshProductPrices(tx, [...new Set(changes.map((c) => c.productId))]);
  }

  /** Creates (id undefined) or changes a category; a slug in use answers the field's message. */
  async saveCategory(
    id: number | undefined,
    input: { name: string; slug: string; section: string; position: number },
    who: AuditActor,
  ) {
    return this.db.transaction(async (tx) => {
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM categories WHERE slug = ${input.slug} AND id <> ${id ?? 0}`,
      );
      if (taken.length > 0) {
        throw badRequest(TAXONOMY_MESSAGES.slugTaken, { slug: TAXONOMY_MESSAGES.slugTaken });
      }
      const [before] =
        id === undefined
          ? [undefined]
          : await queryRows<Record<string, unknown>>(
              tx,
              sql`SELECT * FROM categories WHERE id = ${id}`,
            );
      if (id !== undefined && !before) throw notFound('Category not found');
      const [row] = await queryRows<{
        id: number;
        name: string;
        slug: string;
        section: string;
        position: number;
      }>(
        tx,
        id === undefined
          ? sql`INSERT INTO categories (name, slug, section, position)
              VALUES (${input.name}, ${input.slug}, ${input.section}, ${input.position})
              RETURNING id, name, slug, section, position`
          : sql`UPDATE categories SET name = ${input.name}, slug = ${input.slug},
                section = ${input.section}, position = ${input.position}
              WHERE id = ${id} RETURNING id, name, slug, section, position`,
      );
      // A renamed category's old listing link redirects to the new one, as products' do.
      await recordCategorySlug(tx, row!.id, row!.slug, before ? String(before.slug) : null);
      await audit(tx, who, {
        action: id === undefined ? 'category.create' : 'category.save',
        entity: 'category',
        entityId: row!.id,
        before: before ?? null,
        after: row,
      });
      return row!;
    });
  }

  /** Creates a term of an attribute (attributeId) or changes one (termId). */
  async saveTerm(
    target: { attributeId: number } | { termId: number },
    input: { name: string; slug: string; position: number },
    who: AuditActor,
  ) {
    return this.db.transaction(async (tx) => {
      let attributeId: number;
      let before: Record<string, unknown> | undefined;
      if ('termId' in target) {
        [before] = await queryRows<Record<string, unknown>>(
          tx,
          sql`SELECT * FROM attribute_terms WHERE id = ${target.termId}`,
        );
        if (!before) throw notFound('Term not found');
        attributeId = Number(before.attribute_id);
      } else {
        const found = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM attributes WHERE id = ${target.attributeId}`,
        );
        if (found.length === 0) throw notFound('Attribute not found');
        attributeId = target.attributeId;
      }
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM attribute_terms WHERE attribute_id = ${attributeId}
          AND slug = ${input.slug} AND id <> ${'termId' in target ? target.termId : 0}`,
      );
      if (taken.length > 0) {
        throw badRequest(TAXONOMY_MESSAGES.slugTaken, { slug: TAXONOMY_MESSAGES.slugTaken });
      }
      const [row] = await queryRows<{
        id: number;
        attribute_id: number;
        name: string;
        slug: string;
        position: number;
      }>(
        tx,
        'termId' in target
          ? sql`UPDATE attribute_terms SET name = ${input.name}, slug = ${input.slug},
                position = ${input.position}
              WHERE id = ${target.termId} RETURNING id, attribute_id, name, slug, position`
          : sql`INSERT INTO attribute_terms (attribute_id, name, slug, position)
              VALUES (${attributeId}, ${input.name}, ${input.slug}, ${input.position})
              RETURNING id, attribute_id, name, slug, position`,
      );
      await audit(tx, who, {
        action: before ? 'term.save' : 'term.create',
        entity: 'attribute_term',
        entityId: row!.id,
        before: before ?? null,
        after: row,
      });
      return row!;
    });
  }

  /** Adds an uploaded image to the end of the product's images. */
  async addImage(
    productId: number,
    uploadedId: number,
    alt: string,
    who: AuditActor,
  ): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      await this.lockedProduct(tx, productId);
      const src = uploadedImageUrl(uploadedId);
      await tx.execute(sql`INSERT INTO product_images (product_id, position, src, alt)
        SELECT ${productId}, coalesce(max(position) + 1, 0), ${src}, ${alt}
        FROM product_images WHERE product_id = ${productId}`);
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      await audit(tx, who, {
        action: 'product.image_add',
        entity: 'product',
        entityId: productId,
        after: { src, alt },
      });
      return (await this.product(productId, tx))!;
    });
  }

  /** The product's images in the order given, with their alt text; those left out go. */
  async saveImages(
    productId: number,
    images: { id: number; alt: string }[],
    who: AuditActor,
  ): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedProduct(tx, productId);
      const own = new Set(before.images.map((i) => i.id));
      const fields: Record<string, string> = {};
      images.forEach((image, index) => {
        if (!own.has(image.id)) fields[`images.${index}.id`] = IMAGE_MESSAGES.unknownImage;
      });
      const first = Object.values(fields)[0];
      if (first) throw badRequest(first, fields);
      await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}
        AND NOT (id = ANY(${idArray(images.map((i) => i.id))}))`);
      for (const [position, image] of images.entries()) {
        await tx.execute(sql`UPDATE product_images SET alt = ${image.alt}, position = ${position}
          WHERE id = ${image.id}`);
      }
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      const after = (await this.product(productId, tx))!;
      await audit(tx, who, {
        action: 'product.images',
        entity: 'product',
        entityId: productId,
        before: before.images,
        after: after.images,
      });
      return after;
    });
  }

  /** The last bulk edit not yet undone, for the undo button. */
  async lastBulkEdit() {
    const [row] = await queryRows<{
      id: number;
      action: string;
      summary: string;
      created_at: Date;
      n: number;
    }>(
      this.db,
      sql`SELECT id, action, summary, created_at, jsonb_array_length(changes) AS n
        FROM bulk_edits WHERE undone_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    return row
      ? {
          id: row.id,
          action: row.action,
          summary: row.summary,
          changes: row.n,
          created_at: new Date(row.created_at).toISOString(),
        }
      : null;
  }

  /**
   * Undoes the last bulk edit: each row still as the edit left it goes back to exactly what it
   * was; a row changed since is left alone and reported.
   */
  async undoLastBulkEdit(who: AuditActor) {
    return this.db.transaction(async (tx) => {
      const [edit] = await queryRows<{ id: number; changes: BulkChange[] }>(
        tx,
        sql`SELECT id, changes FROM bulk_edits WHERE undone_at IS NULL
          ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      );
      if (!edit) return null;
      const changes = edit.changes;
      const restorable: BulkChange[] = [];
      const skipped: { table: string; id: number; product_id: number; reason: string }[] = [];
      const byTable = (table: 'products' | 'variations') =>
        changes.filter((c) => c.table === table).map((c) => c.id);
      const [productRows, variationRows] = await Promise.all([
        byTable('products').length
          ? queryRows<{ id: number; status: string }>(
              tx,
              sql`SELECT id, status FROM products WHERE id = ANY(${idArray(byTable('products'))}) FOR UPDATE`,
            )
          : [],
        byTable('variations').length
          ? queryRows<VariationRowDb>(
              tx,
              sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, in_stock
                FROM variations WHERE id = ANY(${idArray(byTable('variations'))}) FOR UPDATE`,
            )
          : [],
      ]);
      const current = new Map<string, Record<string, unknown>>();
      for (const p of productRows)
        current.set(`products:${p.id}`, p as unknown as Record<string, unknown>);
      for (const v of variationRows)
        current.set(`variations:${v.id}`, v as unknown as Record<string, unknown>);
      for (const change of changes) {
        const now = current.get(`${change.table}:${change.id}`);
        if (!now) {
          skipped.push({
            table: change.table,
            id: change.id,
            product_id: change.productId,
            reason: 'deleted since',
          });
          continue;
        }
        const same = Object.entries(change.after).every(([key, value]) => now[key] === value);
        if (!same) {
          skipped.push({
            table: change.table,
            id: change.id,
            product_id: change.productId,
            reason: 'changed since',
          });
          continue;
        }
        restorable.push(change);
      }
      await this.write(tx, restorable, 'before');
      await tx.execute(sql`UPDATE bulk_edits SET undone_at = now() WHERE id = ${edit.id}`);
      await audit(tx, who, {
        action: 'product.bulk_undo',
        entity: 'bulk_edit',
        entityId: edit.id,
        after: { restored: restorable.length, skipped: skipped.length },
      });
      return { bulk_edit_id: edit.id, restored: restorable.length, skipped };
    });
  }
}
