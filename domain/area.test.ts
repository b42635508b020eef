import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartQuantity,
  formatM2,
  m2ToPieces,
  parseM2Input,
  parsePiecesInput,
  parseTileSize,
  piecesToM2,
  roundM2,
  snapM2ToPieces,
  tileAreaM2,
} from './area.ts';

describe('parseTileSize: "The option encodes the size in mm, such as 600x400 or (600x400x20)"', () => {
  it.each([
    ['600x400', 600, 400, null],
    ['(600x400x20)', 600, 400, 20],
    ['600 x 400 x 20mm', 600, 400, 20],
    ['600X400', 600, 400, null],
    ['Free Sample (600x400x20)', 600, 400, 20],
    ['1200x600x30 Full Size Sample', 1200, 600, 30],
    ['305×305×10', 305, 305, 10],
    ['600x400x1.5', 600, 400, 1.5],
    ['Sizemm: 900 X 600', 900, 600, null],
  ])('%s', (option, widthMm, heightMm, thicknessMm) => {
    expect(parseTileSize(option)).toEqual({ widthMm, heightMm, thicknessMm });
  });

  it.each(['Free Sample', 'Full Size Sample', '', '600', 'x400', '0x400', '600x0'])(
    'no size in %j',
    (option) => {
      expect(parseTileSize(option)).toBeNull();
    },
  );
});

describe('tileAreaM2: "Tile area m2 = width x height in mm / 1,000,000"', () => {
  it('computes the area of one piece', () => {
    expect(tileAreaM2('600x400')).toBe(0.24);
    expect(tileAreaM2('(305x305x10)')).toBe(0.093025);
    expect(tileAreaM2('1200x600x30 Full Size Sample')).toBe(0.72);
    expect(tileAreaM2('Free Sample')).toBeNull();
  });
});

describe('roundM2 and formatM2: "re-shown to 3 decimals"', () => {
  it('rounds half up to 3 decimals', () => {
    expect(roundM2(0.279075)).toBe(0.279);
    expect(roundM2(0.0936)).toBe(0.094);
    expect(roundM2(1.0005)).toBe(1.001);
  });

  it('always shows 3 decimals', () => {
    expect(formatM2(0.24)).toBe('0.240');
    expect(formatM2(2)).toBe('2.000');
    expect(formatM2(0.279075)).toBe('0.279');
    expect(formatM2(0)).toBe('0.000');
  });
});

describe('piecesToM2: "Typing pieces sets m2 = pieces x tile area"', () => {
  it('multiplies and rounds to 3 decimals', () => {
    expect(piecesToM2(2, 0.24)).toBe(0.48);
    expect(piecesToM2(3, 0.093025)).toBe(0.279);
    expect(piecesToM2(0, 0.24)).toBe(0);
    expect(piecesToM2(7, 0.1)).toBe(0.7);
  });

  it('needs a known tile area', () => {
    expect(() => piecesToM2(1, 0)).toThrow(RangeError);
    expect(() => piecesToM2(1, Number.NaN)).toThrow(RangeError);
  });
});

