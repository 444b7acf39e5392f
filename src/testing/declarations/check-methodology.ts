/**
 * `checkMethodology`: every property on every blueprint of a methodology, with its declarations
 * (monotonicities, input ranges, tolerances), giving one report per blueprint and property. A
 * blueprint that does not compile is reported by the dimensional robustness check and the other
 * properties are not run on it. Deterministic for a seed.
 * May import: accounting, expressions, units, model, fast-check.
 */
import { compileBlueprint } from '../../expressions';
import type { ComponentBlueprintDefinition } from '../../model/graph';
import { checkAttributionLinearity, checkSharedComponentConservation } from '../properties/attribution';
import type { BlueprintDefinition, InputQuantityOptions } from '../arbitraries/component';
import { checkConservativeness } from '../properties/conservativeness';
import { checkDimensionalRobustness } from '../properties/dimensional';
import { checkEntryTemplate } from './entry-template';
import { checkAdjustmentSign, checkBound, checkHomogeneity, checkListSemantics, checkWorkedExample } from './declared-checks';
import type { GraphOptions } from '../arbitraries/graph';
import { typeWarnings, undeclaredInputs } from './lint';
import { checkLinearisation } from '../properties/linearisation';
import type { Methodology } from './methodology';
import { blueprintsDeclared, checkMonotonicity } from '../properties/monotonicity';
import { checkPermutationInvariance } from '../properties/permutation';
import type { QuantityOptions } from '../arbitraries/quantity';
import { checkReuseRule } from '../properties/reuse-rule';
import { checkSignConventions } from '../properties/signs';
import { checkUnitInvariance } from '../properties/unit-invariance';
import type { Verdict } from '../verdicts/types';
import { assertCheckOptions } from '../verdicts/options';
import { FUNCTION, shapeOf, type ShapeCheck } from '../../model/strict-options';
import { CHECK_OPTION_KEYS } from '../verdicts/options';
import type { GraphEvaluator } from '../verdicts/types';
/**
 * Options of {@link checkMethodology}.
 * @public
 */
export interface MethodologyCheckOptions {
  /** Generated cases per property and blueprint (default 100). */
  readonly numRuns?: number;
  /** Seed of every property's run (default 1). */
  readonly seed?: number;
  /** The evaluator (default `evaluateGraph`). */
  readonly evaluate?: GraphEvaluator;
}

/** {@link MethodologyCheckOptions} of `checkMethodology`. */
export const METHODOLOGY_CHECK_OPTION_CHECKS: ShapeCheck = shapeOf<MethodologyCheckOptions>({
  numRuns: CHECK_OPTION_KEYS.numRuns,
  seed: CHECK_OPTION_KEYS.seed,
  evaluate: FUNCTION,
});

/**
 * A property not run on a blueprint, and why.
 * @public
 */
export interface PropertyNotRun {
  /** The property's name. */
  readonly property: string;
  /** Why it was not run. */
  readonly reason: string;
}

/**
 * The properties of one blueprint.
 * @public
 */
export interface BlueprintReport {
  /** The blueprint's key. */
  readonly blueprint: string;
  /** Its component type. */
  readonly type: string;
  /** One verdict per property run, in the order run. */
  readonly verdicts: readonly Verdict[];
  /** Properties not run (on a blueprint that does not compile). */
  readonly not_run: readonly PropertyNotRun[];
  /** Declarations that no generated case tested (a range of zero width, an input never drawn): neither passed nor failed. */
  readonly not_exercised: readonly PropertyNotRun[];
  /** Inputs no monotonicity, LIST semantics, homogeneity or bound speaks about. */
  readonly undeclared_inputs: readonly string[];
  /** Suspicious but not wrong: a type at odds with the kinds of the inputs. */
  readonly warnings: readonly string[];
}

/**
 * The report of {@link checkMethodology}.
 * @public
 */
