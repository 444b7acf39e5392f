/**
 * The component phase of a preparation: unique ids, a known blueprint, every input supplied
 * exactly once with datapoints that exist and have a unit of the input's quantity kind
 * (docs/rules.md#units-and-quantity-kinds). The valid components become columns
 * (prepared-graph.ts `PreparedComponents`): their slots are one array, and components of one blueprint with as many
 * datapoints per input share one layout. Internal to preparation.
 *
 * Owns: component problems and the component columns. May import: expressions and model (types),
 * units, id-index.ts, the context and the blueprint and datapoint phases, prepared-graph.ts (types).
 */
import type { CompiledBlueprint, CompiledBlueprintInput } from '../../expressions';
import type { GraphComponentInput, IssuePath } from '../../model';
import { dimensionOfQuantityKind, formatDimension } from '../../units';
import { IdIndex } from './id-index';
import type { BlueprintPlan, Layout, PreparedBlueprints } from './blueprints';
import { inputPath, problem, unreadableItem, type PrepareContext } from './context';
import type { DatapointColumns } from './datapoints';
import type { PreparedComponents } from './prepared-graph';

/** What the component phase hands on. */
export interface ComponentPhase {
  /** The valid components. */
  readonly components: PreparedComponents;
  /** First document index of each component id. */
  readonly index: IdIndex;
  /** Prepared index of each document component, -1 when it is invalid. */
  readonly componentOfDocument: Int32Array;
  /** Largest number of slots of a component. */
  readonly maxSlots: number;
  /** The value checks of the inputs each datapoint feeds (its values are checked against them: values.ts). */
  readonly datapointKinds: DatapointKinds;
}

/**
 * The value checks of the inputs each datapoint feeds (value-checks.ts: check k < 66 is the plain
 * kind `QUANTITY_KINDS[k]`; others add an input's `difference` or `realistic_range`).
 */
export interface DatapointKinds {
  /** The first check of each datapoint, -1 when it feeds no input. */
  readonly first: Int16Array;
  /** Further checks of the rare datapoint that feeds inputs of two kinds (or two checks). */
  readonly more: ReadonlyMap<number, readonly number[]>;
}

/** Checks every component and makes the valid ones columns (see the module comment). */
export function prepareComponents(context: PrepareContext, blueprints: PreparedBlueprints, datapoints: DatapointColumns): ComponentPhase {
  const builder = new ComponentBuilder(context, blueprints, datapoints);
  const count = context.graph.components.length;
  for (let c = 0; c < count; c++) builder.add(c);
  return builder.done();
}

/** The input being read, for the checks of each datapoint it names. */
interface InputRead {
  /** Document index of the component, and its id. */
  readonly component: number;
  readonly componentId: string;
  /** Index of the input in the component's `inputs`, and the field naming its datapoints. */
  readonly input: number;
  readonly field: 'datapoint_ids' | 'datapoint_id';
  readonly blueprintInput: CompiledBlueprintInput;
  /** Dimension id (in the preparation's dimension table) the input's quantity kind expects. */
  readonly expectedDimension: number;
}

/** Layouts kept per blueprint; a blueprint whose components have more gets arrays of their own. */
const LAYOUTS_KEPT = 16;

/** The component phase one item at a time: {@link add} each component, then {@link done} (streaming.ts feeds it as items are parsed). */
export class ComponentBuilder {
  private readonly index: IdIndex;
  private readonly componentOfDocument: Int32Array;
  // The rows' columns, one element a valid component: made as long as the document's components
  // (trimmed by `done`), not grown by `push`, whose copies of 100,000s of elements are large-object
  // garbage (issue 36: 2 to 3 times the final arrays, in fresh pages).
  private readonly ids: string[];
  private readonly blueprint: CompiledBlueprint[];
  private readonly inputStart: Int32Array[];
  private readonly slotUses: Int32Array[];
  private documentIndex: Int32Array;
  private slotStart: Int32Array;
  private slots: Int32Array;
  private count = 0;
  private slotCount = 0;
  private maxSlots = 0;
  // Scratch of the component being checked: the datapoint index of each id as read, and where each
  // blueprint input's ids start in it and how many there are (-1: not supplied).
  private checked: Int32Array = new Int32Array(64);
  private used = 0;
  private suppliedStart = new Int32Array(16);
  private suppliedCount = new Int32Array(16);
  /** The datapoint after the one named last: where the next name most often points (id-index.ts). */
  private nextDatapoint = 0;
  private readonly kindFirst: Int16Array;
  private readonly kindMore = new Map<number, number[]>();

