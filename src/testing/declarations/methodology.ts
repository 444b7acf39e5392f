/**
 * The methodology document `cdr-engine check` reads: a blueprint library (the graph document's
 * `component_blueprints`) and, optionally, what its author declares about it under `checks`:
 *
 * ```jsonc
 * {
 *   "component_blueprints": [ ... ],            // as in a graph document
 *   "checks": {
 *     "monotonicity": [{ "input": "diesel_volume", "direction": "decreasing", "blueprint": "site_machinery" }],
 *     "input_ranges": [{ "input": "rock_mass", "magnitude": { "min": 50, "max": 5000, "unit": "t" },
 *                        "relative_standard_deviation": { "min": 0.01, "max": 0.05 } }],
 *     "tolerances": { "unit_invariance": 1e-9, "linearisation": 0.1 },
 *     "graphs": { "sample_sets": true, "distributions": ["lognormal"], "lognormal_median": true }
 *   }
 * }
 * ```
 *
 * A whole graph document is a methodology document too (its `datapoints`, `components`,
 * `ghg_entries`, ... are validated as a graph and otherwise unused). Strict like every document:
 * an unknown key is refused (`unrecognized_key`, with the nearest known key), a declaration naming
 * an input or blueprint the library does not have is refused, a range unit must be a unit of the
 * input's kind. A blueprint that does not compile is not refused here: the checks report it.
 * May import: accounting, expressions, units, model.
 */
import * as z from 'zod';
import { prepareGraph } from '../../accounting';
import { BLUEPRINT_ISSUE_CODES } from '../../expressions';
import { removalGraphSchema } from '../../model/graph';
import type { GraphIssue, IssuePath } from '../../model/issues';
import { nearestName } from '../../model/nearest-name';
import type { QuantityKind } from '../../model/quantity-kinds';
import { DISTRIBUTION_TYPES, type DistributionType } from '../../uncertainty/distributions';
import { isCompatible, toSI } from '../../units';
import { type BlueprintDefinition, MAX_LIST_LENGTH } from '../arbitraries/component';
import {
  type AdjustmentSignDeclaration,
  type BoundDeclaration,
  DECLARATION_KEYS,
  type EntryTemplateDeclaration,
  DECLARATION_SHAPES,
  declarationIssues,
  type HomogeneityDeclaration,
  issueAt,
  type ListSemanticsDeclaration,
  templateBlueprint,
  type WorkedExample,
} from './declarations';
import { expressionProgram, formulaProgram } from './value-programs';
import { deviationIssues, rangeValueIssues } from './physical-values';
import type { MonotonicityDeclaration } from '../properties/monotonicity';
import { type MagnitudeRange, type RelativeRange, resolveRange } from '../arbitraries/ranges';

/**
 * A declared range of one input's values (`input_ranges` of a methodology document).
 * @public
 */
export interface InputRangeDeclaration {
  /** The blueprint input's key. */
  readonly input: string;
  /** The blueprint (default: every blueprint with that input). */
  readonly blueprint?: string;
  /** Magnitudes drawn for the input (`unit` defaults to the kind's example unit). */
  readonly magnitude?: MagnitudeRange;
  /** Relative standard deviations drawn for the input. */
  readonly relative_standard_deviation?: RelativeRange;
}

/**
 * Tolerances of the checks (`tolerances` of a methodology document).
 * @public
 */
export interface MethodologyTolerances {
  /** Relative tolerance of unit invariance and the other comparisons of results (default 1e-9). */
  readonly unit_invariance?: number;
  /** Linearisation tolerance, in first-order standard deviations (default 0.1). */
  readonly linearisation?: number;
}

/**
 * What the generated graphs of a methodology's checks use (`graphs` of a methodology document):
 * the data features of semantics 3b, off unless turned on.
 * @public
 */
export interface MethodologyGraphs {
  /** The fresh datapoints of each component's LIST inputs form a sample set (resampled by rows in Monte Carlo); default false. */
  readonly sample_sets?: boolean;
  /** Distribution types a datapoint with a standard deviation may carry (default none: normal). */
  readonly distributions?: readonly DistributionType[];
  /** A datapoint drawn lognormal is declared by its median and `log_standard_deviation`; default false. */
  readonly lognormal_median?: boolean;
  /** Datapoints of a LIST input (the rows of a sample set), default 1 to 4; a bootstrap of 2 rows is far from normal, so give sets more. */
  readonly list_length?: { readonly min: number; readonly max: number };
}

