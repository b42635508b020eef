import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import type { TestApp } from './test-app.ts';

/**
 * The tile the VAT figures are worked on: a published m² size set to 600x400x20 at £250.00 a m²
 * (£60.00 a piece) with 400 in stock, and delivery free from £1.00, so a total is goods alone.
 */
export async function vatTile(t: TestApp): Promise<{ id: number; product_id: number }> {
  const { db } = t.app.services;
  const [size] = await tileSizes(db);
  await workedPrices(db, [size!], { stock: 400 });
  await freeDelivery(db);
  t.app.services.invalidateCatalogue();
  return size!;
}
