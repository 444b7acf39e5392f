/**
 * What the benchmark scripts share about measuring: the median of a sample, and the read that
 * makes an evaluation create every budget line (they are created when first read).
 */

/** The median of numbers (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Reads every line of every entry's uncertainty budget; returns the evaluation result it was given. */
export function readEveryBudgetLine(result) {
  let lines = 0;
  for (const entry of result.ghg_entries) lines += entry.uncertainty_budget.length;
  if (lines === 0) throw new Error('evaluate+budgets: no budget line');
  return result;
}
