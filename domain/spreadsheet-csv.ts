// Cells of every CSV the shop writes, made safe to open in a spreadsheet, and read back exactly.

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @, a tab, a carriage
 * return or a NUL (OWASP's CSV injection list and ASVS 5.0 1.2.10), or their full-width forms,
 * which some spreadsheets also read as formulas. Cells that already start with single quotes
 * before such a character count too, so that neutralising stays exactly reversible.
 */
const FORMULA_START = /^'*[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell as the shop writes it to a CSV: one a spreadsheet would run as a formula gets a single
 * quote in front (OWASP: the quote makes the spreadsheet show the text as it is). Every CSV
 * writer of the shop passes its cells through this.
 *
 * neutraliseCell('=SUM(A1:A9)') → "'=SUM(A1:A9)"
 * neutraliseCell('-Grey Slate') → "'-Grey Slate"
 * neutraliseCell("'=x") → "''=x" (so that restoreCell gives "'=x" back)
 * neutraliseCell("Rock 'n' roll") → "Rock 'n' roll"
 * neutraliseCell('12.50') → '12.50'
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The opposite of neutraliseCell, for every cell an import reads: restoreCell(neutraliseCell(x))
 * is x for any text. It also reads WooCommerce's own exports, which neutralise the same way.
 *
 * restoreCell("'=SUM(A1:A9)") → '=SUM(A1:A9)'
 * restoreCell("''=x") → "'=x"
 * restoreCell("'quoted'") → "'quoted'"
 * restoreCell('-5') → '-5'
 */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
