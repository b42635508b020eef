import { describe, expect, it } from 'vitest';
import { SHOP_PHONE } from './company.ts';
import {
  DEFAULT_DENSITY_T_PER_M3,
  DEFAULT_THICKNESS_MM,
  FREE_SAMPLE_KG,
  MAINLAND,
  NOMINAL_ITEM_KG,
  STONE_DENSITY_T_PER_M3,
  findZone,
  itemKgWithoutSize,
  kgPerM2,
  lineWeightKg,
  quoteDelivery,
  type DeliveryLine,
  type DeliverySettings,
  type DeliveryZone,
} from './delivery.ts';
import { MATERIAL_SLUGS } from './catalogue.ts';
import { MESSAGES } from './validation.ts';

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

/** The seeded delivery_zones rows (db/migrations/0003_orders.sql), in position order. */
const ZONES: DeliveryZone[] = [
  {
    code: 'highlands',
    name: 'Scottish Highlands',
    prefixes: ['IV', 'KW', 'PH'],
    deliverable: true,
    parcelSurchargePence: 1500,
    palletSurchargePence: 4500,
    extraDays: 2,
    message:
      'Deliveries to the Scottish Highlands carry a surcharge and take up to 2 working days longer.',
  },
  {
    code: 'islands',
    name: 'Scottish Islands',
    prefixes: ['HS', 'ZE', 'KW15', 'KW16', 'KW17'],
    deliverable: true,
    parcelSurchargePence: 2500,
    palletSurchargePence: 9500,
    extraDays: 3,
    message:
      'Deliveries to the Scottish Islands carry a surcharge and take up to 3 working days longer.',
  },
  {
    code: 'northern-ireland',
    name: 'Northern Ireland',
    prefixes: ['BT'],
    deliverable: true,
    parcelSurchargePence: 2000,
    palletSurchargePence: 6000,
    extraDays: 2,
    message:
      'Deliveries to Northern Ireland carry a surcharge and take up to 2 working days longer.',
  },
  {
    code: 'isle-of-man',
    name: 'Isle of Man',
    prefixes: ['IM'],
    deliverable: true,
    parcelSurchargePence: 2500,
    palletSurchargePence: 8000,
    extraDays: 3,
    message:
      'Deliveries to the Isle of Man carry a surcharge and take up to 3 working days longer.',
  },
  {
    code: 'channel-islands',
    name: 'Channel Islands',
    prefixes: ['GY', 'JE'],
    deliverable: false,
    parcelSurchargePence: 0,
    palletSurchargePence: 0,
    extraDays: 0,
    message:
      'Sorry, we cannot deliver to the Channel Islands. Please call us on 0117 496 0472 to arrange collection or your own courier.',
  },
];

function size(option: string, material: string | null, pieces: number, m2: number | null = null) {
  return { option, kind: 'size', material, pieces, m2, sellingUnit: 'm2' } satisfies DeliveryLine;
}
const freeSample = (pieces = 1): DeliveryLine => ({
  option: 'Free Sample',
  kind: 'free-sample',
  material: 'marble',
  pieces,
  m2: null,
  sellingUnit: 'm2',
});
const fullSizeSample = (pieces = 1): DeliveryLine => ({
  option: 'Full Size Sample (600x400x20)',
  kind: 'full-size-sample',
  material: 'marble',
  pieces,
  m2: null,
  sellingUnit: 'm2',
});

/** 10 pieces of 600x400x20 marble: 2.4 m² × 54 kg/m² = 129.6 kg, a pallet. */
const MARBLE_PALLET = size('600x400x20', 'marble', 10);
/** 2 pieces of 600x300x10 slate: 0.36 m² × 28 kg/m² = 10.08 kg, a parcel. */
const SLATE_PARCEL = size('600x300x10', 'slate', 2);
/** 1,000 kg of 20 mm marble: 1000 / 54 m². */
const MARBLE_TONNE = size('600x400x20', 'marble', 0, 1000 / 54);

