import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { EXPORT_HEADERS, exportRows, type ExportProduct } from '#domain/woocommerce-export.ts';
import { idArray } from '#db/sql-arrays.ts';

/** Products read per query: the export holds one page in memory, never the catalogue. */
const EXPORT_PAGE = 250;

type ProductBase = Omit<
  ExportProduct,
  'categories' | 'images' | 'terms' | 'variations' | 'facts'
> & {
  facts: ExportProduct['facts'] | null;
};

const NOTHING_KNOWN = { frost_resistance: '', slip_rating: '', sealing_advice: '' };

/** Groups rows by their product id. */
function byProduct<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.product_id);
    if (group) group.push(row);
    else groups.set(row.product_id, [row]);
  }
  return groups;
}

/**
 * The catalogue as WooCommerce's product CSV, row by row (header first), read a page of
 * products at a time in id order.
 */
export async function* productCsvRows(db: Database, shopOrigin: string): AsyncGenerator<string[]> {
  yield [...EXPORT_HEADERS];
  let after = 0;
  for (;;) {
    const products = await queryRows<ProductBase>(
      db,
      sql`SELECT id, type, sku, slug, name, status, unit, featured, on_sale AS clearance,
          is_new_arrival AS "newArrival", trade_only AS "tradeOnly", short_description AS "shortDescription", description,
          (SELECT to_jsonb(f) - 'product_id' FROM product_facts f WHERE f.product_id = p.id) AS facts
        FROM products p WHERE id > ${after} ORDER BY id LIMIT ${EXPORT_PAGE}`,
    );
    if (products.length === 0) return;
    const ids = idArray(products.map((p) => p.id));
    const [categories, terms, images, sizes] = await Promise.all([
      queryRows<{ product_id: number; name: string; slug: string; section: string }>(
        db,
        sql`SELECT pc.product_id, c.name, c.slug, c.section
          FROM product_categories pc JOIN categories c ON c.id = pc.category_id
          WHERE pc.product_id = ANY(${ids}) ORDER BY c.section, c.position, c.id`,
      ),
      queryRows<{ product_id: number; attribute: string; name: string }>(
        db,
        sql`SELECT pt.product_id, a.name AS attribute, t.name
          FROM product_terms pt JOIN attribute_terms t ON t.id = pt.term_id
          JOIN attributes a ON a.id = t.attribute_id
          WHERE pt.product_id = ANY(${ids}) ORDER BY a.position, t.position, t.id`,
      ),
      queryRows<{ product_id: number; src: string; alt: string }>(
        db,
        sql`SELECT product_id, src, alt FROM product_images WHERE product_id = ANY(${ids})
          ORDER BY position, id`,
      ),
      queryRows<ExportProduct['variations'][number] & { product_id: number }>(
        db,
        sql`SELECT id, product_id, option, sku, price_pence AS "pricePence",
            regular_price_pence AS "regularPricePence", stock_quantity AS stock,
            made_to_order AS "madeToOrder"
          FROM variations WHERE product_id = ANY(${ids}) ORDER BY position, id`,
      ),
    ]);
    const [categoriesOf, termsOf, imagesOf, sizesOf] = [
      byProduct(categories),
      byProduct(terms),
      byProduct(images),
      byProduct(sizes),
    ];
    for (const product of products) {
      const termNames: Record<string, string[]> = {};
      for (const term of termsOf.get(product.id) ?? []) {
        (termNames[term.attribute] ??= []).push(term.name);
      }
      yield* exportRows(
        {
          ...product,
          facts: product.facts ?? NOTHING_KNOWN,
          categories: categoriesOf.get(product.id) ?? [],
          images: (imagesOf.get(product.id) ?? []).map(({ src, alt }) => ({ src, alt })),
          terms: termNames,
          variations: (sizesOf.get(product.id) ?? []).map(({ product_id: _, ...size }) => size),
        },
        shopOrigin,
      );
    }
    after = products[products.length - 1]!.id;
  }
}
