import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import {
  CATALOGUE_MESSAGES,
  variationRowProblem,
  type AdminProductJson,
  type VariationRow,
  type VariationsGrid,
} from '#domain/admin-catalogue.ts';
import { editorPrices, storedPrices, type StoredPrices } from '#domain/sale-price.ts';
import { variationKind } from '#domain/samples.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { AuditActor } from '../staff/audit.ts';
import { stockContext } from '../stock.ts';
import { versionedSave } from '../staff-write.ts';
import { readAdminProduct, type VariationRowDb } from './admin-products.ts';
import { refreshProductPrices } from './product-prices.ts';

type Fields = Record<string, string>;

/** The grid's SKUs that another product or size holds, or that the grid repeats. */
async function skuClashes(tx: Database, grid: VariationsGrid, fields: Fields): Promise<void> {
  const skus = grid.variations.flatMap((row) => (row.sku ? [row.sku] : []));
  if (skus.length === 0) return;
  // A kept size's SKU is free only when the grid gives that size another.
  const keptIds = grid.variations.flatMap((row) =>
    row.id && row.sku !== undefined ? [row.id] : [],
  );
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
    if (row.sku && (clashing.has(row.sku) || skus.indexOf(row.sku) !== skus.lastIndexOf(row.sku))) {
      fields[`variations.${index}.sku`] = CATALOGUE_MESSAGES.skuTaken;
    }
  });
}

const priceColumns = (p: StoredPrices): SQL[] => [
  sql`price_pence = ${p.pricePence}`,
  sql`regular_price_pence = ${p.regularPricePence}`,
  sql`scheduled_sale_price_pence = ${p.scheduledSalePricePence}`,
];

/**
 * The SET list of a size that exists: only the fields the grid row carries. A changed price or
 * sale price is checked against the other as stored; a stock change is written only from the
 * figure the editor saw (checked by the caller).
 */
function changedColumns(
  row: VariationRow,
  stored: VariationRowDb,
  position: number,
  fields: Fields,
  now: Date,
): SQL[] {
  const set: SQL[] = [sql`position = ${position}`];
  if (row.option !== undefined) set.push(sql`option = ${row.option}`);
  if (row.sku !== undefined) set.push(sql`sku = ${row.sku}`);
  const priced = ['price', 'sale_price', 'sale_from', 'sale_to'] as const;
  if (priced.some((key) => row[key] !== undefined)) {
    const merged = { ...editorPrices(stored), option: row.option ?? stored.option };
    for (const key of priced)
      if (row[key] !== undefined) Object.assign(merged, { [key]: row[key] });
    const problem = variationRowProblem(merged);
    if (problem) fields[`variations.${position}.${problem.field}`] = problem.message;
    set.push(
      ...priceColumns(storedPrices(merged, now)),
      sql`sale_from = ${merged.sale_from?.toISOString() ?? null}`,
      sql`sale_to = ${merged.sale_to?.toISOString() ?? null}`,
    );
  }
  if (row.stock !== undefined && row.stock !== row.stock_seen) {
    set.push(sql`stock_quantity = ${row.stock}`);
  }
  if (row.made_to_order !== undefined) {
    if (row.made_to_order && variationKind(row.option ?? stored.option) !== 'size') {
      fields[`variations.${position}.made_to_order`] = CATALOGUE_MESSAGES.sampleMadeToOrder;
    }
    set.push(sql`made_to_order = ${row.made_to_order}`);
  }
  return set;
}

/**
 * The rows whose stock the editor changed from a figure that has moved since (a sale, a
 * cancellation, another save): answered 409 with each size's stock now, and nothing is saved.
 */
function movedStock(grid: VariationsGrid, stored: Map<number, VariationRowDb>): HttpError | null {
  const moved = grid.variations.flatMap((row) => {
    const now = row.id === undefined ? undefined : stored.get(row.id);
    if (!now || row.stock === undefined || row.stock === row.stock_seen) return [];
    if (now.stock_quantity === row.stock_seen) return [];
    return [
      { id: now.id, option: now.option, stock_seen: row.stock_seen, stock: now.stock_quantity },
    ];
  });
  if (moved.length === 0) return null;
  const list = moved.map((m) => `${m.option}: ${m.stock ?? 'not counted'}`).join(', ');
  return new HttpError(
    409,
    'stock_moved',
    `Stock changed since you opened the product (now ${list}): reload, then set the stock again`,
    undefined,
    undefined,
    { variations: moved },
  );
}

