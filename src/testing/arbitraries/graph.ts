/**
 * `graphOf`: the arbitrary of whole removal graph documents built on a methodologist's own
 * blueprints. A graph is drawn as a plan of small numbers (which blueprint each component uses,
 * which entry it belongs to, which entries share it and with what attribution factors, which
 * datapoint slots reuse an earlier datapoint of the same quantity kind and range) and written out as a
 * document, so that it shrinks like its plan: fewer components and entries, no sharing, no reuse,
 * shorter lists, factors of 1, simpler quantities.
 * May import: model, units, uncertainty (types), fast-check.
 */
import fc from 'fast-check';
import type {
  GraphAttribution,
  GraphComponent,
  GraphDatapoint,
  GraphDistribution,
  GraphGhgEntry,
  RemovalGraphInput,
} from '../../model/graph';
import { distributionOf } from './distribution';
import type { QuantityKind } from '../../model/quantity-kinds';
import { type BlueprintDefinition, checkLengthRange, DEFAULT_LIST_LENGTH, MAX_LIST_LENGTH, optionsOfBlueprintInput } from './component';
import { type GraphQuantityValue, quantityOf, significant } from './quantity';
import { assertOptions } from '../../model/strict-options';
import { withSampleSets } from './sample-sets';
import { GRAPH_OPTION_CHECKS, type GraphOptions } from './options';

export type { GraphOptions } from './options';

/** Defaults of {@link GraphOptions}. */
const DEFAULTS = { entries: { min: 1, max: 3 }, components: { min: 1, max: 6 } } as const;

const RISKS = [5, 0, 2, 10, 12.5, 20, 50, 100] as const;

interface Slot {
  /** null: a fresh datapoint; a number: reuse an earlier datapoint of the same kind (index modulo their number). */
  readonly reuse: number | null;
  readonly quantity: GraphQuantityValue;
  /** Written only on a datapoint with a standard deviation (and a lognormal on a positive magnitude). */
  readonly distribution: GraphDistribution | null;
}

interface ComponentPlan {
  readonly blueprint: number;
  /** Per input, the pool its slots reuse from: the quantity kind and the options it is drawn with. */
  readonly pools: readonly string[];
  readonly slots: readonly (readonly Slot[])[];
  readonly home: number;
  /** 0..99: the home entry's factor is (100 - cut) %. */
  readonly cut: number;
  readonly shares: readonly { readonly entry: number; readonly percent: number }[];
}

interface GraphPlan {
  readonly entries: number;
  readonly risks: readonly (number | null)[];
  readonly components: readonly ComponentPlan[];
}

function componentPlan(
  blueprint: BlueprintDefinition,
  index: number,
  options: GraphOptions,
  maxEntries: number,
): fc.Arbitrary<ComponentPlan> {
  const lengths = options.listLength ?? DEFAULT_LIST_LENGTH;
  const reuse = options.reuse ?? true;
  const factors = options.attributionFactors ?? true;
  const sharing = factors && (options.sharing ?? true) && maxEntries > 1;
  const drawn = blueprint.inputs.map((input) => optionsOfBlueprintInput(blueprint.key, input, options.inputs, options.standardDeviation));
  const slotsOfInput = blueprint.inputs.map((input, i) => {
    const quantity = quantityOf(input.quantity_kind as QuantityKind, drawn[i]);
    const reuseOf: fc.Arbitrary<number | null> = reuse
      ? fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat(63), weight: 1 })
      : fc.constant(null);
    const types = options.distributions;
    const distribution: fc.Arbitrary<GraphDistribution | null> =
      types === undefined || types.length === 0 ? fc.constant(null) : fc.option(distributionOf(types), { nil: null, freq: 2 });
    const slot = fc.record({ reuse: reuseOf, quantity, distribution });
    return input.data_shape === 'LIST' ? fc.array(slot, { minLength: lengths.min, maxLength: lengths.max }) : slot.map((s) => [s]);
  });
  // A slot reuses only datapoints drawn for the same kind with the same options, so that a reused
  // datapoint stays within the range declared for every input it feeds.
  const pools = blueprint.inputs.map((input, i) => `${input.quantity_kind} ${JSON.stringify(drawn[i])}`);
  return fc.record({
    blueprint: fc.constant(index),
    pools: fc.constant(pools),
    slots: fc.tuple(...slotsOfInput),
    home: fc.nat(maxEntries - 1),
    cut: factors
      ? fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 99 }), weight: 1 })
      : fc.constant(0),
    shares: sharing
      ? fc.oneof(
          { arbitrary: fc.constant([]), weight: 2 },
          {
            arbitrary: fc.array(fc.record({ entry: fc.nat(maxEntries - 1), percent: fc.integer({ min: 1, max: 100 }) }), {
              minLength: 1,
              maxLength: 3,
            }),
            weight: 1,
          },
        )
      : fc.constant([]),
  });
}

/**
 * A fresh datapoint of a slot, with its distribution where one applies; with `byMedian`, a
 * lognormal is declared by its median and log standard deviation (see `GraphOptions.lognormalMedian`).
 */
