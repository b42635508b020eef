// Tile sizes, areas and the link between pieces and square metres (spec sections 4, 5 and 9).
import { roundHalfUp } from './money.ts';

export interface TileSize {
  widthMm: number;
  heightMm: number;
  thicknessMm: number | null;
}

/** m² are shown, sent and stored to this many decimals (the m² input's step is 0.001). */
export const M2_DECIMALS = 3;

// Two or three millimetre figures joined by 'x' (any case, or '×'), spaces allowed around it.
const SIZE_IN_OPTION = /(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*[x×]\s*(\d+(?:\.\d+)?))?/i;

/**
 * Reads the size in millimetres from a variation option, or null when it holds none.
 *
 * parseTileSize('600x400') → { widthMm: 600, heightMm: 400, thicknessMm: null }
 * parseTileSize('(600x400x20)') → { widthMm: 600, heightMm: 400, thicknessMm: 20 }
 * parseTileSize('600 x 400 x 20mm') → { widthMm: 600, heightMm: 400, thicknessMm: 20 }
 * parseTileSize('Free Sample (600x400x20)') → { widthMm: 600, heightMm: 400, thicknessMm: 20 }
 * parseTileSize('1200x600x30 Full Size Sample') → { widthMm: 1200, heightMm: 600, thicknessMm: 30 }
 * parseTileSize('Free Sample') → null
 */
export function parseTileSize(option: string): TileSize | null {
  const match = SIZE_IN_OPTION.exec(option);
  if (!match) return null;
  const widthMm = Number(match[1]);
  const heightMm = Number(match[2]);
  const thicknessMm = match[3] === undefined ? null : Number(match[3]);
  if (!(widthMm > 0 && heightMm > 0)) return null;
  return { widthMm, heightMm, thicknessMm: thicknessMm === 0 ? null : thicknessMm };
}

/**
 * Area of one piece in m² (width × height in mm / 1,000,000), or null when the option has no size.
 *
 * tileAreaM2('600x400') → 0.24
 * tileAreaM2('(305x305x10)') → 0.093025
 * tileAreaM2('Free Sample') → null
 */
export function tileAreaM2(option: string): number | null {
  const size = parseTileSize(option);
  return size ? (size.widthMm * size.heightMm) / 1_000_000 : null;
}

/**
 * Rounds m² to 3 decimals (half up), the precision m² are shown and sent with.
 *
 * roundM2(0.279075) → 0.279
 * roundM2(0.0936) → 0.094
 * roundM2(1.0005) → 1.001
 */
export function roundM2(m2: number): number {
  return roundHalfUp(m2, M2_DECIMALS);
}

/**
 * Formats m² with exactly 3 decimals, as the m² field re-shows it.
 *
 * formatM2(0.24) → '0.240'
 * formatM2(2) → '2.000'
 * formatM2(0.279075) → '0.279'
 */
export function formatM2(m2: number): string {
  return roundM2(m2).toFixed(M2_DECIMALS);
}

function assertArea(area: number): void {
  if (!(Number.isFinite(area) && area > 0)) {
    throw new RangeError(`Tile area must be a positive number of m², got ${area}`);
  }
}

/**
 * Pieces → m² (pieces × tile area), rounded to 3 decimals so float noise never shows. A piece
 * under 0.0005 m² (about 22 × 22 mm) would show as 0.000; the shop sells nothing that small.
 *
 * piecesToM2(2, 0.24) → 0.48
 * piecesToM2(3, 0.093025) → 0.279
 * piecesToM2(0, 0.24) → 0
 */
export function piecesToM2(pieces: number, area: number): number {
  assertArea(area);
  return roundM2(pieces * area);
}

// The quotient is rounded before the ceiling so that float noise (0.48 / 0.24 →
// 2.0000000000000004) does not cost the shopper a piece. 9 decimals, not fewer: an m² value with
// 3 decimals over a slab as large as 10 m × 10 m is at least 1e-8 away from a whole number of
// pieces whenever it is not one, so no real shortfall is rounded away.
const QUOTIENT_DECIMALS = 9;

/**
 * m² → pieces needed to cover it: ceil(m² / tile area); 0 for no, zero or negative m².
 * Throws a RangeError when the tile area is unknown (0, negative or NaN).
 *
 * m2ToPieces(0.48, 0.24) → 2
 * m2ToPieces(0.5, 0.24) → 3
 * m2ToPieces(10, 0.093025) → 108
 * m2ToPieces(0, 0.24) → 0
 */
export function m2ToPieces(m2: number, area: number): number {
  assertArea(area);
  if (!(m2 > 0)) return 0;
  return Math.ceil(roundHalfUp(m2 / area, QUOTIENT_DECIMALS));
}

/**
 * What leaving the m² field does (spec section 4): round up to whole pieces and re-show the m²
 * those pieces cover, to 3 decimals.
 *
 * snapM2ToPieces(0.5, 0.24) → { pieces: 3, m2: 0.72 }
 * snapM2ToPieces(0.48, 0.24) → { pieces: 2, m2: 0.48 }
 * snapM2ToPieces(0, 0.24) → { pieces: 0, m2: 0 }
 */
export function snapM2ToPieces(m2: number, area: number): { pieces: number; m2: number } {
  const pieces = m2ToPieces(m2, area);
  return { pieces, m2: piecesToM2(pieces, area) };
}

/**
 * Reads what the shopper typed into the pieces field: a positive number, or null for "no quantity"
 * (spec section 5: non-positive, empty or non-numeric counts as no quantity).
 *
 * parsePiecesInput('3') → 3
 * parsePiecesInput(' 2.7 ') → 2.7
 * parsePiecesInput('0') → null; parsePiecesInput('') → null; parsePiecesInput('abc') → null
 */
export function parsePiecesInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/**
 * Reads the m² field: a positive number, or null (spec section 5: must be above 0).
 *
 * parseM2Input('0.48') → 0.48
 * parseM2Input('1,5') → null
 * parseM2Input('0') → null
 */
export function parseM2Input(text: string): number | null {
  return parsePiecesInput(text);
}

/**
 * The quantity sent to the cart: the floor of the piece count, at least 1 (spec section 5).
 *
 * cartQuantity(3) → 3
 * cartQuantity(2.7) → 2
 * cartQuantity(0.4) → 1
 * cartQuantity(null) → 1
 */
export function cartQuantity(pieces: number | null): number {
  if (pieces === null || !Number.isFinite(pieces)) return 1;
  return Math.max(1, Math.floor(pieces));
}