export interface MethodologyReport {
  /** Whether every property held on every blueprint. */
  readonly ok: boolean;
  /** The seed of the run. */
  readonly seed: number;
  /** Generated cases per property and blueprint. */
  readonly num_runs: number;
  /** One report per blueprint, in library order. */
  readonly blueprints: readonly BlueprintReport[];
  /** One verdict per entry template (`checks.entries`), in declaration order. */
  readonly entries: readonly Verdict[];
}

/** The names of the properties run on generated graphs, in the order they run. */
const GRAPH_PROPERTIES = [
  'unit_invariance',
  'sign_conventions',
  'linearisation',
  'reuse_rule',
  'permutation_invariance',
  'attribution_linearity',
  'shared_component_conservation',
  'conservativeness',
] as const;

/** Quantity options per input from the declared ranges. */
function inputOptions(methodology: Methodology): InputQuantityOptions {
  const options: Record<string, QuantityOptions> = {};
  for (const r of methodology.checks.input_ranges ?? []) {
    const key = r.blueprint === undefined ? r.input : `${r.blueprint}.${r.input}`;
    options[key] = {
      ...(r.magnitude === undefined ? {} : { magnitude: r.magnitude }),
      ...(r.relative_standard_deviation === undefined ? {} : { relativeStandardDeviation: r.relative_standard_deviation }),
    };
  }
  return options;
}

/** The generated graphs' options: the declared ranges and what `checks.graphs` turns on. */
function graphOptions(methodology: Methodology): GraphOptions {
  const on = methodology.checks.graphs ?? {};
  return {
    inputs: inputOptions(methodology),
    ...(on.sample_sets === undefined ? {} : { sampleSets: on.sample_sets }),
    ...(on.distributions === undefined ? {} : { distributions: on.distributions }),
    ...(on.lognormal_median === undefined ? {} : { lognormalMedian: on.lognormal_median }),
    ...(on.list_length === undefined ? {} : { listLength: on.list_length }),
  };
}

/** The verdicts of the declarations about one blueprint's value (examples, bounds, LIST semantics, homogeneity, sign). */
function declaredVerdicts(
  methodology: Methodology,
  blueprint: BlueprintDefinition,
  options: { numRuns: number; seed: number; tolerance?: number },
): Verdict[] {
  const checks = methodology.checks;
  const about = (named: string | undefined) => named === undefined || named === blueprint.key;
  const has = (input: string) => blueprint.inputs.some((i) => i.input_key === input);
  const on = { ...options, inputs: inputOptions(methodology) };
  return [
    ...(checks.examples ?? []).flatMap((e, i) => (e.blueprint === blueprint.key ? [checkWorkedExample(blueprint, e, i)] : [])),
    ...(checks.bounds ?? []).filter((d) => d.blueprint === blueprint.key).map((d) => checkBound(blueprint, d, on)),
    ...(checks.list_semantics ?? [])
      .filter((d) => about(d.blueprint) && blueprint.inputs.some((i) => i.input_key === d.input && i.data_shape === 'LIST'))
      .map((d) => checkListSemantics(blueprint, d, on)),
    ...(checks.homogeneity ?? []).filter((d) => about(d.blueprint) && has(d.input)).map((d) => checkHomogeneity(blueprint, d, on)),
    ...(checks.adjustment_signs ?? []).filter((d) => d.blueprint === blueprint.key).map((d) => checkAdjustmentSign(blueprint, d, on)),
  ];
}

/** A declaration's verdict that no generated case applied to: neither passed nor failed. */
function unexercised(v: Verdict): boolean {
  return v.property.startsWith('monotonicity(') && (v.ok ? v.runs === 0 : v.message.startsWith('no applicable case'));
}

