import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CALCULATOR_MESSAGES,
  patternWastage,
  projectQuantity,
  projectRoomSchema,
  roomArea,
  roomAreaM2,
  withWastageM2,
} from './project-calculator.ts';

describe('laying patterns and their usual wastage', () => {
  it('allows 10 % for straight, 15 % for diagonal, 20 % for herringbone', () => {
    expect(patternWastage('straight')).toBe(10);
    expect(patternWastage('diagonal')).toBe(15);
    expect(patternWastage('herringbone')).toBe(20);
  });
});

describe('roomAreaM2', () => {
  it('multiplies length by width to 3 decimals', () => {
    expect(roomAreaM2(4, 3.5)).toBe(14);
    expect(roomAreaM2(2.345, 1.1)).toBe(2.58);
  });
});

describe('projectQuantity', () => {
  it('adds the wastage and rounds up to whole pieces', () => {
    expect(projectQuantity(14, 10, 0.24)).toEqual({ orderM2: 15.4, pieces: 65, coveredM2: 15.6 });
    expect(projectQuantity(10, 0, 0.5)).toEqual({ orderM2: 10, pieces: 20, coveredM2: 10 });
    expect(projectQuantity(3, 15, 0.093025)).toEqual({
      orderM2: 3.45,
      pieces: 38,
      coveredM2: 3.535,
    });
  });

  const area = fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 1000);
  const wastage = fc.integer({ min: 0, max: 100 });
  const tile = fc
    .tuple(fc.integer({ min: 50, max: 3200 }), fc.integer({ min: 50, max: 3200 }))
    .map(([w, h]) => (w * h) / 1_000_000);

  it('orders enough pieces, and not one more than needed', () => {
    fc.assert(
      fc.property(area, wastage, tile, (a, w, t) => {
        const { orderM2, pieces } = projectQuantity(a, w, t);
        expect(pieces * t).toBeGreaterThanOrEqual(orderM2 - 1e-9);
        expect((pieces - 1) * t).toBeLessThan(orderM2);
      }),
    );
  });

  it('never orders fewer pieces for more wastage or a larger room', () => {
    fc.assert(
      fc.property(area, wastage, wastage, tile, (a, w1, w2, t) => {
        const [low, high] = w1 <= w2 ? [w1, w2] : [w2, w1];
        expect(projectQuantity(a, low, t).pieces).toBeLessThanOrEqual(
          projectQuantity(a, high, t).pieces,
        );
        expect(projectQuantity(a, low, t).pieces).toBeLessThanOrEqual(
          projectQuantity(a + 1, low, t).pieces,
        );
      }),
    );
  });
});

describe('projectRoomSchema', () => {
  it('reads a room by dimensions or by area', () => {
    const byDimensions = projectRoomSchema.parse({
      mode: 'dimensions',
      length: '4',
      width: ' 3.5 ',
      wastage: '10',
    });
    expect(roomArea(byDimensions)).toBe(14);
    expect(roomArea(projectRoomSchema.parse({ mode: 'area', area: '12.5', wastage: '0' }))).toBe(
      12.5,
    );
  });

  it('names each missing or impossible figure', () => {
    const result = projectRoomSchema.safeParse({
      mode: 'dimensions',
      length: '',
      width: '-2',
      wastage: '150',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      CALCULATOR_MESSAGES.lengthRequired,
      CALCULATOR_MESSAGES.widthRequired,
      CALCULATOR_MESSAGES.wastageInvalid,
    ]);
    expect(
      projectRoomSchema.safeParse({ mode: 'area', area: 'abc', wastage: '10' }).error!.issues[0]!
        .message,
    ).toBe(CALCULATOR_MESSAGES.areaRequired);
  });
});

describe('withWastageM2', () => {
  it('adds the allowance in whole-percent arithmetic', () => {
    expect(withWastageM2(14, 10)).toBe(15.4);
    expect(withWastageM2(3, 15)).toBe(3.45);
    expect(withWastageM2(0.1, 20)).toBe(0.12);
  });
});
