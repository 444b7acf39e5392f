/**
 * The shapes every property check shares (docs/testing.md): verdicts, the options every check
 * takes and the evaluator it calls. The leaf of the verdicts folder, so that the runner
 * (verdict.ts), the option tables and the checks import it without importing each other.
 * May import: accounting, model (types only).
 */
import type { EvaluateOptions, EvaluationResult } from '../../accounting';
import type { RemovalGraphInput } from '../../model/graph';
import type { GraphOptions } from '../arbitraries/options';

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
