/**
 * `checkProperty`: a methodologist's own property on generated graphs, with the same verdict,
 * shrinking and replay as the built-in checks, without writing fast-check code: a function judges
 * each generated graph and its evaluation, returning null when the property holds or a sentence
 * saying what fails.
 * May import: accounting, model, fast-check.
 */
import { evaluateGraph, type EvaluationResult } from '../../accounting';
import type { RemovalGraphInput } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/**
 * Judges one generated graph and its evaluation: null when the property holds, else what fails.
 * @public
 */
export type GraphPropertyTest = (graph: RemovalGraphInput, result: EvaluationResult) => string | null;

/**
 * Checks a property of one's own on graphs generated from `blueprints` (see `graphOf` for
 * `options.graphs`), each evaluated with `options.evaluate` (default `evaluateGraph`).
 *
 * @example
 * ```ts
 * const verdict = checkProperty('credits within gross removal', blueprints, (graph, result) =>
 *   result.ghg_entries.every((e) => e.issuable_kg <= grossOf(e) + 5) ? null : 'more credits than removal');
 * ```
 * @public
 */
export function checkProperty(
  name: string,
  blueprints: readonly BlueprintDefinition[],
  test: GraphPropertyTest,
  options: GraphCheckOptions = {},
): Verdict {
  assertCheckOptions('checkProperty', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  return runProperty({
    property: name,
    arbitrary: graphOf(blueprints, options.graphs),
    graphOfCase: (graph) => graph,
    test: (graph) => {
      const message = test(graph, evaluate(graph));
      return message === null ? null : { message };
    },
    options,
  });
}
