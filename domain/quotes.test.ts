import { describe, expect, it } from 'vitest';
import { lineWeightKg } from './delivery.ts';
import {
  acceptRefusal,
  bespokeDeliveryLine,
  bespokeDescription,
  effectiveState,
  mayDo,
  priceQuoteLine,
  quoteTotals,
  validUntil,
} from './quotes.ts';

const worktop = {
  pricing: 'm2' as const,
  unitPricePence: 18_000,
  pieces: 1,
  lengthMm: 1200,
  widthMm: 600,
  cutouts: 2,
  cutoutPricePence: 4_500,
};

describe('priceQuoteLine', () => {
  it('prices a 1200 × 600 worktop at £180.00/m² with 2 cut-outs at £45.00: £219.60', () => {
    expect(priceQuoteLine(worktop, 20)).toEqual({
      m2: 0.72,
      piecesPence: 12_960,
      cutoutsPence: 9_000,
      total: { netPence: 18_300, vatPence: 3_660, grossPence: 21_960 },
    });
  });

  it('rounds the area price once, half up, from the exact mm²', () => {
    // 3 × 333 × 333 mm = 0.332667 m² × £99.99 = 3326.33… pence → £33.26
    const line = { ...worktop, pieces: 3, lengthMm: 333, widthMm: 333, unitPricePence: 9_999 };
    const priced = priceQuoteLine({ ...line, cutouts: 0 }, 20);
    expect(priced.piecesPence).toBe(3_326);
    expect(priced.m2).toBe(0.333);
    expect(priced.total.netPence + priced.total.vatPence).toBe(3_326);
  });

  it('prices per piece, cut-outs counted in each piece', () => {
    const line = { ...worktop, pricing: 'piece' as const, pieces: 3, unitPricePence: 5_000 };
    expect(priceQuoteLine({ ...line, cutouts: 1 }, 20).total.grossPence).toBe(15_000 + 13_500);
  });

  it('needs measurements to price by area', () => {
    expect(() => priceQuoteLine({ ...worktop, lengthMm: null }, 20)).toThrow(RangeError);
    const drawing = { ...worktop, pricing: 'piece' as const, lengthMm: null, widthMm: null };
    expect(priceQuoteLine(drawing, 20).m2).toBeNull();
  });
});

describe('quoteTotals', () => {
  const line = priceQuoteLine(worktop, 20);

  it('deposit and balance add up to the total exactly, with VAT', () => {
    const totals = quoteTotals([line], 6_000, 30, 20);
    expect(totals.total).toEqual({ netPence: 23_300, vatPence: 4_660, grossPence: 27_960 });
    expect(totals.depositPence).toBe(8_388);
    expect(totals.balancePence).toBe(19_572);
    expect(totals.payNowPence).toBe(8_388);
  });

  it('rounds a deposit that falls between pennies half up; the balance takes the rest', () => {
    const odd = quoteTotals([priceQuoteLine({ ...worktop, cutouts: 0 }, 20)], 1, 33, 20);
    // 12961 × 33 % = 4277.13 → 4277; balance 8684
    expect([odd.depositPence, odd.balancePence]).toEqual([4_277, 8_684]);
    expect(odd.depositPence + odd.balancePence).toBe(odd.total.grossPence);
  });

  it('0 % means the whole total is paid now', () => {
    const totals = quoteTotals([line], 0, 0, 20);
    expect([totals.depositPence, totals.balancePence, totals.payNowPence]).toEqual([
      0, 21_960, 21_960,
    ]);
  });
});

describe('weight and description', () => {
  it('weighs a bespoke worktop as a size of its stone: granite 30 mm × 0.72 m² = 59.4 kg', () => {
    const delivery = bespokeDeliveryLine({
      lengthMm: 1200,
      widthMm: 600,
      thicknessMm: 30,
      pieces: 1,
      material: 'granite',
    });
    expect(lineWeightKg(delivery)).toBe(59.4);
  });

  it('describes the piece as ordered', () => {
    expect(
      bespokeDescription({
        lengthMm: 1200,
        widthMm: 600,
        thicknessMm: 30,
        edgeProfile: 'Bullnose',
        finish: 'Honed',
        cutouts: 2,
        drawing: false,
      }),
    ).toBe('1200 × 600 × 30 mm, Bullnose edge, Honed, 2 cut-outs each');
  });
});

describe('states', () => {
  const sent = new Date('2026-01-01T10:00:00Z');
  const until = validUntil(sent, 30);

  it('a sent quote expires after its valid days', () => {
    expect(until.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(
      effectiveState({ state: 'sent', validUntil: until }, new Date(until.getTime() - 1)),
    ).toBe('sent');
    expect(effectiveState({ state: 'sent', validUntil: until }, until)).toBe('expired');
    expect(effectiveState({ state: 'accepted', validUntil: until }, until)).toBe('accepted');
  });

  it('refuses acceptance once expired (410), superseded (409) or withdrawn (410)', () => {
    expect(acceptRefusal('sent')).toBeNull();
    expect(acceptRefusal('accepted')).toBeNull();
    expect(acceptRefusal('expired')?.status).toBe(410);
    expect(acceptRefusal('superseded')).toMatchObject({ status: 409, code: 'quote_superseded' });
    expect(acceptRefusal('withdrawn')?.status).toBe(410);
  });

  it('edits drafts only; revises sent or expired quotes', () => {
    expect(mayDo('edit', 'draft')).toBe(true);
    expect(mayDo('edit', 'sent')).toBe(false);
    expect(mayDo('revise', 'expired')).toBe(true);
    expect(mayDo('withdraw', 'accepted')).toBe(false);
  });
});
