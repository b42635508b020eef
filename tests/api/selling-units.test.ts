import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { variationKind } from '#domain/samples.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
/** A tin of sealer: sold each, its sizes name the tin ('1 Litre'). */
const sealer = catalogue.products.find(
  (p) => p.unit === 'each' && p.variations.some((v) => v.inStock && /litre/i.test(v.option)),
) as SeedProduct;
/** A tile sold by the m². */
const tile = catalogue.products.find(
  (p) =>
    (p.unit ?? 'm2') === 'm2' &&
    p.variations.some((v) => v.inStock && /^\d+x\d+x\d+$/.test(v.option)),
) as SeedProduct;

let t: TestApp;

async function productOf(slug: string) {
  const answer = await t.app.inject({ url: `/api/products/slug/${slug}` });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { data: { id: number; unit: string }; variations: VariationJson[] };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('selling units in the answers', () => {
  it('carries the unit from the product through basket, quote and order, and keeps it on the order', async () => {
    const sealerAnswer = await productOf(sealer.slug);
    const tileAnswer = await productOf(tile.slug);
    expect(sealerAnswer.data.unit).toBe('each');
    expect(tileAnswer.data.unit).toBe('m2');
    const tin = sealerAnswer.variations.find(
      (v) => v.instock && /litre/i.test(v.attributes[0]!.option),
    )!;
    const size = tileAnswer.variations.find(
      (v) => /^\d+x\d+x\d+$/.test(v.attributes[0]!.option) && (v.stock_quantity ?? 10) >= 2,
    )!;

    const shopper = new ApiShopper(t.app);
    expect((await shopper.add(sealerAnswer.data.id, tin.id, 3)).status).toBe(200);
    const basket = await shopper.add(tileAnswer.data.id, size.id, 2);
    expect(basket.status).toBe(200);
    const lines = basket.body.data.line_items as {
      product_id: number;
      unit: string;
      display_quantity: string;
    }[];
    const sealerLine = lines.find((l) => l.product_id === sealerAnswer.data.id)!;
    const tileLine = lines.find((l) => l.product_id === tileAnswer.data.id)!;
    expect(sealerLine).toMatchObject({ unit: 'each', display_quantity: '3 items' });
    expect(tileLine.unit).toBe('m2');
    expect(tileLine.display_quantity).toMatch(/^2 pcs \(\d+\.\d{3} m²\)$/);

    const quote: CheckoutQuoteJson = await shopper.quote();
    const quoted = (id: number) => quote.lines.find((l) => l.product_id === id)!;
    expect(quoted(sealerAnswer.data.id)).toMatchObject({
      unit: 'item',
      selling_unit: 'each',
      m2: null,
    });
    expect(quoted(tileAnswer.data.id)).toMatchObject({ unit: 'm2', selling_unit: 'm2' });

    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    const line = (o: OrderJson) => o.lines.find((l) => l.product_id === sealerAnswer.data.id)!;
    expect(line(order)).toMatchObject({ unit: 'item', selling_unit: 'each', pieces: 3 });

    // The product is sold by the litre from now on: the order keeps the unit it was sold in.
    await t.app.services.db.execute(
      sql`UPDATE products SET unit = 'litre' WHERE id = ${sealerAnswer.data.id}`,
    );
    const rows = await queryRows<{ selling_unit: string }>(
      t.app.services.db,
      sql`SELECT l.selling_unit FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${order.number} AND l.product_id = ${sealerAnswer.data.id}`,
    );
    expect(rows).toEqual([{ selling_unit: 'each' }]);
    const again = await shopper.call(
      'GET',
      `/api/orders/${order.number}?token=${placed.body.token as string}`,
    );
    expect(again.status).toBe(200);
    expect(line(again.body.data as OrderJson).selling_unit).toBe('each');
  });

  it('prices a tile-like size of a product sold by the litre per piece, through to the stored order line', async () => {
    const tin = catalogue.products
      .filter((p) => p !== sealer && p !== tile)
      .flatMap((p) => p.variations.map((v) => ({ product: p, variation: v })))
      .find(({ variation: v }) => v.inStock && variationKind(v.option) === 'size')!;
    const { id: productId } = (await productOf(tin.product.slug)).data;
    const [variation] = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`SELECT id FROM variations WHERE product_id = ${productId} AND option = ${tin.variation.option}`,
    );
    // By area, 3 × 0.24 m² at £12.50 would be £9.00; per piece it is £37.50.
    await t.app.services.db.execute(
      sql`UPDATE products SET unit = 'litre' WHERE id = ${productId}`,
    );
    await t.app.services.db.execute(
      sql`UPDATE variations SET option = '600x400', price_pence = 1250 WHERE id = ${variation!.id}`,
    );

    const shopper = new ApiShopper(t.app);
    const basket = await shopper.add(productId, variation!.id, 3);
    expect(basket.status).toBe(200);
    expect(basket.body.data.line_items).toMatchObject([
      {
        quantity: 3,
        m2_quantity: null,
        price: '12.50',
        line_total: '37.50',
        unit: 'litre',
        display_quantity: '3 litres',
      },
    ]);
    expect(basket.body.data).toMatchObject({ subtotal: '37.50', vat: '6.25' });

    const quote = await shopper.quote();
    expect(quote.lines).toMatchObject([
      {
        unit: 'item',
        selling_unit: 'litre',
        m2: null,
        unit_price: '12.50',
        total: { net: '31.25', vat: '6.25', gross: '37.50' },
      },
    ]);
    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.lines).toMatchObject([
      { unit: 'item', selling_unit: 'litre', m2: null, pieces: 3, total: quote.lines[0]!.total },
    ]);
    expect(order.totals.total.gross).toBe(quote.totals.total.gross);

    const rows = await queryRows<Record<string, unknown>>(
      t.app.services.db,
      sql`SELECT l.size, l.pieces, l.m2, l.unit, l.selling_unit, l.unit_price_pence,
            l.net_pence, l.vat_pence, l.gross_pence
          FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.number = ${order.number}`,
    );
    expect(rows).toEqual([
      {
        size: '600x400',
        pieces: 3,
        m2: null,
        unit: 'item',
        selling_unit: 'litre',
        unit_price_pence: 1250,
        net_pence: 3125,
        vat_pence: 625,
        gross_pence: 3750,
      },
    ]);
  });

  it('refuses a selling unit an order line cannot have', async () => {
    const refused = (await t.app.services.db
      .execute(sql`UPDATE order_lines SET selling_unit = 'bag'`)
      .then(
        () => null,
        (error: unknown) => error,
      )) as { cause?: { message?: string } } | null;
    expect(refused?.cause?.message).toMatch(/order_lines_selling_unit_known/);
  });
});