  constructor(
    private readonly context: PrepareContext,
    private readonly blueprints: PreparedBlueprints,
    private readonly datapoints: DatapointColumns,
  ) {
    const n = context.graph.components.length;
    this.index = new IdIndex(n);
    this.ids = new Array<string>(n);
    this.blueprint = new Array<CompiledBlueprint>(n);
    this.inputStart = new Array<Int32Array>(n);
    this.slotUses = new Array<Int32Array>(n);
    this.componentOfDocument = new Int32Array(n).fill(-1);
    this.documentIndex = new Int32Array(n);
    this.slotStart = new Int32Array(n + 1);
    // About three slots a component; grown by doubling when a graph has more.
    this.slots = new Int32Array(Math.max(16, 3 * n));
    this.kindFirst = new Int16Array(context.graph.datapoints.length).fill(-1);
  }

  /** Notes that datapoint d feeds an input of value check k. */
  private noteKind(d: number, k: number): void {
    const first = this.kindFirst[d] as number;
    if (first === k) return;
    if (first < 0) {
      this.kindFirst[d] = k;
      return;
    }
    const more = this.kindMore.get(d);
    if (more === undefined) this.kindMore.set(d, [k]);
    else if (!more.includes(k)) more.push(k);
  }

  /** Checks document component c (by default the document's own item) and, when it is valid, adds it. */
  add(c: number, component = this.context.graph.components[c]): void {
    const { context } = this;
    if (component === undefined) {
      unreadableItem(context.broken, 'components', c, this.index); // stays invalid (-1)
      return;
    }
    const id = component.id;
    if (this.index.add(id, c) >= 0) {
      problem(context, ['components', c, 'id'], 'duplicate_id', `component id '${id}' is used more than once`);
      return;
    }
    const plan = this.blueprints.plans.get(component.blueprint_key);
    if (plan === undefined) {
      if (!this.blueprints.seen.has(component.blueprint_key)) {
        problem(
          context,
          ['components', c, 'blueprint_key'],
          'unknown_blueprint',
          `${context.componentName(id)} names blueprint '${component.blueprint_key}', which the document does not define${context.hints.hint(component.blueprint_key, [...this.blueprints.seen])}`,
        );
      }
      return; // an invalid blueprint was reported where it is defined
    }
    if (this.readInputs(c, id, component.inputs, plan) && this.listLengthsAgree(c, id, plan)) this.emit(c, id, plan);
  }

  /**
   * Whether the LIST inputs the blueprint pairs element-wise have one length in component c
   * (docs/rules.md, "Element-wise lists"); false (the problem reported) otherwise.
   */
  private listLengthsAgree(c: number, id: string, plan: BlueprintPlan): boolean {
    const pairings = plan.blueprint.listPairings;
    if (pairings.length === 0) return true;
    for (const pairing of pairings) {
      const first = pairing.inputs[0] as number;
      const other = pairing.inputs.find((k) => this.suppliedCount[k] !== this.suppliedCount[first]);
      if (other === undefined) continue;
      const input = (k: number): string =>
        `LIST input '${(plan.blueprint.inputs[k] as CompiledBlueprintInput).input_key}' (${this.suppliedCount[k] as number} datapoints)`;
      problem(
        this.context,
        ['components', c, 'inputs'],
        'list_length_mismatch',
        `${this.context.componentName(id)}, blueprint '${plan.blueprint.key}', expression '${pairing.expression}': "${pairing.formula}" pairs ${input(first)} with ${input(other)}; lists taken element-wise must have one length`,
      );
      return false;
    }
    return true;
  }

