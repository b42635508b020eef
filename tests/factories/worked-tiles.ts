// Sizes to work figures by hand with: tests pick real sizes of the seeded catalogue and set the
// few columns their sums depend on, so a total can be written down in the test.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';

/** A size and its product. */
export interface TileSize {
  id: number;
  product_id: number;
}

/** The first `count` sizes (by id) of published per-m² products named W x L x T, not made to order. */
export function tileSizes(db: Database, count = 1): Promise<TileSize[]> {
  return queryRows<TileSize>(
    db,
    sql`SELECT v.id, v.product_id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND p.unit = 'm2' AND v.option ~ '^\\d+x\\d+x\\d+$'
          AND NOT v.made_to_order
        ORDER BY v.id LIMIT ${count}`,
  );
}

/** What the sizes are set to, in order: 0.24 m² (£60.00) and 0.36 m² (£36.00) a piece. */
const WORKED = [
  { option: '600x400x20', pricePence: 25_000 },
  { option: '600x600x20', pricePence: 10_000 },
] as const;

/**
 * Sets `sizes` to figures worked by hand: the first a 600x400x20 tile at £250.00 a m², the second
 * a 600x600x20 at £100.00 a m², neither on sale; `stock` pieces and `piecesPerPack` when given.
 */
export async function workedPrices(
  db: Database,
  sizes: readonly TileSize[],
  { stock, piecesPerPack }: { stock?: number; piecesPerPack?: number } = {},
): Promise<void> {
  for (const [i, size] of sizes.entries()) {
    const { option, pricePence } = WORKED[i]!;
    await db.execute(sql`UPDATE variations SET option = ${option}, price_pence = ${pricePence},
        regular_price_pence = NULL,
        stock_quantity = coalesce(${stock ?? null}::int, stock_quantity),
        pieces_per_pack = coalesce(${piecesPerPack ?? null}::int, pieces_per_pack)
      WHERE id = ${size.id}`);
  }
}

/** Delivery free from £1.00: an order's total is its goods alone. */
export async function freeDelivery(db: Database): Promise<void> {
  await db.execute(sql`UPDATE delivery_settings SET free_threshold_pence = 100`);
}
