// Money is integer pence everywhere in the domain; pounds only appear at the edges (parsing prices
// from text, formatting for people). All rounding goes through `roundHalfUp` so every total in the
// shop rounds the same way.

/**
 * Rounds half away from zero ("half up" in the everyday sense) to `decimals` places, after
 * removing binary floating-point noise first, so a value that is mathematically on the half
 * (1.005 × 100 = 100.5, stored as 100.49999999999999) still rounds up.
 *
 * roundHalfUp(1.005 * 100) → 101
 * roundHalfUp(2.5) → 3; roundHalfUp(-2.5) → -3
 * roundHalfUp(1.0005, 3) → 1.001
 * roundHalfUp(0.24, 3) → 0.24
 */
export function roundHalfUp(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) throw new RangeError(`Cannot round a non-finite number: ${x}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 12) {
    throw new RangeError(`decimals must be an integer from 0 to 12, got ${decimals}`);
  }
  const factor = 10 ** decimals;
  // 15 significant digits is what a double holds reliably; the noise lives beyond that.
  const scaled = Number.parseFloat((x * factor).toPrecision(15));
  const rounded = Math.sign(scaled) * Math.floor(Math.abs(scaled) + 0.5);
  const result = rounded / factor;
  // Normalise -0 so callers never print '-£0.00'.
  return result === 0 ? 0 : result;
}

/**
 * The one rounding rule for money: a possibly fractional amount of pence → whole pence.
 *
 * roundPence(479.76) → 480
 * roundPence(1699.15) → 1699
 * roundPence(0.5) → 1
 * roundPence(-0.5) → -1
 */
export function roundPence(x: number): number {
  return roundHalfUp(x, 0);
}

// An optional sign before or after '£', digits with or without correct thousands commas, and an
// optional fraction: '12.5', '£1,234.56', '-£3.10', '£-3.10', '.5'.
const MONEY_TEXT = /^(?:([+-])\s*£?|£\s*([+-])?)?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * Parses an amount in pounds, or null when the text is not an amount.
 *
 * tryToPence('12.5') → 1250
 * tryToPence('£1,234.56') → 123456
 * tryToPence(12.345) → 1235
 * tryToPence('abc') → null; tryToPence('') → null
 */
export function tryToPence(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    // Exponent forms (1e21, 1e-7) cannot be read digit by digit; they are far from any price.
    return /e/i.test(text) ? roundPence(value * 100) : tryToPence(text);
  }
  const match = MONEY_TEXT.exec(value.trim());
  if (!match) return null;
  const [, signBefore, signAfter, wholeText = '', fractionText = ''] = match;
  if (wholeText === '' && fractionText === '') return null;
  // Digit arithmetic instead of parseFloat × 100: '12.345' must be exactly half a penny.
  const whole = Number(wholeText.replaceAll(',', '') || '0');
  const pence = Number(fractionText.slice(0, 2).padEnd(2, '0'));
  const roundsUp = (fractionText[2] ?? '0') >= '5';
  const magnitude = whole * 100 + pence + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) return null;
  return (signBefore ?? signAfter) === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * Parses an amount in pounds into whole pence, rounding half up to the nearest penny.
 * Throws a RangeError for text that is not an amount (use `tryToPence` to get null instead).
 *
 * toPence('12.5') → 1250
 * toPence('£1,234.56') → 123456
 * toPence(12.345) → 1235
 * toPence('-£3.10') → -310
 */
export function toPence(value: string | number): number {
  const pence = tryToPence(value);
  if (pence === null) throw new RangeError(`Not an amount of money: ${JSON.stringify(value)}`);
  return pence;
}

/**
 * Pence → pounds as a number, for JSON answers and charts; never compute with the result.
 *
 * penceToPounds(123456) → 1234.56
 * penceToPounds(5) → 0.05
 */
export function penceToPounds(p: number): number {
  return roundPence(p) / 100;
}

/** Whole pence as its sign, whole pounds and two-digit pence. */
function poundsParts(pence: number): { sign: string; pounds: number; rest: string } {
  const whole = roundPence(pence);
  const magnitude = Math.abs(whole);
  return {
    sign: whole < 0 ? '-' : '',
    pounds: Math.floor(magnitude / 100),
    rest: String(magnitude % 100).padStart(2, '0'),
  };
}

const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * Formats pence as pounds sterling for people, as Intl.NumberFormat('en-GB', GBP) does (the unit
 * tests hold it to that). Written out because a page's first Intl formatter loads the browser's
 * locale data, 40–110 ms of main thread on a phone-class CPU, and every page shows prices.
 *
 * formatGBP(123456) → '£1,234.56'
 * formatGBP(1250) → '£12.50'
 * formatGBP(0) → '£0.00'
 * formatGBP(-99) → '-£0.99'
 */
export function formatGBP(pence: number): string {
  const { sign, pounds, rest } = poundsParts(pence);
  return `${sign}£${String(pounds).replace(THOUSANDS, ',')}.${rest}`;
}

/**
 * Formats pence as a plain amount in pounds: two decimals, no symbol, no thousands separator.
 *
 * formatPoundsPlain(123456) → '1234.56'
 * formatPoundsPlain(5) → '0.05'
 * formatPoundsPlain(-1250) → '-12.50'
 */
export function formatPoundsPlain(pence: number): string {
  const { sign, pounds, rest } = poundsParts(pence);
  return `${sign}${pounds}.${rest}`;
}

const FIRST_NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/;

/**
 * The first number in a piece of HTML or text (in pounds), or null when there is none. Tags and
 * entities are dropped first, so a numeric entity such as '&#163;' is not read as 163.
 *
 * firstNumberIn('<span>£45.00</span> – £60') → 45
 * firstNumberIn('<bdi><span>&#163;</span>1,234.56</bdi>') → 1234.56
 * firstNumberIn('From 12.5 per m2') → 12.5
 * firstNumberIn('Call us') → null
 */
export function firstNumberIn(text: string): number | null {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, ' ');
  const match = FIRST_NUMBER.exec(plain);
  return match ? Number(match[0].replaceAll(',', '')) : null;
}
