import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { DeliverySettingsValue } from '#domain/api-schemas-settings-delivery.ts';
import { parseTileSize, tileAreaM2 } from '#domain/area.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, TEST_OWNER, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const URL = '/api/admin/settings/delivery';
const HIGHLANDS = 'IV2 3JH';
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
let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;
let seeded: DeliverySettingsValue;
let productId: number;
let size: VariationJson;
/** Pieces of the size that make one pallet (over 18 kg) of goods worth under £500. */
let pieces: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager, editor } = await staffOfEveryRole(t.app));
  const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => sized(optionOf(v)) && v.instock)!;
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${size.id}`,
  );
  const area = tileAreaM2(optionOf(size))!;
  pieces = Math.ceil(19 / (area * 2.7 * parseTileSize(optionOf(size))!.thicknessMm!));
  seeded = (await load()).value;
});
afterEach(async () => {
  // Each test starts from the seeded settings (a save without a version overwrites).
  expect((await owner.call('PUT', URL, { value: seeded })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function load(): Promise<{ version: number; value: DeliverySettingsValue }> {
  const answer = await owner.call('GET', URL);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The seeded settings with some changes made: `edit` changes a deep copy. */
function changed(edit: (value: DeliverySettingsValue) => void): DeliverySettingsValue {
  const value = structuredClone(seeded);
  edit(value);
  return value;
}

const zone = (value: DeliverySettingsValue, code: string) =>
  value.zones.find((z) => z.code === code)!;

async function save(value: unknown, version?: number) {
  return owner.call('PUT', URL, { value, ...(version === undefined ? {} : { version }) });
}

/** A shopper with the pallet of marble in the basket. */
async function shopperWithPallet(): Promise<ApiShopper> {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(productId, size.id, pieces)).status).toBe(200);
  return shopper;
}

const quoteFor = (shopper: ApiShopper, postcode: string) =>
  shopper.quote(`country=GB&postcode=${encodeURIComponent(postcode)}`);

describe('the delivery settings reach checkout at once', () => {
  it('starts from the seeded settings: the prices the shop charged before they were editable', async () => {
    const { version, value } = await load();
    expect(version).toBe(1);
    expect(value).toMatchObject({
      parcel_max_kg: 18,
      parcel_price: '9.95',
      pallet_max_kg: 950,
      pallet_price: '49.00',
      free_threshold: '500.00',
      timed_slot_price: '25.00',
      collection_offered: false,
    });
    expect(zone(value, 'highlands')).toMatchObject({
      name: 'Scottish Highlands',
      deliverable: true,
      parcel_surcharge: '15.00',
      pallet_surcharge: '45.00',
      extra_days: 2,
    });
    expect(zone(value, 'highlands').prefixes.slice(0, 3)).toEqual(['IV', 'KW', 'AB36']);
  });

  it("a zone's pallet surcharge saved reprices checkout's quote and the delivery estimate at once", async () => {
    const shopper = await shopperWithPallet();
    const lines = [{ variation_id: size.id, quantity: pieces }];
    // Read before the change, so the 10-second copy of the rules is held.
    expect((await quoteFor(shopper, HIGHLANDS)).delivery.options[0]!.price).toBe('94.00');
    const before = await shopper.call('POST', '/api/delivery/estimate', {
      postcode: HIGHLANDS,
      lines,
    });
    expect(before.body.data.price).toBe('94.00');

    const saved = await save(changed((v) => (zone(v, 'highlands').pallet_surcharge = '60.00')));
    expect(saved.status).toBe(200);
    expect(zone(saved.body.data.value, 'highlands').pallet_surcharge).toBe('60.00');

    const quote = await quoteFor(shopper, HIGHLANDS);
    expect(quote.delivery.options[0]!.price).toBe('109.00');
    expect(quote.delivery.surcharge).toEqual({
      amount: '60.00',
      text: 'Scottish Highlands: +£60.00 pallet surcharge',
    });
    const after = await shopper.call('POST', '/api/delivery/estimate', {
      postcode: HIGHLANDS,
      lines,
    });
    expect(after.body.data.price).toBe('109.00');
    expect(after.body.data.totals).toEqual(quote.totals);
    const areas = (await t.app.inject({ url: '/api/delivery/areas' })).json().data;
    expect(areas.find((row: { code: string }) => row.code === 'highlands').pallet).toBe('109.00');
  });

  it('a lower free-delivery threshold makes the same basket deliver free on the mainland', async () => {
    const shopper = await shopperWithPallet();
    const quote = await quoteFor(shopper, 'BS2 0UX');
    expect(quote.delivery.options[0]!.price).toBe('49.00');
    const goods = quote.totals.goods.gross;
    expect(Number(goods)).toBeLessThan(500);

    expect((await save(changed((v) => (v.free_threshold = goods)))).status).toBe(200);
    const free = await quoteFor(shopper, 'BS2 0UX');
    expect(free.delivery.options[0]!.price).toBe('0.00');
    expect(free.totals.total.gross).toBe(goods);
    // One penny more than the goods: charged again.
    const above = (Math.round(Number(goods) * 100) + 1) / 100;
    expect((await save(changed((v) => (v.free_threshold = above.toFixed(2))))).status).toBe(200);
    expect((await quoteFor(shopper, 'BS2 0UX')).delivery.options[0]!.price).toBe('49.00');
  });

  it('a refused area added as a zone refuses checkout with the zone message', async () => {
    const message = 'Sorry, we do not deliver to Cornwall while the A30 is closed.';
    const value = changed((v) =>
      v.zones.push({
        code: 'cornwall',
        name: 'Cornwall',
        prefixes: ['TR'],
        deliverable: false,
        parcel_surcharge: '0.00',
        pallet_surcharge: '0.00',
        extra_days: 0,
        message,
      }),
    );
    // Isles of Scilly (TR21–TR25) stay their own zone: a district beats its area.
    expect((await save(value)).status).toBe(200);
    const shopper = await shopperWithPallet();
    const quote = await quoteFor(shopper, 'TR1 2AB');
    expect(quote.delivery).toMatchObject({ deliverable: false, message, options: [] });
    const placed = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, {
        shipping: { ...(checkoutInput('0').shipping as object), postcode: 'TR1 2AB' },
      }),
      randomUUID(),
    );
    expect(placed.status).toBe(422);
    expect(placed.body).toMatchObject({ code: 'not_deliverable', message });
    expect((await quoteFor(shopper, 'TR21 0AA')).delivery.zone?.code).toBe('isles-of-scilly');
  });

  it('the preview of unsaved settings equals what checkout charges once they are saved', async () => {
    const value = changed((v) => {
      v.pallet_price = '52.50';
      zone(v, 'highlands').pallet_surcharge = '47.25';
      zone(v, 'highlands').extra_days = 4;
    });
    const lines = [{ variation_id: size.id, quantity: pieces }];
    const preview = await owner.call('POST', `${URL}/preview`, {
      value,
      postcode: 'iv2 3jh',
      lines,
    });
    expect(preview.status).toBe(200);
    const shown = preview.body.data;
    expect(shown).toMatchObject({
      postcode: HIGHLANDS,
      deliverable: true,
      method: 'pallet',
      price: '99.75',
      surcharge: { amount: '47.25', text: 'Scottish Highlands: +£47.25 pallet surcharge' },
    });
    expect([shown.estimate.min_days, shown.estimate.max_days]).toEqual([7, 9]);
    expect(shown.lines).toHaveLength(1);
    expect(shown.lines[0]).toMatchObject({ variation_id: size.id, pieces });
    // Nothing is saved by a preview.
    expect((await quoteFor(await shopperWithPallet(), HIGHLANDS)).delivery.options[0]!.price).toBe(
      '94.00',
    );

    expect((await save(value)).status).toBe(200);
    const shopper = await shopperWithPallet();
    const quote = await quoteFor(shopper, HIGHLANDS);
    expect(quote.lines).toEqual(shown.lines);
    expect(quote.delivery).toEqual(shown.delivery);
    expect(quote.totals).toEqual(shown.totals);
    const placed = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, {
        shipping: { ...(checkoutInput('0').shipping as object), postcode: HIGHLANDS },
      }),
      randomUUID(),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.data.totals.delivery.gross).toBe('99.75');
    expect(placed.body.data.totals.total.gross).toBe(shown.totals.total.gross);
  });

  it('previews a default sample basket when no lines are given', async () => {
    const preview = await owner.call('POST', `${URL}/preview`, {
      value: seeded,
      postcode: 'BS2 0UX',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.lines).toHaveLength(1);
    expect(preview.body.data.lines[0].pieces).toBe(10);
    expect(preview.body.data.deliverable).toBe(true);
  });

  it('audits the save, before → after, with who saved it', async () => {
    expect((await save(changed((v) => (v.parcel_price = '10.95')))).status).toBe(200);
    const [row] = await queryRows<{
      actor: string;
      before: { parcel_price: string };
      after: { parcel_price: string; version: number };
    }>(
      t.app.services.db,
      sql`SELECT actor, before, after FROM audit_log WHERE entity = 'settings:delivery'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.actor).toBe(TEST_OWNER.email);
    expect(row!.after.parcel_price).toBe('10.95');
    expect(row!.before.parcel_price).not.toBe('10.95');
  });
});