  /** Reads every input of a component into the scratch; false (problems reported) when it is invalid. */
  private readInputs(c: number, id: string, inputs: readonly GraphComponentInput[], plan: BlueprintPlan): boolean {
    const inputCount = plan.blueprint.inputs.length;
    if (this.suppliedCount.length < inputCount) {
      this.suppliedStart = new Int32Array(inputCount);
      this.suppliedCount = new Int32Array(inputCount);
    }
    this.suppliedCount.fill(-1, 0, inputCount);
    this.used = 0;
    let valid = true;
    for (let i = 0; i < inputs.length; i++) {
      if (!this.readInput(c, id, i, inputs[i] as GraphComponentInput, plan)) valid = false;
    }
    for (let s = 0; s < inputCount; s++) {
      if ((this.suppliedCount[s] as number) < 0) {
        valid = false;
        problem(
          this.context,
          ['components', c, 'inputs'],
          'missing_input',
          `${this.context.componentName(id)} does not supply input '${(plan.blueprint.inputs[s] as CompiledBlueprintInput).input_key}' of blueprint '${plan.blueprint.key}'`,
        );
      }
    }
    return valid;
  }

  /** Reads input i of component c; false (problems reported) when it is invalid. */
  private readInput(c: number, id: string, i: number, input: GraphComponentInput, plan: BlueprintPlan): boolean {
    const { context } = this;
    const inputKey = input.input_key;
    // Inputs are usually supplied in blueprint order: the map only for the others.
    const s = i < plan.inputKeys.length && plan.inputKeys[i] === inputKey ? i : (plan.inputIndex.get(inputKey) ?? -1);
    if (s < 0) {
      problem(
        context,
        inputPath(c, i, 'input_key'),
        'unknown_input',
        `${this.context.componentName(id)} supplies input '${inputKey}', which blueprint '${plan.blueprint.key}' does not have${context.hints.hint(inputKey, plan.inputKeys)}`,
      );
      return false;
    }
    if ((this.suppliedCount[s] as number) >= 0) {
      problem(
        context,
        inputPath(c, i, 'input_key'),
        'duplicate_input',
        `${this.context.componentName(id)} supplies input '${inputKey}' more than once`,
      );
      return false;
    }
    // `datapoint_ids`, or the API's single `datapoint_id`, read in place (no array for the latter).
    const list = input.datapoint_ids;
    const single = input.datapoint_id;
    const field = list !== undefined ? 'datapoint_ids' : 'datapoint_id';
    if (list !== undefined && single !== undefined) {
      problem(
        context,
        inputPath(c, i),
        'ambiguous_input',
        `${this.context.componentName(id)} input '${inputKey}' gives both datapoint_ids and datapoint_id; give one`,
      );
      return false;
    }
    const spec = plan.blueprint.inputs[s] as CompiledBlueprintInput;
    const count = list !== undefined ? list.length : single !== undefined ? 1 : 0;
    let valid = true;
    if (spec.data_shape === 'SCALAR' && count !== 1) {
      valid = false;
      problem(
        context,
        inputPath(c, i, field),
        'scalar_input_count',
        `${this.context.componentName(id)} input '${inputKey}' is SCALAR and takes exactly one datapoint, got ${count}`,
      );
    } else if (spec.data_shape === 'LIST' && count === 0) {
      valid = false;
      problem(
        context,
        inputPath(c, i, field),
        'empty_list_input',
        `${this.context.componentName(id)} input '${inputKey}' is a LIST and needs at least one datapoint`,
      );
    }
    if (this.checked.length < this.used + count) this.checked = grown(this.checked, this.used + count);
    this.suppliedStart[s] = this.used;
    this.suppliedCount[s] = count;
    let expected = plan.expected[s] as number;
    if (expected < 0) plan.expected[s] = expected = this.context.dimensions.idOf(dimensionOfQuantityKind(spec.quantity_kind));
    // Made for the first datapoint that does not fit, to say where (none almost always).
    let read: InputRead | null = null;
    for (let k = 0; k < count; k++) {
      const datapointId = list !== undefined ? (list[k] as string) : (single as string);
      const d = this.datapoints.index.getNear(datapointId, this.nextDatapoint);
      if (d >= 0) this.nextDatapoint = d + 1;
      this.checked[this.used++] = d;
      if (this.fitsInput(d, expected)) this.noteKind(d, plan.valueChecks[s] as number);
      else {
        read ??= { component: c, componentId: id, input: i, field, blueprintInput: spec, expectedDimension: expected };
        this.reportDatapoint(d, datapointId, list !== undefined ? k : -1, read);
        valid = false;
      }
    }
    return valid;
  }

  /** Whether datapoint d exists and has a unit of dimension `expected` (the dimension id of the input's kind). */
  private fitsInput(d: number, expected: number): boolean {
    if (d < 0) return false;
    const got = this.datapoints.dimension[d] as number;
    return got >= 0 && (got === expected || this.context.dimensions.equal(got, expected));
  }

