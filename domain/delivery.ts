// Delivery of stone (design section 11): how much a basket weighs, which postcode zone an address
// falls in, and what the shop charges to deliver it. Prices and zones are data (the
// delivery_settings and delivery_zones rows); the rules that read them live here. Money is integer
// pence, gross (VAT included); weights are kilograms.
import { parseTileSize } from './area.ts';
import { CHECKOUT_MESSAGES, type DeliveryOptionId } from './checkout.ts';
import { SHOP_PHONE } from './company.ts';
import { formatGBP, roundHalfUp } from './money.ts';
import { isKnownPostcodeArea } from './postcode-areas.ts';
import type { VariationKind } from './samples.ts';
import type { SellingUnit } from './selling-unit.ts';
import { MESSAGES } from './validation.ts';
import { normaliseUkPostcode } from './postcode.ts';

/** The delivery_settings row (db/schema/orders.ts), without its id. */
export interface DeliverySettings {
  parcelMaxKg: number;
  parcelPence: number;
  palletMaxKg: number;
  palletPence: number;
  freeThresholdPence: number;
  fullSizeSamplePostagePence: number;
  timedSlotPence: number;
  standardMinDays: number;
  standardMaxDays: number;
  postMinDays: number;
  postMaxDays: number;
  /** Collection from the yard, when the shop offers it (absent or null: delivery only). */
  collection?: { address: string | null; leadDays: number } | null;
}

/** A delivery_zones row (db/schema/orders.ts), without its position. */
export interface DeliveryZone {
  code: string;
  name: string;
  /** Postcode areas ('IV') or districts ('KW15'); the longest match wins. */
  prefixes: string[];
  deliverable: boolean;
  parcelSurchargePence: number;
  palletSurchargePence: number;
  extraDays: number;
  message: string | null;
}

/** One basket line as delivery sees it. */
export interface DeliveryLine {
  /** The variation's option, e.g. '600x400x20', 'Free Sample', '5 Litre'. */
  option: string;
  kind: VariationKind;
  /** The material's slug ('marble'), or null when the product has none. */
  material: string | null;
  /** How many of the product's selling unit: pieces, items, litres or linear metres. */
  pieces: number;
  /** Square metres ordered, or null for lines sold by the piece. */
  m2: number | null;
  /** What the product is sold by: a size's figures mean a piece's measurements only per m² or piece. */
  sellingUnit: SellingUnit;
}

export interface DeliveryOptionQuote {
  id: DeliveryOptionId;
  label: string;
  pricePence: number;
  /** Working days from the order. */
  minDays: number;
  maxDays: number;
}

/** What a zone adds to the price, and the line that says so ('Scottish Highlands: +£45.00 …'). */
export interface DeliverySurcharge {
  pence: number;
  text: string;
}

export interface DeliveryQuote {
  /** False for a basket or an address the shop cannot deliver; `message` says why. */
  deliverable: boolean;
  message: string | null;
  zone: { code: string; name: string } | null;
  /** The zone's surcharge included in the prices; null on the mainland, by post, or refused. */
  surcharge: DeliverySurcharge | null;
  method: 'post' | 'parcel' | 'pallet' | null;
  weightKg: number;
  parcels: number;
  pallets: number;
  /** Kerbside note for pallets. */
  note: string | null;
  /** Empty when not deliverable. */
  options: DeliveryOptionQuote[];
  /** Where the 'collection' option collects from; null when it is not offered. */
  collectionAddress: string | null;
}

/** Where no delivery_zones row matches: the ordinary price, free delivery and timed slots. */
export const MAINLAND: { code: 'mainland'; name: 'UK mainland' } = {
  code: 'mainland',
  name: 'UK mainland',
};

/**
 * Density of each material the catalogue carries, in tonnes per m³ (= kg per m² per mm of
 * thickness). Natural stone from trade tables; porcelain, engineered quartz and clay for products
 * the shop may add.
 */