function datapointOf(id: string, slot: Slot, byMedian: boolean): GraphDatapoint {
  const { quantity, distribution } = slot;
  const sd = quantity.standard_deviation;
  if (distribution === null || sd === null || sd === undefined || (distribution.type === 'lognormal' && !(quantity.magnitude > 0)))
    return { id, quantity };
  if (distribution.type !== 'lognormal' || !byMedian || !(sd > 0)) return { id, quantity, distribution };
  const sigma = significant(Math.sqrt(Math.log1p((sd / quantity.magnitude) ** 2)), 4);
  if (!(sigma > 0)) return { id, quantity, distribution };
  return { id, quantity: { ...quantity, standard_deviation: null }, distribution: { type: 'lognormal', log_standard_deviation: sigma } };
}

/** Writes a plan out as a document. */
function writeGraph(blueprints: readonly BlueprintDefinition[], plan: GraphPlan, byMedian: boolean): RemovalGraphInput {
  const datapoints: GraphDatapoint[] = [];
  const byPool = new Map<string, string[]>();
  const components: GraphComponent[] = [];
  const entryCount = Math.min(plan.entries, plan.components.length);
  const attributions: GraphAttribution[][] = Array.from({ length: entryCount }, () => []);
  const used = new Set<number>();
  plan.components.forEach((c, n) => {
    const blueprint = blueprints[c.blueprint] as BlueprintDefinition;
    used.add(c.blueprint);
    const inputs = blueprint.inputs.map((input, i) => {
      const key = c.pools[i] as string;
      let pool = byPool.get(key);
      if (pool === undefined) byPool.set(key, (pool = []));
      const ids = (c.slots[i] ?? []).map((slot) => {
        if (slot.reuse !== null && pool.length > 0) return pool[slot.reuse % pool.length] as string;
        const id = `dtp_${datapoints.length + 1}`;
        datapoints.push(datapointOf(id, slot, byMedian));
        pool.push(id);
        return id;
      });
      return { input_key: input.input_key, datapoint_ids: ids };
    });
    const id = `cmp_${n + 1}`;
    components.push({ id, blueprint_key: blueprint.key, inputs });
    // The first components open the entries, so that every entry has one; later ones join one.
    const home = n < entryCount ? n : c.home % entryCount;
    let remaining = 100 - c.cut;
    (attributions[home] as GraphAttribution[]).push({ component_id: id, attribution_factor: remaining / 100 });
    remaining = c.cut;
    const taken = new Set([home]);
    for (const share of c.shares) {
      const entry = share.entry % entryCount;
      const percent = Math.min(share.percent, remaining);
      if (taken.has(entry) || percent < 1) continue;
      taken.add(entry);
      remaining -= percent;
      (attributions[entry] as GraphAttribution[]).push({ component_id: id, attribution_factor: percent / 100 });
    }
  });
  const ghg_entries: GraphGhgEntry[] = attributions.map((list, e) => ({
    id: `rmv_${e + 1}`,
    risk_of_reversal_percentage: plan.risks[e] ?? null,
    component_attributions: list,
  }));
  return {
    component_blueprints: blueprints.filter((_, b) => used.has(b)),
    datapoints,
    components,
    ghg_entries,
  };
}

/**
 * Arbitrary of valid removal graph documents built on `blueprints` (at least one; keys unique):
 * components of those blueprints with datapoints of their inputs' kinds in any accepted unit,
 * GHG entries attributing them (components shared across entries with factors summing to at most
 * 1), datapoints reused across slots of the same quantity kind and options, LIST inputs of several
 * datapoints.
 * The document lists the blueprints its components use. Every document it yields is accepted by
 * `evaluateGraph` as long as the blueprints compile and evaluate to finite values over the ranges
 * drawn (narrow `options.inputs` where a formula has a domain, such as a logarithm).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(graphOf(library.component_blueprints), (graph) => evaluateGraph(graph).ghg_entries.length > 0));
 * ```
 * @throws RangeError when `blueprints` is empty or a range of `options` is empty.
 * @public
 */
export function graphOf(blueprints: readonly BlueprintDefinition[], options: GraphOptions = {}): fc.Arbitrary<RemovalGraphInput> {
  assertOptions(options, GRAPH_OPTION_CHECKS, 'options of graphOf');
  if (blueprints.length === 0) throw new RangeError('graphOf: expected at least one blueprint');
  const entries = options.entries ?? DEFAULTS.entries;
  const components = options.components ?? DEFAULTS.components;
  checkLengthRange('graphOf entries', entries, 1);
  checkLengthRange('graphOf components', components, 1);
  checkLengthRange('graphOf listLength', options.listLength ?? DEFAULT_LIST_LENGTH, 1, MAX_LIST_LENGTH);
  const plans = blueprints.map((b, i) => componentPlan(b, i, options, entries.max));
  const lists = new Map(blueprints.map((b) => [b.key, new Set(b.inputs.filter((i) => i.data_shape === 'LIST').map((i) => i.input_key))]));
  const component = plans.length === 1 ? (plans[0] as fc.Arbitrary<ComponentPlan>) : fc.oneof(...plans);
  const risk: fc.Arbitrary<number | null> =
    (options.riskOfReversal ?? true) ? fc.option(fc.constantFrom(...RISKS), { nil: null, freq: 4 }) : fc.constant(null);
  return fc
    .record({
      entries: fc.integer({ min: entries.min, max: entries.max }),
      risks: fc.array(risk, { minLength: entries.max, maxLength: entries.max }),
      components: fc.array(component, { minLength: components.min, maxLength: components.max }),
    })
    .map((plan) => {
      const document = writeGraph(blueprints, plan, options.lognormalMedian === true);
      return options.sampleSets === true ? withSampleSets(document, lists) : document;
    });
}
