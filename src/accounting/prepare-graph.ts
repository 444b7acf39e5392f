/**
 * The implementation of `prepareGraph` (see prepare.ts for the types). Internal: `fastPath` false
 * parses the whole document with zod (tests compare both ways); the package always passes true.
 *
 * Written for documents of 100,000s of datapoints and components, where what costs is memory
 * rather than arithmetic: the items of the three large arrays are not copied by zod when they
 * already have their exact shape (model/graph-exact-shape.ts); ids are looked up in open-addressing
 * tables outside the JS heap (id-index.ts); units are compared by dimension id; the loops build no
 * path, closure or intermediate array per item; and the slots of all components share a few
 * buffers. Problems, their paths, messages and order are the same as a plain zod parse followed
 * by per-item checks would give. A document whose shape is wrong is checked too, item by item as
 * far as its readable items allow (model/graph-parse.ts), so that every problem comes out at once.
 */
import type { CompiledBlueprint, CompiledBlueprintInput } from '../expressions';
import { compileBlueprintOnce } from './blueprint-cache';
import type { ComponentType, GraphAttribution, GraphComponentInput, GraphIssue, IssuePath } from '../model';
import { parseRemovalGraph, type GraphCollection, type PartialGraph } from '../model/graph-parse';
import { dimensionOfQuantityKind, dimensionsEqual, formatDimension, isDimensionless, tryParseUnit, type Dimension } from '../units';
import { resolvePolicies, type AccountingPolicies } from './policies';
import type { PreparedAttribution, PreparedComponent, PreparedEntry, PrepareResult } from './prepare';
import { packedDoubles } from './doubles';
import { IdIndex } from './id-index';
import { prepareStatements } from './prepare-statements';

/**
 * Validates a removal graph document and prepares it for evaluation: see `prepareGraph`.
 */
