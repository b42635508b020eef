// 'Calculate My Project': from a room to the m² and whole pieces to order, with the wastage
// allowance a laying pattern needs for cuts and breakages.
import { z } from '#domain/zod.ts';
import { m2ToPieces, piecesToM2, roundM2 } from './area.ts';

/**
 * Usual wastage allowances: straight lay loses only edge cuts; diagonal cuts every edge tile at
 * 45°; herringbone cuts both ends of every border row, and its small pieces break more often,
 * so it takes the top of the trade's 15–20 % range: running short costs more than a spare box.
 */
export const LAYING_PATTERNS = [
  { id: 'straight', label: 'Straight', wastagePercent: 10 },
  { id: 'diagonal', label: 'Diagonal', wastagePercent: 15 },
  { id: 'herringbone', label: 'Herringbone', wastagePercent: 20 },
] as const;
export type LayingPattern = (typeof LAYING_PATTERNS)[number]['id'];

export const ROOM_SIDE_MAX_M = 100;
export const ROOM_AREA_MAX_M2 = 10_000;
export const WASTAGE_MAX_PERCENT = 100;

/**
 * The usual wastage of a laying pattern, in percent.
 *
 * patternWastage('straight') → 10
 * patternWastage('herringbone') → 20
 */
export function patternWastage(pattern: LayingPattern): number {
  return LAYING_PATTERNS.find((p) => p.id === pattern)?.wastagePercent ?? 0;
}

/**
 * A room's floor or wall area from its length and width in metres, to 3 decimals.
 *
 * roomAreaM2(4, 3.5) → 14
 * roomAreaM2(2.345, 1.1) → 2.58
 */
export function roomAreaM2(lengthM: number, widthM: number): number {
  return roundM2(lengthM * widthM);
}

/**
 * The area to order: area × (1 + wastage %), to 3 decimals.
 *
 * withWastageM2(14, 10) → 15.4
 * withWastageM2(3, 15) → 3.45
 */
export function withWastageM2(areaM2: number, wastagePercent: number): number {
  // Whole-percent arithmetic: 1.1 as a float is not exactly 1.1.
  return roundM2((areaM2 * (100 + wastagePercent)) / 100);
}

export interface ProjectQuantity {
  /** The area to cover plus the wastage allowance, to 3 decimals. */
  orderM2: number;
  /** Whole pieces covering orderM2. */
  pieces: number;
  /** What those pieces cover, to 3 decimals (at least orderM2). */
  coveredM2: number;
}

/**
 * What to order for an area: area × (1 + wastage %), then whole pieces of the tile.
 *
 * projectQuantity(14, 10, 0.24) → { orderM2: 15.4, pieces: 65, coveredM2: 15.6 }
 * projectQuantity(10, 0, 0.5) → { orderM2: 10, pieces: 20, coveredM2: 10 }
 */
export function projectQuantity(
  areaM2: number,
  wastagePercent: number,
  tileAreaM2: number,
): ProjectQuantity {
  const orderM2 = withWastageM2(areaM2, wastagePercent);
  const pieces = m2ToPieces(orderM2, tileAreaM2);
  return { orderM2, pieces, coveredM2: piecesToM2(pieces, tileAreaM2) };
}

export const CALCULATOR_MESSAGES = {
  lengthRequired: 'Enter the room length in metres',
  widthRequired: 'Enter the room width in metres',
  areaRequired: 'Enter the area in m²',
  wastageInvalid: `Wastage must be from 0 to ${WASTAGE_MAX_PERCENT} %`,
  sizeRequired: 'Choose a product and size',
} as const;

/** A positive number typed into a text field, at most `max`; anything else gets `message`. */
function positiveField(message: string, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d*\.?\d+$/, { error: message })
    .transform(Number)
    .pipe(
      z
        .number()
        .positive({ error: message })
        .max(max, { error: `${message} (at most ${max})` }),
    );
}

/** The wastage allowance in percent, 0 included (a shopper with spare tiles may want none). */
const wastageField = z
  .string()
  .trim()
  .regex(/^\d*\.?\d+$/, { error: CALCULATOR_MESSAGES.wastageInvalid })
  .transform(Number)
  .pipe(z.number().max(WASTAGE_MAX_PERCENT, { error: CALCULATOR_MESSAGES.wastageInvalid }));

/** The calculator form: room by length × width or by area, plus the wastage allowance. */
export const projectRoomSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('dimensions'),
    length: positiveField(CALCULATOR_MESSAGES.lengthRequired, ROOM_SIDE_MAX_M),
    width: positiveField(CALCULATOR_MESSAGES.widthRequired, ROOM_SIDE_MAX_M),
    wastage: wastageField,
  }),
  z.object({
    mode: z.literal('area'),
    area: positiveField(CALCULATOR_MESSAGES.areaRequired, ROOM_AREA_MAX_M2),
    wastage: wastageField,
  }),
]);

/**
 * The area a valid calculator form describes.
 *
 * roomArea({ mode: 'dimensions', length: 4, width: 3.5, wastage: 10 }) → 14
 * roomArea({ mode: 'area', area: 12.5, wastage: 10 }) → 12.5
 */
export function roomArea(room: z.output<typeof projectRoomSchema>): number {
  return room.mode === 'dimensions' ? roomAreaM2(room.length, room.width) : roundM2(room.area);
}
