/**
 * Arbitraries of the parts of a graph document built on a methodologist's own blueprints: a
 * datapoint for a blueprint input (`datapointFor`) and a component of a blueprint with a fresh
 * datapoint for each slot of each input (`componentOf`). Per-input quantity options are looked up
 * by `"<blueprint key>.<input key>"` first, then by `"<input key>"`.
 * May import: model, units, fast-check.
 */
import fc from 'fast-check';
import type { GraphComponent, GraphDatapoint, RemovalGraphInput } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import { type QuantityOptions, quantityOf } from './quantity';

/**
 * A component blueprint as a graph document carries it (`data_shape` may be left out: SCALAR).
 * @public
 */
export type BlueprintDefinition = RemovalGraphInput['component_blueprints'][number];

/**
 * One input of a {@link BlueprintDefinition}.
 * @public
 */
export type BlueprintInputDefinition = BlueprintDefinition['inputs'][number];

/**
 * Quantity options per input, keyed by `"<blueprint key>.<input key>"` or by `"<input key>"` (for
 * that input in every blueprint that has it); the qualified key wins.
 * @public
 */
export type InputQuantityOptions = Readonly<Record<string, QuantityOptions>>;

/**
 * A range of lengths, both ends included.
 * @public
 */
export interface LengthRange {
  /** Fewest items, at least 1 where a LIST needs one datapoint. */
  readonly min: number;
  /** Most items. */
  readonly max: number;
}

/**
 * Options of {@link datapointFor}: the quantity's options and the datapoint's id.
 * @public
 */
export interface DatapointOptions extends QuantityOptions {
  /** The datapoint's id (default `dtp_<input key>`). */
  readonly id?: string;
}

/**
 * Options of {@link componentOf}.
 * @public
 */
export interface ComponentOptions {
  /** The component's id (default `cmp_<blueprint key>`); its datapoints are `<id>_<input key>_<n>`. */
  readonly id?: string;
  /** Number of datapoints of a LIST input (default 1 to 4). */
  readonly listLength?: LengthRange;
  /** Quantity options per input. */
  readonly inputs?: InputQuantityOptions;
  /** Default presence of standard deviations, for inputs without options of their own. */
  readonly standardDeviation?: QuantityOptions['standardDeviation'];
}

/**
 * A generated component and the datapoints it names.
 * @public
 */
export interface GeneratedComponent {
  /** The component, naming each datapoint by id. */
  readonly component: GraphComponent;
  /** Its datapoints, in the order the component names them. */
  readonly datapoints: readonly GraphDatapoint[];
}

/** Default LIST lengths. */
export const DEFAULT_LIST_LENGTH: LengthRange = Object.freeze({ min: 1, max: 4 });

/**
 * The longest LIST a generated component holds (`listLength.max`, `checks.graphs.list_length.max`):
 * every case of every property draws, converts and evaluates each item, so a list of a billion
 * items would exhaust the memory (docs/testing.md). A thousand rows make a sample set whose
 * bootstrap is close to normal; `check` on such lists takes seconds per case.
 */
export const MAX_LIST_LENGTH = 1000;

/** The options of one input of one blueprint, defaults filled in. */
export function optionsOfInput(
  blueprintKey: string,
  inputKey: string,
  inputs: InputQuantityOptions | undefined,
  standardDeviation: QuantityOptions['standardDeviation'],
): QuantityOptions {
  const own = inputs?.[`${blueprintKey}.${inputKey}`] ?? inputs?.[inputKey];
  if (own === undefined) return standardDeviation === undefined ? {} : { standardDeviation };
  return own.standardDeviation === undefined && standardDeviation !== undefined ? { ...own, standardDeviation } : own;
}

/**
 * The quantity options of one blueprint input ({@link optionsOfInput}); an input declared
 * `difference: true` (semantics 3b) draws signed values unless its options set `signed`.
 */
export function optionsOfBlueprintInput(
  blueprintKey: string,
  input: { readonly input_key: string; readonly difference?: boolean | undefined },
  inputs: InputQuantityOptions | undefined,
  standardDeviation: QuantityOptions['standardDeviation'],
): QuantityOptions {
  const own = optionsOfInput(blueprintKey, input.input_key, inputs, standardDeviation);
  return input.difference === true && own.signed === undefined ? { ...own, signed: true } : own;
}

/** Validates a length range (LIST inputs need at least one datapoint, and at most `most`). */
export function checkLengthRange(what: string, range: LengthRange, least: number, most = Number.POSITIVE_INFINITY): void {
  const ordered = Number.isInteger(range.min) && Number.isInteger(range.max) && range.min >= least && range.min <= range.max;
  if (!(ordered && range.max <= most)) {
    const upper = most === Number.POSITIVE_INFINITY ? '' : ` <= ${most}`;
    throw new RangeError(`${what}: expected integers ${least} <= min <= max${upper}, got min=${range.min}, max=${range.max}`);
  }
}

/**
 * Arbitrary of a datapoint that can feed `input`: a quantity of the input's kind (see
 * `quantityOf`) under the id of `options.id`.
 *
 * @example
 * ```ts
 * const diesel = { input_key: 'volume', quantity_kind: 'volume', compatible_unit: 'l', data_shape: 'SCALAR' } as const;
 * fc.sample(datapointFor(diesel), 1); // [{ id: 'dtp_volume', quantity: { magnitude: 61.3, unit: 'gal', standard_deviation: 0.9 } }]
 * ```
 * @public
 */
export function datapointFor(input: BlueprintInputDefinition, options: DatapointOptions = {}): fc.Arbitrary<GraphDatapoint> {
  const { id = `dtp_${input.input_key}`, ...quantity } = options;
  return quantityOf(input.quantity_kind as QuantityKind, quantity).map((q) => ({ id, quantity: q }));
}

/**
 * Arbitrary of a component of `blueprint`: each input supplied once, a SCALAR input with one fresh
 * datapoint, a LIST input with `listLength` of them. Shrinks to shorter lists and simpler
 * quantities.
 * @public
 */
export function componentOf(blueprint: BlueprintDefinition, options: ComponentOptions = {}): fc.Arbitrary<GeneratedComponent> {
  const id = options.id ?? `cmp_${blueprint.key}`;
  const lengths = options.listLength ?? DEFAULT_LIST_LENGTH;
  checkLengthRange(`componentOf('${blueprint.key}') listLength`, lengths, 1, MAX_LIST_LENGTH);
  const perInput = blueprint.inputs.map((input) => {
    const quantity = quantityOf(
      input.quantity_kind as QuantityKind,
      optionsOfBlueprintInput(blueprint.key, input, options.inputs, options.standardDeviation),
    );
    return input.data_shape === 'LIST' ? fc.array(quantity, { minLength: lengths.min, maxLength: lengths.max }) : quantity.map((q) => [q]);
  });
  return fc.tuple(...perInput).map((values) => {
    const datapoints: GraphDatapoint[] = [];
    const inputs = blueprint.inputs.map((input, i) => ({
      input_key: input.input_key,
      datapoint_ids: (values[i] ?? []).map((quantity, n) => {
        const datapoint = { id: `${id}_${input.input_key}_${n + 1}`, quantity };
        datapoints.push(datapoint);
        return datapoint.id;
      }),
    }));
    return { component: { id, blueprint_key: blueprint.key, inputs }, datapoints };
  });
}