export function prepareGraphDocument(document: unknown, policyOverrides: Partial<AccountingPolicies> | undefined, fastPath: boolean): PrepareResult {
  const policies = resolvePolicies(policyOverrides);
  const parsed = parseRemovalGraph(document, fastPath);
  // A document whose shape is wrong is still checked, as far as its readable items allow, so that
  // every problem comes out in one pass: `broken` says what could not be read.
  const issues: GraphIssue[] = parsed.success ? [] : parsed.issues;
  if (!parsed.success && parsed.partial === undefined) return { ok: false, issues };
  const broken: PartialGraph | undefined = parsed.success ? undefined : parsed.partial;
  const graph = parsed.success ? parsed.data : (broken as PartialGraph).graph;
  const problem = (path: IssuePath, code: string, message: string): void => {
    issues.push({ path, code, message });
  };

  // Blueprints: unique keys, each compiled once.
  const blueprints = new Map<string, CompiledBlueprint>();
  // What checking a component needs of its blueprint, by key.
  const plans = new Map<string, BlueprintPlan>();
  const blueprintSeen = new Set<string>();
  graph.component_blueprints.forEach((definition, b) => {
    if (blueprintSeen.has(definition.key)) {
      problem(['component_blueprints', b, 'key'], 'duplicate_key', `blueprint key '${definition.key}' is used more than once`);
      return;
    }
    blueprintSeen.add(definition.key);
    const compiled = compileBlueprintOnce(definition);
    if (compiled.ok) {
      const blueprint = compiled.blueprint;
      blueprints.set(definition.key, blueprint);
      plans.set(definition.key, {
        blueprint,
        // Input keys are unique once compiled.
        inputKeys: blueprint.inputs.map((input) => input.input_key),
        inputIndex: new Map(blueprint.inputs.map((input, i) => [input.input_key, i])),
        expected: new Int32Array(blueprint.inputs.length).fill(-1),
        layouts: [],
      });
    } else for (const i of compiled.issues) issues.push({ ...i, path: ['component_blueprints', b, ...i.path] });
  });
  // Unreadable blueprints were reported where they are defined, like invalid ones.
  if (broken !== undefined) for (const key of broken.brokenIds.component_blueprints.values()) blueprintSeen.add(key);

  // Dimensions by small integer id (per preparation), so that the check of 100,000s of datapoint
  // slots compares numbers; each pair of distinct ids is compared once with dimensionsEqual.
  const dimensions = new DimensionTable();

  // Datapoints: unique ids, finite values, known units, standard deviations >= 0.
  const datapoints = graph.datapoints;
  const n = datapoints.length;
  // First index of each id.
  const datapointIndex = new IdIndex(n);
  const datapointIds: string[] = new Array<string>(n);
  const datapointUnits: string[] = new Array<string>(n);
  // Packed arrays of doubles (see doubles.ts); the copies are a memory copy each.
  const siMagnitudes = packedDoubles(n);
  const siStandardDeviations = siMagnitudes.slice();
  const siScales = siMagnitudes.slice();
  const datapointMagnitudes = siMagnitudes.slice();
  const datapointStandardDeviations = siMagnitudes.slice();
  // Dimension id of each datapoint's unit, -1 when the unit is unknown.
  const datapointDimension = new Int32Array(n).fill(-1);
  // Paths are built only when a problem is reported: a path per datapoint, input and attribution
  // used to be most of this function's garbage.
  for (let d = 0; d < n; d++) {
    const datapoint = datapoints[d];
    if (datapoint === undefined) {
      // Unreadable (its shape was reported): its id still resolves, to no unit (dimension -1).
      unreadableItem(broken, 'datapoints', d, datapointIndex);
      continue;
    }
    const id = datapoint.id;
    if (datapointIndex.add(id, d) >= 0) {
      problem(['datapoints', d, 'id'], 'duplicate_id', `datapoint id '${id}' is used more than once`);
    }
    datapointIds[d] = id;
    const quantity = datapoint.quantity;
    const magnitude = quantity.magnitude;
    const unit = quantity.unit;
    const sd = quantity.standard_deviation;
    datapointUnits[d] = unit;
    datapointMagnitudes[d] = magnitude;
    datapointStandardDeviations[d] = sd ?? Number.NaN;
    if (!Number.isFinite(magnitude)) problem(['datapoints', d, 'quantity', 'magnitude'], 'not_finite', `datapoint '${id}' has a magnitude that is not a finite number`);
    if (sd !== null && sd !== undefined && !(Number.isFinite(sd) && sd >= 0)) {
      problem(['datapoints', d, 'quantity', 'standard_deviation'], 'invalid_standard_deviation', `datapoint '${id}' has standard deviation ${String(sd)}; it must be a finite number >= 0 or null`);
    }
    const parsedUnit = tryParseUnit(unit);
    if (parsedUnit === undefined) {
      problem(['datapoints', d, 'quantity', 'unit'], 'unknown_unit', `datapoint '${id}' has unit '${unit}', which is not a known unit`);
      continue;
    }
    datapointDimension[d] = dimensions.idOf(parsedUnit.dimension);
    siMagnitudes[d] = magnitude * parsedUnit.scale + parsedUnit.offset;
    siScales[d] = parsedUnit.scale;
    siStandardDeviations[d] = sd === null || sd === undefined ? Number.NaN : sd * Math.abs(parsedUnit.scale);
  }

  // Components: known blueprint, every input supplied exactly once, datapoints of the right kind.
  const documentComponents = graph.components;
  const componentCount = documentComponents.length;
  // First index of each id.
  const componentIndex = new IdIndex(componentCount);
  const components: PreparedComponent[] = [];
  const componentOfDocument = new Int32Array(componentCount).fill(-1);
  let maxSlots = 0;
  // Scratch reused by every component (grown on demand), so that checking a component allocates
  // nothing but its prepared arrays: the datapoint index of each id as checked, and where each
  // blueprint input's ids start in it and how many there are (-1: not supplied).
  let checked = new Int32Array(64);
  // Components of one blueprint with as many datapoints per input share their inputStart and
  // slotUses arrays (never written after this): two typed arrays fewer per component, a large
  // part of what a big graph allocates. A few layouts per blueprint cover lists of usual lengths.
  const layoutOf = (plan: BlueprintPlan, counts: Int32Array, slotCount: number): Layout => {
    const blueprint = plan.blueprint;
    const inputCount = blueprint.inputs.length;
    const known = plan.layouts;
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
  // Every component's slots are a view into a chunk shared with the components checked before and
  // after it: a typed array of its own each was most of the time spent allocating (and collecting)
  // for a large graph, and evaluation reads the slots of consecutive components from one place.
  // Chunks double from a small first one, so that a small graph allocates little.
  let slotChunk = new Int32Array(256);
  let slotChunkUsed = 0;
  let suppliedStart = new Int32Array(16);
  let suppliedCount = new Int32Array(16);
  for (let c = 0; c < componentCount; c++) {
    const component = documentComponents[c];
    if (component === undefined) {
      unreadableItem(broken, 'components', c, componentIndex); // stays invalid (-1)
      continue;
    }
    const componentId = component.id;
    if (componentIndex.add(componentId, c) >= 0) {
      problem(['components', c, 'id'], 'duplicate_id', `component id '${componentId}' is used more than once`);
      continue;
    }
    const plan = plans.get(component.blueprint_key);
    if (plan === undefined) {
      if (!blueprintSeen.has(component.blueprint_key)) {
        problem(['components', c, 'blueprint_key'], 'unknown_blueprint', `component '${componentId}' names blueprint '${component.blueprint_key}', which the document does not define`);
      }
      continue; // an invalid blueprint was reported where it is defined
    }
    const blueprint = plan.blueprint;
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
      const input = inputs[i] as GraphComponentInput;
      const inputKey = input.input_key;
      // Inputs are usually supplied in blueprint order: the map only for the others.
      const s = i < inputCount && plan.inputKeys[i] === inputKey ? i : (plan.inputIndex.get(inputKey) ?? -1);
      if (s < 0) {
        valid = false;
        problem(inputPath(c, i, 'input_key'), 'unknown_input', `component '${componentId}' supplies input '${inputKey}', which blueprint '${blueprint.key}' does not have`);
        continue;
      }
      const spec = blueprint.inputs[s] as CompiledBlueprintInput;
      if ((suppliedCount[s] as number) >= 0) {
        valid = false;
        problem(inputPath(c, i, 'input_key'), 'duplicate_input', `component '${componentId}' supplies input '${inputKey}' more than once`);
        continue;
      }
      // `datapoint_ids`, or the API's single `datapoint_id`, read in place (no array for the latter).
      const list = input.datapoint_ids;
      const single = input.datapoint_id;
      const field = list !== undefined ? 'datapoint_ids' : 'datapoint_id';
      if (list !== undefined && single !== undefined) {
        valid = false;
        problem(inputPath(c, i), 'ambiguous_input', `component '${componentId}' input '${inputKey}' gives both datapoint_ids and datapoint_id; give one`);
        continue;
      }
      const count = list !== undefined ? list.length : single !== undefined ? 1 : 0;
      if (spec.data_shape === 'SCALAR' && count !== 1) {
        valid = false;
        problem(inputPath(c, i, field), 'scalar_input_count', `component '${componentId}' input '${inputKey}' is SCALAR and takes exactly one datapoint, got ${count}`);
      } else if (spec.data_shape === 'LIST' && count === 0) {
        valid = false;
        problem(inputPath(c, i, field), 'empty_list_input', `component '${componentId}' input '${inputKey}' is a LIST and needs at least one datapoint`);
      }
      if (checked.length < used + count) {
        const grown = new Int32Array(Math.max(2 * checked.length, used + count));
        grown.set(checked.subarray(0, used));
        checked = grown;
      }
      suppliedStart[s] = used;
      suppliedCount[s] = count;
      let expected = plan.expected[s] as number;
      if (expected < 0) plan.expected[s] = expected = dimensions.idOf(dimensionOfQuantityKind(spec.quantity_kind));
      for (let k = 0; k < count; k++) {
        const datapointId = list !== undefined ? (list[k] as string) : (single as string);
        const d = datapointIndex.get(datapointId);
        checked[used++] = d;
        if (d < 0) {
          valid = false;
          problem(list !== undefined ? inputPath(c, i, field, k) : inputPath(c, i, field), 'unknown_datapoint', `component '${componentId}' input '${inputKey}' names datapoint '${datapointId}', which the document does not define`);
          continue;
        }
        const got = datapointDimension[d] as number;
        if (got < 0) {
          valid = false; // its unit was reported where the datapoint is defined
          continue;
        }
        if (got !== expected && !dimensions.equal(got, expected)) {
          valid = false;
          problem(
            list !== undefined ? inputPath(c, i, field, k) : inputPath(c, i, field),
            'unit_incompatible',
            `datapoint '${datapointId}' has unit '${datapointUnits[d]}' (${formatDimension(dimensions.dimension(got))}), but input '${inputKey}' of component '${componentId}' expects quantity kind '${spec.quantity_kind}' (${formatDimension(dimensions.dimension(expected))})`,
          );
        }
      }
    }
    for (let s = 0; s < inputCount; s++) {
      if ((suppliedCount[s] as number) < 0) {
        valid = false;
        problem(['components', c, 'inputs'], 'missing_input', `component '${componentId}' does not supply input '${(blueprint.inputs[s] as CompiledBlueprintInput).input_key}' of blueprint '${blueprint.key}'`);
      }
    }
    if (!valid) continue;
    if (slotChunkUsed + used > slotChunk.length) {
      slotChunk = new Int32Array(Math.max(used, Math.min(2 * slotChunk.length, MAX_SLOT_CHUNK)));
      slotChunkUsed = 0;
    }
    const slots = new Int32Array(slotChunk.buffer, 4 * slotChunkUsed, used);
    slotChunkUsed += used;
    let at = 0;
    for (let s = 0; s < inputCount; s++) {
      const start = suppliedStart[s] as number;
      const end = start + (suppliedCount[s] as number);
      for (let k = start; k < end; k++) slots[at++] = checked[k] as number;
    }
    const { inputStart, slotUses } = layoutOf(plan, suppliedCount, at);
    if (at > maxSlots) maxSlots = at;
    componentOfDocument[c] = components.length;
    components.push({ id: componentId, documentIndex: c, blueprint, slots, inputStart, slotUses });
  }

  // Entries: known components, factors in (0, 1], shares of one component summing to at most 1.
  const documentEntries = graph.ghg_entries;
  const entryCount = documentEntries.length;
  // First index of each id.
  const entryIndex = new IdIndex(entryCount);
  const entryAttributions: PreparedAttribution[][] = [];
  // By component (document index): its total share and where its last attribution was made, an
  // entry's by its indices, a statement's or project's by its path (those come after every entry's).
  // `shareOrder` lists the components in order of first attribution, the order of their problems.
  // Typed arrays rather than a map of objects: a large graph has 100,000s of components.
  const shareTotal = new Float64Array(componentCount);
  const shareEntry = new Int32Array(componentCount);
  const shareAttribution = new Int32Array(componentCount);
  const sharePath = new Map<number, IssuePath>();
  const shareOrder: number[] = [];
  const attributed = new Uint8Array(componentCount);
  // The entry that last attributed each component: a second attribution in one entry is a duplicate.
  const lastEntryOf = new Int32Array(componentCount).fill(-1);
  const entries: PreparedEntry[] = [];
  const signs = policies.componentSigns;
  for (let e = 0; e < entryCount; e++) {
    const entry = documentEntries[e];
    if (entry === undefined) {
      const id = unreadableItem(broken, 'ghg_entries', e, entryIndex);
      entryAttributions.push([]);
      entries.push({ id, riskOfReversalPercentage: null, attributions: [] });
      continue;
    }
    const entryId = entry.id;
    if (entryIndex.add(entryId, e) >= 0) {
      problem(['ghg_entries', e, 'id'], 'duplicate_id', `GHG entry id '${entryId}' is used more than once`);
    }
    const attributions: PreparedAttribution[] = [];
    entryAttributions.push(attributions);
    const documentAttributions = entry.component_attributions;
    for (let a = 0; a < documentAttributions.length; a++) {
      const attribution = documentAttributions[a] as GraphAttribution;
      const attributedId = attribution.component_id;
      const c = componentIndex.get(attributedId);
      if (c < 0) {
        problem(attributionPath(e, a, 'component_id'), 'unknown_component', `GHG entry '${entryId}' attributes component '${attributedId}', which the document does not define`);
        continue;
      }
      if (lastEntryOf[c] === e) {
        problem(attributionPath(e, a, 'component_id'), 'duplicate_attribution', `GHG entry '${entryId}' attributes component '${attributedId}' more than once`);
        continue;
      }
      lastEntryOf[c] = e;
      let factor = attribution.attribution_factor ?? 1;
      let factorDatapoint = -1;
      const legacy = attribution.attribution_factor_datapoint_id;
      if (legacy !== null && legacy !== undefined) {
        if (attribution.attribution_factor !== null && attribution.attribution_factor !== undefined) {
          problem(attributionPath(e, a), 'ambiguous_attribution', `attribution of component '${attributedId}' gives both attribution_factor and attribution_factor_datapoint_id; give one`);
          continue;
        }
        const d = datapointIndex.get(legacy);
        if (d < 0) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'unknown_datapoint', `attribution factor datapoint '${legacy}' is not defined in the document`);
          continue;
        }
        const dimension = datapointDimension[d] as number;
        if (dimension < 0) continue;
        if (!isDimensionless(dimensions.dimension(dimension))) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'unit_incompatible', `attribution factor datapoint '${legacy}' has unit '${datapointUnits[d]}'; an attribution factor must be dimensionless`);
          continue;
        }
        factor = siMagnitudes[d] as number;
        if (!(factor > 0 && factor <= 1)) {
          problem(attributionPath(e, a, 'attribution_factor_datapoint_id'), 'attribution_out_of_range', `attribution factor datapoint '${legacy}' has value ${factor}; a factor must be greater than 0 and at most 1`);
          continue;
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
      if (prepared < 0) continue; // the component itself is invalid and was reported
      const type: ComponentType = (components[prepared] as PreparedComponent).blueprint.type;
      attributions.push({ component: prepared, factor, factorDatapoint, sign: signs[type] });
    }
    entries.push({ id: entryId, riskOfReversalPercentage: entry.risk_of_reversal_percentage ?? null, attributions });
  }
  // Statements and projects add attributions to the entries (semantics.md section 4).
  const statementParts = prepareStatements({ graph, policies, entryIndex, componentIndex, componentOfDocument, problem, broken });
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
      const id = graph.components[c]?.id ?? broken?.brokenIds.components.get(c) ?? '';
      const path = sharePath.get(c) ?? attributionPath(shareEntry[c] as number, shareAttribution[c] as number);
      problem(path, 'attribution_over_one', `component '${id}' is attributed ${Number(total.toPrecision(12))} in total across GHG entries; the shares of one component must not exceed 1`);
    }
  }

  if (broken !== undefined) return { ok: false, issues: withoutUnreadableReferences(issues, broken) };
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

