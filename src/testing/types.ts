/**
 * The shapes the property checks share (docs/testing.md): verdicts, the options of the checks and of
 * the generated graphs, the evaluator they call, a monotonicity declaration. A leaf of the folder,
 * so that the option tables (options.ts), the runner (verdict.ts), the checks and the dispatcher
 * (check-methodology.ts) import it without importing each other; each check's module re-exports
 * its own options from here.
 * May import: accounting, model, uncertainty (types only).
 */
import type { EvaluateOptions, EvaluationResult } from '../accounting';
import type { RemovalGraphInput } from '../model/graph';
import type { DistributionType } from '../uncertainty/distributions';
import type { InputQuantityOptions, LengthRange } from './component';
import type { StandardDeviationPresence } from './quantity';

/**
 * A property that held on every generated case.
 * @public
 */
export interface PassedVerdict {
  /** Always `true`: the property held. */
  readonly ok: true;
  /** The property's name, e.g. `unit_invariance`. */
  readonly property: string;
  /** Number of cases checked. */
  readonly runs: number;
  /** Cases generated but not applicable (e.g. a graph without a datapoint of the declared input). */
  readonly skipped: number;
  /** The seed that reproduces the run. */
  readonly seed: number;
}

/**
 * A property that failed, with its shrunk counterexample.
 * @public
 */
export interface FailedVerdict {
  /** Always `false`: the property failed. */
  readonly ok: false;
  /** The property's name. */
  readonly property: string;
  /** What fails on the counterexample, with the numbers compared. */
  readonly message: string;
  /** The smallest graph document found on which the property fails (`cdr-engine explain` opens it). */
  readonly counterexample: RemovalGraphInput;
  /** The changed document the counterexample was compared with, when the property compares two. */
  readonly variant?: RemovalGraphInput;
  /** Number of cases run before the failure. */
  readonly runs: number;
  /** Number of shrinking steps that led to the counterexample. */
  readonly shrinks: number;
  /** The seed that reproduces the run. */
  readonly seed: number;
  /** fast-check's path of the counterexample (with `seed`, replays it directly); null for exhaustive checks. */
  readonly path: string | null;
}

/**
 * The outcome of a property check.
 * @public
 */
export type Verdict = PassedVerdict | FailedVerdict;

/**
 * The function the checks evaluate graphs with (default `evaluateGraph`); a test of the engine
 * itself may pass another implementation, or a deliberately faulty one to see a property fail.
 * @public
 */
export type GraphEvaluator = (graph: RemovalGraphInput, options?: EvaluateOptions) => EvaluationResult;

/**
 * Options every property check takes.
 * @public
 */
export interface CheckOptions {
  /** Number of generated cases (default 100). */
  readonly numRuns?: number;
  /** Seed of the run (default: fast-check's, see `fc.configureGlobal`). */
  readonly seed?: number;
  /** The evaluator (default `evaluateGraph`). */
  readonly evaluate?: GraphEvaluator;
  /**
   * Most cases tried while shrinking a counterexample (default 500): past it, the smallest failing
   * case found so far is reported. A count, not a time, so that a run stays deterministic.
   */
  readonly maxShrinkCases?: number;
}

/**
 * Options of the checks that run on generated graphs.
 * @public
 */
export interface GraphCheckOptions extends CheckOptions {
  /** Options of the generated graphs (see `graphOf`). */
  readonly graphs?: GraphOptions;
  /** Relative tolerance of the comparisons of results (default 1e-9). */
  readonly tolerance?: number;
}

/**
 * Options of {@link graphOf}.
 * @public
 */
export interface GraphOptions {
  /** Number of GHG entries (default 1 to 3; never more than there are components). */
  readonly entries?: LengthRange;
  /** Number of components (default 1 to 6). */
  readonly components?: LengthRange;
  /** Number of datapoints of a LIST input (default 1 to 4). */
  readonly listLength?: LengthRange;
  /** Whether a component may be attributed to several entries (default true). */
  readonly sharing?: boolean;
  /** Whether a datapoint slot may reuse an earlier datapoint of the same quantity kind and options (default true). */
  readonly reuse?: boolean;
  /** Whether attribution factors other than 1 are drawn (default true; false also turns sharing off). */
  readonly attributionFactors?: boolean;
  /** Whether a risk of reversal is drawn (default true: null or one of a few percentages); false: always null. */
  readonly riskOfReversal?: boolean;
  /** Quantity options per input (`"<blueprint>.<input>"` or `"<input>"`). */
  readonly inputs?: InputQuantityOptions;
  /** Default presence of standard deviations, for inputs without options of their own. */
  readonly standardDeviation?: StandardDeviationPresence;
  /**
   * Distribution types a datapoint with a standard deviation may carry (docs/graph-document.md,
   * "Distributions"); default none: no `distribution` is written (normal). When given, about half
   * of those datapoints get one (a lognormal only on a positive magnitude).
   */
  readonly distributions?: readonly DistributionType[];
  /**
   * Whether the fresh datapoints of each component's LIST inputs form a sample set, one column per
   * LIST input of equal length (docs/graph-document.md, "Sample sets"); default false.
   */
  readonly sampleSets?: boolean;
  /**
   * Whether a datapoint drawn with a lognormal distribution (see `distributions`) is declared by
   * its median (semantics 3b): magnitude the median, `log_standard_deviation` sqrt(ln(1 + r^2)) for
   * the drawn relative standard deviation r, `standard_deviation` null. Default false.
   */
  readonly lognormalMedian?: boolean;
}

/**
 * Options of {@link checkDimensionalRobustness}.
 * @public
 */
export interface DimensionalOptions extends CheckOptions {
  /** Relative tolerance of the comparison of values (default 1e-9). */
  readonly tolerance?: number;
}

/**
 * Options of {@link checkLinearisation}.
 * @public
 */
export interface LinearisationOptions extends Omit<GraphCheckOptions, 'tolerance'> {
  /**
   * Largest accepted distance between the first-order discounted net and the confidence interval
   * of the sampled 16th percentile (order statistics, about 99.7 %), in first-order standard
   * deviations (default 0.1).
   */
  readonly tolerance?: number;
  /** Monte Carlo samples per graph (default 5,000). */
  readonly samples?: number;
}

/**
 * Options of {@link checkMethodology}.
 * @public
 */
export interface MethodologyCheckOptions {
  /** Generated cases per property and blueprint (default 100). */
  readonly numRuns?: number;
  /** Seed of every property's run (default 1). */
  readonly seed?: number;
  /** The evaluator (default `evaluateGraph`). */
  readonly evaluate?: GraphEvaluator;
}

/**
 * How the net must respond to more of an input: `increasing` (more never lowers the net) or
 * `decreasing` (more never raises it).
 * @public
 */
export interface MonotonicityDeclaration {
  /** The blueprint input's key. */
  readonly input: string;
  /** `increasing` or `decreasing`. */
  readonly direction: 'increasing' | 'decreasing';
  /** The blueprint the declaration is about (default: every blueprint with that input). */
  readonly blueprint?: string;
}