export const STONE_DENSITY_T_PER_M3: Readonly<Record<string, number>> = {
  marble: 2.7,
  limestone: 2.7,
  travertine: 2.7,
  granite: 2.75,
  slate: 2.8,
  sandstone: 2.3,
  quartzite: 2.65,
  quartz: 2.4,
  onyx: 2.7,
  terrazzo: 2.4,
  porcelain: 2.4,
  ceramic: 2.0,
  clay: 1.9,
};

/**
 * Density for a material not in the table, or none: slate's 2.8, the heaviest listed, so an
 * unknown stone is never quoted a parcel it would not fit.
 */
export const DEFAULT_DENSITY_T_PER_M3 = 2.8;

/** Thickness assumed when an option gives only width × height: the common 20 mm of stone tiles. */
export const DEFAULT_THICKNESS_MM = 20;

/** A free sample is a small offcut, about 100 × 100 × 20 mm, boxed: 0.5 kg each. */
export const FREE_SAMPLE_KG = 0.5;

/**
 * An item whose option gives no size and no weight or volume (a tool, a pack): 5 kg each, the
 * weight of a typical 5 litre tub of grout or sealant.
 */
export const NOMINAL_ITEM_KG = 5;

/** Liquids and pastes sold by the litre (sealants, grout, adhesive): kg per litre, tub included. */
export const KG_PER_LITRE = 1.2;

export const DELIVERY_LABELS: Readonly<Record<DeliveryOptionId, string>> = {
  standard: 'Standard delivery (9am–5:30pm)',
  timed_am: 'Timed delivery, morning (9am–1pm)',
  timed_pm: 'Timed delivery, afternoon (12pm–5:30pm)',
  collection: 'Collect from our yard',
};

export const SAMPLES_BY_POST_LABEL = 'Samples by post';

export const DELIVERY_MESSAGES = {
  emptyBasket: CHECKOUT_MESSAGES.emptyBasket,
  outsideUk: `We deliver to addresses in the United Kingdom only. Please call us on ${SHOP_PHONE} for a quote.`,
  postcodeInvalid: MESSAGES.ukPostcodeInvalid,
  postcodeUnknown: (area: string) =>
    `${area} is not a UK postcode area. Please check the postcode, or call us on ${SHOP_PHONE}.`,
  zoneNotDelivered: `Sorry, we cannot deliver to this address. Please call us on ${SHOP_PHONE} to arrange collection or your own courier.`,
  kerbside:
    'Pallet deliveries are kerbside, by tail-lift lorry: the driver lowers the pallet to the kerb outside your property. Please make sure someone is in to receive it and that a lorry can reach you.',
} as const;

const WEIGHT_DECIMALS = 2;

function roundKg(kg: number): number {
  return roundHalfUp(kg, WEIGHT_DECIMALS);
}

/**
 * kg per m² of a material at a thickness: density (t/m³) × thickness (mm).
 *
 * kgPerM2('marble', 20) → 54
 * kgPerM2('granite', 30) → 82.5
 * kgPerM2(null, 20) → 56 (the default density, 2.8)
 */
export function kgPerM2(material: string | null, thicknessMm: number): number {
  const key = material?.trim().toLowerCase() ?? '';
  const density = STONE_DENSITY_T_PER_M3[key] ?? DEFAULT_DENSITY_T_PER_M3;
  return density * thicknessMm;
}

const WEIGHT_IN_OPTION = /(\d+(?:\.\d+)?)\s*kg\b/i;
const LITRES_IN_OPTION = /(\d+(?:\.\d+)?)\s*(?:l|ltr|litres?|liters?)\b/i;

/**
 * Weight of one item whose option states no tile size: the kilograms it states, else its litres ×
 * 1.2 kg, else the nominal 5 kg.
 *
 * itemKgWithoutSize('20kg bag') → 20
 * itemKgWithoutSize('5 Litre') → 6
 * itemKgWithoutSize('Tile spacers') → 5
 */
