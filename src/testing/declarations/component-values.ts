/**
 * Generated values of one blueprint's inputs, for the declarations that speak about a component's
 * value rather than a whole graph (bounds, LIST semantics, homogeneity, the sign of an
 * ADJUSTMENT): a generated component within the declared ranges, its SI values by input key, and
 * the one-entry graph document a counterexample is shown as.
 * May import: expressions, units, model, fast-check.
 */
import fc from 'fast-check';
import type { BlueprintValues } from '../../expressions';
import type { RemovalGraphInput } from '../../model/graph';
import { toSI } from '../../units';
import { type BlueprintDefinition, componentOf, type GeneratedComponent, type InputQuantityOptions } from '../arbitraries/component';
import { type CaseOutcome, type CheckOptions, runProperty, type Verdict } from '../verdicts/verdict';

/** SI values by input key of a generated component. */
export function siValues(blueprint: BlueprintDefinition, generated: GeneratedComponent): Record<string, number | number[]> {
  const byId = new Map(generated.datapoints.map((d) => [d.id, toSI(d.quantity.magnitude, null, d.quantity.unit).magnitude]));
  const values: Record<string, number | number[]> = {};
  for (const supplied of generated.component.inputs) {
    const list = (supplied.datapoint_ids ?? []).map((id) => byId.get(id) ?? Number.NaN);
    const input = blueprint.inputs.find((i) => i.input_key === supplied.input_key);
    values[supplied.input_key] = input?.data_shape === 'LIST' ? list : (list[0] ?? Number.NaN);
  }
  return values;
}

/** The graph document of one component in one entry (factor 1): what a counterexample shows. */
export function singleComponentGraph(blueprint: BlueprintDefinition, generated: GeneratedComponent): RemovalGraphInput {
  return {
    component_blueprints: [blueprint],
    datapoints: [...generated.datapoints],
    components: [generated.component],
    ghg_entries: [
      {
        id: 'rmv_1',
        risk_of_reversal_percentage: null,
        component_attributions: [{ component_id: generated.component.id, attribution_factor: 1 }],
      },
    ],
  };
}

/** Options of a component-level check. */
export interface ComponentCheckOptions extends CheckOptions {
  /** Quantity options per input (the declared ranges). */
  readonly inputs?: InputQuantityOptions;
}

/**
 * Runs a property on generated components of `blueprint` (no standard deviations: the
 * declarations speak about values); `test` sees the SI values by input key.
 */
export function runOnComponents(
  property: string,
  blueprint: BlueprintDefinition,
  test: (values: BlueprintValues) => CaseOutcome,
  options: ComponentCheckOptions,
): Verdict {
  const arbitrary = componentOf(blueprint, {
    standardDeviation: 'never',
    ...(options.inputs === undefined ? {} : { inputs: options.inputs }),
  });
  return runProperty({
    property,
    arbitrary: arbitrary as fc.Arbitrary<GeneratedComponent>,
    graphOfCase: (g) => singleComponentGraph(blueprint, g),
    test: (g) => test(siValues(blueprint, g)),
    options,
  });
}
