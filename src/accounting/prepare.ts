/**
 * Validation and preparation of a removal graph: the whole document is checked (shapes, unique
 * ids, references, units against quantity kinds, blueprint compilation, attribution shares) and
 * every problem is reported before anything is evaluated. The prepared graph holds dense indices
 * and typed arrays so that evaluation touches no strings and allocates little.
 */
import type { z } from 'zod';
import { compileBlueprint, type CompiledBlueprint, type CompiledBlueprintInput } from '../expressions';
import {
  removalGraphSchema,
  type ComponentType,
  type GraphIssue,
  type IssuePath,
  type RemovalGraph,
} from '../model';
import { dimensionOfQuantityKind, dimensionsEqual, formatDimension, isDimensionless, tryParseUnit, type Dimension } from '../units';
import { resolvePolicies, type AccountingPolicies } from './policies';
import {
  prepareStatements,
  type AttributionScope,
  type PreparedAmortisation,
  type PreparedStatement,
} from './prepare-statements';

export type { AttributionScope, PreparedAmortisation, PreparedShareSlot, PreparedStatement } from './prepare-statements';

/**
 * A validated removal graph, compiled and indexed for evaluation. Opaque to callers: build it with
 * {@link prepareGraph} and pass it to `evaluatePreparedGraph` as many times as needed.
 * @public
 */
export interface PreparedGraph {
  /** The validated document (defaults applied). */
  readonly graph: RemovalGraph;
  /** The policies the graph was prepared with. */
  readonly policies: AccountingPolicies;
  /** Datapoint ids, by dense index. */
  readonly datapointIds: readonly string[];
  /** Datapoint units as given, by dense index. */
  readonly datapointUnits: readonly string[];
  /** Datapoint magnitudes as given. */
  readonly datapointMagnitudes: Float64Array;
  /** Datapoint standard deviations as given; NaN when none. */
  readonly datapointStandardDeviations: Float64Array;
  /** SI magnitudes. */
  readonly siMagnitudes: Float64Array;
  /** SI standard deviations; NaN when none. */
  readonly siStandardDeviations: Float64Array;
  /** d(SI magnitude)/d(magnitude as given): converts sensitivities back to the datapoint's unit. */
  readonly siScales: Float64Array;
  /** Components, by dense index. */
  readonly components: readonly PreparedComponent[];
  /** GHG entries, in document order. */
  readonly entries: readonly PreparedEntry[];
  /** Compiled blueprints by key. */
  readonly blueprints: ReadonlyMap<string, CompiledBlueprint>;
  /** Largest number of datapoint slots of any component (sizes scratch buffers). */
  readonly maxSlots: number;
  /** GHG statements, in document order (empty when the document has none). */
  readonly statements: readonly PreparedStatement[];
  /** Index into `statements` of each entry's statement, -1 when it is in none. */
  readonly entryStatement: Int32Array;
  /** Project components amortised automatically (every strategy but MANUAL). */
  readonly amortisations: readonly PreparedAmortisation[];
  /** Number of amortised shares computed at evaluation (one per amortisation and project statement). */
  readonly shareSlotCount: number;
}

/**
 * A component ready to evaluate: its compiled blueprint and the datapoint index of each slot.
 * @public
 */
export interface PreparedComponent {
  /** The component's id. */
  readonly id: string;
  /** Its index in the document's `components`. */
  readonly documentIndex: number;
  /** The compiled blueprint. */
  readonly blueprint: CompiledBlueprint;
  /** Datapoint index of each value slot, inputs concatenated in blueprint order. */
  readonly slots: Int32Array;
  /** Input i occupies slots `inputStart[i]` to `inputStart[i + 1]`. */
  readonly inputStart: Int32Array;
  /** How many times each slot's value enters the result (the blueprint input's use count). */
  readonly slotUses: Int32Array;
}

/**
 * One attribution of a prepared entry.
 * @public
 */
