import { sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import { idArray } from '#db/sql-arrays.ts';
import {
  CATALOGUE_MESSAGES,
  priceUnit,
  type AdminProductJson,
  type ProductCreate,
  type ProductEdit,
} from '#domain/admin-catalogue.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { editorPrices, instantToLondonMinute } from '#domain/sale-price.ts';
import { isSlug, slugify } from '#domain/slug.ts';
import { badRequest } from '../../http/errors.ts';
import { sanitiseCmsHtml } from '../content/sanitise.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { versionedSave } from '../staff-write.ts';
import { freeProductSku, takenSkus } from './product-sku.ts';
import { refreshProductPrices } from './product-prices.ts';

export interface VariationRowDb {
  id: number;
  product_id: number;
  option: string;
  sku: string | null;
  price_pence: number;
  regular_price_pence: number | null;
  scheduled_sale_price_pence: number | null;
  sale_from: Date | string | null;
  sale_to: Date | string | null;
  stock_quantity: number | null;
  in_stock: boolean;
  made_to_order: boolean;
}

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

/** One product as the editor shows it, with its categories, terms, images and sizes. */
export async function readAdminProduct(db: Database, id: number): Promise<AdminProductJson | null> {
  const [row] = await queryRows<
    Omit<AdminProductJson, 'images' | 'variations' | 'updated_at'> & { updated_at: Date | string }
  >(
    db,
    sql`SELECT id, name, slug, sku, status, unit, short_description, description, featured,
        is_new_arrival, on_sale, trade_only, updated_at, version,
        ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1) AS category_ids,
        ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id ORDER BY 1) AS term_ids
      FROM products p WHERE id = ${id}`,
  );
  if (!row) return null;
  const [images, sizes] = await Promise.all([
    queryRows<{ id: number; src: string; alt: string; position: number }>(
      db,
      sql`SELECT id, src, alt, position FROM product_images WHERE product_id = ${id}
        ORDER BY position, id`,
    ),
    variationRows(db, id),
  ]);
  return {
    ...row,
    updated_at: new Date(row.updated_at).toISOString(),
    category_ids: row.category_ids.map(Number),
    term_ids: row.term_ids.map(Number),
    images,
    variations: sizes.map((v) => {
      const prices = editorPrices(v);
      return {
        id: v.id,
        option: v.option,
        sku: v.sku,
        price_unit: priceUnit(v.option),
        price: formatPoundsPlain(prices.price),
        sale_price: prices.sale_price === null ? null : formatPoundsPlain(prices.sale_price),
        sale_from: prices.sale_from && instantToLondonMinute(prices.sale_from),
        sale_to: prices.sale_to && instantToLondonMinute(prices.sale_to),
        stock: v.stock_quantity,
        in_stock: v.in_stock,
        made_to_order: v.made_to_order,
      };
    }),
  };
}

function variationRows(db: Database, productId: number): Promise<VariationRowDb[]> {
  return queryRows<VariationRowDb>(
    db,
    sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence,
        scheduled_sale_price_pence, sale_from, sale_to, stock_quantity, in_stock, made_to_order
      FROM variations WHERE product_id = ${productId} ORDER BY position, id`,
  );
}

async function checkIds(
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
      table === 'categories' ? CATALOGUE_MESSAGES.unknownCategory : CATALOGUE_MESSAGES.unknownTerm;
    throw badRequest(message, { [field]: message });
  }
}

/** The row a product save locks and counts. */
export const productTarget = (id: number) =>
  ({ table: 'products', id, entity: 'product', missing: 'Product not found' }) as const;

/** The editor's own fields, for the audit log: sizes and images have audit rows of their own. */
function editorFields(product: AdminProductJson): Record<string, unknown> {
  const { variations: _v, images: _i, updated_at: _u, version: _n, ...fields } = product;
  return fields;
}

/** The product editor's writes: a new draft, and the editor's fields. */
export class AdminProducts {
  constructor(private readonly db: Database) {}

  async create(input: ProductCreate, who: AuditActor): Promise<AdminProductJson> {
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
        const created = (await readAdminProduct(tx, row!.id))!;
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
  async save(id: number, input: ProductEdit, who: AuditActor): Promise<AdminProductJson> {
    const spec = { target: productTarget(id), loaded: input.version, action: 'product.save' };
    return versionedSave(this.db, who, spec, async (tx) => {
      const before = (await readAdminProduct(tx, id))!;
      await refuseTakenSlug(tx, input.slug, id);
      if (input.status === 'publish' && before.variations.length === 0) {
        throw badRequest(CATALOGUE_MESSAGES.publishWithoutSizes, {
          status: CATALOGUE_MESSAGES.publishWithoutSizes,
        });
      }
      await checkIds(tx, 'categories', input.category_ids, 'category_ids');
      await checkIds(tx, 'attribute_terms', input.term_ids, 'term_ids');
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
          on_sale = ${input.on_sale}, trade_only = ${input.trade_only ?? before.trade_only},
          updated_at = now()
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
      const after = (await readAdminProduct(tx, id))!;
      return { before: editorFields(before), after: editorFields(after), result: after };
    });
  }
}
