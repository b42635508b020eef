// Returns as a stone shop runs them: whole packs only, within a window from delivery, never a
// piece cut to measure, with a restocking fee and the cost of collecting a pallet deducted from
// the refund. Damage is the shop's fault, not the customer's change of mind: a claim made within
// hours of delivery (and noted on the delivery note) pays no fee and no collection.
import { formatGBP, roundPence } from './money.ts';
import { splitGross, type VatSplit } from './vat.ts';

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'refused',
  'collection_booked',
  'received',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What staff may do next from each status; refused and refunded are the end. */
const NEXT: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'refused'],
  approved: ['collection_booked'],
  refused: [],
  collection_booked: ['received'],
  received: ['refunded'],
  refunded: [],
};

/** canMoveReturn('requested', 'approved') → true; canMoveReturn('requested', 'received') → false */
export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return NEXT[from].includes(to);
}

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  collection_booked: 'Collection booked',
  received: 'Received',
  refunded: 'Refunded',
};

/** Who pays for the pallet to be collected on a change-of-mind return. */
export type CollectionPayer = 'customer' | 'shop';

/** The `return_rules` row: the owner changes these without a release. */
export interface ReturnRules {
  /** Days from delivery within which a return may be asked for. */
  windowDays: number;
  /** Percent of the returned goods' price kept on a change-of-mind return. */
  restockingFeePercent: number;
  collectionPaidBy: CollectionPayer;
  /** Gross pence (VAT included) a collection costs the customer when they pay it. */
  collectionPricePence: number;
  /** Hours from delivery within which damage may be claimed. */
  damageClaimHours: number;
}

/** The seeded rules: what UK stone shops commonly state in their returns policies. */
export const DEFAULT_RETURN_RULES: ReturnRules = {
  windowDays: 30,
  restockingFeePercent: 20,
  collectionPaidBy: 'customer',
  collectionPricePence: 6000,
  damageClaimHours: 48,
};

export const RETURN_REASONS = [
  'changed_mind',
  'ordered_too_many',
  'wrong_item',
  'damaged',
  'not_as_described',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  changed_mind: 'I changed my mind',
  ordered_too_many: 'I ordered too many',
  wrong_item: 'Wrong item sent',
  damaged: 'Arrived damaged',
  not_as_described: 'Not as described',
};

export const RETURN_MESSAGES = {
  notDelivered: 'Items can be returned once the order has been delivered',
  outOfWindow: (days: number) => `Returns must be asked for within ${days} days of delivery`,
  damageTooLate: (hours: number) =>
    `Damage must be reported within ${hours} hours of delivery; please contact us`,
  bespoke: 'Made-to-measure pieces cannot be returned',
  sample: 'Samples cannot be returned',
  partPack: (perPack: number) =>
    `Return whole packs only: a multiple of ${perPack} piece${perPack === 1 ? '' : 's'}`,
  tooMany: (left: number) => `At most ${left} piece${left === 1 ? '' : 's'} can be returned`,
  nothingChosen: 'Choose at least one pack to return',
  photosNeeded: 'Add at least one photo of the damage',
  deliveryNoteNeeded: 'Damage must be noted on the delivery note when it arrives',
  reason: 'Choose why you are returning the items',
} as const;

/** An order line as far as returning it goes. */
export interface ReturnableLine {
  /** The line's position in the order (0-based), the way the return names it. */
  line: number;
  kind: 'size' | 'free-sample' | 'full-size-sample';
  isBespoke: boolean;
  pieces: number;
  piecesPerPack: number;
  grossPence: number;
  /** Pieces already in a return that was not refused. */
  piecesInReturns: number;
}

