/**
 * The Monte Carlo flags shared by `evaluate`, `explain` and `report`: `--discount first-order |
 * monte-carlo`, `--percentile P`, `--samples N` or `--tolerance KG`, `--seed S`, and `--threads N`
 * (evaluate only). They become the `discountMethod`/`discountPercentile` policies and the
 * `monteCarlo` option of the evaluation.
 */
import type { AccountingPolicies, MonteCarloOptions } from '../accounting';
import { decimalOption, integerOption, seedOption } from './option-numbers';

/** The most draws `--samples` (and `report --monte-carlo`) takes: the `samples` option's own limit. */
export const MAX_SAMPLES = 10_000_000;

/** The names of the options (each takes a value), for the command-line parser. */
export const MONTE_CARLO_FLAGS = ['discount', 'percentile', 'samples', 'tolerance', 'seed'] as const;

/** `--threads N|auto` of `evaluate`: worker threads of the Monte Carlo run. */
export const THREADS_FLAG = 'threads';

/**
 * `evaluate`'s command line for the parser: its options (each takes a value) and its switches. Read
 * by evaluate.ts and, before that command is loaded, by early-workers.ts, which must see the same line.
 */
export const EVALUATE_OPTIONS = ['format', 'entries', ...MONTE_CARLO_FLAGS, THREADS_FLAG] as const;
export const EVALUATE_SWITCHES = ['strict-warnings', 'expressions'] as const;

/**
 * The number of threads `--threads` asks for (`auto`, the default: one per 32 entries, at most
 * the machine's parallelism), or the usage error.
 */
export function threadsOf(text: string | undefined, entries: number, parallelism: number): number | string {
  if (text === undefined || text === 'auto') return Math.max(1, Math.min(parallelism, Math.ceil(entries / 32)));
  return integerOption('threads', text, 1, 256, "an integer from 1 to 256 or 'auto'");
}

/** The usage text of the flags. */
export const MONTE_CARLO_USAGE = '[--discount first-order|monte-carlo] [--percentile P] [--samples N | --tolerance KG] [--seed S]';

/** What the flags ask for. */
export interface MonteCarloChoice {
  readonly policies: Partial<AccountingPolicies>;
  readonly monteCarlo: MonteCarloOptions | undefined;
}

type Flags = { readonly [K in (typeof MONTE_CARLO_FLAGS)[number]]?: string | undefined };

/** The flags read, or the usage error to print. */
export function monteCarloChoice(flags: Flags): MonteCarloChoice | string {
  const { discount, percentile, samples, tolerance, seed } = flags;
  if (discount !== undefined && discount !== 'first-order' && discount !== 'monte-carlo')
    return `--discount must be first-order or monte-carlo, got '${discount}'`;
  if (samples !== undefined && tolerance !== undefined)
    return 'give --samples (a fixed number of draws) or --tolerance (adaptive draws), not both';
  const numbers: Record<string, number> = {};
  for (const [name, text, read] of [
    ['percentile', percentile, (t: string) => decimalOption('percentile', t, (v) => v > 0 && v < 100, 'a number in (0, 100)')],
    ['samples', samples, (t: string) => integerOption('samples', t, 2, MAX_SAMPLES)],
    ['tolerance', tolerance, (t: string) => decimalOption('tolerance', t, (v) => v > 0, 'a positive number of kg')],
    ['seed', seed, seedOption],
  ] as const) {
    if (text === undefined) continue;
    const value = read(text);
    if (typeof value === 'string') return value;
    numbers[name] = value;
  }
  const mcAsked = samples !== undefined || tolerance !== undefined || seed !== undefined;
  // The percentile is that of a Monte Carlo run: without one it would change nothing (docs/cli.md).
  if (percentile !== undefined && !mcAsked && discount !== 'monte-carlo')
    return '--percentile applies with --discount monte-carlo or the Monte Carlo summary (--samples, --tolerance or --seed) only';
  const policies: Partial<AccountingPolicies> = {
    ...(discount === 'monte-carlo' ? { discountMethod: 'monte_carlo' as const } : {}),
    ...(numbers['percentile'] === undefined ? {} : { discountPercentile: numbers['percentile'] }),
  };
  if (!mcAsked) return { policies, monteCarlo: undefined };
  const monteCarlo: MonteCarloOptions = {
    ...(numbers['samples'] === undefined ? {} : { samples: numbers['samples'] }),
    ...(numbers['tolerance'] === undefined ? {} : { adaptive: { toleranceKg: numbers['tolerance'] } }),
    ...(numbers['seed'] === undefined ? {} : { seed: numbers['seed'] }),
  };
  return { policies, monteCarlo };
}
