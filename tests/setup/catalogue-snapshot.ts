// The catalogue as a shopper sees it, read straight from the database by SKU and slug, for tests
// that compare it before and after an import or export.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { sanitiseCmsHtml } from '#server/services/content/sanitise.ts';

/** The sizes of the product with SKU `productSku`, in their order. */
export async function variationsOf(db: Database, productSku: string) {
  return queryRows<{
    sku: string;
    option: string;
    price_pence: number;
    regular_price_pence: number | null;
    stock_quantity: number | null;
    position: number;
  }>(
    db,
    sql`SELECT v.sku, v.option, v.price_pence, v.regular_price_pence, v.stock_quantity, v.position
      FROM variations v JOIN products p ON p.id = v.product_id
      WHERE p.sku = ${productSku} ORDER BY v.position`,
  );
}

/** Everything a shopper sees of the catalogue, by SKU and slug rather than generated ids. */
export async function catalogueSnapshot(db: Database) {
  const [products, variations, categories, terms] = await Promise.all([
    queryRows(
      db,
      sql`SELECT p.sku, p.slug, p.name, p.type, p.status, p.featured, p.on_sale, p.is_new_arrival,
          p.short_description, p.description, p.price_pence, p.regular_price_pence,
          ARRAY(SELECT c.section || '/' || c.slug || '/' || c.name FROM product_categories pc
            JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id ORDER BY 1) AS categories,
          ARRAY(SELECT a.slug || '/' || tt.slug || '/' || tt.name FROM product_terms pt
            JOIN attribute_terms tt ON tt.id = pt.term_id JOIN attributes a ON a.id = tt.attribute_id
            WHERE pt.product_id = p.id ORDER BY 1) AS terms,
          ARRAY(SELECT src FROM product_images i WHERE i.product_id = p.id ORDER BY position, id) AS images,
          p.category_ids = ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1) AS arrays_fresh
        FROM products p ORDER BY p.sku`,
    ),
    queryRows(
      db,
      sql`SELECT p.sku AS product, v.option, v.sku, v.price_pence, v.regular_price_pence,
          v.stock_quantity, v.in_stock, v.position
        FROM variations v JOIN products p ON p.id = v.product_id ORDER BY p.sku, v.position`,
    ),
    queryRows(
      db,
      sql`SELECT DISTINCT c.slug, c.name, c.section FROM categories c
        JOIN product_categories pc ON pc.category_id = c.id ORDER BY c.slug`,
    ),
    queryRows(
      db,
      sql`SELECT DISTINCT tt.attribute_id, tt.slug, tt.name FROM attribute_terms tt
        JOIN product_terms pt ON pt.term_id = tt.id ORDER BY 1, 2`,
    ),
  ]);
  // Descriptions are compared as the shop serves them: every save sanitises its HTML.
  for (const product of products as { description: string }[]) {
    product.description = sanitiseCmsHtml(product.description);
  }
  return { products, variations, categories, terms };
}