/**
 * What a methodologist declares about a blueprint library.
 * @public
 */
export interface MethodologyChecks {
  /** Declared monotonicities. */
  readonly monotonicity?: readonly MonotonicityDeclaration[];
  /** Declared ranges of inputs. */
  readonly input_ranges?: readonly InputRangeDeclaration[];
  /** Tolerances. */
  readonly tolerances?: MethodologyTolerances;
  /** Worked examples: a blueprint's value on given inputs, computed by hand. */
  readonly examples?: readonly WorkedExample[];
  /** Bounds of components' values or of named expressions. */
  readonly bounds?: readonly BoundDeclaration[];
  /** LIST semantics of LIST inputs. */
  readonly list_semantics?: readonly ListSemanticsDeclaration[];
  /** Homogeneity of the value in inputs. */
  readonly homogeneity?: readonly HomogeneityDeclaration[];
  /** Declared signs of ADJUSTMENT blueprints. */
  readonly adjustment_signs?: readonly AdjustmentSignDeclaration[];
  /** Entry templates: the blueprints that make one entry together, sharing inputs by key. */
  readonly entries?: readonly EntryTemplateDeclaration[];
  /** What the generated graphs use: sample sets, distributions, lognormals by their median. */
  readonly graphs?: MethodologyGraphs;
}

/**
 * A methodology: a blueprint library and its declarations.
 * @public
 */
export interface Methodology {
  /** The blueprints. */
  readonly component_blueprints: readonly BlueprintDefinition[];
  /** The declarations (none when the document has no `checks`). */
  readonly checks: MethodologyChecks;
}

/**
 * Outcome of {@link parseMethodology}.
 * @public
 */
export type MethodologyParse =
  | { readonly ok: true; readonly methodology: Methodology }
  | { readonly ok: false; readonly issues: readonly GraphIssue<string>[] };

const range = z.strictObject({ min: z.number(), max: z.number(), unit: z.string().min(1).optional() });
const relative = z.strictObject({ min: z.number().min(0), max: z.number().min(0) });
const checksSchema = z.strictObject({
  monotonicity: z
    .array(
      z.strictObject({
        input: z.string().min(1),
        direction: z.enum(['increasing', 'decreasing']),
        blueprint: z.string().min(1).optional(),
      }),
    )
    .optional(),
  input_ranges: z
    .array(
      z.strictObject({
        input: z.string().min(1),
        blueprint: z.string().min(1).optional(),
        magnitude: range.optional(),
        relative_standard_deviation: relative.optional(),
      }),
    )
    .optional(),
  tolerances: z.strictObject({ unit_invariance: z.number().positive().optional(), linearisation: z.number().min(0).optional() }).optional(),
  examples: DECLARATION_SHAPES.examples.optional(),
  bounds: DECLARATION_SHAPES.bounds.optional(),
  list_semantics: DECLARATION_SHAPES.list_semantics.optional(),
  homogeneity: DECLARATION_SHAPES.homogeneity.optional(),
  adjustment_signs: DECLARATION_SHAPES.adjustment_signs.optional(),
  entries: DECLARATION_SHAPES.entries.optional(),
  graphs: z
    .strictObject({
      sample_sets: z.boolean().optional(),
      distributions: z.array(z.enum(DISTRIBUTION_TYPES)).optional(),
      lognormal_median: z.boolean().optional(),
      list_length: z.strictObject({ min: z.number().int().min(1), max: z.number().int().min(1) }).optional(),
    })
    .optional(),
});

/** Known keys of the object at a path of `checks` (for "did you mean"). */
function knownKeysAt(path: IssuePath): readonly string[] {
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  if (last === 'checks') return Object.keys(checksSchema.shape);
  if (last === 'monotonicity') return ['input', 'direction', 'blueprint'];
  if (last === 'input_ranges') return ['input', 'blueprint', 'magnitude', 'relative_standard_deviation'];
  if (last === 'magnitude') return ['min', 'max', 'unit'];
  if (last === 'relative_standard_deviation') return ['min', 'max'];
  if (last === 'tolerances') return ['unit_invariance', 'linearisation'];
  if (last === 'graphs') return ['sample_sets', 'distributions', 'lognormal_median', 'list_length'];
  if (last === 'list_length') return ['min', 'max'];
  if (last === 'inputs' && names.includes('examples')) return ['magnitude', 'unit'];
  return DECLARATION_KEYS[last ?? ''] ?? [];
}

