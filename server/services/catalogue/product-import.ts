import type { Database } from '#db/client.ts';
import type { RowProblem } from '#domain/woocommerce-csv.ts';
import type { ProductRow, WooRow } from '#domain/woocommerce-row.ts';
import type { ImageFetchLimits } from '../media/image-fetch.ts';
import {
  ImportBatch,
  type ImportCounts,
  type ImportOptions,
  type ImportState,
} from './import-batch.ts';
import { ImportImages } from './import-images.ts';
import { ImportSettlement } from './import-settle.ts';
import { ensureAttributes } from './import-taxonomy.ts';
import { stockContext, type StockContext } from '../stock.ts';

export type { ImportCounts, ImportOptions } from './import-batch.ts';

/**
 * Applies a WooCommerce product CSV to the catalogue, a batch of rows at a time, matching
 * products and sizes by SKU (a size without one by its product and option), so the same file
 * twice changes nothing the second time. What a batch cannot place is reported row by row; the
 * other rows go in. Once every batch is in, settle() publishes what can be sold.
 */
export class ProductImport {
  readonly counts: ImportCounts = { created: 0, updated: 0, skipped: 0 };
  private readonly state: ImportState;
  private readonly stock: StockContext;

  constructor(
    private readonly db: Database,
    options: ImportOptions & { fetchLimits: ImageFetchLimits; stockActor: string; jobId: number },
  ) {
    const { fetchLimits, stockActor, jobId, ...importOptions } = options;
    this.stock = { reason: 'import', actor: stockActor, ref: `import:${jobId}` };
    this.state = {
      options: importOptions,
      images: new ImportImages(db, { ...importOptions, fetchLimits }),
      settlement: new ImportSettlement(db, importOptions),
      fileIdToSku: new Map(),
      productSkusSeen: new Set(),
      sizeKeysSeen: new Set(),
      nextPosition: new Map(),
      createdInDryRun: new Map(),
    };
  }

  /**
   * Applies one batch in a transaction (rolled back in a dry run), after fetching the images
   * its rows name; answers the problems found.
   */
  async applyBatch(rows: WooRow[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, skipped: 0 };
    const createdSkus = new Map<string, string>();
    await this.state.images.prepare(rows.filter((r): r is ProductRow => r.kind === 'product'));
    const rollback = new Error('dry run');
    try {
      await this.db.transaction(async (tx) => {
        await ensureAttributes(tx);
        await stockContext(tx, this.stock);
        const batch = new ImportBatch(tx, this.state, problems, counts, createdSkus);
        await batch.apply(rows);
        if (this.state.options.dryRun) throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    this.counts.created += counts.created;
    this.counts.updated += counts.updated;
    this.counts.skipped += counts.skipped;
    if (this.state.options.dryRun) {
      for (const [sku, type] of createdSkus) this.state.createdInDryRun.set(sku, type);
    }
    return problems;
  }

  /** Publishes what the file publishes and can be sold, with the units; answers its warnings. */
  settle(): Promise<RowProblem[]> {
    return this.state.settlement.settle();
  }
}
