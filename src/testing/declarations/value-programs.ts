/**
 * Programs for the declarations that speak about a blueprint's parts: the value of one named
 * expression, and a bound written as a formula of the blueprint's inputs. Each is compiled as a
 * small blueprint of its own (the expressions the target needs, the inputs they read), so the
 * engine's compiler checks its dimensions. A dimensionless value is multiplied by a unit mass
 * input of 1 kg, since a blueprint's result is a mass.
 * May import: expressions, model.
 */
import { type CompiledBlueprint, compileBlueprint, evaluateBlueprint, type BlueprintValues } from '../../expressions';
import type { ComponentBlueprintDefinition } from '../../model/graph';
import { nearestName } from '../../model/nearest-name';
import type { BlueprintDefinition } from '../arbitraries/component';

type Expression = BlueprintDefinition['expressions'][number];

/** The synthetic input holding 1 kg, that turns a dimensionless value into a mass. */
const UNIT_MASS = 'cdr_check_unit_mass';

/**
 * A compiled value: its program, and whether it is dimensionless (a fraction) rather than a mass.
 */
export interface ValueProgram {
  readonly compiled: CompiledBlueprint;
  readonly dimensionless: boolean;
}

/** A value program, or why there is none. */
export type ValueProgramOutcome = { readonly ok: true; readonly program: ValueProgram } | { readonly ok: false; readonly message: string };

/** The expressions `target` needs, in the blueprint's order, ending with it. */
function needed(blueprint: BlueprintDefinition, target: Expression): Expression[] {
  const keep = new Set<string>([target.key]);
  for (const e of [...blueprint.expressions].reverse()) {
    if (!keep.has(e.key)) continue;
    for (const i of e.inputs) if (i.type === 'EXPRESSION_RESULT' && i.input_key !== undefined) keep.add(i.input_key);
  }
  const order = blueprint.expressions.filter((e) => keep.has(e.key) && e !== target);
  return [...order, target];
}

/** Compiles `expressions` (the last one the result) over the inputs they read, as a mass or as a fraction of 1 kg. */
function compileValue(blueprint: BlueprintDefinition, expressions: Expression[]): ValueProgramOutcome {
  const read = new Set(expressions.flatMap((e) => e.inputs.filter((i) => i.type === 'DATAPOINT').map((i) => i.input_key)));
  const inputs = blueprint.inputs.filter((i) => read.has(i.input_key));
  const base = { key: blueprint.key, type: blueprint.type, inputs, expressions } as ComponentBlueprintDefinition;
  const asMass = compileBlueprint(base);
  if (asMass.ok) return { ok: true, program: { compiled: asMass.blueprint, dimensionless: false } };
  const last = expressions[expressions.length - 1] as Expression;
  const scaled = {
    ...base,
    inputs: [...inputs, { input_key: UNIT_MASS, quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'SCALAR' }],
    expressions: [
      ...expressions,
      {
        key: `${last.key}_in_kg`,
        template: '{v} * {kg}',
        inputs: [
          { template_key: 'v', input_key: last.key, type: 'EXPRESSION_RESULT' },
          { template_key: 'kg', input_key: UNIT_MASS, type: 'DATAPOINT' },
        ],
      },
    ],
  } as ComponentBlueprintDefinition;
  const asFraction = compileBlueprint(scaled);
  if (asFraction.ok) return { ok: true, program: { compiled: asFraction.blueprint, dimensionless: true } };
  return { ok: false, message: asMass.issues.map((i) => i.message).join('; ') };
}

/**
 * The key of the expression whose value is the component's: the one the blueprint names in
 * `result_expression_key` if it has that field, else its one sink (read by no other expression),
 * else its last expression.
 */
function resultKey(blueprint: BlueprintDefinition): string | undefined {
  const named = (blueprint as { result_expression_key?: unknown }).result_expression_key;
  if (typeof named === 'string') return named;
  const read = new Set(
    blueprint.expressions.flatMap((e) => e.inputs.filter((i) => i.type === 'EXPRESSION_RESULT').map((i) => i.input_key)),
  );
  const sinks = blueprint.expressions.filter((e) => !read.has(e.key));
  return (sinks.length === 1 ? sinks[0] : blueprint.expressions[blueprint.expressions.length - 1])?.key;
}

/** The program of a named expression's value (default: the blueprint's value, its last expression). */
export function expressionProgram(blueprint: BlueprintDefinition, key?: string): ValueProgramOutcome {
  const wanted = key ?? resultKey(blueprint);
  const target = blueprint.expressions.find((e) => e.key === wanted);
  if (target === undefined) return { ok: false, message: `blueprint '${blueprint.key}' has no expression '${key ?? ''}'` };
  return compileValue(blueprint, needed(blueprint, target));
}

/** The program of a bound's formula of the blueprint's inputs (`{rock_mass} * {cdr_potential}`). */
export function formulaProgram(blueprint: BlueprintDefinition, formula: string): ValueProgramOutcome {
  const names = [...new Set([...formula.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))];
  const keys = blueprint.inputs.map((i) => i.input_key);
  const unknown = names.find((n) => !keys.includes(n));
  if (unknown !== undefined) {
    const near = nearestName(unknown, keys);
    return {
      ok: false,
      message: `'{${unknown}}' is not an input of blueprint '${blueprint.key}'${near === undefined ? '' : `; did you mean '{${near}}'?`}`,
    };
  }
  const shape = (n: string) => blueprint.inputs.find((i) => i.input_key === n)?.data_shape ?? 'SCALAR';
  const inputs = names.map((n) => ({ template_key: n, input_key: n, type: 'DATAPOINT' as const, data_shape: shape(n) }));
  return compileValue(blueprint, [{ key: 'bound', template: formula, inputs }]);
}

/** Evaluates a value program on SI values by input key: kg for a mass, the bare number for a fraction. */
export function valueOf(program: ValueProgram, values: BlueprintValues): number {
  return evaluateBlueprint(program.compiled, program.dimensionless ? { ...values, [UNIT_MASS]: 1 } : values).value;
}
