import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  DEFAULT_SELLING_UNIT,
  isSellingUnit,
  unitOfOptions,
  unsellableReason,
  type SellingUnit,
  type UnsellableReason,
} from '#domain/selling-unit.ts';
import { IMPORT_MESSAGES, WOO_FIELDS, type RowProblem } from '#domain/woocommerce-csv.ts';
import { recordset, textArray } from './import-sql.ts';

/** What the file says of one product, gathered over every batch. */
interface Entry {
  /** The product's row (or its first size's, when the file has no row for the product). */
  row: number;
  sku: string;
  /** The file's wish: true to publish, false for a draft, undefined to keep the shop's. */
  publish: boolean | undefined;
  /** The unit of the file's Meta: _tessera_unit column. */
  unit: SellingUnit | undefined;
  /** The unit its name or short description quotes, when the import infers units. */
  quoted: SellingUnit | null;
  /** Its sizes in the file: option → price in pence. */
  sizes: Map<string, number>;
}

interface Stored {
  id: number;
  sku: string;
  status: string;
  unit: string;
  sizes: { option: string; price: number }[];
}

/** Products settled per query. */
const CHUNK = 500;

function draftMessage(reason: UnsellableReason): string {
  if (reason.kind === 'no-size') return IMPORT_MESSAGES.draftNoSize;
  if (reason.kind === 'zero-price') return IMPORT_MESSAGES.draftZeroPrice(reason.option);
  return IMPORT_MESSAGES.draftNoArea(reason.option);
}

/**
 * The last step of an import, once every batch is in: each product the file touched gets its
 * unit (the file's, else inferred when asked, else the one it has) and is published only if it
 * can be sold (unsellableReason): otherwise it stays a draft, with a warning on its row. Until
 * then a new product is a draft, so nothing half-imported is ever on sale. A dry run reports the
 * same warnings and writes nothing.
 */
export class ImportSettlement {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Database,
    private readonly options: { dryRun: boolean; inferUnits: boolean },
  ) {}

  /** A product row of the file. */
  product(
    sku: string,
    row: number,
    wish: { publish: boolean | undefined; unit?: SellingUnit; quoted: SellingUnit | null },
  ): void {
    const entry = this.entry(sku, row);
    entry.row = row;
    entry.publish = wish.publish;
    entry.unit = wish.unit;
    entry.quoted = wish.quoted;
  }

  /** A size of a product, from a variation row or a simple product's row. */
  size(productSku: string, row: number, option: string, pricePence: number): void {
    this.entry(productSku, row).sizes.set(option, pricePence);
  }

  private entry(sku: string, row: number): Entry {
    let entry = this.entries.get(sku);
    if (!entry) {
      entry = { row, sku, publish: undefined, unit: undefined, quoted: null, sizes: new Map() };
      this.entries.set(sku, entry);
    }
    return entry;
  }

  /** Settles every product the file touched; answers the warnings for its report. */
  async settle(): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const entries = [...this.entries.values()];
    for (let i = 0; i < entries.length; i += CHUNK) {
      problems.push(...(await this.settleChunk(entries.slice(i, i + CHUNK))));
    }
    return problems.sort((a, b) => a.row - b.row);
  }

  private async settleChunk(entries: Entry[]): Promise<RowProblem[]> {
    const stored = await queryRows<Stored>(
      this.db,
      sql`SELECT p.id, p.sku, p.status, p.unit,
          coalesce(json_agg(json_build_object('option', v.option, 'price', v.price_pence)
            ORDER BY v.position, v.id) FILTER (WHERE v.id IS NOT NULL), '[]'::json) AS sizes
        FROM products p LEFT JOIN variations v ON v.product_id = p.id
        WHERE p.sku = ANY(${textArray(entries.map((e) => e.sku))})
        GROUP BY p.id`,
    );
    const bySku = new Map(stored.map((p) => [p.sku, p]));
    const problems: RowProblem[] = [];
    const changes: { id: number; status: string; unit: SellingUnit }[] = [];
    for (const entry of entries) {
      const before = bySku.get(entry.sku);
      // In a dry run a new product is not stored: the file's sizes are all it has.
      const sizes = new Map(before?.sizes.map((s) => [s.option, s.price]));
      for (const [option, price] of entry.sizes) sizes.set(option, price);
      const inferred = this.options.inferUnits
        ? (entry.quoted ?? unitOfOptions([...sizes.keys()]))
        : null;
      const storedUnit = before && isSellingUnit(before.unit) ? before.unit : DEFAULT_SELLING_UNIT;
      const unit = entry.unit ?? inferred ?? storedUnit;
      const publish = entry.publish ?? before?.status === 'publish';
      const reason = publish
        ? unsellableReason(
            unit,
            [...sizes].map(([option, pricePence]) => ({ option, pricePence })),
          )
        : null;
      if (reason) {
        problems.push({
          row: entry.row,
          sku: entry.sku,
          field: WOO_FIELDS.published,
          message: draftMessage(reason),
          severity: 'warning',
        });
      }
      const status = publish && !reason ? 'publish' : publish ? 'draft' : (before?.status ?? '');
      if (before && (before.status !== status || before.unit !== unit)) {
        changes.push({ id: before.id, status, unit });
      }
    }
    if (changes.length > 0 && !this.options.dryRun) {
      await this.db.execute(sql`UPDATE products p SET status = r.status, unit = r.unit,
          updated_at = now()
        FROM ${recordset(changes, 'id int, status text, unit text')} WHERE p.id = r.id`);
    }
    return problems;
  }
}