/** Every property on one blueprint. */
function checkBlueprint(
  methodology: Methodology,
  blueprint: BlueprintDefinition,
  options: Required<Omit<MethodologyCheckOptions, 'evaluate'>> & MethodologyCheckOptions,
): BlueprintReport {
  const base = { blueprint: blueprint.key, type: blueprint.type };
  const tolerance = methodology.checks.tolerances?.unit_invariance;
  const common = {
    numRuns: options.numRuns,
    seed: options.seed,
    ...(options.evaluate === undefined ? {} : { evaluate: options.evaluate }),
    ...(tolerance === undefined ? {} : { tolerance }),
  };
  const dimensional = checkDimensionalRobustness([blueprint], common);
  const monotonicity = (methodology.checks.monotonicity ?? []).filter((d) => blueprintsDeclared([blueprint], d).length > 0);
  if (!compileBlueprint(blueprint as ComponentBlueprintDefinition).ok) {
    const reason = 'the blueprint does not compile (see dimensional_robustness)';
    const names = [
      ...GRAPH_PROPERTIES.slice(0, 2),
      ...monotonicity.map((d) => `monotonicity(${d.input}, ${d.direction})`),
      ...GRAPH_PROPERTIES.slice(2),
    ];
    return {
      ...base,
      verdicts: [dimensional],
      not_run: names.map((property) => ({ property, reason })),
      not_exercised: [],
      undeclared_inputs: undeclaredInputs(blueprint, methodology.checks),
      warnings: typeWarnings(blueprint),
    };
  }
  const graphs = graphOptions(methodology);
  const onGraphs = { ...common, graphs };
  const only = [blueprint];
  const linearisationTolerance = methodology.checks.tolerances?.linearisation;
  const verdicts: Verdict[] = [
    dimensional,
    checkUnitInvariance(only, onGraphs),
    checkSignConventions(only, onGraphs),
    ...monotonicity.map((d) => checkMonotonicity(only, d, onGraphs)),
    checkLinearisation(only, { ...onGraphs, ...(linearisationTolerance === undefined ? {} : { tolerance: linearisationTolerance }) }),
    checkReuseRule(only, onGraphs),
    checkPermutationInvariance(only, onGraphs),
    checkAttributionLinearity(only, onGraphs),
    checkSharedComponentConservation(only, onGraphs),
    checkConservativeness(only, onGraphs),
    ...declaredVerdicts(methodology, blueprint, common),
  ];
  const notExercised = verdicts.filter(unexercised).map((v) => ({
    property: v.property,
    reason: 'no generated case could raise the input within its declared range (is the range empty or of zero width?)',
  }));
  return {
    ...base,
    verdicts: verdicts.filter((v) => !unexercised(v)),
    not_run: [],
    not_exercised: notExercised,
    undeclared_inputs: undeclaredInputs(blueprint, methodology.checks),
    warnings: typeWarnings(blueprint),
  };
}

/**
 * Runs every property on every blueprint of `methodology` (see `parseMethodology`).
 *
 * @example
 * ```ts
 * const parsed = parseMethodology(JSON.parse(text));
 * if (parsed.ok) console.log(checkMethodology(parsed.methodology, { numRuns: 50, seed: 1 }).ok);
 * ```
 * @public
 */
export function checkMethodology(methodology: Methodology, options: MethodologyCheckOptions = {}): MethodologyReport {
  assertCheckOptions('checkMethodology', options, METHODOLOGY_CHECK_OPTION_CHECKS);
  const resolved = { ...options, numRuns: options.numRuns ?? 100, seed: options.seed ?? 1 };
  const blueprints = methodology.component_blueprints.map((b) => checkBlueprint(methodology, b, resolved));
  const compiles = (key: string) => blueprints.some((b) => b.blueprint === key && b.not_run.length === 0);
  const tolerance = methodology.checks.tolerances?.unit_invariance;
  const entries = (methodology.checks.entries ?? [])
    .filter((d) => d.blueprints.every(compiles))
    .map((d) =>
      checkEntryTemplate(methodology.component_blueprints, d, {
        numRuns: resolved.numRuns,
        seed: resolved.seed,
        inputs: inputOptions(methodology),
        ...(options.evaluate === undefined ? {} : { evaluate: options.evaluate }),
        ...(tolerance === undefined ? {} : { tolerance }),
      }),
    );
  const ok = blueprints.every((b) => b.not_run.length === 0 && b.verdicts.every((v) => v.ok)) && entries.every((v) => v.ok);
  return { ok, seed: resolved.seed, num_runs: resolved.numRuns, blueprints, entries };
}
