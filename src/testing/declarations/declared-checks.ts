/**
 * Checks of the declarations about a blueprint's value: worked examples (a known answer, exact up
 * to a tolerance), bounds, LIST semantics, homogeneity and the sign of an ADJUSTMENT. Each returns
 * a verdict like the property checks; the generated ones draw components within the declared
 * ranges (see component-values.ts).
 * May import: expressions, units, model, fast-check.
 */
import type { BlueprintValues } from '../../expressions';
import type { GraphDatapoint, RemovalGraphInput } from '../../model/graph';
import { toSI } from '../../units';
import type { BlueprintDefinition } from '../arbitraries/component';
import { type ComponentCheckOptions, runOnComponents } from './component-values';
import type {
  BoundDeclaration,
  HomogeneityDeclaration,
  ListSemanticsDeclaration,
  QuantityLiteral,
  WorkedExample,
  AdjustmentSignDeclaration,
} from './declarations';
import { show } from '../arbitraries/graph-reading';
import { expressionProgram, formulaProgram, type ValueProgram, valueOf } from './value-programs';
import type { Verdict } from '../verdicts/verdict';

/** A program, or the error its declaration should have been refused with. */
function program(outcome: ReturnType<typeof expressionProgram>, what: string): ValueProgram {
  if (!outcome.ok) throw new Error(`${what}: ${outcome.message}`);
  return outcome.program;
}

/** The graph document of a worked example, its quantities in the units it gives. */
function exampleGraph(blueprint: BlueprintDefinition, example: WorkedExample): RemovalGraphInput {
  const datapoints: GraphDatapoint[] = [];
  const inputs = blueprint.inputs.map((input) => {
    const given = example.inputs[input.input_key];
    const list: readonly QuantityLiteral[] = Array.isArray(given) ? given : given === undefined ? [] : [given as QuantityLiteral];
    const ids = list.map((q, n) => {
      const id = `dtp_${input.input_key}_${n + 1}`;
      datapoints.push({ id, quantity: { magnitude: q.magnitude, unit: q.unit, standard_deviation: null } });
      return id;
    });
    return { input_key: input.input_key, datapoint_ids: ids };
  });
  const component = { id: `cmp_${blueprint.key}`, blueprint_key: blueprint.key, inputs };
  return {
    component_blueprints: [blueprint],
    datapoints,
    components: [component],
    ghg_entries: [
      { id: 'rmv_1', risk_of_reversal_percentage: null, component_attributions: [{ component_id: component.id, attribution_factor: 1 }] },
    ],
  };
}

/**
 * Evaluates a worked example: the blueprint's value on the example's inputs against the value
 * computed by hand, within its relative tolerance (default 1e-6).
 */
export function checkWorkedExample(blueprint: BlueprintDefinition, example: WorkedExample, index: number): Verdict {
  const property = `example(${example.name ?? index + 1})`;
  const values: Record<string, number | number[]> = {};
  for (const input of blueprint.inputs) {
    const given = example.inputs[input.input_key];
    const si = (q: QuantityLiteral) => toSI(q.magnitude, null, q.unit).magnitude;
    values[input.input_key] = Array.isArray(given) ? given.map(si) : si(given as QuantityLiteral);
  }
  const value = valueOf(program(expressionProgram(blueprint), `blueprint '${blueprint.key}'`), values);
  const expected = toSI(example.expected.magnitude, null, example.expected.unit).magnitude;
  const tolerance = example.tolerance ?? 1e-6;
  const base = { property, runs: 1, seed: 0 };
  if (Math.abs(value - expected) <= tolerance * Math.abs(expected) + 1e-9) return { ok: true, ...base, skipped: 0 };
  const relative =
    expected === 0
      ? ''
      : ` (${show(Number((((value - expected) / Math.abs(expected)) * 100).toPrecision(3)))} % of the expected value; tolerance ${show(tolerance * 100)} %)`;
  const factor =
    expected !== 0 && value !== 0 ? `; the engine's value is ${show(Number((value / expected).toPrecision(6)))} x the expected one` : '';
  return {
    ok: false,
    ...base,
    message: `blueprint '${blueprint.key}' gives ${show(value)} kg, the worked example expects ${show(expected)} kg (${example.expected.magnitude} ${example.expected.unit}): a difference of ${show(value - expected)} kg${relative}${factor}`,
    counterexample: exampleGraph(blueprint, example),
    shrinks: 0,
    path: null,
  };
}

/** How far outside a bound a value lies, as a sentence, or null. */
function outside(value: number, low: number | null, high: number | null, tolerance: number, unit: string): string | null {
  const slack = (x: number) => tolerance * Math.max(Math.abs(x), Math.abs(value)) + 1e-12;
  if (high !== null && value > high + slack(high))
    return `${show(value)} ${unit} is above its bound ${show(high)} ${unit} by ${show(value - high)} ${unit} (${show(Number((((value - high) / Math.max(Math.abs(high), 1e-300)) * 100).toPrecision(3)))} % of the bound)`;
  if (low !== null && value < low - slack(low))
    return `${show(value)} ${unit} is below its bound ${show(low)} ${unit} by ${show(low - value)} ${unit} (${show(Number((((low - value) / Math.max(Math.abs(low), 1e-300)) * 100).toPrecision(3)))} % of the bound)`;
  return null;
}

