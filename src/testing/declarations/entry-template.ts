/**
 * Entries as the methodology builds them (`checks.entries`): a template of blueprints that make one
 * GHG entry together, one component of each, sharing a datapoint wherever they name the same input
 * (as a project feeds one weighed rock mass to the weathering and to its degassing loss). Generated
 * on it within the declared ranges: the LOSS components never exceed the SEQUESTRATION they
 * reduce, and the declared bounds of the net (formulas of the template's inputs) hold.
 * May import: accounting, units, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph } from '../../accounting';
import type { GraphDatapoint, RemovalGraphInput } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import { toSI } from '../../units';
import { type BlueprintDefinition, type InputQuantityOptions, optionsOfBlueprintInput } from '../arbitraries/component';
import { type EntryTemplateDeclaration, templateBlueprint, templateInputs } from './declarations';
import { show } from '../arbitraries/graph-reading';
import { relativeTo } from '../properties/monotonicity';
import { quantityOf, type GraphQuantityValue } from '../arbitraries/quantity';
import { formulaProgram, type ValueProgram, valueOf } from './value-programs';
import { type CheckOptions, runProperty, type Verdict } from '../verdicts/verdict';

/** The entry document of one draw: a datapoint per input key, shared by every component naming it. */
function entryGraph(
  blueprints: readonly BlueprintDefinition[],
  drawn: Readonly<Record<string, readonly GraphQuantityValue[]>>,
): RemovalGraphInput {
  const datapoints: GraphDatapoint[] = [];
  const ids: Record<string, string[]> = {};
  for (const [key, quantities] of Object.entries(drawn)) {
    ids[key] = quantities.map((quantity, n) => {
      const id = `dtp_${key}_${n + 1}`;
      datapoints.push({ id, quantity });
      return id;
    });
  }
  const components = blueprints.map((b) => ({
    id: `cmp_${b.key}`,
    blueprint_key: b.key,
    inputs: b.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: ids[i.input_key] ?? [] })),
  }));
  return {
    component_blueprints: [...blueprints],
    datapoints,
    components,
    ghg_entries: [
      {
        id: 'rmv_1',
        risk_of_reversal_percentage: null,
        component_attributions: components.map((c) => ({ component_id: c.id, attribution_factor: 1 })),
      },
    ],
  };
}

/** SI values by input key of a draw. */
function siValues(
  drawn: Readonly<Record<string, readonly GraphQuantityValue[]>>,
  inputs: ReturnType<typeof templateInputs>,
): Record<string, number | number[]> {
  const values: Record<string, number | number[]> = {};
  for (const { input } of inputs) {
    const list = (drawn[input.input_key] ?? []).map((q) => toSI(q.magnitude, null, q.unit).magnitude);
    values[input.input_key] = input.data_shape === 'LIST' ? list : (list[0] ?? Number.NaN);
  }
  return values;
}

/** Checks an entry template (see the module notes). */
export function checkEntryTemplate(
  library: readonly BlueprintDefinition[],
  declaration: EntryTemplateDeclaration,
  options: CheckOptions & { readonly inputs?: InputQuantityOptions; readonly tolerance?: number },
): Verdict {
  const blueprints = declaration.blueprints.map((key) => library.find((b) => b.key === key) as BlueprintDefinition);
  const inputs = templateInputs(blueprints);
  const bound = (f: string | undefined): ValueProgram | null => {
    if (f === undefined) return null;
    const outcome = formulaProgram(templateBlueprint(blueprints), f);
    if (!outcome.ok) throw new Error(`entry bound '${f}': ${outcome.message}`);
    return outcome.program;
  };
  const [low, high] = [bound(declaration.net_at_least), bound(declaration.net_at_most)];
  const tolerance = options.tolerance ?? 1e-9;
  const perInput = Object.fromEntries(
    inputs.map(({ blueprint, input }) => {
      const q = quantityOf(input.quantity_kind as QuantityKind, optionsOfBlueprintInput(blueprint, input, options.inputs, 'never'));
      return [input.input_key, input.data_shape === 'LIST' ? fc.array(q, { minLength: 1, maxLength: 4 }) : q.map((x) => [x])];
    }),
  ) as Record<string, fc.Arbitrary<GraphQuantityValue[]>>;
  return runProperty({
    property: `entry(${declaration.name ?? declaration.blueprints.join(' + ')})`,
    arbitrary: fc.record(perInput),
    graphOfCase: (drawn) => entryGraph(blueprints, drawn),
    test: (drawn) => {
      const graph = entryGraph(blueprints, drawn);
      const [entry] = (options.evaluate ?? evaluateGraph)(graph).ghg_entries;
      if (entry === undefined) return null;
      const total = (type: string) => entry.components.filter((c) => c.type === type).reduce((s, c) => s + c.co2e_kg, 0);
      const [loss, stored] = [total('LOSS'), total('SEQUESTRATION')];
      const hasBoth = entry.components.some((c) => c.type === 'LOSS') && entry.components.some((c) => c.type === 'SEQUESTRATION');
      const slack = tolerance * Math.max(Math.abs(loss), Math.abs(stored)) + 1e-9;
      if (hasBoth && loss > stored + slack)
        return {
          message: `the LOSS components (${show(loss)} kg) exceed the SEQUESTRATION they reduce (${show(stored)} kg) by ${relativeTo(loss - stored, entry.co2e_net_removed_without_discount_kg, slack)}`,
        };
      const net = entry.co2e_net_removed_without_discount_kg;
      const values = siValues(drawn, inputs);
      const lo = low === null ? null : valueOf(low, values);
      const hi = high === null ? null : valueOf(high, values);
      const netSlack = (x: number) => tolerance * Math.max(Math.abs(x), Math.abs(net)) + 1e-9;
      if (lo !== null && net < lo - netSlack(lo))
        return {
          message: `the net ${show(net)} kg is below its bound ${declaration.net_at_least} = ${show(lo)} kg by ${relativeTo(lo - net, net, netSlack(lo))}`,
        };
      if (hi !== null && net > hi + netSlack(hi))
        return {
          message: `the net ${show(net)} kg is above its bound ${declaration.net_at_most} = ${show(hi)} kg by ${relativeTo(net - hi, net, netSlack(hi))}`,
        };
      return null;
    },
    options,
  });
}