/** Largest chunk of component slots (a larger component gets a chunk of its own size). */
const MAX_SLOT_CHUNK = 1 << 16;

/** What checking a component needs of its compiled blueprint. */
interface BlueprintPlan {
  readonly blueprint: CompiledBlueprint;
  /** Input keys in blueprint order. */
  readonly inputKeys: readonly string[];
  /** Index of each input by key. */
  readonly inputIndex: ReadonlyMap<string, number>;
  /** Dimension id of each input's quantity kind, -1 until first needed. */
  readonly expected: Int32Array;
  /** The layouts its components share (at most 16 kept). */
  readonly layouts: Layout[];
}

/** Where each input's slots start, and each slot's use count: shared by components of one layout. */
interface Layout {
  readonly inputStart: Int32Array;
  readonly slotUses: Int32Array;
}

/** Distinct dimension objects by id, and which pairs are equal (dimensionsEqual, asked once a pair). */
class DimensionTable {
  private readonly ids = new Map<Dimension, number>();
  private readonly list: Dimension[] = [];
  private readonly equalPairs = new Map<number, boolean>();

  idOf(dimension: Dimension): number {
    let id = this.ids.get(dimension);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(dimension, id);
      this.list.push(dimension);
    }
    return id;
  }

  dimension(id: number): Dimension {
    return this.list[id] as Dimension;
  }

  equal(a: number, b: number): boolean {
    const key = a * 0x4000000 + b;
    let same = this.equalPairs.get(key);
    if (same === undefined) this.equalPairs.set(key, (same = dimensionsEqual(this.list[a] as Dimension, this.list[b] as Dimension)));
    return same;
  }
}

