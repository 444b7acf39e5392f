/**
 * Property: sign conventions by blueprint type (docs/rules.md#evaluating-a-ghg-entry). A SEQUESTRATION or
 * REDUCTION component never lowers an entry's net; an ACTIVITY, COUNTERFACTUAL, LOSS or
 * UNCERTAINTY_DISCOUNT component never raises it; an ADJUSTMENT carries its own sign. A blueprint
 * whose formula turns negative over realistic inputs (a loss written as a negative number, a
 * difference taken the wrong way round) breaks it. The net is also the sum of the contributions.
 * May import: accounting, model, fast-check.
 */
import { evaluateGraph } from '../../accounting';
import type { ComponentType } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { agree, entryScale, show } from '../arbitraries/graph-reading';
import { SIGN_OF_TYPE } from './reuse-rule';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/** Types whose sign the convention fixes; ADJUSTMENT is free. */
function expectedDirection(type: ComponentType): 'raises' | 'lowers' | null {
  if (type === 'ADJUSTMENT') return null;
  return SIGN_OF_TYPE[type] > 0 ? 'raises' : 'lowers';
}

/**
 * Checks the sign conventions on generated graphs: every component moves its entries' nets only
 * in the direction of its blueprint's type, and each net is the sum of its components'
 * contributions.
 * @public
 */
export function checkSignConventions(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkSignConventions', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  const types = new Map(blueprints.map((b) => [b.key, b.type as ComponentType]));
  return runProperty({
    property: 'sign_conventions',
    arbitrary: graphOf(blueprints, options.graphs),
    graphOfCase: (graph) => graph,
    test: (graph) => {
      const blueprintOf = new Map(graph.components.map((c) => [c.id, c.blueprint_key]));
      for (const e of evaluate(graph).ghg_entries) {
        const sum = e.components.reduce((s, c) => s + c.contribution_kg, 0);
        if (!agree(sum, e.co2e_net_removed_without_discount_kg, tolerance, entryScale(e))) {
          return {
            message: `entry ${e.id}: the net without discount ${show(e.co2e_net_removed_without_discount_kg)} kg is not the sum of the contributions ${show(sum)} kg`,
          };
        }
        for (const c of e.components) {
          const key = blueprintOf.get(c.component_id) ?? '';
          const type = types.get(key) ?? c.type;
          const direction = expectedDirection(type);
          const wrong = direction === 'raises' ? c.contribution_kg < 0 : direction === 'lowers' ? c.contribution_kg > 0 : false;
          if (!wrong) continue;
          const does = c.contribution_kg > 0 ? 'raises' : 'lowers';
          return {
            message: `component ${c.component_id} (blueprint '${key}', ${type}) ${does} the net of entry ${e.id} by ${show(Math.abs(c.contribution_kg))} kg (its value x factor is ${show(c.co2e_kg)} kg); a ${type} component never ${does === 'raises' ? 'raises' : 'lowers'} the net`,
          };
        }
      }
      return null;
    },
    options,
  });
}
