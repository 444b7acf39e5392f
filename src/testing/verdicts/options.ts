/**
 * The known keys of the options every check takes and the check of each value (docs/policies.md:
 * options are strict), typed against their interfaces. Each check validates its options once,
 * before generating anything.
 * May import: model.
 */
import { assertOptions, finiteNumber, FUNCTION, shapeOf, type ShapeCheck } from '../../model/strict-options';
import { COUNT, GRAPH_OPTION_CHECKS } from '../arbitraries/options';
import type { GraphCheckOptions } from './types';

/** The keys of {@link CheckOptions}, which the options of every check extend. */
export const CHECK_OPTION_KEYS = {
  numRuns: finiteNumber({ integer: true, min: 1 }),
  seed: finiteNumber({ integer: true }),
  evaluate: FUNCTION,
  maxShrinkCases: COUNT,
} as const;

/** {@link GraphCheckOptions} of the checks on generated graphs. */
export const GRAPH_CHECK_OPTION_CHECKS: ShapeCheck = shapeOf<GraphCheckOptions>({
  ...CHECK_OPTION_KEYS,
  graphs: GRAPH_OPTION_CHECKS,
  tolerance: finiteNumber({ min: 0 }),
});

/** Throws a `TypeError` naming each unknown option (and the nearest known one) or invalid value of `check`. */
export function assertCheckOptions(check: string, options: unknown, checks: ShapeCheck): void {
  assertOptions(options, checks, `options of ${check}`);
}