/** The property name of a bound. */
export function boundName(d: BoundDeclaration): string {
  const what = d.expression ?? 'value';
  const parts = [
    d.fraction === true ? 'in [0, 1]' : '',
    d.at_least === undefined ? '' : `>= ${d.at_least}`,
    d.at_most === undefined ? '' : `<= ${d.at_most}`,
  ].filter((p) => p !== '');
  return `bound(${what} ${parts.join(', ')})`;
}

/** Checks a declared bound on components generated within the declared ranges. */
export function checkBound(
  blueprint: BlueprintDefinition,
  declaration: BoundDeclaration,
  options: ComponentCheckOptions & { readonly tolerance?: number },
): Verdict {
  const target = program(expressionProgram(blueprint, declaration.expression), `bound on blueprint '${blueprint.key}'`);
  const formula = (f: string | undefined) => (f === undefined ? null : program(formulaProgram(blueprint, f), `bound '${f}'`));
  const [low, high] = [formula(declaration.at_least), formula(declaration.at_most)];
  const fraction = declaration.fraction === true;
  const unit = target.dimensionless ? '' : 'kg';
  return runOnComponents(
    boundName(declaration),
    blueprint,
    (values) => {
      const value = valueOf(target, values);
      const lo = Math.max(low === null ? -Infinity : valueOf(low, values), fraction ? 0 : -Infinity);
      const hi = Math.min(high === null ? Infinity : valueOf(high, values), fraction ? 1 : Infinity);
      const wrong = outside(value, Number.isFinite(lo) ? lo : null, Number.isFinite(hi) ? hi : null, options.tolerance ?? 1e-9, unit);
      return wrong === null
        ? null
        : {
            message: `${declaration.expression === undefined ? `the value of blueprint '${blueprint.key}'` : `expression '${declaration.expression}' of blueprint '${blueprint.key}'`}: ${wrong}`,
          };
    },
    options,
  );
}

/** A copy of the values with one input changed. */
function withInput(values: BlueprintValues, input: string, change: (v: number | readonly number[]) => number | number[]): BlueprintValues {
  return { ...values, [input]: change(values[input] as number | readonly number[]) };
}

/** Compares a changed value with the expected multiple of the original one. */
function scaled(what: string, before: number, after: number, factor: number, tolerance: number): { message: string } | null {
  const want = before * factor;
  if (Math.abs(after - want) <= tolerance * Math.max(Math.abs(want), Math.abs(after)) + 1e-9) return null;
  return {
    message: `${what}: the value goes from ${show(before)} kg to ${show(after)} kg, not ${show(want)} kg (x ${show(factor)}); off by ${show(after - want)} kg, ${show(Number(((Math.abs(after - want) / Math.max(Math.abs(want), 1e-300)) * 100).toPrecision(3)))} % of the expected value`,
  };
}

/** Checks LIST semantics: duplicating every item leaves the value (intensive) or doubles it (extensive). */
export function checkListSemantics(
  blueprint: BlueprintDefinition,
  d: ListSemanticsDeclaration,
  options: ComponentCheckOptions & { readonly tolerance?: number },
): Verdict {
  const value = program(expressionProgram(blueprint), `blueprint '${blueprint.key}'`);
  const factor = d.semantics === 'intensive' ? 1 : 2;
  return runOnComponents(
    `list_semantics(${d.input}, ${d.semantics})`,
    blueprint,
    (values) => {
      const doubled = withInput(values, d.input, (v) => (Array.isArray(v) ? [...v, ...v] : (v as number)));
      return scaled(
        `duplicating every item of LIST input '${d.input}'`,
        valueOf(value, values),
        valueOf(value, doubled),
        factor,
        options.tolerance ?? 1e-9,
      );
    },
    options,
  );
}

/** Checks homogeneity: doubling the input scales the value by 2^degree. */
export function checkHomogeneity(
  blueprint: BlueprintDefinition,
  d: HomogeneityDeclaration,
  options: ComponentCheckOptions & { readonly tolerance?: number },
): Verdict {
  const value = program(expressionProgram(blueprint), `blueprint '${blueprint.key}'`);
  return runOnComponents(
    `homogeneity(${d.input}, degree ${d.degree})`,
    blueprint,
    (values) => {
      const doubled = withInput(values, d.input, (v) => (Array.isArray(v) ? v.map((x: number) => 2 * x) : 2 * (v as number)));
      return scaled(
        `doubling input '${d.input}'`,
        valueOf(value, values),
        valueOf(value, doubled),
        2 ** d.degree,
        options.tolerance ?? 1e-9,
      );
    },
    options,
  );
}

/** Checks the declared sign of an ADJUSTMENT blueprint's value. */
export function checkAdjustmentSign(blueprint: BlueprintDefinition, d: AdjustmentSignDeclaration, options: ComponentCheckOptions): Verdict {
  const value = program(expressionProgram(blueprint), `blueprint '${blueprint.key}'`);
  return runOnComponents(
    `adjustment_sign(${d.sign})`,
    blueprint,
    (values) => {
      const v = valueOf(value, values);
      const wrong = d.sign === 'raises' ? v < 0 : v > 0;
      return wrong
        ? {
            message: `the ADJUSTMENT '${blueprint.key}' is declared to ${d.sign === 'raises' ? 'raise' : 'lower'} the net, but its value is ${show(v)} kg`,
          }
        : null;
    },
    options,
  );
}
