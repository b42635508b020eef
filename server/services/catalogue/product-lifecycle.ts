import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import type { AdminProductJson } from '#domain/admin-catalogue.ts';
import { copyName, copySlug, LIFECYCLE_MESSAGES } from '#domain/admin-product-lifecycle.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion, versionedSave } from '../staff-write.ts';
import { productTarget, readAdminProduct } from './admin-products.ts';
import { freeProductSku } from './product-sku.ts';
import { refreshProductPrices } from './product-prices.ts';

/**
 * The columns of a table a copy carries over as they are: every stored column but those named
 * (ids, what must be unique, what the copy sets itself). Read from the catalogue of the database,
 * so that a column added to products or variations later is copied without a change here.
 */
async function copiedColumns(tx: Database, table: string, except: string[]): Promise<string[]> {
  const rows = await queryRows<{ column_name: string }>(
    tx,
    sql`SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.column_name).filter((c) => !except.includes(c));
}

const columnList = (columns: string[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );

/** The summary an audit row keeps of a product: enough to know what was there. */
const summary = (p: AdminProductJson) => ({
  name: p.name,
  slug: p.slug,
  sku: p.sku,
  status: p.status,
  category_ids: p.category_ids,
  sizes: p.variations.map((v) => v.option),
});

/** Archive, unarchive, duplicate and delete, each a staff write with its audit row. */
export class ProductLifecycle {
  constructor(private readonly db: Database) {}

  /**
   * Archived: out of the shop (listings, search, sitemap, baskets at checkout), the page 410.
   * Unarchived: back as a draft, so staff check it before it sells again.
   */
  archive(
    id: number,
    archived: boolean,
    loaded: number | undefined,
    who: AuditActor,
  ): Promise<AdminProductJson> {
    const action = archived ? 'product.archive' : 'product.unarchive';
    const spec = { target: productTarget(id), loaded, action };
    return versionedSave(this.db, who, spec, async (tx) => {
      const before = (await readAdminProduct(tx, id))!;
      const status = archived ? 'archived' : before.status === 'archived' ? 'draft' : before.status;
      await tx.execute(sql`UPDATE products SET status = ${status}, updated_at = now()
        WHERE id = ${id}`);
      const after = (await readAdminProduct(tx, id))!;
      return { before: { status: before.status }, after: { status }, result: after };
    });
  }

  /**
   * A draft copy to start a similar product from: the fields, categories, terms, images and
   * sizes with their prices, under the slug "<slug>-copy" and a SKU of its own; the sizes' stock
   * is 0 (the copy has none on hand) and their SKUs empty (a SKU names one size).
   */
  duplicate(id: number, who: AuditActor): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      const source = await readAdminProduct(tx, id);
      if (!source) throw notFound('Product not found');
      let slug = copySlug(source.slug, 1);
      for (let attempt = 2; ; attempt++) {
        const [taken] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT 1 AS n FROM products WHERE slug = ${slug}
            UNION ALL SELECT 1 FROM product_slug_redirects WHERE old_slug = ${slug} LIMIT 1`,
        );
        if (!taken) break;
        slug = copySlug(source.slug, attempt);
      }
      const sku = await freeProductSku(tx, slug, null);
      const own = ['id', 'slug', 'sku', 'name', 'status', 'popularity', 'created_at', 'updated_at'];
      const productColumns = await copiedColumns(tx, 'products', [...own, 'version']);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO products (slug, sku, name, status, ${columnList(productColumns)})
          SELECT ${slug}, ${sku}, ${copyName(source.name)}, 'draft', ${columnList(productColumns)}
          FROM products WHERE id = ${id} RETURNING id`,
      );
      const copy = row!.id;
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
        SELECT ${copy}, category_id FROM product_categories WHERE product_id = ${id}`);
      await tx.execute(sql`INSERT INTO product_terms (product_id, term_id)
        SELECT ${copy}, term_id FROM product_terms WHERE product_id = ${id}`);
      // The same picture files, not the import's address: a re-import matches the original only.
      await tx.execute(sql`INSERT INTO product_images (product_id, position, src, alt)
        SELECT ${copy}, position, src, alt FROM product_images WHERE product_id = ${id}
        ORDER BY position, id`);
      const sizeColumns = await copiedColumns(tx, 'variations', [
        'id',
        'product_id',
        'sku',
        'stock_quantity',
      ]);
      await tx.execute(sql`INSERT INTO variations (product_id, sku, stock_quantity, ${columnList(sizeColumns)})
        SELECT ${copy}, NULL, CASE WHEN stock_quantity IS NULL THEN NULL ELSE 0 END,
          ${columnList(sizeColumns)}
        FROM variations WHERE product_id = ${id} ORDER BY position, id`);
      await refreshListingArraysOf(tx, [copy]);
      await refreshProductPrices(tx, [copy]);
      const created = (await readAdminProduct(tx, copy))!;
      await audit(tx, who, {
        action: 'product.duplicate',
        entity: 'product',
        entityId: copy,
        before: null,
        after: { ...summary(created), copied_from: id },
      });
      return created;
    });
  }

  /**
   * Deletes a product no order names (409 otherwise, pointing at archiving); its sizes, images,
   * basket lines and former slugs go with it. The uploaded image files stay: others may use them.
   */
  delete(id: number, loaded: number | undefined, who: AuditActor): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      await claimVersion(tx, productTarget(id), loaded);
      const [ordered] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(DISTINCT order_id)::int AS n FROM order_lines WHERE product_id = ${id}`,
      );
      if (ordered!.n > 0) {
        throw new HttpError(409, 'product_ordered', LIFECYCLE_MESSAGES.ordered(ordered!.n));
      }
      const before = (await readAdminProduct(tx, id))!;
      await tx.execute(sql`DELETE FROM products WHERE id = ${id}`);
      await audit(tx, who, {
        action: 'product.delete',
        entity: 'product',
        entityId: id,
        before: summary(before),
        after: null,
      });
      return { id };
    });
  }
}

/**
 * An archived product's name and first category, for the page's 410; null for any other, and
 * for a trade-only one unless `tradeOnlyOpen` (the buyer may see trade-only products).
 */
export async function archivedProduct(
  db: Database,
  slug: string,
  tradeOnlyOpen: boolean,
): Promise<{ name: string; category: { slug: string; name: string } | null } | null> {
  const [row] = await queryRows<{
    name: string;
    category_slug: string | null;
    category_name: string | null;
  }>(
    db,
    sql`SELECT p.name, c.slug AS category_slug, c.name AS category_name
        FROM products p
        LEFT JOIN LATERAL (SELECT c.slug, c.name FROM product_categories pc
          JOIN categories c ON c.id = pc.category_id
          WHERE pc.product_id = p.id ORDER BY c.position, c.id LIMIT 1) c ON true
        WHERE p.slug = ${slug} AND p.status = 'archived'
          AND (${tradeOnlyOpen} OR NOT p.trade_only)`,
  );
  if (!row) return null;
  return {
    name: row.name,
    category:
      row.category_slug && row.category_name
        ? { slug: row.category_slug, name: row.category_name }
        : null,
  };
}
