import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { TestApp } from './test-app.ts';

/**
 * The tile the VAT figures are worked on: a published m² size set to 600x400x20 at £250.00 a m²
 * (£60.00 a piece) with 400 in stock, and delivery free from £1.00, so a total is goods alone.
 */
export async function vatTile(t: TestApp): Promise<{ id: number; product_id: number }> {
  const { db } = t.app.services;
  const [size] = await queryRows<{ id: number; product_id: number }>(
    db,
    sql`SELECT v.id, v.product_id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND p.unit = 'm2' AND v.option ~ '^\\d+x\\d+x\\d+$'
          AND NOT v.made_to_order
        ORDER BY v.id LIMIT 1`,
  );
  await db.execute(sql`UPDATE variations SET option = '600x400x20', price_pence = 25000,
    regular_price_pence = NULL, stock_quantity = 400 WHERE id = ${size!.id}`);
  await db.execute(sql`UPDATE delivery_settings SET free_threshold_pence = 100`);
  t.app.services.invalidateCatalogue();
  return size!;
}
