/**
 * Numbers as the table shows them: whole kilograms and a fixed number of significant digits, with
 * the thousands separators of `toLocaleString('en-US')` but without a call into the locale
 * machinery per number (which made `--format table` on 20,000 entries take longer than the
 * evaluation). Pure.
 */

/** `v.toLocaleString('en-US')` (at most three decimals); integers without the locale machinery. */
export function formatDefault(v: number): string {
  if (!Number.isInteger(v) || Math.abs(v) >= 1e21 || Object.is(v, -0)) return v.toLocaleString('en-US');
  return `${v < 0 ? '-' : ''}${grouped(String(Math.abs(v)))}`;
}

/**
 * Kilograms as the table shows them: a whole number with thousands separators (`28,856`), rounded
 * half away from zero, never `-0`. The engine's figures carry more digits than any measurement
 * behind them, so the table keeps the kilogram and leaves the decimals to the JSON output.
 */
export function formatKilograms(v: number): string {
  if (!Number.isFinite(v)) return v.toLocaleString('en-US');
  const whole = Math.round(Math.abs(v));
  if (whole >= 1e21) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${v < 0 && whole !== 0 ? '-' : ''}${grouped(String(whole))}`;
}

/**
 * A number to `digits` significant digits, in plain notation with thousands separators and as many
 * decimals as the digits need (4 digits: `1.000`, `0.01832`, `975.1`, `-1,800`, `36,000`,
 * `-0.03000`), so that every number of a column carries the same precision. Exponent notation
 * only beyond 1e21 or below 1e-6, where plain notation would be a row of zeros.
 */
export function formatSignificant(v: number, digits = 4): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return (0).toFixed(digits - 1);
  const scientific = Math.abs(v).toExponential(digits - 1); // d.ddde+x, rounded once
  const e = scientific.indexOf('e');
  const exponent = Number(scientific.slice(e + 1));
  if (exponent >= 21 || exponent < -6) return v.toExponential(digits - 1);
  const ds = scientific.slice(0, e).replace('.', '');
  const sign = v < 0 ? '-' : '';
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${ds}`;
  if (exponent >= digits - 1) return `${sign}${grouped(ds + '0'.repeat(exponent - digits + 1))}`;
  return `${sign}${grouped(ds.slice(0, exponent + 1))}.${ds.slice(exponent + 1)}`;
}

/** Digits with a comma between every group of three from the right. */
function grouped(digits: string): string {
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
