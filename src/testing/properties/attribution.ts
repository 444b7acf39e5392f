/**
 * Properties of attribution factors: linearity (scaling an entry's factors by lambda scales its
 * net, standard deviation and discount by lambda, and changes no other entry) and conservation of
 * a shared component (what the entries sharing a component receive adds up to the component's own
 * value times the sum of their factors: nothing is created or lost by sharing).
 * May import: accounting, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph } from '../../accounting';
import type { GraphComponent, RemovalGraphInput } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { agree, entryScale, show, withEntries } from '../arbitraries/graph-reading';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/**
 * Checks linearity in attribution factors: one entry's factors multiplied by lambda in (0, 1] give
 * that entry lambda times its net without discount, standard deviation, discounted net and
 * component values, and leave every other entry as it was.
 * @public
 */
export function checkAttributionLinearity(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkAttributionLinearity', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  const arbitrary = fc.record({ graph: graphOf(blueprints, options.graphs), entry: fc.nat(), percent: fc.integer({ min: 1, max: 99 }) });
  return runProperty({
    property: 'attribution_linearity',
    arbitrary,
    graphOfCase: (c) => c.graph,
    test: ({ graph, entry, percent }) => {
      const lambda = percent / 100;
      const target = entry % graph.ghg_entries.length;
      const scaled = withEntries(graph, (e, i) =>
        i !== target
          ? e
          : {
              ...e,
              component_attributions: e.component_attributions.map((a) => ({
                ...a,
                attribution_factor: (a.attribution_factor ?? 1) * lambda,
              })),
            },
      );
      const before = evaluate(graph).ghg_entries;
      const after = evaluate(scaled).ghg_entries;
      for (const [i, x] of before.entries()) {
        const y = after[i];
        if (y === undefined) return { message: `entry ${x.id} is missing after scaling`, variant: scaled };
        const k = i === target ? lambda : 1;
        const scale = entryScale(x) * k;
        const figures: [string, number | null, number | null][] = [
          ['co2e_net_removed_without_discount_kg', x.co2e_net_removed_without_discount_kg, y.co2e_net_removed_without_discount_kg],
          ['co2e_net_removed_standard_deviation_kg', x.co2e_net_removed_standard_deviation_kg, y.co2e_net_removed_standard_deviation_kg],
          ['co2e_net_removed_kg', x.co2e_net_removed_kg, y.co2e_net_removed_kg],
          ...x.components.map((c, n): [string, number, number | null] => [
            `co2e_kg of ${c.component_id}`,
            c.co2e_kg,
            y.components[n]?.co2e_kg ?? null,
          ]),
        ];
        for (const [name, p, q] of figures) {
          const want = p === null ? null : p * k;
          const ok = want === null || q === null ? want === q : agree(q, want, tolerance, name.startsWith('co2e_kg') ? 0 : scale);
          if (!ok) {
            const how = k === 1 ? 'an entry whose factors did not change' : `factors scaled by ${lambda}`;
            return {
              message: `entry ${x.id} (${how}): ${name} is ${show(q)}, expected ${show(p)} x ${k} = ${show(want)}`,
              variant: scaled,
            };
          }
        }
      }
      return null;
    },
    options,
  });
}

/** The document holding one component alone, attributed with factor 1 to one entry. */
function alone(graph: RemovalGraphInput, component: GraphComponent): RemovalGraphInput {
  const ids = new Set(component.inputs.flatMap((i) => i.datapoint_ids ?? (i.datapoint_id === undefined ? [] : [i.datapoint_id])));
  return {
    component_blueprints: graph.component_blueprints.filter((b) => b.key === component.blueprint_key),
    datapoints: graph.datapoints.filter((d) => ids.has(d.id)),
    components: [component],
    ghg_entries: [
      {
        id: 'rmv_alone',
        risk_of_reversal_percentage: null,
        component_attributions: [{ component_id: component.id, attribution_factor: 1 }],
      },
    ],
  };
}

/**
 * Checks conservation of shared components: for every component attributed to two entries or
 * more, the values the entries receive (`co2e_kg`) add up to the component's value on its own
 * times the sum of the factors, so never to more than the component itself.
 * @public
 */
export function checkSharedComponentConservation(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkSharedComponentConservation', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  return runProperty({
    property: 'shared_component_conservation',
    arbitrary: graphOf(blueprints, { entries: { min: 2, max: 3 }, ...options.graphs, sharing: true }),
    graphOfCase: (graph) => graph,
    test: (graph) => {
      // Factors from the document, values from the evaluation.
      const factors = new Map<string, number>();
      for (const e of graph.ghg_entries) {
        for (const a of e.component_attributions) factors.set(`${e.id} ${a.component_id}`, a.attribution_factor ?? 1);
      }
      const received = new Map<string, { total: number; size: number; factors: number; entries: number }>();
      for (const e of evaluate(graph).ghg_entries) {
        for (const c of e.components) {
          const r = received.get(c.component_id) ?? { total: 0, size: 0, factors: 0, entries: 0 };
          const factor = factors.get(`${e.id} ${c.component_id}`) ?? Number.NaN;
          received.set(c.component_id, {
            total: r.total + c.co2e_kg,
            size: r.size + Math.abs(c.co2e_kg),
            factors: r.factors + factor,
            entries: r.entries + 1,
          });
        }
      }
      const shared = graph.components.filter((c) => (received.get(c.id)?.entries ?? 0) > 1);
      if (shared.length === 0) return 'skip';
      for (const component of shared) {
        const r = received.get(component.id) as { total: number; size: number; factors: number; entries: number };
        const own = evaluate(alone(graph, component)).ghg_entries[0]?.components[0]?.co2e_kg ?? Number.NaN;
        const want = own * r.factors;
        if (!agree(r.total, want, tolerance, r.size)) {
          return {
            message: `component ${component.id} is shared by ${r.entries} entries with factors summing to ${show(r.factors)}: they receive ${show(r.total)} kg in total, but the component alone is ${show(own)} kg (expected ${show(want)} kg)`,
            variant: alone(graph, component),
          };
        }
      }
      return null;
    },
    options,
  });
}