/** The seeded sample rules' post limit (db/migrations/0011_free_orders_and_sample_rules.sql). */
const SAMPLE_POST_MAX_KG = 18;

function quote(
  lines: DeliveryLine[],
  postcode: string | undefined,
  goodsGrossPence = 10000,
  country: string | undefined = 'GB',
) {
  return quoteDelivery({
    lines,
    goodsGrossPence,
    country,
    postcode,
    settings: SETTINGS,
    zones: ZONES,
    samplePostMaxKg: SAMPLE_POST_MAX_KG,
  });
}

const prices = (q: ReturnType<typeof quote>) => q.options.map((o) => [o.id, o.pricePence]);

describe('kgPerM2: "kg per m² = density (t/m³) × thickness (mm)"', () => {
  it('uses the densities the product owner named', () => {
    expect(STONE_DENSITY_T_PER_M3).toMatchObject({
      marble: 2.7,
      limestone: 2.7,
      travertine: 2.7,
      granite: 2.75,
      slate: 2.8,
    });
    expect(kgPerM2('marble', 20)).toBeCloseTo(54, 10);
    expect(kgPerM2('granite', 30)).toBeCloseTo(82.5, 10);
  });

  it('knows every material the catalogue carries', () => {
    for (const slug of MATERIAL_SLUGS) expect(STONE_DENSITY_T_PER_M3[slug]).toBeGreaterThan(1);
  });

  it('uses the default density for an unknown or missing material', () => {
    expect(DEFAULT_DENSITY_T_PER_M3).toBe(2.8);
    expect(kgPerM2('unobtainium', 20)).toBeCloseTo(56, 10);
    expect(kgPerM2(null, 20)).toBeCloseTo(56, 10);
    expect(kgPerM2(' Marble ', 10)).toBeCloseTo(27, 10);
  });
});

describe('lineWeightKg: "a size line weighs kg/m² × its m², or × pieces × tile area"', () => {
  it('weighs 10 pieces of 600x400x20 marble as 2.4 m² × 54 kg/m² = 129.6 kg', () => {
    expect(lineWeightKg(MARBLE_PALLET)).toBe(129.6);
  });

  it('weighs each named density', () => {
    // 1 m² at 20 mm: density × 20.
    expect(lineWeightKg(size('600x400x20', 'limestone', 0, 1))).toBe(54);
    expect(lineWeightKg(size('600x400x20', 'travertine', 0, 1))).toBe(54);
    expect(lineWeightKg(size('600x400x20', 'granite', 0, 1))).toBe(55);
    expect(lineWeightKg(size('600x400x20', 'slate', 0, 1))).toBe(56);
    // 5 pieces of 305x305x10 granite: 0.465125 m² × 27.5 = 12.79 kg.
    expect(lineWeightKg(size('305x305x10', 'granite', 5))).toBe(12.79);
  });

  it('prefers the m² ordered to pieces × tile area', () => {
    expect(lineWeightKg(size('600x400x20', 'marble', 11, 2.5))).toBe(135);
  });

  it('rounds to 2 decimals', () => {
    // 3 × 305x305x12 slate: 0.279075 m² × 33.6 = 9.37692 kg.
    expect(lineWeightKg(size('305x305x12', 'slate', 3))).toBe(9.38);
  });

  it('assumes 20 mm when the option gives no thickness', () => {
    expect(DEFAULT_THICKNESS_MM).toBe(20);
    // 2 × 600x400 granite: 0.48 m² × 55 kg/m² = 26.4 kg.
    expect(lineWeightKg(size('600x400', 'granite', 2))).toBe(26.4);
  });

  it('uses the default density for an unknown material', () => {
    // 2.4 m² × 2.8 × 20 = 134.4 kg.
    expect(lineWeightKg(size('600x400x20', 'unobtainium', 10))).toBe(134.4);
    expect(lineWeightKg(size('600x400x20', null, 10))).toBe(134.4);
  });

  it('weighs an option without a size by what it states, else a nominal 5 kg each', () => {
    expect(NOMINAL_ITEM_KG).toBe(5);
    expect(lineWeightKg(size('5 Litre', 'slate', 2))).toBe(12);
    expect(lineWeightKg(size('1 Litre', 'slate', 1))).toBe(1.2);
    expect(lineWeightKg(size('Tile spacers', 'slate', 3))).toBe(15);
    expect(itemKgWithoutSize('20kg bag')).toBe(20);
    expect(itemKgWithoutSize('2.5 litres')).toBe(3);
  });

  it('weighs a free sample as a 0.5 kg offcut each, whatever the size named', () => {
    expect(FREE_SAMPLE_KG).toBe(0.5);
    expect(lineWeightKg(freeSample(3))).toBe(1.5);
    expect(lineWeightKg({ ...freeSample(), option: 'Free Sample (1200x600x30)' })).toBe(0.5);
  });

  it('weighs a full-size sample as one piece of its size', () => {
    // 0.24 m² × 54 kg/m² = 12.96 kg per sample.
    expect(lineWeightKg(fullSizeSample())).toBe(12.96);
    expect(lineWeightKg(fullSizeSample(2))).toBe(25.92);
  });
});

