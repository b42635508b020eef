import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell } from './spreadsheet-csv.ts';

describe('neutraliseCell', () => {
  it('puts a single quote before every cell a spreadsheet would run as a formula', () => {
    const live = [
      '=SUM(A1:A9)',
      '+44 20 7946 0000',
      '-Grey Slate',
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
      '\0=1',
      '\uFF1D1+1',
      "=cmd|' /C calc'!A0",
    ];
    expect(live.map(neutraliseCell)).toEqual(live.map((cell) => `'${cell}`));
  });

  it('leaves every other cell as it is', () => {
    const plain = ['Grey Slate', '12.50', '', "Rock 'n' roll", "'quoted'", ' =not first', '1-2'];
    expect(plain.map(neutraliseCell)).toEqual(plain);
  });

  it('quotes a cell already quoted before a formula character once more', () => {
    expect(neutraliseCell("'=x")).toBe("''=x");
    expect(restoreCell("''=x")).toBe("'=x");
  });
});

describe('restoreCell', () => {
  it("undoes exactly what neutraliseCell did, and WooCommerce's own exports", () => {
    expect(restoreCell("'-Grey Slate")).toBe('-Grey Slate');
    expect(restoreCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(restoreCell("'quoted'")).toBe("'quoted'");
    expect(restoreCell('-5')).toBe('-5');
  });

  it('gives back any text after a round trip', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(restoreCell(neutraliseCell(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
    const formulaish = fc
      .tuple(fc.constantFrom('', "'", "''"), fc.constantFrom(...'=+-@\t\r\0'), fc.string())
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(formulaish, (text) => {
        const written = neutraliseCell(text);
        expect(written.startsWith("'")).toBe(true);
        expect(restoreCell(written)).toBe(text);
      }),
    );
  });
});
