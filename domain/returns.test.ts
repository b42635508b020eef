import { describe, expect, it } from 'vitest';
import {
  canMoveReturn,
  damageClaimOpen,
  DEFAULT_RETURN_RULES,
  lineEligibility,
  linePiecesProblem,
  returnedGrossPence,
  returnFigures,
  returnNumber,
  returnWindowProblem,
  RETURN_NUMBER_PATTERN,
  type ReturnableLine,
} from './returns.ts';

const rules = DEFAULT_RETURN_RULES;
const delivered = new Date('2026-11-01T10:00:00Z');
const later = (hours: number) => new Date(delivered.getTime() + hours * 3_600_000);

const tiles: ReturnableLine = {
  line: 0,
  kind: 'size',
  isBespoke: false,
  pieces: 10,
  piecesPerPack: 4,
  grossPence: 99_999,
  piecesInReturns: 0,
};

describe('the return window', () => {
  it('opens at delivery and closes after the rules’ days', () => {
    expect(returnWindowProblem(rules, null, later(1))).toBe(
      'Items can be returned once the order has been delivered',
    );
    expect(returnWindowProblem(rules, delivered, later(30 * 24))).toBeNull();
    expect(returnWindowProblem(rules, delivered, later(30 * 24 + 1))).toBe(
      'Returns must be asked for within 30 days of delivery',
    );
  });

  it('takes damage claims for 48 hours after delivery only', () => {
    expect(damageClaimOpen(rules, delivered, later(48))).toBe(true);
    expect(damageClaimOpen(rules, delivered, later(48.01))).toBe(false);
    expect(damageClaimOpen(rules, null, later(1))).toBe(false);
  });
});

describe('what of a line can go back', () => {
  it('is whole packs of what was bought, less what other returns hold', () => {
    expect(lineEligibility(tiles)).toEqual({ line: 0, returnablePieces: 8, whyNot: null });
    expect(lineEligibility({ ...tiles, piecesInReturns: 4 }).returnablePieces).toBe(4);
    expect(lineEligibility({ ...tiles, piecesInReturns: 8 })).toEqual({
      line: 0,
      returnablePieces: 0,
      whyNot: 'At most 0 pieces can be returned',
    });
  });

  it('refuses part packs, too many pieces, bespoke pieces and samples', () => {
    expect(linePiecesProblem(tiles, 8)).toBeNull();
    expect(linePiecesProblem(tiles, 3)).toBe('Return whole packs only: a multiple of 4 pieces');
    expect(linePiecesProblem(tiles, 12)).toBe('At most 8 pieces can be returned');
    expect(linePiecesProblem({ ...tiles, isBespoke: true }, 4)).toBe(
      'Made-to-measure pieces cannot be returned',
    );
    expect(linePiecesProblem({ ...tiles, kind: 'free-sample' }, 4)).toBe(
      'Samples cannot be returned',
    );
    expect(linePiecesProblem({ ...tiles, piecesPerPack: 1 }, 1)).toBeNull();
  });
});

describe('the money of a return', () => {
  it('prices some of a line’s pieces in proportion, half up, and all of them exactly', () => {
    // 99999 × 4 / 10 = 39999.6 → 40000
    expect(returnedGrossPence({ pieces: 10, grossPence: 99_999 }, 4)).toBe(40_000);
    expect(returnedGrossPence({ pieces: 10, grossPence: 99_999 }, 10)).toBe(99_999);
  });

  it('deducts 20 % and the £60.00 collection, and splits each figure by the one VAT rule', () => {
    // Fee 25000 × 20 % = 5000; refund 25000 − 5000 − 6000 = 14000; net 14000 / 1.2 = 11666.67 → 11667.
    expect(returnFigures(rules, 25_000, false)).toEqual({
      goods: { grossPence: 25_000, netPence: 20_833, vatPence: 4_167 },
      restockingFee: { grossPence: 5_000, netPence: 4_167, vatPence: 833 },
      collection: { grossPence: 6_000, netPence: 5_000, vatPence: 1_000 },
      refund: { grossPence: 14_000, netPence: 11_667, vatPence: 2_333 },
    });
    // Fee 39999 × 20 % = 7999.8 → 8000; refund 39999 − 8000 − 6000 = 25999; net 21665.83 → 21666.
    expect(returnFigures(rules, 39_999, false).refund).toEqual({
      grossPence: 25_999,
      netPence: 21_666,
      vatPence: 4_333,
    });
  });

  it('refunds damaged goods in full, and never below zero', () => {
    expect(returnFigures(rules, 25_000, true).refund.grossPence).toBe(25_000);
    expect(returnFigures(rules, 25_000, true).collection.grossPence).toBe(0);
    expect(
      returnFigures({ ...rules, collectionPaidBy: 'shop' }, 25_000, false).refund.grossPence,
    ).toBe(20_000);
    // 3000 − 600 − 6000 < 0
    expect(returnFigures(rules, 3_000, false).refund.grossPence).toBe(0);
  });
});

describe('a return’s life', () => {
  it('goes requested → approved → collection booked → received → refunded, or is refused', () => {
    expect(canMoveReturn('requested', 'approved')).toBe(true);
    expect(canMoveReturn('requested', 'refused')).toBe(true);
    expect(canMoveReturn('approved', 'collection_booked')).toBe(true);
    expect(canMoveReturn('collection_booked', 'received')).toBe(true);
    expect(canMoveReturn('received', 'refunded')).toBe(true);
    expect(canMoveReturn('requested', 'received')).toBe(false);
    expect(canMoveReturn('refused', 'approved')).toBe(false);
    expect(canMoveReturn('refunded', 'received')).toBe(false);
  });

  it('is numbered after its order', () => {
    expect(returnNumber('TS-100001', 2)).toBe('TS-100001-R2');
    expect(RETURN_NUMBER_PATTERN.test('TS-100001-R2')).toBe(true);
    expect(RETURN_NUMBER_PATTERN.test('TS-100001')).toBe(false);
  });
});