describe('what a save refuses', () => {
  it('answers 400 naming each bad field with the form messages', async () => {
    const value = changed((v) => {
      v.parcel_price = 'nine pounds';
      v.pallet_max_kg = 10;
      v.standard_max_days = 1;
      v.collection_offered = true;
      v.collection_address = '';
      zone(v, 'highlands').prefixes.push('YY9');
      zone(v, 'islands').prefixes.push('KW');
      zone(v, 'islands').code = 'highlands';
      zone(v, 'northern-ireland').name = '';
    });
    const answer = await save(value);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      'value.parcel_price': 'Enter an amount in pounds from 0.00 to 10000.00, e.g. 9.95',
      'value.pallet_max_kg':
        'A pallet must carry more than a parcel: enter more kilograms than the parcel limit',
      'value.standard_max_days': 'The latest day cannot come before the earliest',
      'value.collection_address':
        'Enter the address customers collect from, or stop offering collection',
      'value.zones.0.prefixes': 'YY9 is not a UK postcode area (e.g. IV) or district (e.g. KW15)',
      'value.zones.1.code': 'Another zone has this code',
      'value.zones.1.prefixes':
        'KW is already in Scottish Highlands: a postcode area or district belongs to one zone only',
      'value.zones.2.name': "Enter the zone's name (at most 80 characters)",
    });
    const preview = await owner.call('POST', `${URL}/preview`, { value, postcode: 'XX' });
    expect(preview.status).toBe(400);
    expect(preview.body.fields).toMatchObject({
      postcode: 'Please enter a valid UK postcode',
      'value.zones.1.code': 'Another zone has this code',
    });
    expect((await load()).value).toEqual(seeded);
  });

  it('refuses a manager and an editor (403) and a visitor (401); only an owner saves', async () => {
    for (const who of [manager, editor]) {
      expect((await who.call('GET', URL)).status).toBe(403);
      expect((await who.call('PUT', URL, { value: seeded })).status).toBe(403);
      const preview = await who.call('POST', `${URL}/preview`, {
        value: seeded,
        postcode: 'BS2 0UX',
      });
      expect(preview.status).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: URL, payload: { value: seeded } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a save from an older version (409), naming who saved since', async () => {
    const { version } = await load();
    const first = await save(
      changed((v) => (v.parcel_price = '11.00')),
      version,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(version + 1);
    const stale = await save(
      changed((v) => (v.parcel_price = '12.00')),
      version,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(stale.body.message).toContain(`(${TEST_OWNER.email}, parcel_price)`);
    expect(stale.body.version).toBe(version + 1);
    expect((await load()).value.parcel_price).toBe('11.00');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let sibling: FastifyInstance;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling?.close();
  });

  it("a save on one instance reprices the other's checkout within a second", async () => {
    const shopper = new ApiShopper(sibling);
    expect((await shopper.add(productId, size.id, pieces)).status).toBe(200);
    // The sibling now holds its own 10-second copy of the rules.
    expect((await quoteFor(shopper, HIGHLANDS)).delivery.options[0]!.price).toBe('94.00');
    expect((await save(changed((v) => (v.pallet_price = '59.00')))).status).toBe(200);
    await expect
      .poll(async () => (await quoteFor(shopper, HIGHLANDS)).delivery.options[0]!.price, {
        timeout: 1_000,
        interval: 50,
      })
      .toBe('104.00');
  });
});
