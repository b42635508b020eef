import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import { BULK_PREVIEW_ROWS, MAX_BULK_IDS } from '#domain/admin-catalogue.ts';
import {
  changedPrice,
  type BulkChangeRow,
  type BulkEdit,
  type BulkPreviewJson,
} from '#domain/admin-bulk-edits.ts';
import { isFreeSample } from '#domain/samples.ts';
import { badRequest } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { stockContext, type StockContext } from '../stock.ts';
import { filterWhere, pounds } from './admin-product-list.ts';
import type { VariationRowDb } from './admin-products.ts';

/** The columns a bulk edit reads: its prices move as they stand, sale schedule untouched. */
type BulkVariationRow = Omit<
  VariationRowDb,
  'scheduled_sale_price_pence' | 'sale_from' | 'sale_to'
>;
import { refreshProductPrices } from './product-prices.ts';

/** One row a bulk edit changes, with what it was and what it becomes. */
export interface BulkChange {
  table: 'variations' | 'products';
  id: number;
  productId: number;
  before: Record<string, string | number | null>;
  after: Record<string, string | number | null>;
}

/** Bulk edits of prices, stock and status, kept for an undo. */
export class AdminBulkEdits {
  constructor(private readonly db: Database) {}

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
    const variationRows = await queryRows<BulkVariationRow>(
      db,
      sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, in_stock,
        made_to_order
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

  async preview(edit: BulkEdit): Promise<BulkPreviewJson> {
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

  async apply(
    edit: BulkEdit,
    who: AuditActor,
  ): Promise<BulkPreviewJson & { bulk_edit_id: number | null }> {
    return this.db.transaction(async (tx) => {
      const { changes, skipped, names } = await this.bulkChanges(tx, edit, true);
      const options = await this.optionsOf(tx, changes);
      await this.write(tx, changes, 'after', { reason: 'bulk_edit', actor: who.actor });
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

  private async write(
    tx: Database,
    changes: BulkChange[],
    side: 'before' | 'after',
    stock: StockContext,
  ) {
    await stockContext(tx, stock);
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
    const productIds = [...new Set(changes.map((c) => c.productId))];
    await refreshProductPrices(tx, productIds);
    // An editor opened before the bulk edit must not put its figures back.
    if (productIds.length > 0) {
      await tx.execute(sql`UPDATE products SET version = version + 1
        WHERE id = ANY(${idArray(productIds)})`);
    }
  }

  /** The last bulk edit not yet undone, for the undo button. */
  async last() {
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
  async undoLast(who: AuditActor) {
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
          ? queryRows<BulkVariationRow>(
              tx,
              sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, in_stock,
        made_to_order
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
      await this.write(tx, restorable, 'before', {
        reason: 'bulk_undo',
        actor: who.actor,
        ref: `bulk_edit:${edit.id}`,
      });
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
