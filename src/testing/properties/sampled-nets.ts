/**
 * Monte Carlo samples of the nets of a generated graph, drawn here rather than read from the
 * engine's summary: the linearisation check needs the sorted sample (a distribution-free interval
 * for its 16th percentile) and samples in which one input at a time varies (to name the input that
 * drives a gap). Each datapoint with a standard deviation is drawn from a normal distribution in
 * SI, as the engine's cross-check does; components are evaluated with their compiled blueprints.
 * May import: expressions, uncertainty, units, model.
 */
import type { CompiledBlueprint } from '../../expressions';
import type { RemovalGraphInput } from '../../model/graph';
import { createNormalSource, createRandomSource } from '../../uncertainty';
import { toSI } from '../../units';
import { compiledOf, SIGN_OF_TYPE } from './reuse-rule';

/** One component as the sampler evaluates it: its blueprint and the datapoint index of each slot. */
interface SampledComponent {
  readonly blueprint: CompiledBlueprint;
  readonly slots: Int32Array;
  readonly start: Int32Array;
}

/** The components of a graph with their datapoint slots, in the order of the compiled inputs. */
function componentsOf(graph: RemovalGraphInput, index: ReadonlyMap<string, number>): Map<string, SampledComponent> {
  const byKey = new Map(graph.component_blueprints.map((b) => [b.key, b]));
  const out = new Map<string, SampledComponent>();
  for (const component of graph.components) {
    const definition = byKey.get(component.blueprint_key);
    if (definition === undefined) continue;
    const blueprint = compiledOf(definition);
    const slots: number[] = [];
    const start = [0];
    for (const input of blueprint.inputs) {
      const supplied = component.inputs.find((s) => s.input_key === input.input_key);
      const ids = supplied?.datapoint_ids ?? (supplied?.datapoint_id == null ? [] : [supplied.datapoint_id]);
      for (const id of ids) slots.push(index.get(id) ?? -1);
      start.push(slots.length);
    }
    out.set(component.id, { blueprint, slots: Int32Array.from(slots), start: Int32Array.from(start) });
  }
  return out;
}

/**
 * Sorted samples of each entry's net without discount (kg), by entry id. `varies` chooses the
 * datapoints drawn (default: every one with a standard deviation); the others keep their values.
 */
export function sampleNets(
  graph: RemovalGraphInput,
  samples: number,
  seed: number,
  varies: (id: string) => boolean = () => true,
): Map<string, Float64Array> {
  const si = graph.datapoints.map((d) => toSI(d.quantity.magnitude, d.quantity.standard_deviation, d.quantity.unit));
  const sd = si.map((q, i) => (varies((graph.datapoints[i] as { id: string }).id) ? (q.standard_deviation ?? 0) : 0));
  const index = new Map(graph.datapoints.map((d, i) => [d.id, i]));
  const components = componentsOf(graph, index);
  const ids = [...components.keys()];
  const list = [...components.values()];
  // Per entry, the (component, signed factor) pairs of its net, read once.
  const terms = graph.ghg_entries.map((entry) =>
    entry.component_attributions.flatMap((a) => {
      const c = ids.indexOf(a.component_id);
      return c < 0 ? [] : [{ c, factor: SIGN_OF_TYPE[(list[c] as SampledComponent).blueprint.type] * (a.attribution_factor ?? 1) }];
    }),
  );
  const normal = createNormalSource(createRandomSource(seed));
  const drawn = new Float64Array(si.length);
  const values = new Float64Array(Math.max(1, ...list.map((c) => c.slots.length)));
  const componentValue = new Float64Array(list.length);
  const samplesOf = graph.ghg_entries.map(() => new Float64Array(samples));
  for (let s = 0; s < samples; s++) {
    for (let d = 0; d < si.length; d++) drawn[d] = (si[d]?.magnitude ?? 0) + (sd[d] === 0 ? 0 : (sd[d] as number) * normal());
    for (let c = 0; c < list.length; c++) {
      const { slots, start, blueprint } = list[c] as SampledComponent;
      for (let k = 0; k < slots.length; k++) values[k] = drawn[slots[k] as number] as number;
      componentValue[c] = blueprint.evaluate(values, start, null);
    }
    for (let e = 0; e < terms.length; e++) {
      let net = 0;
      for (const t of terms[e] as { c: number; factor: number }[]) net += t.factor * (componentValue[t.c] as number);
      (samplesOf[e] as Float64Array)[s] = net;
    }
  }
  const nets = new Map(graph.ghg_entries.map((e, i) => [e.id, samplesOf[i] as Float64Array]));
  for (const sample of nets.values()) sample.sort();
  return nets;
}

/**
 * A distribution-free confidence interval of the p-quantile of the distribution a sorted sample was
 * drawn from: the order statistics whose ranks bound the binomial count below the quantile within
 * `z` of its standard deviation (normal approximation; z = 3 covers about 99.7 %). It needs no
 * assumption on the shape of the distribution, so a heavy tail does not widen it, unlike a multiple
 * of the sample's standard deviation.
 */
export function percentileInterval(sorted: ArrayLike<number>, p: number, z = 3): { readonly low: number; readonly high: number } {
  const n = sorted.length;
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const spread = z * Math.sqrt(n * p * (1 - p));
  const lowRank = Math.max(0, Math.floor(n * p - spread) - 1);
  const highRank = Math.min(n - 1, Math.ceil(n * p + spread));
  return { low: sorted[lowRank] as number, high: sorted[highRank] as number };
}