describe('findZone: "the longest matching prefix of the outward code wins"', () => {
  const code = (postcode: string) => findZone(postcode, ZONES)?.code ?? null;

  it('finds the Scottish Highlands by area', () => {
    expect(code('IV1 1AA')).toBe('highlands');
    expect(code('PH33 6SY')).toBe('highlands');
    expect(code('kw1 4aa')).toBe('highlands');
  });

  it('tells KW1 (Highlands) from the Orkney districts KW15, KW16 and KW17 (islands)', () => {
    expect(code('kw15 1ab')).toBe('islands');
    expect(code('KW16 3AA')).toBe('islands');
    expect(code('KW17 2AA')).toBe('islands');
    expect(code('KW14 7AA')).toBe('highlands');
  });

  it('finds the islands, Northern Ireland, the Isle of Man and the Channel Islands', () => {
    expect(code('HS1 2AA')).toBe('islands');
    expect(code('ZE1 0AA')).toBe('islands');
    expect(code('BT1 1AA')).toBe('northern-ireland');
    expect(code('IM1 1AA')).toBe('isle-of-man');
    expect(code('GY1 1AA')).toBe('channel-islands');
    expect(code('JE2 3AA')).toBe('channel-islands');
  });

  it('gives null for the mainland', () => {
    expect(code('BS2 0UX')).toBeNull();
    expect(code('SW1A 1AA')).toBeNull();
  });

  it('matches areas whole: IM is not I, BT is not B', () => {
    const zones = [{ ...ZONES[0]!, code: 'i', prefixes: ['I', 'B'] }];
    expect(findZone('IM1 1AA', zones)).toBeNull();
    expect(findZone('BT1 1AA', zones)).toBeNull();
  });

  it('reads an outward code on its own, and gives null for text that is no postcode', () => {
    expect(code('KW15')).toBe('islands');
    expect(code('not a postcode')).toBeNull();
    expect(code('')).toBeNull();
  });
});

