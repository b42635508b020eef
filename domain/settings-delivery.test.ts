import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES } from '#db/seed/delivery-zones.ts';
import {
  deliveryRulesOf,
  deliverySettingsFormSchema,
  expandPrefixes,
  zonePrefix,
} from './api-schemas-settings-delivery.ts';
import { postcodeRanges } from './delivery-zones.ts';

describe('zonePrefix', () => {
  it('reads known areas and districts, upper case, and nothing else', () => {
    expect(zonePrefix(' kw15 ')).toBe('KW15');
    expect(zonePrefix('iv')).toBe('IV');
    expect(zonePrefix('EC1A')).toBe('EC1A');
    expect(zonePrefix('B')).toBe('B');
    expect(zonePrefix('YY1')).toBeNull();
    expect(zonePrefix('QQ')).toBeNull();
    expect(zonePrefix('KW15 1AB')).toBeNull();
    expect(zonePrefix('')).toBeNull();
  });
});

describe('expandPrefixes', () => {
  it('reads what postcodeRanges writes, so every seeded zone survives the form', () => {
    expect(expandPrefixes('IV, KW\nAB36–AB38')).toEqual(['IV', 'KW', 'AB36', 'AB37', 'AB38']);
    expect(expandPrefixes('pa20 - pa21, XX9')).toEqual(['PA20', 'PA21', 'XX9']);
    for (const zone of DELIVERY_ZONES) {
      expect(new Set(expandPrefixes(postcodeRanges(zone.prefixes)))).toEqual(
        new Set(zone.prefixes),
      );
    }
  });
});

describe('the settings form', () => {
  const form = {
    parcel_max_kg: '18',
    parcel_price: '9.9',
    pallet_max_kg: 950,
    pallet_price: '£49',
    free_threshold: '500',
    full_size_sample_postage: '4.95',
    timed_slot_price: '25',
    standard_min_days: '3',
    standard_max_days: '5',
    post_min_days: 1,
    post_max_days: 3,
    collection_offered: false,
    collection_address: '',
    collection_lead_days: 2,
    zones: [
      {
        code: 'highlands',
        name: 'Scottish Highlands',
        prefixes: 'iv, PH17–PH19',
        deliverable: true,
        parcel_surcharge: '15',
        pallet_surcharge: '45.00',
        extra_days: '2',
        message: '',
      },
    ],
  };

  it('turns typed text into the stored shape and the rules checkout prices with', () => {
    const value = deliverySettingsFormSchema.parse(form);
    expect(value.parcel_price).toBe('9.90');
    expect(value.zones[0]!.prefixes).toEqual(['IV', 'PH17', 'PH18', 'PH19']);
    expect(value.zones[0]!.message).toBeNull();
    expect(value.collection_address).toBeNull();
    const rules = deliveryRulesOf(value);
    expect(rules.settings).toMatchObject({
      parcelPence: 990,
      palletPence: 4900,
      freeThresholdPence: 50_000,
      collection: null,
    });
    expect(rules.zones[0]).toMatchObject({ parcelSurchargePence: 1500, extraDays: 2 });
  });

  it('names each field a shopper-facing rule would break', () => {
    const result = deliverySettingsFormSchema.safeParse({
      ...form,
      parcel_price: '-1',
      post_min_days: 4,
      zones: [
        form.zones[0],
        { ...form.zones[0], code: 'mainland', prefixes: 'PH18, ZZ' },
        { ...form.zones[0], code: 'more', prefixes: '' },
      ],
    });
    // The first message of each field, as the API's 400 gives them.
    const fields: Record<string, string> = {};
    for (const issue of result.error!.issues) fields[issue.path.join('.')] ??= issue.message;
    expect(fields).toEqual({
      parcel_price: 'Enter an amount in pounds from 0.00 to 10000.00, e.g. 9.95',
      post_max_days: 'The latest day cannot come before the earliest',
      'zones.1.code': '"mainland" names every postcode outside the zones: choose another code',
      'zones.1.prefixes': 'ZZ is not a UK postcode area (e.g. IV) or district (e.g. KW15)',
      'zones.2.prefixes': 'Enter at least one postcode area (e.g. IV) or district (e.g. KW15)',
    });
  });
});
