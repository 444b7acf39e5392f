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

/**
 * A number for people: grouped digits; more decimals for small values (at most `digits` when
 * given, for chart labels); `–` for null.
 */
export function formatNumber(value: number | null, options: { readonly signed?: boolean; readonly digits?: number } = {}): string {
  if (value === null) return '–';
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  const digits = Math.min(options.digits ?? 6, Number.isInteger(value) ? 0 : size >= 1000 ? 1 : size >= 1 ? 3 : 6);
  return formatter(0, digits, options.signed === true)
    .format(value)
    .replace('-', '−');
}

/** A share as a percentage with one decimal. */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '–';
  return `${formatter(1, 1, false).format(share * 100)} %`;
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