export interface PreparedAttribution {
  /** Index into {@link PreparedGraph.components}. */
  readonly component: number;
  /** The attribution factor (ignored when `factorDatapoint` is not -1). */
  readonly factor: number;
  /** Datapoint index of a legacy factor-as-datapoint, or -1. */
  readonly factorDatapoint: number;
  /** +1 or -1 from the component type and the sign policy. */
  readonly sign: 1 | -1;
  /** Where the attribution comes from; absent for the entry's own (`REMOVAL`). */
  readonly scope?: AttributionScope;
  /**
   * For an amortised project component: index of the statement's share among the shares computed
   * at evaluation; the factor is then that share divided by {@link PreparedAttribution.divisor}.
   */
  readonly shareSlot?: number;
  /** For statement- and project-level attributions: the number of entries the share is split over. */
  readonly divisor?: number;
}

/**
 * A GHG entry ready to evaluate.
 * @public
 */
export interface PreparedEntry {
  /** The entry's id. */
  readonly id: string;
  /** Risk of reversal in percent, or null. */
  readonly riskOfReversalPercentage: number | null;
  /** Its attributions, in document order. */
  readonly attributions: readonly PreparedAttribution[];
}

/**
 * Outcome of {@link prepareGraph}.
 * @public
 */
export type PrepareResult =
  | { readonly ok: true; readonly prepared: PreparedGraph }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Validates a removal graph document and prepares it for evaluation. Never throws for bad data:
 * every problem found is returned with its path into the document.
 * @public
 */
