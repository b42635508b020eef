// A shop with the demo catalogue for the checkout tests: a marble tile size of stated thickness
// (stock set per test) and its free sample, shoppers with it in the basket, and the figures the
// basket must come to, worked out here from the seeded delivery prices.
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { parseTileSize, tileAreaM2 } from '#domain/area.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { confirmationMailedAt as mailedAt } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The seeded delivery prices (db/migrations/0003_orders.sql), in pence.
export const PARCEL = 995;
export const PALLET = 4900;
export const HIGHLANDS_PALLET = 4500;
export const NI_PALLET = 6000;
export const FREE_FROM = 50_000;
export const TIMED_SLOT = 2500;
export const MARBLE_KG_PER_M2_PER_MM = 2.7;

export const catalogue = buildCatalogue();
export const MARBLE = 6;
export const sized = (option: string) =>
  /^\d+x\d+x\d+$/.test(option) && (parseTileSize(option)?.thicknessMm ?? 0) > 0;

/** A marble tile with a stated thickness in stock, and a free sample in stock. */
export const marble = catalogue.products.find(
  (p) =>
    p.terms.some((t) => t.attributeId === MARBLE && t.slug === 'marble') &&
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => sized(v.option) && v.inStock) &&
    p.variations.some((v) => /free sample/i.test(v.option) && v.inStock),
) as SeedProduct;

export let t: TestApp;
export let productId: number;
export let size: VariationJson;
export let freeSample: VariationJson;

export const pence = (pounds: string) => Math.round(Number(pounds) * 100);
export const optionOf = (v: VariationJson) => v.attributes[0]!.option;

export function useCheckoutApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
    const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
    productId = body.data.id;
    size = body.variations.find((v) => sized(optionOf(v)) && v.instock)!;
    freeSample = body.variations.find((v) => /free sample/i.test(optionOf(v)) && v.instock)!;
    // Plenty of stock for every test but the race, which sets its own.
    await setStock(10_000);
  });
  afterAll(async () => {
    await t?.close();
  });
}

export function setStock(pieces: number) {
  return t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = ${pieces} WHERE id = ${size.id}`,
  );
}

export async function stock(): Promise<number> {
  const [row] = await queryRows<{ stock_quantity: number }>(
    t.app.services.db,
    sql`SELECT stock_quantity FROM variations WHERE id = ${size.id}`,
  );
  return row!.stock_quantity;
}

export async function orderCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.db,
    sql`SELECT count(*)::int AS n FROM orders`,
  );
  return row!.n;
}

/** A shopper with `pieces` of the marble size in the basket. */
export async function shopperWith(pieces: number): Promise<ApiShopper> {
  const shopper = new ApiShopper(t.app);
  const added = await shopper.add(productId, size.id, pieces);
  expect(added.status).toBe(200);
  return shopper;
}

/** The figures a basket of `pieces` of the marble size must come to, worked out here. */
export function expectedGoods(pieces: number) {
  const area = tileAreaM2(optionOf(size))!;
  const m2 = Math.round(pieces * area * 1000) / 1000;
  const gross = Math.round(pence(size.price) * m2);
  const net = Math.round(gross / 1.2);
  const thickness = parseTileSize(optionOf(size))!.thicknessMm!;
  const weight = m2 * MARBLE_KG_PER_M2_PER_MM * thickness;
  return { m2, gross, net, vat: gross - net, weight };
}

/** When the order's confirmation was marked mailed (null until it is). */
export const confirmationMailedAt = (number: string) => mailedAt(t.app.services.db, number);