export function itemKgWithoutSize(option: string): number {
  const kg = WEIGHT_IN_OPTION.exec(option);
  if (kg) return Number(kg[1]);
  const litres = LITRES_IN_OPTION.exec(option);
  if (litres) return Number(litres[1]) * KG_PER_LITRE;
  return NOMINAL_ITEM_KG;
}

/**
 * Weight of a basket line in kg, to 2 decimals.
 * - size sold by the m², the piece or the item: kg/m² × m² (the m² ordered, or pieces × tile
 *   area); without a size in the option, itemKgWithoutSize per piece;
 * - size sold by the linear metre: each metre is 1 m of the size's narrower side, so
 *   kg/m² × that side in m per metre (no size: itemKgWithoutSize per metre);
 * - size sold by the litre: 1.2 kg per litre ordered, whatever tub the option names;
 * - full-size sample: one piece of its size per item (no size: itemKgWithoutSize);
 * - free sample: 0.5 kg each.
 * Thickness is the option's third figure, or 20 mm when it gives none.
 *
 * 10 × '600x400x20' marble → 2.4 m² × 54 kg/m² = 129.6
 * '600x400x20' marble, m2 2.5 → 135
 * 2 × '600x400' granite → 0.48 m² × 55 kg/m² = 26.4 (20 mm assumed)
 * 2 × '5 Litre' each → 12; 5 litres of '5 Litre' by the litre → 6
 * 3 m of '1200x150x20' marble skirting by the linear metre → 3 × 0.15 m² × 54 = 24.3
 * 3 × 'Free Sample' → 1.5
 * 1 × 'Full Size Sample (600x400x20)' marble → 12.96
 */
export function lineWeightKg(line: DeliveryLine): number {
  const pieces = Math.max(0, line.pieces);
  if (line.kind === 'free-sample') return roundKg(pieces * FREE_SAMPLE_KG);
  const bySize = line.kind === 'size';
  if (bySize && line.sellingUnit === 'litre') return roundKg(pieces * KG_PER_LITRE);
  const size = parseTileSize(line.option);
  if (!size) return roundKg(pieces * itemKgWithoutSize(line.option));
  const perM2 = kgPerM2(line.material, size.thicknessMm ?? DEFAULT_THICKNESS_MM);
  if (bySize && line.sellingUnit === 'linear_metre') {
    return roundKg(perM2 * pieces * (Math.min(size.widthMm, size.heightMm) / 1000));
  }
  const pieceM2 = (size.widthMm * size.heightMm) / 1_000_000;
  const m2 = bySize && line.m2 !== null ? Math.max(0, line.m2) : pieces * pieceM2;
  return roundKg(perM2 * m2);
}

const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** The outward code of a postcode ('KW15 1AB' → 'KW15'), or of an outward code alone ('kw15'). */
function outwardCode(postcode: string): string | null {
  const full = normaliseUkPostcode(postcode);
  if (full !== null) return full.split(' ')[0]!;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return OUTWARD_CODE.test(compact) ? compact : null;
}

/**
 * The zone a UK postcode falls in, or null for the mainland (and for text that is no postcode).
 * The postcode is normalised first and its outward code ('KW15') compared with each zone's
 * prefixes: a prefix with digits matches that district only ('KW15' never matches KW1), a
 * letters-only prefix the whole area ('KW'). The longest matching prefix wins; an outward code on
 * its own ('KW15') is read as well.
 *
 * findZone('kw15 1ab', seeded) → islands; findZone('KW1 4AA', seeded) → highlands
 * findZone('IV1 1AA', seeded) → highlands; findZone('BT1 1AA', seeded) → northern-ireland
 * findZone('BS2 0UX', seeded) → null
 */
export function findZone(postcode: string, zones: readonly DeliveryZone[]): DeliveryZone | null {
  const outward = outwardCode(postcode);
  if (outward === null) return null;
  const area = /^[A-Z]+/.exec(outward)![0];
  let best: { zone: DeliveryZone; length: number } | null = null;
  for (const zone of zones) {
    for (const raw of zone.prefixes) {
      const prefix = raw.replace(/\s+/g, '').toUpperCase();
      if (prefix === '') continue;
      const matches = /\d/.test(prefix) ? prefix === outward : prefix === area;
      if (matches && (best === null || prefix.length > best.length)) {
        best = { zone, length: prefix.length };
      }
    }
  }
  return best?.zone ?? null;
}