/** The unknown-key issue, in the words graph documents use. */
function unknownKey(path: IssuePath, key: string, known: readonly string[]): GraphIssue<string> {
  const near = nearestName(key, known);
  const where = path.length === 0 ? 'the top of the methodology document' : path.join('.');
  const listed = known.length === 0 ? '' : `; the keys there are ${known.map((k) => `'${k}'`).join(', ')}`;
  const hint = near === undefined ? listed : `; did you mean '${near}'?`;
  return { path: [...path, key], code: 'unrecognized_key', message: `unknown key '${key}' at ${where}${hint}` };
}

/** Issues of the `checks` section's shape. */
function shapeIssues(checks: unknown): { value: MethodologyChecks | null; issues: GraphIssue<string>[] } {
  const parsed = checksSchema.safeParse(checks);
  if (parsed.success) return { value: parsed.data, issues: [] };
  const issues = parsed.error.issues.flatMap((i): GraphIssue<string>[] => {
    const path = ['checks', ...i.path.filter((p): p is string | number => typeof p !== 'symbol')];
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => unknownKey(path, k, knownKeysAt(path)));
    return [issueAt(path, i.code === 'invalid_value' ? 'invalid_enum_value' : i.code, i.message)];
  });
  return { value: null, issues };
}

/** The items of a list of declarations that have the fields references are checked on. */
function declarations(value: unknown): { index: number; item: Record<string, unknown> }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) =>
    typeof item === 'object' && item !== null && typeof (item as Record<string, unknown>)['input'] === 'string'
      ? [{ index, item: item as Record<string, unknown> }]
      : [],
  );
}

/** A declared span `{min, max}` with numbers, or undefined. */
function span(value: unknown): { min: number; max: number; unit?: unknown } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { min, max, unit } = value as Record<string, unknown>;
  return typeof min === 'number' && typeof max === 'number' ? { min, max, unit } : undefined;
}

/**
 * Issues of declarations that name inputs, blueprints or units the library does not have, or give
 * an empty range. Read from the section as written, so that they are reported beside its shape's.
 */
function referenceIssues(blueprints: readonly BlueprintDefinition[], checks: unknown): GraphIssue<string>[] {
  const issues: GraphIssue<string>[] = [];
  const section = (typeof checks === 'object' && checks !== null ? checks : {}) as Record<string, unknown>;
  const keys = blueprints.map((b) => b.key);
  const refer = (path: IssuePath, input: string, blueprint: unknown): BlueprintDefinition[] => {
    if (typeof blueprint === 'string' && !keys.includes(blueprint)) {
      const near = nearestName(blueprint, keys);
      issues.push(
        issueAt(
          [...path, 'blueprint'],
          'unknown_blueprint',
          `blueprint '${blueprint}' is not in the library${near === undefined ? '' : `; did you mean '${near}'?`}`,
        ),
      );
      return [];
    }
    const scope = blueprints.filter((b) => typeof blueprint !== 'string' || b.key === blueprint);
    const having = scope.filter((b) => b.inputs.some((i) => i.input_key === input));
    if (having.length === 0) {
      const near = nearestName(
        input,
        scope.flatMap((b) => b.inputs.map((i) => i.input_key)),
      );
      const owner = typeof blueprint === 'string' ? `blueprint '${blueprint}' has no` : 'no blueprint of the library has';
      issues.push(
        issueAt([...path, 'input'], 'unknown_input', `${owner} input '${input}'${near === undefined ? '' : `; did you mean '${near}'?`}`),
      );
    }
    return having;
  };
  for (const { index, item } of declarations(section['monotonicity']))
    refer(['checks', 'monotonicity', index], item['input'] as string, item['blueprint']);
  for (const { index, item } of declarations(section['input_ranges'])) {
    const path = ['checks', 'input_ranges', index];
    const input = item['input'] as string;
    const having = refer(path, input, item['blueprint']);
    issues.push(...inputRangeIssues(path, input, item, having));
  }
  const declared = declarationIssues(blueprints, section);
  return [
    ...issues,
    ...declared,
    ...boundIssues(blueprints, section),
    ...(declared.length === 0 ? entryBoundIssues(blueprints, section) : []),
  ];
}

