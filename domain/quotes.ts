// Quotes for bespoke work: how a quote's lines, delivery and deposit are priced, and which
// states a quote may move between. Integer pence, VAT included in every price; the one rounding
// rule (money.ts roundPence) and the one VAT split (vat.ts splitGross), line by line.
import { roundM2 } from './area.ts';
import type { DeliveryLine } from './delivery.ts';
import { roundPence } from './money.ts';
import { DOCUMENT_MAX_BYTES } from './uploads.ts';
import { splitGross, sumSplits, type VatSplit } from './vat.ts';

export const QUOTE_STATES = [
  'draft',
  'sent',
  'accepted',
  'expired',
  'withdrawn',
  'superseded',
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** How long a quote may be accepted after it is sent, unless staff set otherwise. */
export const DEFAULT_VALID_DAYS = 30;

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found',
  expired: 'This quote has expired: please ask us for a new one',
  superseded: 'This quote has been replaced by a newer revision: please open the latest one',
  withdrawn: 'This quote has been withdrawn',
  notSent: 'This quote has not been sent yet',
  notDraft: 'Only a draft quote can be changed or sent: revise it to make a new version',
  notRevisable: 'Only a sent or expired quote can be revised',
  notWithdrawable: 'Only a draft or sent quote can be withdrawn',
  noLines: 'Add at least one line before sending the quote',
  notDeliverable: 'We cannot deliver to this address by the usual rules: set a delivery price',
  unknownProduct: 'Choose a stone from the catalogue',
  unknownVariation: 'Choose a size on sale',
  unknownEnquiry: 'Enquiry not found',
  measurementsOrDrawing: 'Give the length and width in mm, or upload a drawing',
  areaNeedsSize: 'A line priced per m² needs its length and width',
  drawingType: 'The drawing must be a PDF, JPEG, PNG or WebP file',
  drawingTooLarge: `The drawing must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`,
  unknownDrawing: 'Upload the drawing again',
  noDrawing: 'Drawing not found',
} as const;

/** What a line's price depends on. */
export interface QuoteLineFigures {
  /** 'm2': unit price per square metre of the pieces' area; 'piece': per piece. */
  pricing: 'm2' | 'piece';
  unitPricePence: number;
  pieces: number;
  /** One piece's measurements, when known. */
  lengthMm: number | null;
  widthMm: number | null;
  /** Cut-outs in each piece (a sink, a hob), each at cutoutPricePence. */
  cutouts: number;
  cutoutPricePence: number;
}

export interface PricedQuoteLine {
  /** The pieces' area in m² (3 decimals), or null when their measurements are not known. */
  m2: number | null;
  /** The pieces by area or per piece, before cut-outs. */
  piecesPence: number;
  cutoutsPence: number;
  /** The line: pieces and cut-outs, each split into net and VAT, summed. */
  total: VatSplit;
}

/**
 * A line's price. By area, the price is rounded once, from the exact area in mm²:
 * 1 piece 1200 × 600 mm at £180.00/m² → 0.72 m² → £129.60; with 2 cut-outs at £45.00 → £219.60,
 * split at 20 % into £183.00 net + £36.60 VAT.
 * 3 pieces per piece at £50.00 → £150.00.
 */
export function priceQuoteLine(line: QuoteLineFigures, vatPercent: number): PricedQuoteLine {
  const sized = line.lengthMm !== null && line.widthMm !== null;
  const mm2 = sized ? line.pieces * line.lengthMm! * line.widthMm! : null;
  if (line.pricing === 'm2' && mm2 === null) throw new RangeError(QUOTE_MESSAGES.areaNeedsSize);
  const piecesPence =
    line.pricing === 'm2'
      ? roundPence((mm2! * line.unitPricePence) / 1_000_000)
      : line.pieces * line.unitPricePence;
  const cutoutsPence = line.pieces * line.cutouts * line.cutoutPricePence;
  return {
    m2: mm2 === null ? null : roundM2(mm2 / 1_000_000),
    piecesPence,
    cutoutsPence,
    // Pieces and cut-outs are split apart, as they become two lines of the order.
    total: sumSplits(
      cutoutsPence === 0
        ? [splitGross(piecesPence, vatPercent)]
        : [splitGross(piecesPence, vatPercent), splitGross(cutoutsPence, vatPercent)],
    ),
  };
}

/**
 * A bespoke line as delivery weighs it: a size of its measurements and thickness sold by the
 * m², so its weight is the stone's kg per m² per mm (delivery.ts kgPerM2) × thickness × area,
 * as for any tile. Without measurements (a drawing only) it weighs as one nominal item each.
 */
