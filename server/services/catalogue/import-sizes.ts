import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import { IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import type { SizeFields } from '#domain/woocommerce-row.ts';
import { recordset, textArray } from './import-sql.ts';

export type SizeOutcome = 'created' | 'updated' | 'skipped';

/** A size to write: a variation row, or a simple product's only size. */
export interface SizeToApply extends SizeFields {
  /** The file's row, for the report. */
  row: number;
  productId: number;
  sku: string | null;
  position: number;
  /** Counts the size's outcome (a simple product's size counts within its product's). */
  onOutcome: (outcome: SizeOutcome) => void;
}

interface ExistingSize {
  id: number;
  product_id: number;
  option: string;
  sku: string | null;
  price_pence: number;
  regular_price_pence: number | null;
  stock_quantity: number | null;
  position: number;
  made_to_order: boolean;
}

/**
 * Writes a batch's sizes: matched by SKU, else by product and option; inserted, updated or left
 * alone, each counted through its onOutcome. This is the one place an import writes prices and
 * stock figures; the ledger records each stock change under the batch's stock context.
 */
export async function applySizes(
  tx: Database,
  sizes: SizeToApply[],
  problem: (row: number, sku: string, field: string, message: string) => void,
): Promise<void> {
  if (sizes.length === 0) return;
  const skus = sizes.flatMap((s) => (s.sku ? [s.sku] : []));
  const productIds = [...new Set(sizes.map((s) => s.productId))];
  const [existingRows, productSkus] = await Promise.all([
    queryRows<ExistingSize>(
      tx,
      sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position,
          made_to_order
        FROM variations WHERE sku = ANY(${textArray(skus)}) OR product_id = ANY(${idArray(productIds)})
        FOR UPDATE`,
    ),
    queryRows<{ sku: string }>(
      tx,
      sql`SELECT sku FROM products WHERE sku = ANY(${textArray(skus)})`,
    ),
  ]);
  const bySku = new Map(existingRows.filter((v) => v.sku !== null).map((v) => [v.sku!, v]));
  const byOption = new Map(existingRows.map((v) => [`${v.product_id}\u0000${v.option}`, v]));
  const productSkuSet = new Set(productSkus.map((r) => r.sku));
  const inserts: object[] = [];
  const updates: object[] = [];
  for (const size of sizes) {
    if (size.sku && productSkuSet.has(size.sku)) {
      problem(size.row, size.sku, 'SKU', IMPORT_MESSAGES.skuOfProduct);
      continue;
    }
    const match =
      (size.sku ? bySku.get(size.sku) : undefined) ??
      byOption.get(`${size.productId}\u0000${size.option}`);
    if (match && match.product_id !== size.productId) {
      problem(size.row, size.sku ?? '', 'SKU', IMPORT_MESSAGES.skuOfVariation);
      continue;
    }
    const values = {
      product_id: size.productId,
      option: size.option,
      sku: size.sku ?? match?.sku ?? null,
      price_pence: size.pricePence,
      regular_price_pence: size.regularPricePence,
      stock_quantity: size.stock,
      position: size.position,
      // A file without the column keeps what staff set.
      made_to_order: size.madeToOrder ?? match?.made_to_order ?? false,
    };
    if (!match) {
      inserts.push(values);
      size.onOutcome('created');
      continue;
    }
    const same = (Object.keys(values) as (keyof typeof values)[]).every(
      (key) => values[key] === match[key],
    );
    if (!same) updates.push({ id: match.id, ...values });
    size.onOutcome(same ? 'skipped' : 'updated');
  }
  const columns =
    'product_id int, option text, sku text, price_pence int, regular_price_pence int, stock_quantity int, position int, made_to_order boolean';
  if (updates.length > 0) {
    await tx.execute(sql`UPDATE variations v SET option = r.option, sku = r.sku,
        price_pence = r.price_pence, regular_price_pence = r.regular_price_pence,
        stock_quantity = r.stock_quantity, position = r.position, made_to_order = r.made_to_order
      FROM ${recordset(updates, `id int, ${columns}`)} WHERE v.id = r.id`);
  }
  if (inserts.length > 0) {
    await tx.execute(sql`INSERT INTO variations
        (product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position,
         made_to_order)
      SELECT product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position,
        made_to_order
      FROM ${recordset(inserts, columns)}`);
  }
}