/**
 * Issues of one `input_ranges` item's spans: empty, a unit not of the input's kind, or magnitudes
 * no quantity of the kind can take (physical-values.ts), for each blueprint `having` the input.
 */
function inputRangeIssues(
  path: IssuePath,
  input: string,
  item: Record<string, unknown>,
  having: readonly BlueprintDefinition[],
): GraphIssue<string>[] {
  const issues: GraphIssue<string>[] = [];
  for (const name of ['magnitude', 'relative_standard_deviation'] as const) {
    const s = span(item[name]);
    if (s !== undefined && !(s.min <= s.max))
      issues.push(issueAt([...path, name], 'invalid_range', `${name} of input '${input}': min ${s.min} is above max ${s.max}`));
  }
  const magnitude = span(item['magnitude']);
  const rsd = span(item['relative_standard_deviation']);
  // A unit that is not a non-empty string is the shape's issue.
  if (magnitude !== undefined && magnitude.unit !== undefined && (typeof magnitude.unit !== 'string' || magnitude.unit === ''))
    return issues;
  for (const b of having) {
    const declared = b.inputs.find((i) => i.input_key === input);
    const kind = declared?.quantity_kind as QuantityKind;
    const owner = { owner: `input '${input}' of blueprint '${b.key}'`, kind, difference: declared?.difference === true };
    const range = resolveRange(kind, magnitude as MagnitudeRange | undefined);
    const check = isCompatible(range.unit, kind);
    if (!check.ok) {
      issues.push(
        issueAt([...path, 'magnitude', 'unit'], 'unit_incompatible', `range of input '${input}' of blueprint '${b.key}': ${check.message}`),
      );
      continue;
    }
    if (!(range.min <= range.max)) continue;
    const values = rangeValueIssues([...path, 'magnitude'], range.min, range.max, range.unit, owner);
    issues.push(...values);
    if (values.length > 0 || rsd === undefined || !(rsd.min <= rsd.max)) continue;
    const largest = Math.max(...[range.min, range.max].map((end) => Math.abs(toSI(end, null, range.unit).magnitude)));
    issues.push(...deviationIssues([...path, 'relative_standard_deviation'], rsd.max, largest, owner));
  }
  return issues;
}

/**
 * Issues of `checks.graphs.list_length`: an empty span, or one above the longest list a generated
 * graph holds (MAX_LIST_LENGTH: a longer one would exhaust the memory before a case is drawn).
 */
function listLengthIssues(checks: unknown): GraphIssue<string>[] {
  const graphs = typeof checks === 'object' && checks !== null ? (checks as Record<string, unknown>)['graphs'] : undefined;
  const s = span(typeof graphs === 'object' && graphs !== null ? (graphs as Record<string, unknown>)['list_length'] : undefined);
  const path = ['checks', 'graphs', 'list_length'];
  if (s === undefined) return [];
  if (!(s.min <= s.max)) return [issueAt(path, 'invalid_range', `list_length: min ${s.min} is above max ${s.max}`)];
  if (s.max > MAX_LIST_LENGTH)
    return [
      issueAt(
        [...path, 'max'],
        'invalid_range',
        `list_length: max ${s.max} is above ${MAX_LIST_LENGTH}, the longest list a generated graph holds (every case draws and evaluates each item)`,
      ),
    ];
  return [];
}

/** Issues of entry templates' net bounds that do not compile to a mass over the template's inputs. */
function entryBoundIssues(blueprints: readonly BlueprintDefinition[], section: Record<string, unknown>): GraphIssue<string>[] {
  const parsed = DECLARATION_SHAPES.entries.safeParse(section['entries']);
  if (!parsed.success) return [];
  return parsed.data.flatMap((d, index) => {
    const template = templateBlueprint(d.blueprints.map((k) => blueprints.find((b) => b.key === k) as BlueprintDefinition));
    return (['net_at_least', 'net_at_most'] as const).flatMap((side): GraphIssue<string>[] => {
      const formula = d[side];
      if (formula === undefined) return [];
      const bound = formulaProgram(template, formula);
      const path = ['checks', 'entries', index, side];
      if (!bound.ok) return [issueAt(path, 'invalid_bound', `'${formula}' does not compile: ${bound.message}`)];
      return bound.program.dimensionless ? [issueAt(path, 'invalid_bound', `'${formula}' is dimensionless, but a net is a mass`)] : [];
    });
  });
}

