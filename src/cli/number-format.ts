/**
 * Numbers as the table shows them, the same strings as `toLocaleString('en-US', ...)` without a
 * call into the locale machinery per number (which made `--format table` on 20,000 entries take
 * longer than the evaluation). Like ICU, the rounding is half away from zero on the shortest
 * decimal that reads back as the number (`1.005` shows as `1.01`), and a negative number that
 * rounds to zero keeps its sign. Pure.
 */

/** `v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })`. */
export function formatTwoDecimals(v: number): string {
  if (!Number.isFinite(v)) return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const negative = v < 0 || Object.is(v, -0);
  const { digits, point } = decimalDigits(Math.abs(v));
  // The digits up to the second decimal, then one up when the first digit dropped is 5 or more.
  const kept = digits.slice(0, point + 2);
  const rounded = (digits.charCodeAt(point + 2) || 48) >= 53 ? increment(kept) : kept;
  const whole = rounded.slice(0, rounded.length - 2).replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${grouped(whole === '' ? '0' : whole)}.${rounded.slice(-2)}`;
}

/** `v.toLocaleString('en-US')` (at most three decimals); integers without the locale machinery. */
export function formatDefault(v: number): string {
  if (!Number.isInteger(v) || Math.abs(v) >= 1e21 || Object.is(v, -0)) return v.toLocaleString('en-US');
  return `${v < 0 ? '-' : ''}${grouped(String(Math.abs(v)))}`;
}

/**
 * The shortest decimal of a finite x >= 0 as digits with the decimal point after `point` of them,
 * padded with zeros so that the point and two more digits fall inside the string.
 */
function decimalDigits(x: number): { digits: string; point: number } {
  const text = String(x);
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  let point = (dot < 0 ? mantissa.length : dot) + exponent;
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (digits.length < point + 2) digits += '0'.repeat(point + 2 - digits.length);
  return { digits, point };
}

/** A string of decimal digits plus one in its last place (`'0999'` gives `'1000'`, `'99'` gives `'100'`). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - 1 - i);
}

/** Digits with a comma between every group of three from the right. */
function grouped(digits: string): string {
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