export function bespokeDeliveryLine(line: {
  lengthMm: number | null;
  widthMm: number | null;
  thicknessMm: number | null;
  pieces: number;
  material: string | null;
}): DeliveryLine {
  const sized = line.lengthMm !== null && line.widthMm !== null;
  return {
    option: sized
      ? `${line.lengthMm}x${line.widthMm}${line.thicknessMm ? `x${line.thicknessMm}` : ''}`
      : 'Bespoke piece',
    kind: 'size',
    material: line.material,
    pieces: line.pieces,
    m2: sized ? (line.pieces * line.lengthMm! * line.widthMm!) / 1_000_000 : null,
    sellingUnit: sized ? 'm2' : 'each',
  };
}

export interface QuoteTotals {
  goods: VatSplit;
  delivery: VatSplit;
  total: VatSplit;
  /** Paid on acceptance: the deposit, or the whole total when the percent is 0. */
  payNowPence: number;
  depositPence: number;
  /** What is left to pay after the deposit; total − deposit, so the two add up exactly. */
  balancePence: number;
}

/**
 * A quote's totals: the lines' splits summed, the delivery split the same way, and the deposit
 * = round(total × percent / 100), the balance the rest.
 * Goods £219.60 + delivery £60.00 = £279.60, 30 % deposit → £83.88 now, £195.72 later.
 */
export function quoteTotals(
  lines: readonly Pick<PricedQuoteLine, 'total'>[],
  deliveryPence: number,
  depositPercent: number,
  vatPercent: number,
): QuoteTotals {
  const goods = sumSplits(lines.map((line) => line.total));
  const delivery = splitGross(deliveryPence, vatPercent);
  const total = sumSplits([goods, delivery]);
  const depositPence =
    depositPercent === 0 ? 0 : roundPence((total.grossPence * depositPercent) / 100);
  return {
    goods,
    delivery,
    total,
    depositPence,
    balancePence: total.grossPence - depositPence,
    payNowPence: depositPercent === 0 ? total.grossPence : depositPence,
  };
}

/** The day a quote sent at `sentAt` stops being acceptable. */
export function validUntil(sentAt: Date, validDays: number): Date {
  return new Date(sentAt.getTime() + validDays * 86_400_000);
}

/**
 * The state a customer sees: a sent quote past its validity is expired, whether or not the
 * sweep has written it yet.
 */
export function effectiveState(
  quote: { state: QuoteState; validUntil: Date | null },
  now: Date,
): QuoteState {
  if (quote.state === 'sent' && quote.validUntil && quote.validUntil.getTime() <= now.getTime()) {
    return 'expired';
  }
  return quote.state;
}

/** Why a quote cannot be accepted now (HTTP status, code, message), or null when it can. */
export function acceptRefusal(
  state: QuoteState,
): { status: 409 | 410; code: string; message: string } | null {
  switch (state) {
    case 'sent':
    case 'accepted':
      return null;
    case 'expired':
      return { status: 410, code: 'quote_expired', message: QUOTE_MESSAGES.expired };
    case 'superseded':
      return { status: 409, code: 'quote_superseded', message: QUOTE_MESSAGES.superseded };
    case 'withdrawn':
      return { status: 410, code: 'quote_withdrawn', message: QUOTE_MESSAGES.withdrawn };
    case 'draft':
      return { status: 409, code: 'quote_not_sent', message: QUOTE_MESSAGES.notSent };
  }
}

/** What staff may do to a quote in each state. */
export const QUOTE_ACTIONS = {
  edit: ['draft'],
  send: ['draft'],
  revise: ['sent', 'expired'],
  withdraw: ['draft', 'sent'],
} as const satisfies Record<string, readonly QuoteState[]>;

export const mayDo = (action: keyof typeof QUOTE_ACTIONS, state: QuoteState): boolean =>
  (QUOTE_ACTIONS[action] as readonly QuoteState[]).includes(state);

/** A bespoke line's description as the quote, order and PDF print it. */
export function bespokeDescription(line: {
  lengthMm: number | null;
  widthMm: number | null;
  thicknessMm: number | null;
  edgeProfile: string | null;
  finish: string | null;
  cutouts: number;
  drawing: boolean;
}): string {
  const size =
    line.lengthMm !== null && line.widthMm !== null
      ? `${line.lengthMm} × ${line.widthMm}${line.thicknessMm ? ` × ${line.thicknessMm}` : ''} mm`
      : line.thicknessMm
        ? `${line.thicknessMm} mm, to drawing`
        : 'to drawing';
  return [
    size,
    line.edgeProfile ? `${line.edgeProfile} edge` : null,
    line.finish,
    line.cutouts > 0 ? `${line.cutouts} cut-out${line.cutouts === 1 ? '' : 's'} each` : null,
    line.drawing && line.lengthMm !== null ? 'see drawing' : null,
  ]
    .filter(Boolean)
    .join(', ');
}
