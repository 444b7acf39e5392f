/**
 * `checkMethodology`: every property on every blueprint of a methodology, with its declarations
 * (monotonicities, input ranges, tolerances), giving one report per blueprint and property. A
 * blueprint that does not compile is reported by the dimensional robustness check and the other
 * properties are not run on it. Deterministic for a seed.
 * May import: accounting, expressions, units, model, fast-check.
 */
import { compileBlueprint } from '../expressions';
import type { ComponentBlueprintDefinition } from '../model/graph';
import { checkAttributionLinearity, checkSharedComponentConservation } from './attribution';
import type { BlueprintDefinition, InputQuantityOptions } from './component';
import { checkConservativeness } from './conservativeness';
import { checkDimensionalRobustness } from './dimensional';
import type { GraphOptions } from './graph';
import { checkLinearisation } from './linearisation';
import type { Methodology } from './methodology';
import { blueprintsDeclared, checkMonotonicity } from './monotonicity';
import { checkPermutationInvariance } from './permutation';
import type { QuantityOptions } from './quantity';
import { checkReuseRule } from './reuse-rule';
import { checkSignConventions } from './signs';
import { checkUnitInvariance } from './unit-invariance';
import type { GraphEvaluator, Verdict } from './verdict';
import { assertCheckOptions, METHODOLOGY_CHECK_OPTION_CHECKS } from './options';

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

/** Every property on one blueprint. */
function checkBlueprint(methodology: Methodology, blueprint: BlueprintDefinition, options: Required<Omit<MethodologyCheckOptions, 'evaluate'>> & MethodologyCheckOptions): BlueprintReport {
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
    const names = [...GRAPH_PROPERTIES.slice(0, 2), ...monotonicity.map((d) => `monotonicity(${d.input}, ${d.direction})`), ...GRAPH_PROPERTIES.slice(2)];
    return { ...base, verdicts: [dimensional], not_run: names.map((property) => ({ property, reason })) };
  }
  const graphs: GraphOptions = { inputs: inputOptions(methodology) };
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
  ];
  return { ...base, verdicts, not_run: [] };
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
  const ok = blueprints.every((b) => b.not_run.length === 0 && b.verdicts.every((v) => v.ok));
  return { ok, seed: resolved.seed, num_runs: resolved.numRuns, blueprints };
}