/** Whether and how much of a line can go back. */
export interface LineEligibility {
  line: number;
  /** Pieces that may still be returned, in whole packs. */
  returnablePieces: number;
  /** Why nothing can be returned, or null. */
  whyNot: string | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Why the order as a whole cannot take a return now, or null.
 *
 * returnWindowProblem(rules, null, now) → 'Items can be returned once …'
 * returnWindowProblem(30 days, delivered 31 days ago, now) → 'Returns must be asked for within 30 days of delivery'
 */
export function returnWindowProblem(
  rules: ReturnRules,
  deliveredAt: Date | null,
  now: Date,
): string | null {
  if (!deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (now.getTime() - deliveredAt.getTime() > rules.windowDays * DAY_MS) {
    return RETURN_MESSAGES.outOfWindow(rules.windowDays);
  }
  return null;
}

/** Whether damage may still be claimed: within the rules' hours of delivery. */
export function damageClaimOpen(rules: ReturnRules, deliveredAt: Date | null, now: Date): boolean {
  return (
    deliveredAt !== null &&
    now.getTime() - deliveredAt.getTime() <= rules.damageClaimHours * HOUR_MS
  );
}

/**
 * What of a line may go back: whole packs of what was bought, less what other returns hold;
 * nothing for samples or made-to-measure pieces.
 *
 * A line of 10 pieces in packs of 4, 4 already returned → 4 returnable (one more pack; the 2
 * left over are not a whole pack).
 */
export function lineEligibility(line: ReturnableLine): LineEligibility {
  const nothing = (whyNot: string) => ({ line: line.line, returnablePieces: 0, whyNot });
  if (line.kind !== 'size') return nothing(RETURN_MESSAGES.sample);
  if (line.isBespoke) return nothing(RETURN_MESSAGES.bespoke);
  const perPack = Math.max(1, line.piecesPerPack);
  const left = Math.max(0, line.pieces - line.piecesInReturns);
  const returnablePieces = Math.floor(left / perPack) * perPack;
  if (returnablePieces === 0) return nothing(RETURN_MESSAGES.tooMany(0));
  return { line: line.line, returnablePieces, whyNot: null };
}

/** Why returning `pieces` of a line is refused, or null. */
export function linePiecesProblem(line: ReturnableLine, pieces: number): string | null {
  const eligibility = lineEligibility(line);
  if (eligibility.whyNot) return eligibility.whyNot;
  if (pieces % Math.max(1, line.piecesPerPack) !== 0) {
    return RETURN_MESSAGES.partPack(line.piecesPerPack);
  }
  if (pieces > eligibility.returnablePieces) {
    return RETURN_MESSAGES.tooMany(eligibility.returnablePieces);
  }
  return null;
}

/**
 * The price of some of a line's pieces: its gross in proportion, to the penny (half up), so
 * returning every piece gives back exactly what the line cost.
 *
 * returnedGrossPence(10 pieces for £999.99, 4) → 40000 (99999 × 4 / 10 = 39999.6)
 */
export function returnedGrossPence(line: { pieces: number; grossPence: number }, pieces: number) {
  if (pieces === line.pieces) return line.grossPence;
  return roundPence((line.grossPence * pieces) / line.pieces);
}

/** The money of a return, each figure gross with its VAT split by the one rule (splitGross). */
export interface ReturnFigures {
  goods: VatSplit;
  restockingFee: VatSplit;
  collection: VatSplit;
  /** What the customer gets back: goods less fee and collection, never below zero. */
  refund: VatSplit;
}

/**
 * A return's figures. A damage claim pays no fee and no collection (the goods were not as
 * supplied); otherwise the fee is the rules' percent of the goods (half up) and the collection
 * costs the customer its price when the rules say they pay it.
 *
 * goods £250.00, 20 %, customer pays £60.00 → fee £50.00, refund £140.00 (net £116.67, VAT £23.33)
 */
export function returnFigures(
  rules: ReturnRules,
  goodsGrossPence: number,
  damage: boolean,
): ReturnFigures {
  const fee = damage ? 0 : roundPence((goodsGrossPence * rules.restockingFeePercent) / 100);
  const collection = damage || rules.collectionPaidBy === 'shop' ? 0 : rules.collectionPricePence;
  const refund = Math.max(0, goodsGrossPence - fee - collection);
  return {
    goods: splitGross(goodsGrossPence),
    restockingFee: splitGross(fee),
    collection: splitGross(collection),
    refund: splitGross(refund),
  };
}

/** The rules as a customer reads them before asking. */
export function describeReturnRules(rules: ReturnRules): string[] {
  return [
    `Return whole, unopened packs within ${rules.windowDays} days of delivery. Made-to-measure pieces cannot be returned.`,
    rules.restockingFeePercent > 0
      ? `A restocking fee of ${rules.restockingFeePercent}% of the returned goods is deducted.`
      : 'No restocking fee is charged.',
    rules.collectionPaidBy === 'customer'
      ? `We collect the packs; the collection (${formatGBP(rules.collectionPricePence)}) is deducted from your refund.`
      : 'We collect the packs at our cost.',
    `Damage must be noted on the delivery note and reported with photos within ${rules.damageClaimHours} hours of delivery; damaged goods are refunded in full.`,
  ];
}

/** A return's number: the order's, then R and how many returns the order has had. */
export const returnNumber = (orderNumber: string, nth: number) => `${orderNumber}-R${nth}`;
export const RETURN_NUMBER_PATTERN = /^TS-\d{6,12}-R\d{1,4}$/;
