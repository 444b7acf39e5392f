/**
 * Property: dimensional robustness. Every blueprint compiles, and keeps compiling and giving the
 * same value whatever accepted unit of its inputs' kinds is used: it compiles with every unit of
 * each input's kind (`unitsOfKind`, thousands for some compound kinds) as the input's
 * `compatible_unit` (but Pint's empty string for dimensionless, which the document format does not
 * take there), and one generated component gives the same value with the datapoints of each
 * input written in any of up to 16 of those units, spread over the list (the example unit and
 * Pint's long, short and pretty forms among them). A formula with a hidden unit (a constant added
 * to a mass, as `{rock} - 50` where 50 t was meant) fails here, since the compiler refuses it.
 * May import: accounting, expressions, units, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph, GraphValidationError } from '../../accounting';
import { compileBlueprint } from '../../expressions';
import type { ComponentBlueprintDefinition, RemovalGraphInput } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import { isCompatible } from '../../units';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { agree, inUnit, show, withDatapoints } from '../arbitraries/graph-reading';
import { unitsForKind } from '../arbitraries/kind-units';
import type { CheckOptions, FailedVerdict, Verdict } from '../verdicts/types';
import type { DimensionalOptions } from './options';
import { assertCheckOptions } from '../verdicts/options';
import { DIMENSIONAL_OPTION_CHECKS } from './options';

export type { DimensionalOptions } from './options';

const PROPERTY = 'dimensional_robustness';

/** Units per input whose value is compared (every unit is compiled). */
const EVALUATED_UNITS = 16;

/** Up to `count` units spread evenly over the list, the first one included. */
function spread(units: readonly string[], count: number): Set<string> {
  if (units.length <= count) return new Set(units);
  return new Set(Array.from({ length: count }, (_, k) => units[Math.round((k * (units.length - 1)) / (count - 1))] as string));
}

/** The message of an evaluation that threw. */
function problemOf(error: unknown): string {
  if (error instanceof GraphValidationError) return error.issues.map((i) => i.message).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** Checks one blueprint; null when it holds, else the failure. */
function checkBlueprint(
  blueprint: BlueprintDefinition,
  seed: number,
  evaluate: NonNullable<CheckOptions['evaluate']>,
  tolerance: number,
  counted: { runs: number },
): Omit<FailedVerdict, 'runs' | 'seed'> | null {
  const [base] = fc.sample(
    graphOf([blueprint], {
      entries: { min: 1, max: 1 },
      components: { min: 1, max: 1 },
      listLength: { min: 1, max: 2 },
      reuse: false,
      riskOfReversal: false,
    }),
    { seed, numRuns: 1 },
  ) as [RemovalGraphInput];
  const fail = (message: string, counterexample: RemovalGraphInput): Omit<FailedVerdict, 'runs' | 'seed'> => ({
    ok: false,
    property: PROPERTY,
    message,
    counterexample,
    shrinks: 0,
    path: null,
  });
  const compiled = compileBlueprint(blueprint as ComponentBlueprintDefinition);
  counted.runs++;
  if (!compiled.ok) return fail(`blueprint '${blueprint.key}' does not compile: ${compiled.issues.map((i) => i.message).join('; ')}`, base);
  let reference: number;
  try {
    reference = evaluate(base).ghg_entries[0]?.components[0]?.co2e_kg ?? Number.NaN;
  } catch (error) {
    return fail(`blueprint '${blueprint.key}' cannot be evaluated: ${problemOf(error)}`, base);
  }
  const inputIds = new Map(base.components[0]?.inputs.map((i) => [i.input_key, new Set(i.datapoint_ids ?? [])]) ?? []);
  for (const [n, input] of blueprint.inputs.entries()) {
    const kind = input.quantity_kind as QuantityKind;
    const ids = inputIds.get(input.input_key) ?? new Set<string>();
    const units = unitsForKind(kind);
    const evaluated = spread(units, EVALUATED_UNITS);
    for (const unit of units) {
      counted.runs++;
      const check = isCompatible(unit, kind);
      if (!check.ok) return fail(`input '${input.input_key}': ${check.message}`, base);
      // The document format wants a non-empty compatible_unit: Pint's empty spelling of
      // dimensionless is tried as a datapoint's unit only.
      const example = unit === '' ? input.compatible_unit : unit;
      const relabelled = { ...blueprint, inputs: blueprint.inputs.map((i, k) => (k === n ? { ...i, compatible_unit: example } : i)) };
      const recompiled = compileBlueprint(relabelled as ComponentBlueprintDefinition);
      if (!recompiled.ok)
        return fail(
          `with compatible_unit '${unit}' for input '${input.input_key}', blueprint '${blueprint.key}' does not compile: ${recompiled.issues.map((i) => i.message).join('; ')}`,
          base,
        );
      if (!evaluated.has(unit)) continue;
      const changed: RemovalGraphInput = {
        ...withDatapoints(base, (d) => (ids.has(d.id) ? inUnit(d, unit) : d)),
        component_blueprints: [relabelled],
      };
      let value: number;
      try {
        value = evaluate(changed).ghg_entries[0]?.components[0]?.co2e_kg ?? Number.NaN;
      } catch (error) {
        return fail(`with input '${input.input_key}' in '${unit}': ${problemOf(error)}`, changed);
      }
      if (!agree(value, reference, tolerance)) {
        return fail(
          `with input '${input.input_key}' in '${unit}' the component is ${show(value)} kg instead of ${show(reference)} kg`,
          changed,
        );
      }
    }
  }
  return null;
}

/**
 * Checks dimensional robustness of every blueprint (see the module notes). Exhaustive rather than
 * random: `runs` counts the blueprints and (input, unit) pairs compiled; `numRuns` is not used.
 * @public
 */
export function checkDimensionalRobustness(blueprints: readonly BlueprintDefinition[], options: DimensionalOptions = {}): Verdict {
  assertCheckOptions('checkDimensionalRobustness', options, DIMENSIONAL_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  const seed = options.seed ?? 1;
  const counted = { runs: 0 };
  for (const blueprint of blueprints) {
    const failure = checkBlueprint(blueprint, seed, evaluate, tolerance, counted);
    if (failure !== null) return { ...failure, runs: counted.runs, seed };
  }
  return { ok: true, property: PROPERTY, runs: counted.runs, skipped: 0, seed };
}
