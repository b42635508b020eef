import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { DELIVERY_ZONES } from '#db/seed/delivery-zones.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { parseTileSize, tileAreaM2 } from '#domain/area.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const PHONE = '0117 496 0472';
const catalogue = buildCatalogue();
const sized = (option: string) =>
  /^\d+x\d+x\d+$/.test(option) && (parseTileSize(option)?.thicknessMm ?? 0) > 0;
const marble = catalogue.products.find(
  (p) =>
    p.terms.some((term) => term.slug === 'marble') &&
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => sized(v.option) && v.inStock),
) as SeedProduct;
const optionOf = (v: VariationJson) => v.attributes[0]!.option;

let t: TestApp;
let productId: number;
let size: VariationJson;
/** Pieces of the size that make one pallet of goods worth under the £500 free threshold. */
let pieces: number;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => sized(optionOf(v)) && v.instock)!;
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${size.id}`,
  );
  // Over 18 kg (a pallet), under £500 (no free delivery): 19 kg of 2.7 × thickness kg/m².
  const area = tileAreaM2(optionOf(size))!;
  const kgPerPiece = area * 2.7 * parseTileSize(optionOf(size))!.thicknessMm!;
  pieces = Math.ceil(19 / kgPerPiece);
  expect(pieces * area * Number(size.price)).toBeLessThan(500);
});
afterAll(async () => {
  await t?.close();
});

async function estimate(shopper: ApiShopper, payload: unknown) {
  return shopper.call('POST', '/api/delivery/estimate', payload);
}

describe('delivery_zones: the migration wrote every zone of db/seed/delivery-zones.ts', () => {
  it('holds the same rows', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      t.app.services.db,
      sql`SELECT * FROM delivery_zones ORDER BY position`,
    );
    expect(rows).toEqual(
      DELIVERY_ZONES.map((zone) => ({
        code: zone.code,
        name: zone.name,
        prefixes: zone.prefixes,
        deliverable: zone.deliverable,
        parcel_surcharge_pence: zone.parcelSurchargePence,
        pallet_surcharge_pence: zone.palletSurchargePence,
        extra_days: zone.extraDays,
        message: zone.message,
        position: zone.position,
      })),
    );
  });
});

describe('POST /api/delivery/estimate: the figure checkout charges, before checkout', () => {
  const cases = [
    { postcode: 'BS2 0UX', zone: 'UK mainland', price: '49.00', surcharge: null, days: [3, 5] },
    {
      postcode: 'IV2 3JH',
      zone: 'Scottish Highlands',
      price: '94.00',
      surcharge: 'Scottish Highlands: +£45.00 pallet surcharge',
      days: [5, 7],
    },
    {
      postcode: 'BT1 5GS',
      zone: 'Northern Ireland',
      price: '109.00',
      surcharge: 'Northern Ireland: +£60.00 pallet surcharge',
      days: [5, 7],
    },
    {
      postcode: 'po30 1aa',
      zone: 'Isle of Wight',
      price: '84.00',
      surcharge: 'Isle of Wight: +£35.00 pallet surcharge',
      days: [4, 6],
    },
  ];
  for (const c of cases) {
    it(`${c.postcode}: ${c.zone}, ${c.price}, the same as checkout's quote for the basket and for the lines`, async () => {
      const guest = new ApiShopper(t.app);
      const forLines = await estimate(guest, {
        postcode: c.postcode,
        lines: [{ variation_id: size.id, quantity: pieces }],
      });
      expect(forLines.status).toBe(200);
      const answer = forLines.body.data;
      expect(answer.postcode).toBe(c.postcode.toUpperCase());
      expect(answer.deliverable).toBe(true);
      expect(answer.zone.name).toBe(c.zone);
      expect(answer.method).toBe('pallet');
      expect(answer.price).toBe(c.price);
      expect(answer.surcharge?.text ?? null).toBe(c.surcharge);
      expect([answer.estimate.min_days, answer.estimate.max_days]).toEqual(c.days);

      expect((await guest.add(productId, size.id, pieces)).status).toBe(200);
      const quote = await guest.quote(`country=GB&postcode=${encodeURIComponent(c.postcode)}`);
      const forBasket = await estimate(guest, { postcode: c.postcode });
      expect(forBasket.status).toBe(200);
      expect(forBasket.body.data.delivery).toEqual(quote.delivery);
      expect(forBasket.body.data.totals).toEqual(quote.totals);
      expect(answer.delivery).toEqual(quote.delivery);
      expect(answer.totals).toEqual(quote.totals);
      expect(quote.delivery.options[0]!.price).toBe(c.price);
    });
  }

  it('the mainland delivers free from £500 of goods; the Highlands never do', async () => {
    const lines = [{ variation_id: size.id, quantity: pieces * 10 }];
    const shopper = new ApiShopper(t.app);
    const mainland = (await estimate(shopper, { postcode: 'BS2 0UX', lines })).body.data;
    const highlands = (await estimate(shopper, { postcode: 'IV2 3JH', lines })).body.data;
    expect(Number(mainland.totals.goods.gross)).toBeGreaterThanOrEqual(500);
    expect(mainland.price).toBe('0.00');
    expect(highlands.price).not.toBe('0.00');
    expect(highlands.surcharge.amount).toBe((45 * highlands.delivery.pallets).toFixed(2));
  });

  it('areas the shop cannot reach answer why, with no price', async () => {
    const shopper = new ApiShopper(t.app);
    const lines = [{ variation_id: size.id, quantity: pieces }];
    const refusals = [
      [
        'GY1 1AA',
        `Sorry, we cannot deliver to the Channel Islands. Please call us on ${PHONE} to arrange collection or your own courier.`,
      ],
      [
        'JE2 3AB',
        `Sorry, we cannot deliver to the Channel Islands. Please call us on ${PHONE} to arrange collection or your own courier.`,
      ],
      [
        'BF1 3AA',
        `Sorry, we cannot send stone through BFPO. Please call us on ${PHONE} to arrange delivery to a UK address.`,
      ],
      [
        'YY1 1AA',
        `YY is not a UK postcode area. Please check the postcode, or call us on ${PHONE}.`,
      ],
    ];
    for (const [postcode, message] of refusals) {
      const answer = await estimate(shopper, { postcode, lines });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        deliverable: false,
        message,
        price: null,
        estimate: null,
        surcharge: null,
      });
    }
  });

  it('an empty basket is said so', async () => {
    const answer = await estimate(new ApiShopper(t.app), { postcode: 'BS2 0UX' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ deliverable: false, message: 'Your basket is empty' });
  });

  it('refuses a postcode that is not one, and a size that does not exist, with 400 and fields', async () => {
    const shopper = new ApiShopper(t.app);
    const bad = await estimate(shopper, { postcode: 'NOT A CODE' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ postcode: 'Please enter a valid UK postcode' });
    const unknown = await estimate(shopper, {
      postcode: 'BS2 0UX',
      lines: [{ variation_id: 99_999_999, quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ 'lines.0.variation_id': 'This size is not on sale' });
  });
});

describe('GET /api/delivery/areas: the Delivery Information table', () => {
  it('lists the mainland, then each zone with its postcodes and prices', async () => {
    const answer = await t.app.inject({ url: '/api/delivery/areas' });
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data as Record<string, unknown>[];
    expect(rows.map((row) => row.code)).toEqual([
      'mainland',
      ...DELIVERY_ZONES.map((zone) => zone.code),
    ]);
    expect(rows[0]).toMatchObject({
      name: 'UK mainland',
      postcodes: 'All other UK postcodes',
      parcel: '9.95',
      pallet: '49.00',
      free_from: '500.00',
      min_days: 3,
      max_days: 5,
    });
    expect(rows.find((row) => row.code === 'isle-of-wight')).toMatchObject({
      postcodes: 'PO30–PO41',
      parcel: '19.95',
      pallet: '84.00',
      free_from: null,
      min_days: 4,
      max_days: 6,
    });
    expect(rows.find((row) => row.code === 'channel-islands')).toMatchObject({
      postcodes: 'GY, JE',
      deliverable: false,
      parcel: null,
      pallet: null,
    });
  });
});
