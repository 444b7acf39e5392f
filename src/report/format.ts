/**
 * How the page writes numbers and text: grouped digits with a precision that suits the size, the
 * full value kept beside it for machines, and HTML escaping.
 */

// One formatter per style, made once: a statement's table formats tens of thousands of numbers.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(minimum: number, maximum: number, signed: boolean): Intl.NumberFormat {
  const key = `${minimum}|${maximum}|${signed}`;
  let f = formatters.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The fewest significant digits a non-zero number is shown with. */
const SIGNIFICANT = 3;

/**
 * A number for people: grouped digits; more decimals for small values (at most `digits` when
 * given, for chart labels); `–` for null. A non-zero number is never shown as 0: when the decimals
 * would keep fewer than three significant digits, it is shown to three significant digits
 * (`0.000202`), and below 10^-4 or from 10^15 in scientific notation (`7.8e−9`).
 */
export function formatNumber(value: number | null, options: { readonly signed?: boolean; readonly digits?: number } = {}): string {
  if (value === null) return '–';
  if (!Number.isFinite(value)) return String(value);
  const signed = options.signed === true;
  const size = Math.abs(value);
  if (size !== 0 && (size < 1e-4 || size >= 1e15)) return scientific(value, signed);
  const digits = Math.min(options.digits ?? 6, Number.isInteger(value) ? 0 : size >= 1000 ? 1 : size >= 1 ? 3 : 6);
  // Significant digits the decimals keep: those of the integer part plus the decimals after the leading zeros.
  const kept = size === 0 ? Infinity : Math.floor(Math.log10(size)) + 1 + digits;
  const decimals = kept < SIGNIFICANT && !Number.isInteger(value) ? digits + SIGNIFICANT - kept : digits;
  return minus(formatter(0, decimals, signed).format(value));
}

/** `7.8e−9`: at most six significant digits, trailing zeros dropped. */
function scientific(value: number, signed: boolean): string {
  const [mantissa = '', exponent = '0'] = Math.abs(value).toExponential(5).split('e');
  const trimmed = mantissa.replace(/\.?0+$/, '');
  const sign = value < 0 ? '−' : signed ? '+' : '';
  return `${sign}${trimmed}e${minus(exponent.replace('+', ''))}`;
}

/** The typographic minus sign. */
function minus(text: string): string {
  return text.replace('-', '−');
}

/** A share as a percentage with one decimal (a non-zero share below 0.05 % with its significant digits). */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '–';
  const percent = share * 100;
  if (percent !== 0 && Math.abs(percent) < 0.05) return `${formatNumber(percent)} %`;
  return `${formatter(1, 1, false).format(percent)} %`;
}

/** A value with its unit and standard deviation, e.g. `12.4 ± 0.3 t`. */
export function formatQuantity(magnitude: number, unit: string, standardDeviation: number | null): string {
  const sd = standardDeviation === null ? '' : ` ± ${formatNumber(standardDeviation)}`;
  return `${formatNumber(magnitude)}${sd} ${unit}`;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A number as a `data-value` attribute: the shortest text that reads back to the same double. */
export function dataValue(value: number | null): string {
  return value === null ? 'null' : String(value);
}

/** Makes labels unique for a chart axis by adding the id to a label seen before. */
export function uniqueLabels<T>(items: readonly T[], label: (item: T) => string, id: (item: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(label(item), (counts.get(label(item)) ?? 0) + 1);
  return items.map((item) => ((counts.get(label(item)) ?? 0) > 1 ? `${label(item)} (${id(item)})` : label(item)));
}
