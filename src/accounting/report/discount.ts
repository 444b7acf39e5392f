/**
 * The explanation of an entry's uncertainty discount (docs/result.md): how it was made (first order
 * or a Monte Carlo percentile), from which draws and input distributions, with the first-order
 * figures beside. One explanation, built once in the calculation report, which both
 * `formatCalculationReport` (Markdown) and the HTML report print: they cannot tell different stories.
 * Imports the report's shapes and how it prints numbers.
 */
import type { GraphDistribution } from '../../model';
import type { MonteCarloSummary } from '../result';
import { num } from './numbers';
import type { CalculationReport } from './types';

type ReportDiscount = CalculationReport['discount'];

/** A datapoint's distribution as declared, e.g. `lognormal`, `trapezoidal (beta 0.5)`; `normal` when none is. */
export function describeDistribution(distribution: GraphDistribution | undefined): string {
  if (distribution === undefined) return 'normal';
  if (distribution.type === 'trapezoidal') return `trapezoidal (beta ${num(distribution.beta)})`;
  if (distribution.type === 'lognormal' && distribution.log_standard_deviation !== undefined) {
    return `lognormal (median, log standard deviation ${num(distribution.log_standard_deviation)})`;
  }
  if (distribution.type === 'student_t') return `student_t (${num(distribution.degrees_of_freedom)} degrees of freedom)`;
  return distribution.type;
}

/** What the discount explanation is built from. */
export interface DiscountSources {
  readonly method: 'first_order' | 'monte_carlo';
  readonly coverageFactor: number;
  readonly standardDeviationKg: number | null;
  readonly withoutDiscountKg: number;
  readonly netKg: number;
  readonly firstOrderNetKg: number;
  readonly monteCarlo: MonteCarloSummary | null;
  /** Each datapoint with a standard deviation and its distribution as declared. */
  readonly distributions: readonly { readonly datapoint_id: string; readonly distribution: string }[];
}

/** The distributions in a sentence: `2 lognormal (a, b), 1 rectangular (c)`. */
function distributionsSentence(distributions: DiscountSources['distributions']): string {
  const byType = new Map<string, string[]>();
  for (const d of distributions) byType.set(d.distribution, [...(byType.get(d.distribution) ?? []), d.datapoint_id]);
  return [...byType]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, ids]) => `${ids.length} ${type} (${ids.join(', ')})`)
    .join(', ');
}

/** The explanation of the discount, as data and as sentences. */
export function explainDiscount(s: DiscountSources): ReportDiscount {
  const sd = s.standardDeviationKg;
  const firstOrderDiscount = s.withoutDiscountKg - s.firstOrderNetKg;
  const mc = s.monteCarlo;
  const sentences: string[] = [];
  const firstOrder =
    sd === null
      ? 'No datapoint has a standard deviation: the first-order discount is 0.'
      : `First order: discount ${num(s.coverageFactor)} x ${num(sd)} = ${num(firstOrderDiscount)} kg; net after discount ${num(s.withoutDiscountKg)} - ${num(firstOrderDiscount)} = ${num(s.firstOrderNetKg)} kg.`;
  if (mc !== null) {
    const [low, high] = mc.percentile_confidence_interval_kg;
    const drawn = s.distributions.length === 0 ? 'no datapoint drawn' : `drawn from ${distributionsSentence(s.distributions)}`;
    sentences.push(
      `Monte Carlo: ${num(mc.samples)} draws (${num(mc.invalid_draws)} invalid), ${drawn}; percentile ${num(mc.percentile)} of the net = ${num(mc.percentile_kg)} kg (95 % confidence interval ${num(low)} to ${num(high)} kg).`,
    );
  }
  if (s.method === 'monte_carlo' && mc !== null) {
    sentences.push(
      `Applied (discountMethod monte_carlo): net after discount = min(${num(mc.percentile_kg)}, ${num(s.withoutDiscountKg)}) = ${num(s.netKg)} kg; discount ${num(s.withoutDiscountKg)} - ${num(s.netKg)} = ${num(s.withoutDiscountKg - s.netKg)} kg.`,
      `Beside it, ${firstOrder.charAt(0).toLowerCase()}${firstOrder.slice(1)}`,
    );
  } else {
    sentences.push(firstOrder);
    if (mc !== null)
      sentences.push('Applied: the first-order discount (discountMethod first_order); the Monte Carlo figures are a cross-check.');
  }
  return {
    method: s.method,
    coverage_factor: s.coverageFactor,
    percentile: s.method === 'monte_carlo' && mc !== null ? mc.percentile : null,
    draws: mc?.samples ?? null,
    distributions: s.distributions,
    discount_kg: s.withoutDiscountKg - s.netKg,
    first_order_discount_kg: firstOrderDiscount,
    first_order_co2e_net_removed_kg: s.firstOrderNetKg,
    sentences,
  };
}