export function prepareGraph(document: unknown, policyOverrides?: Partial<AccountingPolicies>): PrepareResult {
  const policies = resolvePolicies(policyOverrides);
  const parsed = removalGraphSchema.safeParse(document);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const graph = parsed.data;
  const issues: GraphIssue[] = [];
  const problem = (path: IssuePath, code: string, message: string): void => {
    issues.push({ path, code, message });
  };

  // Blueprints: unique keys, each compiled once.
  const blueprints = new Map<string, CompiledBlueprint>();
  // Index of each input of a compiled blueprint by its key (input keys are unique once compiled).
  const blueprintInputIndex = new Map<string, ReadonlyMap<string, number>>();
  const blueprintSeen = new Set<string>();
  graph.component_blueprints.forEach((definition, b) => {
    if (blueprintSeen.has(definition.key)) {
      problem(['component_blueprints', b, 'key'], 'duplicate_key', `blueprint key '${definition.key}' is used more than once`);
      return;
    }
    blueprintSeen.add(definition.key);
    const compiled = compileBlueprint(definition);
    if (compiled.ok) {
      blueprints.set(definition.key, compiled.blueprint);
      blueprintInputIndex.set(definition.key, new Map(compiled.blueprint.inputs.map((input, i) => [input.input_key, i])));
    } else for (const i of compiled.issues) issues.push({ ...i, path: ['component_blueprints', b, ...i.path] });
  });

  // Datapoints: unique ids, finite values, known units, standard deviations >= 0.
  const n = graph.datapoints.length;
  const datapointIndex = new Map<string, number>();
  const datapointIds: string[] = new Array<string>(n);
  const datapointUnits: string[] = new Array<string>(n);
  const datapointMagnitudes = new Float64Array(n);
  const datapointStandardDeviations = new Float64Array(n);
  const siMagnitudes = new Float64Array(n);
  const siStandardDeviations = new Float64Array(n);
  const siScales = new Float64Array(n);
  const datapointDimensionOk = new Uint8Array(n);
  const datapointDimensions = new Array<Dimension | undefined>(n);
  // Paths are built only when a problem is reported: a path per datapoint, input and attribution
  // used to be most of this function's garbage.
  graph.datapoints.forEach((datapoint, d) => {
    if (datapointIndex.has(datapoint.id)) {
      problem(['datapoints', d, 'id'], 'duplicate_id', `datapoint id '${datapoint.id}' is used more than once`);
    } else datapointIndex.set(datapoint.id, d);
    datapointIds[d] = datapoint.id;
    const { magnitude, unit } = datapoint.quantity;
    const sd = datapoint.quantity.standard_deviation;
    datapointUnits[d] = unit;
    datapointMagnitudes[d] = magnitude;
    datapointStandardDeviations[d] = sd ?? Number.NaN;
    if (!Number.isFinite(magnitude)) problem(['datapoints', d, 'quantity', 'magnitude'], 'not_finite', `datapoint '${datapoint.id}' has a magnitude that is not a finite number`);
    if (sd !== null && sd !== undefined && !(Number.isFinite(sd) && sd >= 0)) {
      problem(['datapoints', d, 'quantity', 'standard_deviation'], 'invalid_standard_deviation', `datapoint '${datapoint.id}' has standard deviation ${String(sd)}; it must be a finite number >= 0 or null`);
    }
    const parsedUnit = tryParseUnit(unit);
    if (parsedUnit === undefined) {
      problem(['datapoints', d, 'quantity', 'unit'], 'unknown_unit', `datapoint '${datapoint.id}' has unit '${unit}', which is not a known unit`);
      return;
    }
    datapointDimensionOk[d] = 1;
    datapointDimensions[d] = parsedUnit.dimension;
    siMagnitudes[d] = magnitude * parsedUnit.scale + parsedUnit.offset;
    siScales[d] = parsedUnit.scale;
    siStandardDeviations[d] = sd === null || sd === undefined ? Number.NaN : sd * Math.abs(parsedUnit.scale);
  });
  const dimensionOf = (d: number): Dimension | undefined => datapointDimensions[d];

  // Components: known blueprint, every input supplied exactly once, datapoints of the right kind.
  const componentIndex = new Map<string, number>();
  const components: PreparedComponent[] = [];
  const componentOfDocument = new Int32Array(graph.components.length).fill(-1);
  let maxSlots = 0;
  // Scratch reused by every component (grown on demand), so that checking a component allocates
  // nothing but its prepared arrays: the datapoint index of each id as checked, and where each
  // blueprint input's ids start in it and how many there are (-1: not supplied).
  let checked = new Int32Array(64);
  // Components of one blueprint with as many datapoints per input share their inputStart and
  // slotUses arrays (never written after this): two typed arrays fewer per component, a large
  // part of what a big graph allocates. A few layouts per blueprint cover lists of usual lengths.
  const layouts = new Map<CompiledBlueprint, { readonly inputStart: Int32Array; readonly slotUses: Int32Array }[]>();
  const layoutOf = (blueprint: CompiledBlueprint, counts: Int32Array, slotCount: number): { readonly inputStart: Int32Array; readonly slotUses: Int32Array } => {
    const inputCount = blueprint.inputs.length;
    let known = layouts.get(blueprint);
    if (known === undefined) layouts.set(blueprint, (known = []));
    for (const layout of known) {
      let same = true;
      for (let s = 0; s < inputCount && same; s++) same = (layout.inputStart[s + 1] as number) - (layout.inputStart[s] as number) === counts[s];
      if (same) return layout;
    }
    const inputStart = new Int32Array(inputCount + 1);
    const slotUses = new Int32Array(slotCount);
    let at = 0;
    for (let s = 0; s < inputCount; s++) {
      inputStart[s] = at;
      slotUses.fill(blueprint.inputUseCounts[s] ?? 0, at, at + (counts[s] as number));
      at += counts[s] as number;
    }
    inputStart[inputCount] = at;
    const layout = { inputStart, slotUses };
    if (known.length < 16) known.push(layout);
    return layout;
  };
  let suppliedStart = new Int32Array(16);
  let suppliedCount = new Int32Array(16);
  graph.components.forEach((component, c) => {
    if (componentIndex.has(component.id)) {
      problem(['components', c, 'id'], 'duplicate_id', `component id '${component.id}' is used more than once`);
      return;
    }
    componentIndex.set(component.id, c);
    const blueprint = blueprints.get(component.blueprint_key);
    if (blueprint === undefined) {
      if (!blueprintSeen.has(component.blueprint_key)) {
        problem(['components', c, 'blueprint_key'], 'unknown_blueprint', `component '${component.id}' names blueprint '${component.blueprint_key}', which the document does not define`);
      }
      return; // an invalid blueprint was reported where it is defined
    }
    const inputOrder = blueprintInputIndex.get(blueprint.key) as ReadonlyMap<string, number>;
    const inputCount = blueprint.inputs.length;
    if (suppliedCount.length < inputCount) {
      suppliedStart = new Int32Array(inputCount);
      suppliedCount = new Int32Array(inputCount);
    }
    suppliedCount.fill(-1, 0, inputCount);
    let used = 0;
    let valid = true;
    const inputs = component.inputs;
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as (typeof inputs)[number];
      const s = inputOrder.get(input.input_key);
      if (s === undefined) {
        valid = false;
        problem(inputPath(c, i, 'input_key'), 'unknown_input', `component '${component.id}' supplies input '${input.input_key}', which blueprint '${blueprint.key}' does not have`);
        continue;
      }
      const spec = blueprint.inputs[s] as CompiledBlueprintInput;
      if ((suppliedCount[s] as number) >= 0) {
        valid = false;
        problem(inputPath(c, i, 'input_key'), 'duplicate_input', `component '${component.id}' supplies input '${input.input_key}' more than once`);
        continue;
      }
      const both = input.datapoint_ids !== undefined && input.datapoint_id !== undefined;
      const ids = input.datapoint_ids ?? (input.datapoint_id !== undefined ? [input.datapoint_id] : []);
      const field = input.datapoint_ids !== undefined ? 'datapoint_ids' : 'datapoint_id';
      if (both) {
        valid = false;
        problem(inputPath(c, i), 'ambiguous_input', `component '${component.id}' input '${input.input_key}' gives both datapoint_ids and datapoint_id; give one`);
        continue;
      }
      if (spec.data_shape === 'SCALAR' && ids.length !== 1) {
        valid = false;
        problem(inputPath(c, i, field), 'scalar_input_count', `component '${component.id}' input '${input.input_key}' is SCALAR and takes exactly one datapoint, got ${ids.length}`);
      } else if (spec.data_shape === 'LIST' && ids.length === 0) {
        valid = false;
        problem(inputPath(c, i, field), 'empty_list_input', `component '${component.id}' input '${input.input_key}' is a LIST and needs at least one datapoint`);
      }
      if (checked.length < used + ids.length) {
        const grown = new Int32Array(Math.max(2 * checked.length, used + ids.length));
        grown.set(checked.subarray(0, used));
        checked = grown;
      }
      suppliedStart[s] = used;
      suppliedCount[s] = ids.length;
      const expected = dimensionOfQuantityKind(spec.quantity_kind);
      for (let k = 0; k < ids.length; k++) {
        const datapointId = ids[k] as string;
        const d = datapointIndex.get(datapointId);
        checked[used++] = d ?? -1;
        if (d === undefined) {
          valid = false;
          problem(field === 'datapoint_ids' ? inputPath(c, i, field, k) : inputPath(c, i, field), 'unknown_datapoint', `component '${component.id}' input '${input.input_key}' names datapoint '${datapointId}', which the document does not define`);
          continue;
        }
        if (datapointDimensionOk[d] !== 1) {
          valid = false; // its unit was reported where the datapoint is defined
          continue;
        }
        const got = dimensionOf(d);
        if (got === undefined || !dimensionsEqual(got, expected)) {
          valid = false;
          problem(
            field === 'datapoint_ids' ? inputPath(c, i, field, k) : inputPath(c, i, field),
            'unit_incompatible',
            `datapoint '${datapointId}' has unit '${datapointUnits[d]}' (${got === undefined ? 'unknown' : formatDimension(got)}), but input '${input.input_key}' of component '${component.id}' expects quantity kind '${spec.quantity_kind}' (${formatDimension(expected)})`,
          );
        }
      }
    }
    for (let s = 0; s < inputCount; s++) {
      if ((suppliedCount[s] as number) < 0) {
        valid = false;
        problem(['components', c, 'inputs'], 'missing_input', `component '${component.id}' does not supply input '${(blueprint.inputs[s] as CompiledBlueprintInput).input_key}' of blueprint '${blueprint.key}'`);
      }
    }
    if (!valid) return;
    const slots = new Int32Array(used);
    let at = 0;
    for (let s = 0; s < inputCount; s++) {
      const start = suppliedStart[s] as number;
      for (let k = 0; k < (suppliedCount[s] as number); k++) slots[at++] = checked[start + k] as number;
    }
    const { inputStart, slotUses } = layoutOf(blueprint, suppliedCount, at);
    maxSlots = Math.max(maxSlots, at);
    componentOfDocument[c] = components.length;
    components.push({ id: component.id, documentIndex: c, blueprint, slots, inputStart, slotUses });
  });

  // Entries: known components, factors in (0, 1], shares of one component summing to at most 1.
  const entrySeen = new Set<string>();
  const entryIndex = new Map<string, number>();
  const entryAttributions: PreparedAttribution[][] = [];
  // By component (document index): its total share and where its last attribution was made, an
  // entry's by its indices, a statement's or project's by its path (those come after every entry's).
  // `shareOrder` lists the components in order of first attribution, the order of their problems.
  // Typed arrays rather than a map of objects: a large graph has 100,000s of components.
  const componentCount = graph.components.length;
  const shareTotal = new Float64Array(componentCount);
  const shareEntry = new Int32Array(componentCount);
  const shareAttribution = new Int32Array(componentCount);
  const sharePath = new Map<number, IssuePath>();
  const shareOrder: number[] = [];
  const attributed = new Uint8Array(componentCount);
  // The entry that last attributed each component: a second attribution in one entry is a duplicate.
  const lastEntryOf = new Int32Array(componentCount).fill(-1);
  const entries: PreparedEntry[] = [];
  graph.ghg_entries.forEach((entry, e) => {
    if (entrySeen.has(entry.id)) problem(['ghg_entries', e, 'id'], 'duplicate_id', `GHG entry id '${entry.id}' is used more than once`);
    else entryIndex.set(entry.id, e);
    entrySeen.add(entry.id);
    const attributions: PreparedAttribution[] = [];
    entryAttributions.push(attributions);
    entry.component_attributions.forEach((attribution, a) => {
      const c = componentIndex.get(attribution.component_id);
      if (c === undefined) {
        problem(attributionPath(e, a, 'component_id'), 'unknown_component', `GHG entry '${entry.id}' attributes component '${attribution.component_id}', which the document does not define`);
        return;
      }
      if (lastEntryOf[c] === e) {
        problem(attributionPath(e, a, 'component_id'), 'duplicate_attribution', `GHG entry '${entry.id}' attributes component '${attribution.component_id}' more than once`);
        return;
      }
      lastEntryOf[c] = e;
      let factor = attribution.attribution_factor ?? 1;
      let factorDatapoint = -1;
      const legacy = attribution.attribution_factor_datapoint_id;
      if (legacy !== null && legacy !== undefined) {
        if (attribution.attribution_factor !== null && attribution.attribution_factor !== undefined) {
          problem(attributionPath(e, a), 'ambiguous_attribution', `attribution of component '${attribution.component_id}' gives both attribution_factor and attribution_factor_datapoint_id; give one`);
          return;
        }
        const d = datapointIndex.get(legacy);
        if (d === undefined) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'unknown_datapoint', `attribution factor datapoint '${legacy}' is not defined in the document`);
          return;
        }
        const dim = dimensionOf(d);
        if (datapointDimensionOk[d] !== 1) return;
        if (dim === undefined || !isDimensionless(dim)) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'unit_incompatible', `attribution factor datapoint '${legacy}' has unit '${datapointUnits[d]}'; an attribution factor must be dimensionless`);
          return;
        }
        factor = siMagnitudes[d] as number;
        if (!(factor > 0 && factor <= 1)) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'attribution_out_of_range', `attribution factor datapoint '${legacy}' has value ${factor}; a factor must be greater than 0 and at most 1`);
          return;
        }
        factorDatapoint = d;
      }
      if (attributed[c] === 0) {
        attributed[c] = 1;
        shareOrder.push(c);
      }
      shareTotal[c] = (shareTotal[c] as number) + factor;
      shareEntry[c] = e;
      shareAttribution[c] = a;
      const prepared = componentOfDocument[c] as number;
      if (prepared < 0) return; // the component itself is invalid and was reported
      const type: ComponentType = (components[prepared] as PreparedComponent).blueprint.type;
      attributions.push({ component: prepared, factor, factorDatapoint, sign: policies.componentSigns[type] });
    });
    entries.push({ id: entry.id, riskOfReversalPercentage: entry.risk_of_reversal_percentage ?? null, attributions });
  });
  // Statements and projects add attributions to the entries (semantics.md section 4).
  const statementParts = prepareStatements({ graph, policies, entryIndex, componentIndex, componentOfDocument, problem });
  for (const added of statementParts.attributions) {
    const component = components[added.component] as PreparedComponent;
    const attribution: PreparedAttribution = {
      component: added.component,
      factor: added.factor,
      factorDatapoint: -1,
      sign: policies.componentSigns[component.blueprint.type],
      scope: added.scope,
      ...(added.shareSlot === undefined ? {} : { shareSlot: added.shareSlot }),
      ...(added.divisor === undefined ? {} : { divisor: added.divisor }),
    };
    (entryAttributions[added.entry] as PreparedAttribution[]).push(attribution);
    if (added.shareSlot === undefined && added.scope === 'PROJECT') {
      // Manual project attributions count against the component's 100 % like any other.
      const c = component.documentIndex;
      if (attributed[c] === 0) {
        attributed[c] = 1;
        shareOrder.push(c);
      }
      shareTotal[c] = (shareTotal[c] as number) + added.factor;
      sharePath.set(c, added.path);
    }
  }
  for (const c of shareOrder) {
    const total = shareTotal[c] as number;
    if (total > 1 + policies.attributionTolerance) {
      const id = (graph.components[c] as { id: string }).id;
      const path = sharePath.get(c) ?? attributionPath(shareEntry[c] as number, shareAttribution[c] as number);
      problem(path, 'attribution_over_one', `component '${id}' is attributed ${Number(total.toPrecision(12))} in total across GHG entries; the shares of one component must not exceed 1`);
    }
  }

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    prepared: {
      graph,
      policies,
      datapointIds,
      datapointUnits,
      datapointMagnitudes,
      datapointStandardDeviations,
      siMagnitudes,
      siStandardDeviations,
      siScales,
      components,
      entries,
      blueprints,
      maxSlots,
      statements: statementParts.statements,
      entryStatement: statementParts.entryStatement,
      amortisations: statementParts.amortisations,
      shareSlotCount: statementParts.shareSlotCount,
    },
  };
}

function inputPath(component: number, input: number, ...rest: (string | number)[]): IssuePath {
  return ['components', component, 'inputs', input, ...rest];
}

function attributionPath(entry: number, attribution: number, ...rest: string[]): IssuePath {
  return ['ghg_entries', entry, 'component_attributions', attribution, ...rest];
}

function zodIssues(error: z.ZodError): GraphIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    code: issue.code,
    message: issue.message,
  }));
}