describe('quoteDelivery', () => {
  it('refuses an empty basket', () => {
    const q = quote([], 'BS2 0UX');
    expect(q).toMatchObject({ deliverable: false, message: 'Your basket is empty', options: [] });
  });

  it('prices a mainland parcel: £9.95, timed slots £25 more, 3–5 days', () => {
    const q = quote([SLATE_PARCEL], 'BS2 0UX', 6000);
    expect(q).toMatchObject({
      deliverable: true,
      message: null,
      zone: MAINLAND,
      method: 'parcel',
      weightKg: 10.08,
      parcels: 1,
      pallets: 0,
      note: null,
    });
    expect(q.options).toEqual([
      {
        id: 'standard',
        label: 'Standard delivery (9am–5:30pm)',
        pricePence: 995,
        minDays: 3,
        maxDays: 5,
      },
      {
        id: 'timed_am',
        label: 'Timed delivery, morning (9am–1pm)',
        pricePence: 3495,
        minDays: 3,
        maxDays: 5,
      },
      {
        id: 'timed_pm',
        label: 'Timed delivery, afternoon (12pm–5:30pm)',
        pricePence: 3495,
        minDays: 3,
        maxDays: 5,
      },
    ]);
  });

  it('sends exactly parcelMaxKg as a parcel and anything above on a pallet', () => {
    const at = quote([size('1 Litre', null, 15)], 'BS2 0UX'); // 18 kg
    expect(at).toMatchObject({ method: 'parcel', weightKg: 18 });
    const above = quote([size('1 Litre', null, 15), freeSample()], 'BS2 0UX'); // 18.5 kg
    expect(above).toMatchObject({ method: 'pallet', weightKg: 18.5, pallets: 1, parcels: 0 });
  });

  it('puts 1,000 kg on 2 pallets (950 kg each) with the kerbside note', () => {
    const q = quote([MARBLE_TONNE], 'BS2 0UX');
    expect(q).toMatchObject({ method: 'pallet', weightKg: 1000, parcels: 0, pallets: 2 });
    expect(q.note).toBe(
      'Pallet deliveries are kerbside, by tail-lift lorry: the driver lowers the pallet to the kerb outside your property. Please make sure someone is in to receive it and that a lorry can reach you.',
    );
    expect(prices(q)).toEqual([
      ['standard', 9800],
      ['timed_am', 12300],
      ['timed_pm', 12300],
    ]);
  });

  it('quotes the mainland before a postcode is typed', () => {
    for (const postcode of [undefined, '', '  ']) {
      const q = quote([MARBLE_PALLET], postcode);
      expect(q).toMatchObject({ deliverable: true, zone: MAINLAND, method: 'pallet' });
      expect(prices(q)).toEqual([
        ['standard', 4900],
        ['timed_am', 7400],
        ['timed_pm', 7400],
      ]);
    }
    expect(quote([MARBLE_PALLET], undefined, 10000, undefined).deliverable).toBe(true);
  });

  it('delivers free on the mainland from £500 exactly, not a penny below; slots still pay', () => {
    expect(prices(quote([MARBLE_PALLET], 'BS2 0UX', 50000))).toEqual([
      ['standard', 0],
      ['timed_am', 2500],
      ['timed_pm', 2500],
    ]);
    expect(prices(quote([MARBLE_PALLET], 'BS2 0UX', 49999))).toEqual([
      ['standard', 4900],
      ['timed_am', 7400],
      ['timed_pm', 7400],
    ]);
  });

  it('charges the Highlands surcharge per pallet, adds 2 days, offers no slots or free delivery', () => {
    const q = quote([MARBLE_TONNE], 'IV1 1AA', 200000);
    expect(q).toMatchObject({
      deliverable: true,
      zone: { code: 'highlands', name: 'Scottish Highlands' },
      message: ZONES[0]!.message,
      method: 'pallet',
      pallets: 2,
    });
    expect(q.options).toEqual([
      {
        id: 'standard',
        label: 'Standard delivery (9am–5:30pm)',
        pricePence: 2 * (4900 + 4500),
        minDays: 5,
        maxDays: 7,
      },
    ]);
  });

  it('charges the Highlands parcel surcharge once', () => {
    expect(prices(quote([SLATE_PARCEL], 'PH33 6SY'))).toEqual([['standard', 995 + 1500]]);
  });

  it('prices Orkney (KW15) as the islands, not the Highlands', () => {
    const q = quote([MARBLE_PALLET], 'KW15 1AB');
    expect(q.zone).toEqual({ code: 'islands', name: 'Scottish Islands' });
    expect(q.options[0]).toMatchObject({ pricePence: 4900 + 9500, minDays: 6, maxDays: 8 });
  });

  it('prices Northern Ireland with its surcharge and message', () => {
    const q = quote([SLATE_PARCEL], 'BT1 1AA', 60000);
    expect(q).toMatchObject({
      deliverable: true,
      zone: { code: 'northern-ireland', name: 'Northern Ireland' },
      message:
        'Deliveries to Northern Ireland carry a surcharge and take up to 2 working days longer.',
      method: 'parcel',
    });
    expect(q.options).toEqual([
      expect.objectContaining({ id: 'standard', pricePence: 995 + 2000, minDays: 5, maxDays: 7 }),
    ]);
  });

  it('prices the Isle of Man with its surcharge and 3 extra days', () => {
    const q = quote([MARBLE_PALLET], 'IM1 1AA');
    expect(q.zone).toEqual({ code: 'isle-of-man', name: 'Isle of Man' });
    expect(q.options).toEqual([
      expect.objectContaining({ id: 'standard', pricePence: 4900 + 8000, minDays: 6, maxDays: 8 }),
    ]);
  });

  it('refuses the Channel Islands with the zone message', () => {
    for (const postcode of ['GY1 1AA', 'JE2 3AA']) {
      const q = quote([MARBLE_PALLET], postcode);
      expect(q).toMatchObject({
        deliverable: false,
        message:
          'Sorry, we cannot deliver to the Channel Islands. Please call us on 0117 496 0472 to arrange collection or your own courier.',
        zone: { code: 'channel-islands', name: 'Channel Islands' },
        method: null,
        parcels: 0,
        pallets: 0,
        note: null,
        options: [],
      });
    }
  });

  it('refuses addresses outside the United Kingdom, pointing to the phone', () => {
    const q = quote([MARBLE_PALLET], '75001', 10000, 'FR');
    expect(q).toMatchObject({
      deliverable: false,
      message: `We deliver to addresses in the United Kingdom only. Please call us on ${SHOP_PHONE} for a quote.`,
      zone: null,
      options: [],
    });
    expect(quote([MARBLE_PALLET], undefined, 10000, 'IE').deliverable).toBe(false);
    expect(quote([MARBLE_PALLET], 'BS2 0UX', 10000, 'gb').deliverable).toBe(true);
  });

  it('refuses a postcode that is not a UK one with the address form message', () => {
    const q = quote([MARBLE_PALLET], '12345');
    expect(q).toMatchObject({
      deliverable: false,
      message: MESSAGES.ukPostcodeInvalid,
      zone: null,
    });
    expect(q.options).toEqual([]);
  });

  it('posts free samples free, 1–3 days, with no surcharge even to the islands', () => {
    for (const postcode of ['BS2 0UX', 'ZE1 0AA']) {
      const q = quote([freeSample(3), { ...freeSample(), material: 'slate' }], postcode, 0);
      expect(q).toMatchObject({
        deliverable: true,
        message: null,
        method: 'post',
        weightKg: 2,
        parcels: 0,
        pallets: 0,
        note: null,
      });
      expect(q.options).toEqual([
        { id: 'standard', label: 'Samples by post', pricePence: 0, minDays: 1, maxDays: 3 },
      ]);
    }
  });

  it('charges full-size sample postage once per order', () => {
    const q = quote([freeSample(), fullSizeSample()], 'BS2 0UX', 3000);
    expect(q).toMatchObject({ method: 'post', weightKg: 13.46, parcels: 0, pallets: 0 });
    expect(q.options).toEqual([
      { id: 'standard', label: 'Samples by post', pricePence: 495, minDays: 1, maxDays: 3 },
    ]);
  });

  it('sends samples over the post limit as goods: by courier or pallet at their price', () => {
    const q = quote([freeSample(), fullSizeSample(2), fullSizeSample()], 'BS2 0UX', 3000);
    expect(q).toMatchObject({ method: 'pallet', weightKg: 39.38, pallets: 1 });
    expect(prices(q)).toEqual([
      ['standard', 4900],
      ['timed_am', 7400],
      ['timed_pm', 7400],
    ]);
  });

  it('counts samples in the weight of a basket with tiles', () => {
    // 10.08 kg of slate + 12.96 kg full-size sample = 23.04 kg: over the parcel limit.
    const q = quote([SLATE_PARCEL, fullSizeSample()], 'BS2 0UX');
    expect(q).toMatchObject({ method: 'pallet', weightKg: 23.04, pallets: 1 });
  });
});
