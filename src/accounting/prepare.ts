/**
 * Validation and preparation of a removal graph: the whole document is checked (shapes, unique
 * ids, references, units against quantity kinds, blueprint compilation, attribution shares) and
 * every problem is reported before anything is evaluated. The prepared graph holds dense indices
 * and typed arrays so that evaluation touches no strings and allocates little.
 */
import type { z } from 'zod';
import { compileBlueprint, type CompiledBlueprint } from '../expressions';
import {
  removalGraphSchema,
  type ComponentType,
  type GraphIssue,
  type IssuePath,
  type RemovalGraph,
} from '../model';
import { dimensionOfQuantityKind, dimensionsEqual, formatDimension, isDimensionless, tryParseUnit } from '../units';
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
  const blueprintSeen = new Set<string>();
  graph.component_blueprints.forEach((definition, b) => {
    if (blueprintSeen.has(definition.key)) {
      problem(['component_blueprints', b, 'key'], 'duplicate_key', `blueprint key '${definition.key}' is used more than once`);
      return;
    }
    blueprintSeen.add(definition.key);
    const compiled = compileBlueprint(definition);
    if (compiled.ok) blueprints.set(definition.key, compiled.blueprint);
    else for (const i of compiled.issues) issues.push({ ...i, path: ['component_blueprints', b, ...i.path] });
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
  graph.datapoints.forEach((datapoint, d) => {
    const path = ['datapoints', d];
    if (datapointIndex.has(datapoint.id)) {
      problem([...path, 'id'], 'duplicate_id', `datapoint id '${datapoint.id}' is used more than once`);
    } else datapointIndex.set(datapoint.id, d);
    datapointIds[d] = datapoint.id;
    const { magnitude, unit } = datapoint.quantity;
    const sd = datapoint.quantity.standard_deviation;
    datapointUnits[d] = unit;
    datapointMagnitudes[d] = magnitude;
    datapointStandardDeviations[d] = sd ?? Number.NaN;
    if (!Number.isFinite(magnitude)) problem([...path, 'quantity', 'magnitude'], 'not_finite', `datapoint '${datapoint.id}' has a magnitude that is not a finite number`);
    if (sd !== null && sd !== undefined && !(Number.isFinite(sd) && sd >= 0)) {
      problem([...path, 'quantity', 'standard_deviation'], 'invalid_standard_deviation', `datapoint '${datapoint.id}' has standard deviation ${String(sd)}; it must be a finite number >= 0 or null`);
    }
    const parsedUnit = tryParseUnit(unit);
    if (parsedUnit === undefined) {
      problem([...path, 'quantity', 'unit'], 'unknown_unit', `datapoint '${datapoint.id}' has unit '${unit}', which is not a known unit`);
      return;
    }
    datapointDimensionOk[d] = 1;
    siMagnitudes[d] = magnitude * parsedUnit.scale + parsedUnit.offset;
    siScales[d] = parsedUnit.scale;
    siStandardDeviations[d] = sd === null || sd === undefined ? Number.NaN : sd * Math.abs(parsedUnit.scale);
  });
  const dimensionOf = (d: number) => tryParseUnit(datapointUnits[d] as string)?.dimension;

  // Components: known blueprint, every input supplied exactly once, datapoints of the right kind.
  const componentIndex = new Map<string, number>();
  const components: PreparedComponent[] = [];
  const componentOfDocument = new Int32Array(graph.components.length).fill(-1);
  let maxSlots = 0;
  graph.components.forEach((component, c) => {
    const path = ['components', c];
    if (componentIndex.has(component.id)) {
      problem([...path, 'id'], 'duplicate_id', `component id '${component.id}' is used more than once`);
      return;
    }
    componentIndex.set(component.id, c);
    const blueprint = blueprints.get(component.blueprint_key);
    if (blueprint === undefined) {
      if (!blueprintSeen.has(component.blueprint_key)) {
        problem([...path, 'blueprint_key'], 'unknown_blueprint', `component '${component.id}' names blueprint '${component.blueprint_key}', which the document does not define`);
      }
      return; // an invalid blueprint was reported where it is defined
    }
    const supplied = new Map<string, { datapointIds: readonly string[]; at: number; field: 'datapoint_ids' | 'datapoint_id' }>();
    let valid = true;
    component.inputs.forEach((input, i) => {
      const inputPath = [...path, 'inputs', i];
      const spec = blueprint.inputs.find((x) => x.input_key === input.input_key);
      if (spec === undefined) {
        valid = false;
        problem([...inputPath, 'input_key'], 'unknown_input', `component '${component.id}' supplies input '${input.input_key}', which blueprint '${blueprint.key}' does not have`);
        return;
      }
      if (supplied.has(input.input_key)) {
        valid = false;
        problem([...inputPath, 'input_key'], 'duplicate_input', `component '${component.id}' supplies input '${input.input_key}' more than once`);
        return;
      }
      const both = input.datapoint_ids !== undefined && input.datapoint_id !== undefined;
      const ids = input.datapoint_ids ?? (input.datapoint_id !== undefined ? [input.datapoint_id] : []);
      const field = input.datapoint_ids !== undefined ? 'datapoint_ids' : 'datapoint_id';
      if (both) {
        valid = false;
        problem(inputPath, 'ambiguous_input', `component '${component.id}' input '${input.input_key}' gives both datapoint_ids and datapoint_id; give one`);
        return;
      }
      if (spec.data_shape === 'SCALAR' && ids.length !== 1) {
        valid = false;
        problem([...inputPath, field], 'scalar_input_count', `component '${component.id}' input '${input.input_key}' is SCALAR and takes exactly one datapoint, got ${ids.length}`);
      } else if (spec.data_shape === 'LIST' && ids.length === 0) {
        valid = false;
        problem([...inputPath, field], 'empty_list_input', `component '${component.id}' input '${input.input_key}' is a LIST and needs at least one datapoint`);
      }
      ids.forEach((datapointId, k) => {
        const dpPath = field === 'datapoint_ids' ? [...inputPath, field, k] : [...inputPath, field];
        const d = datapointIndex.get(datapointId);
        if (d === undefined) {
          valid = false;
          problem(dpPath, 'unknown_datapoint', `component '${component.id}' input '${input.input_key}' names datapoint '${datapointId}', which the document does not define`);
          return;
        }
        if (datapointDimensionOk[d] !== 1) {
          valid = false; // its unit was reported where the datapoint is defined
          return;
        }
        const got = dimensionOf(d);
        const expected = dimensionOfQuantityKind(spec.quantity_kind);
        if (got === undefined || !dimensionsEqual(got, expected)) {
          valid = false;
          problem(
            dpPath,
            'unit_incompatible',
            `datapoint '${datapointId}' has unit '${datapointUnits[d]}' (${got === undefined ? 'unknown' : formatDimension(got)}), but input '${input.input_key}' of component '${component.id}' expects quantity kind '${spec.quantity_kind}' (${formatDimension(expected)})`,
          );
        }
      });
      supplied.set(input.input_key, { datapointIds: ids, at: i, field });
    });
    for (const spec of blueprint.inputs) {
      if (!supplied.has(spec.input_key)) {
        valid = false;
        problem([...path, 'inputs'], 'missing_input', `component '${component.id}' does not supply input '${spec.input_key}' of blueprint '${blueprint.key}'`);
      }
    }
    if (!valid) return;
    const inputStart = new Int32Array(blueprint.inputs.length + 1);
    const slotList: number[] = [];
    const useList: number[] = [];
    blueprint.inputs.forEach((spec, i) => {
      inputStart[i] = slotList.length;
      const entry = supplied.get(spec.input_key);
      for (const id of entry?.datapointIds ?? []) {
        slotList.push(datapointIndex.get(id) as number);
        useList.push(blueprint.inputUseCounts[i] ?? 0);
      }
    });
    inputStart[blueprint.inputs.length] = slotList.length;
    maxSlots = Math.max(maxSlots, slotList.length);
    componentOfDocument[c] = components.length;
    components.push({
      id: component.id,
      documentIndex: c,
      blueprint,
      slots: Int32Array.from(slotList),
      inputStart,
      slotUses: Int32Array.from(useList),
    });
  });

  // Entries: known components, factors in (0, 1], shares of one component summing to at most 1.
  const entrySeen = new Set<string>();
  const entryIndex = new Map<string, number>();
  const entryAttributions: PreparedAttribution[][] = [];
  const shareOfComponent = new Map<number, { total: number; places: IssuePath[] }>();
  const entries: PreparedEntry[] = [];
  graph.ghg_entries.forEach((entry, e) => {
    const path = ['ghg_entries', e];
    if (entrySeen.has(entry.id)) problem([...path, 'id'], 'duplicate_id', `GHG entry id '${entry.id}' is used more than once`);
    else entryIndex.set(entry.id, e);
    entrySeen.add(entry.id);
    const attributions: PreparedAttribution[] = [];
    entryAttributions.push(attributions);
    const inThisEntry = new Set<string>();
    entry.component_attributions.forEach((attribution, a) => {
      const aPath = [...path, 'component_attributions', a];
      const c = componentIndex.get(attribution.component_id);
      if (c === undefined) {
        problem([...aPath, 'component_id'], 'unknown_component', `GHG entry '${entry.id}' attributes component '${attribution.component_id}', which the document does not define`);
        return;
      }
      if (inThisEntry.has(attribution.component_id)) {
        problem([...aPath, 'component_id'], 'duplicate_attribution', `GHG entry '${entry.id}' attributes component '${attribution.component_id}' more than once`);
        return;
      }
      inThisEntry.add(attribution.component_id);
      let factor = attribution.attribution_factor ?? 1;
      let factorDatapoint = -1;
      const legacy = attribution.attribution_factor_datapoint_id;
      if (legacy !== null && legacy !== undefined) {
        if (attribution.attribution_factor !== null && attribution.attribution_factor !== undefined) {
          problem(aPath, 'ambiguous_attribution', `attribution of component '${attribution.component_id}' gives both attribution_factor and attribution_factor_datapoint_id; give one`);
          return;
        }
        const d = datapointIndex.get(legacy);
        if (d === undefined) {
          problem([...aPath, 'attribution_factor_datapoint_id'], 'unknown_datapoint', `attribution factor datapoint '${legacy}' is not defined in the document`);
          return;
        }
        const dim = dimensionOf(d);
        if (datapointDimensionOk[d] !== 1) return;
        if (dim === undefined || !isDimensionless(dim)) {
          problem([...aPath, 'attribution_factor_datapoint_id'], 'unit_incompatible', `attribution factor datapoint '${legacy}' has unit '${datapointUnits[d]}'; an attribution factor must be dimensionless`);
          return;
        }
        factor = siMagnitudes[d] as number;
        if (!(factor > 0 && factor <= 1)) {
          problem([...aPath, 'attribution_factor_datapoint_id'], 'attribution_out_of_range', `attribution factor datapoint '${legacy}' has value ${factor}; a factor must be greater than 0 and at most 1`);
          return;
        }
        factorDatapoint = d;
      }
      const share = shareOfComponent.get(c) ?? { total: 0, places: [] };
      share.total += factor;
      share.places.push(aPath);
      shareOfComponent.set(c, share);
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
      const share = shareOfComponent.get(c) ?? { total: 0, places: [] };
      share.total += added.factor;
      share.places.push(added.path);
      shareOfComponent.set(c, share);
    }
  }
  for (const [c, share] of shareOfComponent) {
    if (share.total > 1 + policies.attributionTolerance) {
      const id = (graph.components[c] as { id: string }).id;
      problem(share.places[share.places.length - 1] as IssuePath, 'attribution_over_one', `component '${id}' is attributed ${Number(share.total.toPrecision(12))} in total across GHG entries; the shares of one component must not exceed 1`);
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

function zodIssues(error: z.ZodError): GraphIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    code: issue.code,
    message: issue.message,
  }));
}
