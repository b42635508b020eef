// The demo catalogue's tile (a 600x400 size, free and full-size samples), a size out of stock and
// a sundry, with the ids the API gave them, and a shopper with a cookie jar of one session.
import { afterAll, beforeAll } from 'vitest';
import { tileAreaM2 } from '#domain/area.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { CartJson } from '#domain/cart.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

export const catalogue = buildCatalogue();
export const isFree = (o: string) => /free sample/i.test(o);
export const isFull = (o: string) => /full size sample/i.test(o);
export const isTileSize = (o: string) => !isFree(o) && !isFull(o) && tileAreaM2(o) !== null;

export function productWhere(test: (p: SeedProduct) => boolean): SeedProduct {
  const product = catalogue.products.find(test);
  if (!product) throw new Error('the demo catalogue lacks a product this test needs');
  return product;
}

/** A tile with an in-stock 600x400 size, a free sample and a full-size sample in stock. */
export const tile = productWhere(
  (p) =>
    p.variations.some((v) => v.option.startsWith('600x400') && v.inStock) &&
    p.variations.some((v) => isFree(v.option) && v.inStock) &&
    p.variations.some((v) => isFull(v.option) && v.inStock),
);
export const withOutOfStockSize = productWhere((p) =>
  p.variations.some((v) => isTileSize(v.option) && !v.inStock),
);
export const sundry = productWhere((p) => p.categories.includes('tiling-products'));

export let t: TestApp;
export const ids = new Map<string, { id: number; variations: VariationJson[] }>();

export function useCartApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    for (const product of [tile, withOutOfStockSize, sundry]) {
      const response = await t.app.inject({ url: `/api/products/slug/${product.slug}` });
      const body = response.json() as { data: { id: number }; variations: VariationJson[] };
      ids.set(product.slug, { id: body.data.id, variations: body.variations });
    }
  });
  afterAll(async () => {
    await t?.close();
  });
}

export function variationOf(
  product: SeedProduct,
  test: (option: string, inStock: boolean) => boolean,
) {
  const known = ids.get(product.slug)!;
  const variation = known.variations.find((v) => test(v.attributes[0]!.option, v.instock));
  if (!variation) throw new Error(`no such variation of ${product.slug}`);
  return { productId: known.id, variation, pricePence: Math.round(Number(variation.price) * 100) };
}

export const size = () => variationOf(tile, (o, s) => o.startsWith('600x400') && s);
export const freeSample = () => variationOf(tile, (o, s) => isFree(o) && s);
export const fullSample = () => variationOf(tile, (o, s) => isFull(o) && s);

/** A shopper: a cookie jar of one session cookie. */
export class Shopper {
  cookie = '';
  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const response = await t.app.inject({
      method,
      url,
      headers: this.cookie ? { cookie: this.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const setCookie = response.cookies.find((c) => c.name === 'tessera_session');
    if (setCookie) this.cookie = `tessera_session=${setCookie.value}`;
    return { status: response.statusCode, body: response.json(), response };
  }
  async cart(): Promise<CartJson> {
    return (await this.call('GET', '/api/cart')).body.data;
  }
  add(payload: Record<string, unknown>) {
    return this.call('POST', '/api/cart/add', payload);
  }
}

export const pounds = (pence: number) => (pence / 100).toFixed(2);