describe('m2ToPieces: "Typing m2 sets pieces = ceiling(m2 / tile area)"', () => {
  it('rounds up to whole pieces', () => {
    expect(m2ToPieces(0.5, 0.24)).toBe(3);
    expect(m2ToPieces(10, 0.093025)).toBe(108);
    expect(m2ToPieces(0.001, 0.24)).toBe(1);
  });

  it('is not fooled by float error: 0.48 / 0.24 is 2 pieces, not 3', () => {
    expect(m2ToPieces(0.48, 0.24)).toBe(2);
    expect(m2ToPieces(0.7, 0.1)).toBe(7);
    expect(m2ToPieces(0.3, 0.1)).toBe(3);
  });

  it('gives 0 for no, zero or negative m²', () => {
    expect(m2ToPieces(0, 0.24)).toBe(0);
    expect(m2ToPieces(-1, 0.24)).toBe(0);
    expect(m2ToPieces(Number.NaN, 0.24)).toBe(0);
  });

  it('needs a known tile area', () => {
    expect(() => m2ToPieces(1, 0)).toThrow(RangeError);
    expect(() => m2ToPieces(1, -0.24)).toThrow(RangeError);
  });

  // From 25 mm: m² have 3 decimals, so a piece under 0.0005 m² (about 22 × 22 mm) would show
  // as 0.000 m². The shop sells nothing that small; mosaics come in sheets.
  const dims = fc.integer({ min: 25, max: 3000 });
  const area = fc.tuple(dims, dims).map(([w, h]) => (w * h) / 1_000_000);
  const m2Thousandths = fc.integer({ min: 1, max: 10_000_000 }).map((t) => t / 1000);

  it('property: the pieces always cover the m² asked for, and one fewer would not', () => {
    fc.assert(
      fc.property(area, m2Thousandths, (a, m2) => {
        const pieces = m2ToPieces(m2, a);
        expect(pieces * a).toBeGreaterThanOrEqual(m2 - 1e-9);
        expect((pieces - 1) * a).toBeLessThan(m2);
      }),
    );
  });

  it('property: pieces → m² → pieces never loses a piece (and gains at most one)', () => {
    fc.assert(
      fc.property(area, fc.integer({ min: 0, max: 10_000 }), (a, pieces) => {
        const back = m2ToPieces(piecesToM2(pieces, a), a);
        expect(back).toBeGreaterThanOrEqual(pieces);
        expect(back).toBeLessThanOrEqual(pieces + 1);
      }),
    );
  });

  it('property: the round trip is exact when the tile area has at most 3 decimals', () => {
    // Whole centimetres by whole decimetres: w × h is a multiple of 1000 mm².
    const wholeCm = fc.integer({ min: 1, max: 300 }).map((cm) => cm * 10);
    const wholeDm = fc.integer({ min: 1, max: 30 }).map((dm) => dm * 100);
    fc.assert(
      fc.property(wholeCm, wholeDm, fc.integer({ min: 0, max: 10_000 }), (w, h, pieces) => {
        const a = (w * h) / 1_000_000;
        expect(m2ToPieces(piecesToM2(pieces, a), a)).toBe(pieces);
      }),
    );
  });
});

describe('snapM2ToPieces: "On leaving the m2 field the value is rounded up to whole pieces"', () => {
  it('re-shows the m² of the whole pieces', () => {
    expect(snapM2ToPieces(0.5, 0.24)).toEqual({ pieces: 3, m2: 0.72 });
    expect(snapM2ToPieces(0.48, 0.24)).toEqual({ pieces: 2, m2: 0.48 });
    expect(snapM2ToPieces(0, 0.24)).toEqual({ pieces: 0, m2: 0 });
  });
});

describe('parsePiecesInput / parseM2Input: "non-positive, empty or non-numeric counts as no quantity"', () => {
  it('reads positive numbers', () => {
    expect(parsePiecesInput('3')).toBe(3);
    expect(parsePiecesInput(' 2.7 ')).toBe(2.7);
    expect(parsePiecesInput('.5')).toBe(0.5);
    expect(parseM2Input('0.48')).toBe(0.48);
  });

  it.each(['0', '-1', '', '  ', 'abc', '1e3', '1,5', '0.000', 'Infinity'])(
    '%j is no quantity',
    (text) => {
      expect(parsePiecesInput(text)).toBeNull();
      expect(parseM2Input(text)).toBeNull();
    },
  );
});

describe('cartQuantity: "Cart quantity sent is the floor of the piece count, minimum default 1"', () => {
  it('floors with a minimum of 1', () => {
    expect(cartQuantity(3)).toBe(3);
    expect(cartQuantity(2.7)).toBe(2);
    expect(cartQuantity(0.4)).toBe(1);
    expect(cartQuantity(null)).toBe(1);
    expect(cartQuantity(Number.NaN)).toBe(1);
  });
});