function inputPath(component: number, input: number, ...rest: (string | number)[]): IssuePath {
  return ['components', component, 'inputs', input, ...rest];
}

function attributionPath(entry: number, attribution: number, ...rest: string[]): IssuePath {
  return ['ghg_entries', entry, 'component_attributions', attribution, ...rest];
}

/**
 * Registers the id of an unreadable item of a collection (reported by its shape) so that
 * references to it are not reported again; returns the id ('' when it has none).
 */
function unreadableItem(broken: PartialGraph | undefined, collection: GraphCollection, index: number, ids: IdIndex): string {
  const id = broken?.brokenIds[collection].get(index);
  if (id === undefined) return '';
  ids.add(id, index);
  return id;
}

/** The collection each "names something the document does not define" problem looks into. */
const REFERENCE_CODES: Readonly<Record<string, GraphCollection>> = {
  unknown_blueprint: 'component_blueprints',
  unknown_datapoint: 'datapoints',
  unknown_component: 'components',
  unknown_entry: 'ghg_entries',
  unknown_project: 'projects',
};

/** The problems, less the references into a collection that could not be read at all. */
function withoutUnreadableReferences(issues: readonly GraphIssue[], broken: PartialGraph): GraphIssue[] {
  if (broken.unreadable.size === 0) return [...issues];
  return issues.filter((issue) => {
    const into = REFERENCE_CODES[issue.code];
    return into === undefined || !broken.unreadable.has(into);
  });
}
