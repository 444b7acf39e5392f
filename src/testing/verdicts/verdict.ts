/**
 * Verdicts of property checks: what a check returns (passed, or failed with the shrunk
 * counterexample as a graph document), the thin `assert` form that throws for a failed verdict (so
 * any test runner reports it: vitest, jest, node's test runner), and the runner shared by the
 * checks, on top of `fc.check`. The verdicts' and options' shapes are in types.ts.
 * May import: accounting, model, fast-check.
 */
import fc from 'fast-check';
import type { RemovalGraphInput } from '../../model/graph';
import type { CheckOptions, FailedVerdict, Verdict } from './types';
import { restateInCompatibleUnits } from './restate';

export type { PassedVerdict, FailedVerdict, Verdict, GraphEvaluator, CheckOptions, GraphCheckOptions } from './types';

/**
 * Thrown by {@link assertVerdict} for a failed verdict; the message shows the counterexample.
 * @public
 */
export class PropertyFailedError extends Error {
  /** The failed verdict. */
  readonly verdict: FailedVerdict;
  constructor(verdict: FailedVerdict) {
    super(formatVerdict(verdict));
    this.name = 'PropertyFailedError';
    this.verdict = verdict;
  }
}

/**
 * The verdict as text: one line when it passed; otherwise the message, how to replay it and the
 * counterexample (JSON).
 * @public
 */
export function formatVerdict(verdict: Verdict): string {
  if (verdict.ok) return `${verdict.property}: passed (${verdict.runs} cases, seed ${verdict.seed})`;
  const replay = verdict.path === null ? `seed ${verdict.seed}` : `seed ${verdict.seed}, path "${verdict.path}"`;
  return [
    `${verdict.property}: failed after ${verdict.runs} case(s) and ${verdict.shrinks} shrink(s) (${replay})`,
    verdict.message,
    'counterexample:',
    JSON.stringify(verdict.counterexample, null, 2),
  ].join('\n');
}

/**
 * The thin assert form: returns for a passed verdict, throws a {@link PropertyFailedError} showing
 * the counterexample for a failed one.
 *
 * @example
 * ```ts
 * assertVerdict(checkSignConventions(blueprints, { numRuns: 50, seed: 1 }));
 * ```
 * @public
 */
export function assertVerdict(verdict: Verdict): void {
  if (!verdict.ok) throw new PropertyFailedError(verdict);
}

/** The document of a verdict that has no case to show. */
const EMPTY_GRAPH: RemovalGraphInput = Object.freeze({ component_blueprints: [], datapoints: [], components: [], ghg_entries: [] });

/** What a case check finds: nothing (the property holds), a skip, or a failure. */
export type CaseOutcome = null | 'skip' | { readonly message: string; readonly variant?: RemovalGraphInput };

/** A property to run: its name, the cases, how a case is judged and shown, and the run's options. */
export interface PropertyRun<T> {
  /** The property's name, as the verdict reports it. */
  readonly property: string;
  /** The cases fast-check draws and shrinks. */
  readonly arbitrary: fc.Arbitrary<T>;
  /** The graph document a case stands for (the verdict's counterexample). */
  readonly graphOfCase: (value: T) => RemovalGraphInput;
  /** Judges one case. */
  readonly test: (value: T) => CaseOutcome;
  readonly options: CheckOptions;
  /** A sentence about the shrunk failing case, added to its message (null: none; computed once, never while shrinking). */
  readonly explain?: (value: T) => string | null;
}

/**
 * Runs a property with fast-check: `test` judges one case; the verdict carries the shrunk case's
 * graph and message. A case that throws fails with the error's message.
 */
export function runProperty<T>(run: PropertyRun<T>): Verdict {
  const { property, arbitrary, graphOfCase, test, options, explain } = run;
  const judge = (value: T): CaseOutcome => {
    try {
      return test(value);
    } catch (error) {
      return { message: `evaluation failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  // Once a case failed, fast-check only shrinks; answering "holds" past the budget ends shrinking
  // with the smallest failing case found.
  const budget = options.maxShrinkCases ?? 500;
  let shrinking = false;
  let tried = 0;
  const details = fc.check(
    fc.property(arbitrary, (value) => {
      if (shrinking && ++tried > budget) return true;
      const outcome = judge(value);
      if (outcome !== null && outcome !== 'skip') shrinking = true;
      fc.pre(outcome !== 'skip');
      return outcome === null;
    }),
    { numRuns: options.numRuns ?? 100, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  if (!details.failed) return { ok: true, property, runs: details.numRuns, skipped: details.numSkips, seed: details.seed };
  if (details.counterexample === null) {
    // Only skipped cases: nothing generated was a case the property speaks about.
    return {
      ok: false,
      property,
      message: `no applicable case among ${details.numSkips} generated: ${String(details.errorInstance ?? 'every case was skipped')}`,
      counterexample: EMPTY_GRAPH,
      runs: details.numRuns,
      shrinks: 0,
      seed: details.seed,
      path: null,
    };
  }
  const [shrunk] = details.counterexample;
  const fails = (v: T) => {
    const o = judge(v);
    return o !== null && o !== 'skip';
  };
  // Shrinking leaves whatever units were drawn; show the inputs' own units where the failure persists.
  const value = restateInCompatibleUnits(shrunk, fails);
  const outcome = judge(value);
  const found = outcome === null || outcome === 'skip' ? { message: 'the property failed on this case' } : outcome;
  // Costly explanations are computed once, on the shrunk case, never while shrinking.
  const more = explain?.(value) ?? null;
  return {
    ok: false,
    property,
    message: more === null ? found.message : `${found.message}; ${more}`,
    counterexample: graphOfCase(value),
    ...(found.variant === undefined ? {} : { variant: found.variant }),
    runs: details.numRuns,
    shrinks: details.numShrinks,
    seed: details.seed,
    path: details.counterexamplePath,
  };
}
