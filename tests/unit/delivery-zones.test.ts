import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES } from '#db/seed/delivery-zones.ts';
import { findZone, quoteDelivery, surchargeOf, type DeliverySettings } from '#domain/delivery.ts';
import { postcodeRanges, zoneTable } from '#domain/delivery-zones.ts';

/** The seeded delivery_settings row (db/migrations/0003_orders.sql). */
const SETTINGS: DeliverySettings = {
  parcelMaxKg: 18,
  parcelPence: 995,
  palletMaxKg: 950,
  palletPence: 4900,
  freeThresholdPence: 50000,
  fullSizeSamplePostagePence: 495,
  timedSlotPence: 2500,
  standardMinDays: 3,
  standardMaxDays: 5,
  postMinDays: 1,
  postMaxDays: 3,
};

const zoneOf = (postcode: string) => findZone(postcode, DELIVERY_ZONES)?.code ?? 'mainland';

describe('the seeded zones: every remote and offshore UK postcode', () => {
  it.each([
    // Scottish Highlands, mainland
    ['IV2 3JH', 'highlands'],
    ['IV40 8AA', 'highlands'],
    ['KW1 4AA', 'highlands'],
    ['KW14 7AA', 'highlands'],
    ['PH33 6SY', 'highlands'],
    ['PH17 2AA', 'highlands'],
    ['PH26 3AA', 'highlands'],
    ['PH49 4AA', 'highlands'],
    ['PA34 4AA', 'highlands'],
    ['AB37 9AA', 'highlands'],
    ['FK20 8AA', 'highlands'],
    // Perthshire and the Clyde coast stay mainland
    ['PH1 1AA', 'mainland'],
    ['PH16 5AA', 'mainland'],
    ['PH27 1AA', 'mainland'],
    ['PA1 1AA', 'mainland'],
    ['KA7 1AA', 'mainland'],
    ['AB10 1AA', 'mainland'],
    // Scottish islands
    ['HS1 2AA', 'islands'],
    ['ZE1 0AA', 'islands'],
    ['ZE2 9ZZ', 'islands'],
    ['KW15 1NX', 'islands'],
    ['KW17 2AA', 'islands'],
    ['IV51 9AA', 'islands'],
    ['IV41 8AA', 'islands'],
    ['PA20 9AA', 'islands'],
    ['KA27 8AA', 'islands'],
    ['KA28 0AA', 'islands'],
    ['PA42 7AA', 'islands'],
    ['PA75 6AA', 'islands'],
    ['PH42 4AA', 'islands'],
    // Elsewhere
    ['BT1 5GS', 'northern-ireland'],
    ['BT93 1AA', 'northern-ireland'],
    ['IM1 1AA', 'isle-of-man'],
    ['PO30 1AA', 'isle-of-wight'],
    ['PO41 0AA', 'isle-of-wight'],
    ['PO3 5AA', 'mainland'],
    ['PO42 1AA', 'mainland'],
    ['TR21 0AA', 'isles-of-scilly'],
    ['TR25 0AA', 'isles-of-scilly'],
    ['TR20 8AA', 'mainland'],
    ['GY1 1AA', 'channel-islands'],
    ['JE2 3AB', 'channel-islands'],
    ['BF1 3AA', 'bfpo'],
    ['BS2 0UX', 'mainland'],
  ])('%s → %s', (postcode, code) => {
    expect(zoneOf(postcode)).toBe(code);
  });

  it('prices each remote zone above the mainland and never free', () => {
    const lines = [
      {
        option: '600x400x20',
        kind: 'size' as const,
        material: 'marble',
        pieces: 10,
        m2: 2.4,
        sellingUnit: 'm2' as const,
      },
    ];
    const quote = (postcode: string) =>
      quoteDelivery({
        lines,
        goodsGrossPence: 100_000,
        country: 'GB',
        postcode,
        settings: SETTINGS,
        zones: DELIVERY_ZONES,
        samplePostMaxKg: 2,
      });
    expect(quote('BS2 0UX').options[0]!.pricePence).toBe(0);
    expect(quote('PO30 1AA').options[0]!.pricePence).toBe(4900 + 3500);
    expect(quote('PO30 1AA').surcharge).toEqual({
      pence: 3500,
      text: 'Isle of Wight: +£35.00 pallet surcharge',
    });
    expect(quote('TR21 0AA').options[0]!.pricePence).toBe(4900 + 15000);
    expect(quote('PA20 9AA').options.map((o) => o.id)).toEqual(['standard']);
    expect(quote('GY1 1AA')).toMatchObject({ deliverable: false, options: [] });
  });
});

describe('surchargeOf: the line checkout shows', () => {
  const highlands = DELIVERY_ZONES[0]!;
  it('names the zone, the amount and what it is for', () => {
    expect(surchargeOf(highlands, 0)).toEqual({
      pence: 1500,
      text: 'Scottish Highlands: +£15.00 parcel surcharge',
    });
    expect(surchargeOf(highlands, 1)?.text).toBe('Scottish Highlands: +£45.00 pallet surcharge');
    expect(surchargeOf(highlands, 2)).toEqual({
      pence: 9000,
      text: 'Scottish Highlands: +£90.00 pallet surcharge (2 pallets × £45.00)',
    });
    expect(surchargeOf({ ...highlands, parcelSurchargePence: 0 }, 0)).toBeNull();
  });
});

describe('postcodeRanges and zoneTable: the Delivery Information table', () => {
  it('joins consecutive districts', () => {
    expect(postcodeRanges(['IV', 'PH17', 'PH18', 'PH19', 'PH30', 'PA20'])).toBe(
      'IV, PA20, PH17–PH19, PH30',
    );
    expect(postcodeRanges(DELIVERY_ZONES[1]!.prefixes)).toBe(
      'HS, ZE, IV41–IV49, IV51, IV55–IV56, KA27–KA28, KW15–KW17, PA20, PA41–PA49, PA60–PA78, PH42–PH44',
    );
  });

  it('adds each surcharge to the ordinary prices; free delivery only on the mainland', () => {
    const rows = zoneTable(SETTINGS, DELIVERY_ZONES);
    expect(rows[0]).toMatchObject({
      code: 'mainland',
      parcelPence: 995,
      palletPence: 4900,
      freeFromPence: 50000,
    });
    expect(rows.find((row) => row.code === 'highlands')).toMatchObject({
      parcelPence: 2495,
      palletPence: 9400,
      freeFromPence: null,
      minDays: 5,
      maxDays: 7,
    });
    expect(rows.find((row) => row.code === 'northern-ireland')?.palletPence).toBe(10900);
    expect(rows.find((row) => row.code === 'channel-islands')).toMatchObject({
      deliverable: false,
      parcelPence: null,
      minDays: null,
    });
  });
});