/**
 * Saves the sizes grid. Rows left out are deleted, new rows inserted, and a row that exists
 * changes only in the fields it carries, so that what the staff member did not touch (a sample's
 * stock, a price a colleague set, pieces sold meanwhile) stays as stored. The product's version
 * is checked like the editor's; each stock change is a ledger row ('adjustment').
 */
export async function saveSizeGrid(
  db: Database,
  productId: number,
  grid: VariationsGrid,
  who: AuditActor,
): Promise<AdminProductJson> {
  const target = {
    table: 'products',
    id: productId,
    entity: 'product',
    missing: 'Product not found',
  } as const;
  const spec = { target, loaded: grid.version, action: 'product.variations' };
  return versionedSave(db, who, spec, async (tx) => {
    const before = (await readAdminProduct(tx, productId))!;
    // The sizes are locked too: an order takes stock under these row locks.
    const locked = await queryRows<VariationRowDb>(
      tx,
      sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence,
        scheduled_sale_price_pence, sale_from, sale_to, stock_quantity, in_stock, made_to_order
        FROM variations WHERE product_id = ${productId} ORDER BY id FOR UPDATE`,
    );
    const stored = new Map(locked.map((v) => [v.id, v]));
    const fields: Fields = {};
    grid.variations.forEach((row, index) => {
      if (row.id !== undefined && !stored.has(row.id)) {
        fields[`variations.${index}.id`] = CATALOGUE_MESSAGES.unknownVariation;
      }
    });
    await skuClashes(tx, grid, fields);
    const moved = movedStock(grid, stored);
    if (moved) throw moved;

    const now = new Date();
    const kept = grid.variations.flatMap((row) => (row.id ? [row.id] : []));
    const updates = grid.variations.flatMap((row, position) =>
      row.id === undefined
        ? []
        : [{ id: row.id, set: changedColumns(row, stored.get(row.id)!, position, fields, now) }],
    );
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);

    await stockContext(tx, { reason: 'adjustment', actor: who.actor, ref: `product:${productId}` });
    await tx.execute(sql`DELETE FROM variations WHERE product_id = ${productId}
      AND NOT (id = ANY(${idArray(kept)}))`);
    // SKUs move between rows in one save: clear those the grid sets so the unique index never trips.
    const reskued = grid.variations.flatMap((row) =>
      row.id && row.sku !== undefined ? [row.id] : [],
    );
    if (reskued.length > 0) {
      await tx.execute(sql`UPDATE variations SET sku = NULL WHERE id = ANY(${idArray(reskued)})`);
    }
    for (const { id, set } of updates) {
      await tx.execute(sql`UPDATE variations SET ${sql.join(set, sql`, `)} WHERE id = ${id}`);
    }
    for (const [position, row] of grid.variations.entries()) {
      if (row.id !== undefined) continue;
      const saleFrom = row.sale_from ?? null;
      const saleTo = row.sale_to ?? null;
      const prices = storedPrices(
        {
          price: row.price!,
          sale_price: row.sale_price ?? null,
          sale_from: saleFrom,
          sale_to: saleTo,
        },
        now,
      );
      await tx.execute(sql`INSERT INTO variations
          (product_id, option, sku, price_pence, regular_price_pence, scheduled_sale_price_pence,
           sale_from, sale_to, stock_quantity, position, made_to_order)
        VALUES (${productId}, ${row.option!}, ${row.sku ?? null}, ${prices.pricePence},
          ${prices.regularPricePence}, ${prices.scheduledSalePricePence},
          ${saleFrom?.toISOString() ?? null}, ${saleTo?.toISOString() ?? null},
          ${row.stock ?? null}, ${position}, ${row.made_to_order ?? false})`);
    }
    await refreshProductPrices(tx, [productId]);
    const after = (await readAdminProduct(tx, productId))!;
    return {
      before: { variations: before.variations },
      after: { variations: after.variations },
      result: after,
    };
  });
}
