/**
 * The Monte Carlo flags shared by `evaluate`, `explain` and `report`: `--discount first-order |
 * monte-carlo`, `--percentile P`, `--samples N` or `--tolerance KG`, `--seed S`, and `--threads N`
 * (evaluate only). They become the `discountMethod`/`discountPercentile` policies and the
 * `monteCarlo` option of the evaluation.
 */
import type { AccountingPolicies, MonteCarloOptions } from '../accounting';

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
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(n) && n >= 1 && n <= 256))
    return `--threads must be a number of threads from 1 to 256 or 'auto', got '${text}'`;
  return n;
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
  for (const [name, text, test, what] of [
    ['percentile', percentile, (v: number) => v > 0 && v < 100, 'a number in (0, 100)'],
    ['samples', samples, (v: number) => Number.isSafeInteger(v) && v >= 2 && v <= 10_000_000, 'an integer from 2 to 10000000'],
    ['tolerance', tolerance, (v: number) => v > 0 && Number.isFinite(v), 'a positive number of kg'],
    ['seed', seed, (v: number) => Number.isSafeInteger(v), 'an integer'],
  ] as const) {
    if (text === undefined) continue;
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!test(value)) return `--${name} must be ${what}, got '${text}'`;
    numbers[name] = value;
  }
  const mcAsked = samples !== undefined || tolerance !== undefined || seed !== undefined;
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
