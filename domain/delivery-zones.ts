// The table of delivery areas the Delivery Information page shows, built from the same settings
// and zones the checkout prices with, so the page can never promise what checkout does not charge.
import type { DeliverySettings, DeliveryZone } from './delivery.ts';
import { MAINLAND } from './delivery.ts';

export interface ZoneTableRow {
  code: string;
  name: string;
  /** The postcodes in words: 'IV, KW, AB36–AB38, PH17–PH26'; 'All other UK postcodes'. */
  postcodes: string;
  deliverable: boolean;
  /** One parcel, surcharge included; null when not delivered. */
  parcelPence: number | null;
  /** Each pallet, surcharge included; null when not delivered. */
  palletPence: number | null;
  parcelSurchargePence: number;
  palletSurchargePence: number;
  /** Goods worth this much deliver free (standard option); null where free delivery does not apply. */
  freeFromPence: number | null;
  minDays: number | null;
  maxDays: number | null;
  message: string | null;
}

export const OTHER_POSTCODES = 'All other UK postcodes';

/**
 * Prefixes written as ranges: whole areas first, then each area's districts with consecutive
 * numbers joined.
 *
 * postcodeRanges(['IV', 'PH17', 'PH18', 'PH19', 'PH30', 'PA20']) → 'IV, PA20, PH17–PH19, PH30'
 */
export function postcodeRanges(prefixes: readonly string[]): string {
  const areas: string[] = [];
  const numbered = new Map<string, number[]>();
  for (const raw of prefixes) {
    const prefix = raw.replace(/\s+/g, '').toUpperCase();
    const match = /^([A-Z]+)(\d+)$/.exec(prefix);
    if (!match) {
      if (prefix !== '') areas.push(prefix);
      continue;
    }
    const list = numbered.get(match[1]!) ?? [];
    list.push(Number(match[2]));
    numbered.set(match[1]!, list);
  }
  const parts = [...areas];
  for (const area of [...numbered.keys()].sort()) {
    const numbers = [...new Set(numbered.get(area))].sort((a, b) => a - b);
    let start = numbers[0]!;
    for (let i = 1; i <= numbers.length; i++) {
      if (numbers[i] === numbers[i - 1]! + 1) continue;
      const end = numbers[i - 1]!;
      parts.push(start === end ? `${area}${start}` : `${area}${start}–${area}${end}`);
      start = numbers[i]!;
    }
  }
  return parts.join(', ');
}

/**
 * The mainland row first (ordinary prices, free delivery over the threshold), then each zone in
 * its order with its surcharges added; a zone not delivered to shows its message instead.
 */
export function zoneTable(
  settings: DeliverySettings,
  zones: readonly DeliveryZone[],
): ZoneTableRow[] {
  const mainland: ZoneTableRow = {
    ...MAINLAND,
    postcodes: OTHER_POSTCODES,
    deliverable: true,
    parcelPence: settings.parcelPence,
    palletPence: settings.palletPence,
    parcelSurchargePence: 0,
    palletSurchargePence: 0,
    freeFromPence: settings.freeThresholdPence,
    minDays: settings.standardMinDays,
    maxDays: settings.standardMaxDays,
    message: null,
  };
  return [
    mainland,
    ...zones.map((zone) => ({
      code: zone.code,
      name: zone.name,
      postcodes: postcodeRanges(zone.prefixes),
      deliverable: zone.deliverable,
      parcelPence: zone.deliverable ? settings.parcelPence + zone.parcelSurchargePence : null,
      palletPence: zone.deliverable ? settings.palletPence + zone.palletSurchargePence : null,
      parcelSurchargePence: zone.parcelSurchargePence,
      palletSurchargePence: zone.palletSurchargePence,
      freeFromPence: null,
      minDays: zone.deliverable ? settings.standardMinDays + zone.extraDays : null,
      maxDays: zone.deliverable ? settings.standardMaxDays + zone.extraDays : null,
      message: zone.message,
    })),
  ];
}