  /**
   * Reports why datapoint d, named at position k of the input's `field` (k -1 for a single
   * `datapoint_id`), does not fit the input: it does not exist, or its unit is not of the input's kind.
   */
  private reportDatapoint(d: number, datapointId: string, k: number, read: InputRead): void {
    const { context } = this;
    const { componentId: id, blueprintInput: spec, expectedDimension: expected } = read;
    if (d < 0) {
      problem(
        context,
        slotPath(read, k),
        'unknown_datapoint',
        `${this.context.componentName(id)} input '${spec.input_key}' names datapoint '${datapointId}', which the document does not define${context.hints.hint(datapointId, this.datapoints.index.names())}`,
      );
      return;
    }
    const got = this.datapoints.dimension[d] as number;
    if (got < 0) return; // its unit or its value in SI was reported where the datapoint is defined
    const { dimensions } = context;
    problem(
      context,
      slotPath(read, k),
      'unit_incompatible',
      `datapoint '${datapointId}' has unit '${this.datapoints.units[d]}' (${formatDimension(dimensions.dimension(got))}), but input '${spec.input_key}' of ${this.context.componentName(id)} expects quantity kind '${spec.quantity_kind}' (${formatDimension(dimensions.dimension(expected))})`,
    );
  }

  /** Adds the component just read as the next row: its slots in blueprint order, its layout. */
  private emit(c: number, id: string, plan: BlueprintPlan): void {
    const inputCount = plan.blueprint.inputs.length;
    if (this.slots.length < this.slotCount + this.used) this.slots = grown(this.slots, this.slotCount + this.used);
    let at = this.slotCount;
    for (let s = 0; s < inputCount; s++) {
      const start = this.suppliedStart[s] as number;
      const end = start + (this.suppliedCount[s] as number);
      for (let k = start; k < end; k++) this.slots[at++] = this.checked[k] as number;
    }
    const size = at - this.slotCount;
    const layout = layoutOf(plan, this.suppliedCount, size);
    const row = this.count++;
    this.componentOfDocument[c] = row;
    this.ids[row] = id;
    this.blueprint[row] = plan.blueprint;
    this.inputStart[row] = layout.inputStart;
    this.slotUses[row] = layout.slotUses;
    this.documentIndex[row] = c;
    this.slotCount = at;
    this.slotStart[row + 1] = at;
    if (size > this.maxSlots) this.maxSlots = size;
  }

  done(): ComponentPhase {
    const count = this.count;
    for (const column of [this.ids, this.blueprint, this.inputStart, this.slotUses]) column.length = count;
    return {
      components: {
        count,
        ids: this.ids,
        documentIndex: this.documentIndex.subarray(0, count),
        blueprint: this.blueprint,
        slots: this.slots.subarray(0, this.slotCount),
        slotStart: this.slotStart.subarray(0, count + 1),
        inputStart: this.inputStart,
        slotUses: this.slotUses,
      },
      index: this.index,
      componentOfDocument: this.componentOfDocument,
      maxSlots: this.maxSlots,
      datapointKinds: { first: this.kindFirst, more: this.kindMore },
    };
  }
}

/** The path of position k of the input's `field` (k -1: the field itself). */
function slotPath(read: InputRead, k: number): IssuePath {
  const { component, input, field } = read;
  return k >= 0 ? inputPath(component, input, field, k) : inputPath(component, input, field);
}

/**
 * The layout of a component with `counts[i]` datapoints for input i: one of the blueprint's
 * layouts when a component had the same counts before (never written after this), else a new one.
 */
function layoutOf(plan: BlueprintPlan, counts: Int32Array, slotCount: number): Layout {
  const blueprint = plan.blueprint;
  const inputCount = blueprint.inputs.length;
  const known = plan.layouts;
  for (const layout of known) {
    let same = true;
    for (let s = 0; s < inputCount && same; s++)
      same = (layout.inputStart[s + 1] as number) - (layout.inputStart[s] as number) === counts[s];
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
  if (known.length < LAYOUTS_KEPT) known.push(layout);
  return layout;
}

/** A copy of `array` in one at least `least` long (twice as long as it was, at least). */
function grown(array: Int32Array, least: number): Int32Array {
  const larger = new Int32Array(Math.max(2 * array.length, least));
  larger.set(array);
  return larger;
}