/** The letters of a postcode's outward code: 'kw15 1ab' → 'KW'. */
export function postcodeArea(postcode: string): string {
  return /^[A-Z]+/.exec(postcode.trim().toUpperCase())?.[0] ?? '';
}

/**
 * The zone's surcharge for one parcel (pallets 0) or for a number of pallets, with the line that
 * explains it at checkout; null when the zone adds nothing.
 *
 * Highlands (parcel £15, pallet £45), 0 pallets → 'Scottish Highlands: +£15.00 parcel surcharge'
 * the same, 2 pallets → 'Scottish Highlands: +£90.00 pallet surcharge (2 pallets × £45.00)'
 */
export function surchargeOf(zone: DeliveryZone, pallets: number): DeliverySurcharge | null {
  const each = pallets === 0 ? zone.parcelSurchargePence : zone.palletSurchargePence;
  if (each <= 0) return null;
  const pence = pallets === 0 ? each : each * pallets;
  const kind = pallets === 0 ? 'parcel' : 'pallet';
  const times = pallets > 1 ? ` (${pallets} pallets × ${formatGBP(each)})` : '';
  return { pence, text: `${zone.name}: +${formatGBP(pence)} ${kind} surcharge${times}` };
}

function refused(
  message: string,
  weightKg: number,
  zone: { code: string; name: string } | null = null,
): DeliveryQuote {
  return {
    deliverable: false,
    message,
    zone,
    surcharge: null,
    method: null,
    weightKg,
    parcels: 0,
    pallets: 0,
    note: null,
    options: [],
    collectionAddress: null,
  };
}

function isSample(line: DeliveryLine): boolean {
  return line.kind === 'free-sample' || line.kind === 'full-size-sample';
}

/**
 * What delivering a basket to an address costs, and how (design section 11). In order:
 * - no lines → refused, 'Your basket is empty';
 * - a country other than 'GB' → refused (call the shop for a quote);
 * - no postcode → priced for the UK mainland, so checkout shows a figure before the address;
 * - a postcode that is not a UK one → refused with the address form's message;
 * - a zone the shop does not deliver to → refused with the zone's message;
 * - samples only, up to samplePostMaxKg (the sample rules) → by post: free for free samples, the
 *   full-size sample postage once per order otherwise; post days, no zone surcharge, no timed
 *   slots; heavier samples (slab-sized full-size samples) go as any other goods, below;
 * - up to parcelMaxKg (samples counted) → one parcel, parcelPence + the zone's parcel surcharge;
 *   above → ceil(kg / palletMaxKg) pallets, each palletPence + the zone's pallet surcharge;
 * - on the mainland, goods from freeThresholdPence deliver free (standard option);
 * - mainland also offers morning and afternoon slots at the standard price + timedSlotPence;
 * - days: standardMinDays–standardMaxDays + the zone's extra days;
 * - when the shop offers collection (settings.collection), 'Collect from our yard' at £0, ready
 *   after its lead days (not for samples by post: they cost nothing to send).
 *
 * With the seeded settings and zones:
 * 2 × '600x300x10' slate (10.08 kg), goods £60, to 'BS2 0UX' → parcel: standard £9.95, timed
 *   £34.95 each, 3–5 days
 * 10 × '600x400x20' marble (129.6 kg), goods £500 → 1 pallet: standard free, timed £25 each
 * 1,000 kg to 'IV1 1AA' → 2 pallets × (£49 + £45) = £188, 5–7 days, standard only
 * 'Free Sample' × 3 to 'KW15 1AB' → post: free, 1–3 days
 */
