// Bulk edits of the back office's product list: the list's query (its filter picks "all
// matching"), the edits (prices by a percentage or an amount, stock, publish) and their previews.
import { z } from '#domain/zod.ts';
import {
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  CATALOGUE_MESSAGES,
  idList,
  MAX_BULK_IDS,
  MAX_PRICE_PENCE,
  MAX_STOCK,
  PRODUCT_STATUSES,
} from './admin-catalogue.ts';
import { boolParam, intParam, single } from './catalogue-query.ts';
import { roundPence, tryToPence } from './money.ts';

export const ADMIN_SORTS = [
  'id-desc',
  'date-desc',
  'date-asc',
  'id-asc',
  'price-asc',
  'price-desc',
] as const;
/** Sorts an index serves at 100k products (no name index exists: search by name instead). */
export type AdminSort = (typeof ADMIN_SORTS)[number];

const optionalId = single(z.coerce.number({ error: 'Must be a whole number' }).int().positive())
  .optional()
  .catch(undefined);

/** GET /api/admin/products: search by name or SKU, filter, sort, page. */
export const adminProductsQuery = z.object({
  page: intParam(1, 10_000, 1),
  per_page: intParam(1, 100, 25),
  q: single(z.string().trim().max(200, { error: 'At most 200 characters' })).optional(),
  status: single(z.enum(PRODUCT_STATUSES, { error: CATALOGUE_MESSAGES.statusRequired })).optional(),
  category: optionalId,
  /** true: only trade-only products; false: only those retail shoppers see too. */
  trade_only: boolParam,
  sort: single(z.enum(ADMIN_SORTS, { error: 'Unknown sort' })).default('id-desc'),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuery>;
/** The filter part of the list's query, shared with "all matching" bulk edits. */
export type AdminProductFilter = Pick<
  AdminProductsQuery,
  'q' | 'status' | 'category' | 'trade_only'
>;

export const BULK_ACTIONS = [
  'price_percent',
  'price_amount',
  'set_stock',
  'publish',
  'unpublish',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkEditSchema = z
  .object({
    /** Chosen products, or every product matching `filter` when `all` is true. */
    ids: idList(CATALOGUE_MESSAGES.bulkNothingSelected).max(MAX_BULK_IDS).default([]),
    all: z.boolean().default(false),
    filter: z
      .object({
        q: z.string().trim().max(200).optional(),
        status: z.enum(PRODUCT_STATUSES).optional(),
        category: z.number().int().positive().optional(),
        trade_only: z.boolean().optional(),
      })
      .default({}),
    action: z.enum(BULK_ACTIONS, { error: CATALOGUE_MESSAGES.bulkActionRequired }),
    /** Percent for price_percent, pounds for price_amount, pieces for set_stock. */
    value: z.string().trim().default(''),
  })
  .superRefine((edit, ctx) => {
    if (!edit.all && edit.ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: CATALOGUE_MESSAGES.bulkNothingSelected,
      });
    }
    const value = edit.value;
    if (edit.action === 'price_percent') {
      const n = /^[+-]?\d{1,3}(\.\d{1,2})?$/.test(value) ? Number(value) : NaN;
      if (!(n >= BULK_PERCENT_MIN && n <= BULK_PERCENT_MAX)) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: CATALOGUE_MESSAGES.bulkPercentInvalid,
        });
      }
    } else if (edit.action === 'price_amount') {
      const pence = tryToPence(value);
      if (pence === null || Math.abs(pence) > MAX_PRICE_PENCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: CATALOGUE_MESSAGES.bulkAmountInvalid,
        });
      }
    } else if (edit.action === 'set_stock') {
      if (!/^\d{1,7}$/.test(value) || Number(value) > MAX_STOCK) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: CATALOGUE_MESSAGES.bulkStockInvalid,
        });
      }
    }
  });
export type BulkEditInput = z.input<typeof bulkEditSchema>;
export type BulkEdit = z.output<typeof bulkEditSchema>;

/**
 * A price after a percentage change, rounded by the shop's one rule.
 *
 * percentChange(4500, 10) → 4950
 * percentChange(1999, -15) → 1699 (1699.15)
 * percentChange(333, 50) → 500 (499.5 rounds half up)
 */
export function percentChange(pence: number, percent: number): number {
  return roundPence((pence * (100 + percent)) / 100);
}

/**
 * A price after a bulk price change; null when the change would take it below zero.
 *
 * changedPrice(4500, 'price_percent', '10') → 4950
 * changedPrice(4500, 'price_amount', '-2.50') → 4250
 * changedPrice(100, 'price_amount', '-2') → null
 */
export function changedPrice(
  pence: number,
  action: 'price_percent' | 'price_amount',
  value: string,
): number | null {
  const after =
    action === 'price_percent' ? percentChange(pence, Number(value)) : pence + tryToPence(value)!;
  return after < 0 ? null : Math.min(after, MAX_PRICE_PENCE);
}

export interface BulkChangeRow {
  product_id: number;
  product: string;
  variation_id: number | null;
  option: string | null;
  field: 'price' | 'regular_price' | 'stock' | 'status';
  before: string | number | null;
  after: string | number | null;
}

export interface BulkPreviewJson {
  action: BulkAction;
  products: number;
  changes: number;
  rows: BulkChangeRow[];
  /** Rows left as they were, and why (e.g. a price that would fall below zero). */
  skipped: number;
}

const bulkValue = z.union([z.string(), z.number(), z.null()]);
export const bulkPreviewSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  products: z.number().int(),
  changes: z.number().int(),
  rows: z.array(
    z.object({
      product_id: z.number().int(),
      product: z.string(),
      variation_id: z.number().int().nullable(),
      option: z.string().nullable(),
      field: z.enum(['price', 'regular_price', 'stock', 'status']),
      before: bulkValue,
      after: bulkValue,
    }),
  ),
  skipped: z.number().int(),
});

export const bulkAppliedSchema = bulkPreviewSchema.extend({
  bulk_edit_id: z.number().int().nullable(),
});

export const lastBulkEditSchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    summary: z.string(),
    changes: z.number().int(),
    created_at: z.string(),
  })
  .nullable();

export const bulkUndoSchema = z.object({
  bulk_edit_id: z.number().int(),
  restored: z.number().int(),
  skipped: z.array(
    z.object({
      table: z.string(),
      id: z.number().int(),
      product_id: z.number().int(),
      reason: z.string(),
    }),
  ),
});