/** Issues of bounds whose expression or formula does not compile to a mass or a fraction. */
function boundIssues(blueprints: readonly BlueprintDefinition[], section: Record<string, unknown>): GraphIssue<string>[] {
  const parsed = DECLARATION_SHAPES.bounds.safeParse(section['bounds']);
  if (!parsed.success) return [];
  return parsed.data.flatMap((d, index): GraphIssue<string>[] => {
    const b = blueprints.find((x) => x.key === d.blueprint);
    if (b === undefined || (d.expression !== undefined && !b.expressions.some((e) => e.key === d.expression))) return [];
    const path = ['checks', 'bounds', index];
    const target = expressionProgram(b, d.expression);
    if (!target.ok) return [issueAt(path, 'invalid_bound', `the bounded value is neither a mass nor dimensionless: ${target.message}`)];
    const out: GraphIssue<string>[] = [];
    if (d.fraction === true && !target.program.dimensionless)
      out.push(issueAt([...path, 'fraction'], 'invalid_bound', `expression '${d.expression ?? 'value'}' is a mass, not a fraction`));
    for (const side of ['at_least', 'at_most'] as const) {
      const formula = d[side];
      if (formula === undefined) continue;
      const bound = formulaProgram(b, formula);
      if (!bound.ok) out.push(issueAt([...path, side], 'invalid_bound', `'${formula}' does not compile: ${bound.message}`));
      else if (bound.program.dimensionless !== target.program.dimensionless)
        out.push(
          issueAt(
            [...path, side],
            'invalid_bound',
            `'${formula}' is ${bound.program.dimensionless ? 'dimensionless' : 'a mass'} but the bounded value is ${target.program.dimensionless ? 'dimensionless' : 'a mass'}`,
          ),
        );
    }
    return out;
  });
}

const COMPILE_CODES = new Set<string>(Object.values(BLUEPRINT_ISSUE_CODES).filter((c) => c !== BLUEPRINT_ISSUE_CODES.malformed));

/**
 * Reads a methodology document (see the module notes), reporting every problem with its path.
 * @public
 */
export function parseMethodology(document: unknown): MethodologyParse {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return {
      ok: false,
      issues: [{ path: [], code: 'invalid_type', message: 'a methodology document is a JSON object with component_blueprints' }],
    };
  }
  // `$schema` names the JSON Schema an editor checks the document against; the engine ignores it.
  const { checks, $schema, ...written } = document as Record<string, unknown>;
  // An unknown key at the top is the methodology's to report (one issue, with the nearest of the
  // graph's keys and `checks`): the graph is prepared without it, so as not to report it twice.
  const known = Object.keys(removalGraphSchema.shape);
  const unknown = Object.keys(written).filter((k) => !known.includes(k));
  const issues: GraphIssue<string>[] = unknown.map((k) => unknownKey([], k, [...known, 'checks']));
  const graph = Object.fromEntries(Object.entries(written).filter(([k]) => known.includes(k)));
  if ($schema !== undefined && typeof $schema !== 'string')
    issues.push(issueAt(['$schema'], 'invalid_type', '$schema: expected the address of a JSON Schema (a string)'));
  if (!Array.isArray(graph['component_blueprints'])) {
    issues.push(issueAt(['component_blueprints'], 'invalid_type', "expected the array of the library's blueprints"));
    return { ok: false, issues };
  }
  const asGraph = { datapoints: [], components: [], ghg_entries: [], ...graph };
  const prepared = prepareGraph(asGraph);
  if (!prepared.ok) issues.push(...prepared.issues.filter((i) => !COMPILE_CODES.has(i.code)));
  const shape = checks === undefined ? { value: {}, issues: [] } : shapeIssues(checks);
  const blueprints = graph['component_blueprints'] as BlueprintDefinition[];
  // References are checked on a library that prepares (or fails only to compile, which the checks report).
  const references = prepared.ok || issues.length === 0 ? referenceIssues(blueprints, checks) : [];
  issues.push(...shape.issues, ...listLengthIssues(checks), ...references);
  if (issues.length > 0 || shape.value === null) return { ok: false, issues };
  return { ok: true, methodology: { component_blueprints: blueprints, checks: shape.value } };
}