export function quoteDelivery(input: {
  lines: readonly DeliveryLine[];
  goodsGrossPence: number;
  country: string | undefined;
  postcode: string | undefined;
  settings: DeliverySettings;
  zones: readonly DeliveryZone[];
  /** The heaviest samples-only order that goes by post (sample_rules.post_max_kg). */
  samplePostMaxKg: number;
}): DeliveryQuote {
  const { lines, goodsGrossPence, settings, zones } = input;
  if (lines.length === 0) return refused(DELIVERY_MESSAGES.emptyBasket, 0);

  const weightKg = roundKg(lines.reduce((kg, line) => kg + lineWeightKg(line), 0));

  const country = input.country?.trim().toUpperCase() ?? '';
  if (country !== '' && country !== 'GB') return refused(DELIVERY_MESSAGES.outsideUk, weightKg);

  const postcode = input.postcode?.trim() ?? '';
  let zone: DeliveryZone | null = null;
  if (postcode !== '') {
    if (normaliseUkPostcode(postcode) === null) {
      return refused(DELIVERY_MESSAGES.postcodeInvalid, weightKg);
    }
    const area = postcodeArea(postcode);
    if (!isKnownPostcodeArea(area)) {
      return refused(DELIVERY_MESSAGES.postcodeUnknown(area), weightKg);
    }
    zone = findZone(postcode, zones);
  }
  const zoneRef = zone ? { code: zone.code, name: zone.name } : { ...MAINLAND };
  if (zone && !zone.deliverable) {
    return refused(zone.message ?? DELIVERY_MESSAGES.zoneNotDelivered, weightKg, zoneRef);
  }

  if (lines.every(isSample) && weightKg <= input.samplePostMaxKg) {
    const allFree = lines.every((line) => line.kind === 'free-sample');
    return {
      deliverable: true,
      // The zone's message speaks of surcharges and extra days, which post does not carry.
      message: null,
      zone: zoneRef,
      surcharge: null,
      method: 'post',
      weightKg,
      parcels: 0,
      pallets: 0,
      note: null,
      collectionAddress: null,
      options: [
        {
          id: 'standard',
          label: SAMPLES_BY_POST_LABEL,
          pricePence: allFree ? 0 : settings.fullSizeSamplePostagePence,
          minDays: settings.postMinDays,
          maxDays: settings.postMaxDays,
        },
      ],
    };
  }

  const byParcel = weightKg <= settings.parcelMaxKg;
  const pallets = byParcel ? 0 : Math.ceil(weightKg / settings.palletMaxKg);
  const basePence = byParcel
    ? settings.parcelPence + (zone?.parcelSurchargePence ?? 0)
    : pallets * (settings.palletPence + (zone?.palletSurchargePence ?? 0));
  const free = zone === null && goodsGrossPence >= settings.freeThresholdPence;
  const standardPence = free ? 0 : basePence;
  const extraDays = zone?.extraDays ?? 0;
  const days = {
    minDays: settings.standardMinDays + extraDays,
    maxDays: settings.standardMaxDays + extraDays,
  };

  const options: DeliveryOptionQuote[] = [
    { id: 'standard', label: DELIVERY_LABELS.standard, pricePence: standardPence, ...days },
  ];
  if (zone === null) {
    for (const id of ['timed_am', 'timed_pm'] as const) {
      const pricePence = standardPence + settings.timedSlotPence;
      options.push({ id, label: DELIVERY_LABELS[id], pricePence, ...days });
    }
  }
  const collection = settings.collection ?? null;
  if (collection) {
    const leadDays = collection.leadDays;
    options.push({
      id: 'collection',
      label: DELIVERY_LABELS.collection,
      pricePence: 0,
      minDays: leadDays,
      maxDays: leadDays,
    });
  }

  return {
    deliverable: true,
    message: zone?.message ?? null,
    zone: zoneRef,
    surcharge: zone ? surchargeOf(zone, pallets) : null,
    method: byParcel ? 'parcel' : 'pallet',
    weightKg,
    parcels: byParcel ? 1 : 0,
    pallets,
    note: byParcel ? null : DELIVERY_MESSAGES.kerbside,
    options,
    collectionAddress: collection?.address ?? null,
  };
}
