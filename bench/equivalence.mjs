#!/usr/bin/env node
/**
 * Behaviour check for performance work: two builds of the package must give byte-identical
 * results and identical validation problems on generated graphs, valid and deliberately broken.
 *
 *   node bench/equivalence.mjs <before/index.js> <after/index.js> [cases]
 *
 * Each case is a small generated graph with a few random mutations (removed or duplicated ids,
 * unknown references, wrong units, missing, extra or doubled inputs, bad shapes, over-attributed
 * components, legacy factor datapoints, bad numbers). Prints the first difference and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createRandom, generateGraph } from './generate-graph.mjs';

const [beforePath, afterPath, casesArg] = process.argv.slice(2);
if (beforePath === undefined || afterPath === undefined) {
  process.stderr.write('usage: node bench/equivalence.mjs <before/index.js> <after/index.js> [cases]\n');
  process.exit(2);
}
const A = await import(pathToFileURL(resolve(beforePath)).href);
const B = await import(pathToFileURL(resolve(afterPath)).href);
const cases = Number(casesArg ?? 400);

const MUTATIONS = [
  (g, pick) => {
    g.datapoints.splice(Math.floor(pick() * g.datapoints.length), 1);
  },
  (g, pick) => {
    const d = g.datapoints[Math.floor(pick() * g.datapoints.length)];
    g.datapoints.push(structuredClone(d));
  },
  (g, pick) => {
    g.datapoints[Math.floor(pick() * g.datapoints.length)].quantity.unit = ['km', 'kWh', 'furlong', '', 'kgCO2e/l', '%'][
      Math.floor(pick() * 6)
    ];
  },
  (g, pick) => {
    g.datapoints[Math.floor(pick() * g.datapoints.length)].quantity.standard_deviation = [-1, Number.NaN, null, 0][Math.floor(pick() * 4)];
  },
  (g, pick) => {
    g.datapoints[Math.floor(pick() * g.datapoints.length)].quantity.magnitude = [0, -5, 1e308, Number.POSITIVE_INFINITY][
      Math.floor(pick() * 4)
    ];
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs.splice(Math.floor(pick() * c.inputs.length), 1);
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs.push(structuredClone(c.inputs[0]));
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    c.inputs.push({ input_key: 'no_such_input', datapoint_ids: [g.datapoints[0].id] });
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs[0].datapoint_ids = [];
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs[0].datapoint_ids.push(g.datapoints[Math.floor(pick() * g.datapoints.length)].id);
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs[0].datapoint_id = c.inputs[0].datapoint_ids[0];
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) {
      c.inputs[0].datapoint_id = c.inputs[0].datapoint_ids[0];
      delete c.inputs[0].datapoint_ids;
    }
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    if (c.inputs.length > 0) c.inputs[0].datapoint_ids[0] = 'dtp_DOES_NOT_EXIST_000000000';
  },
  (g, pick) => {
    g.components[Math.floor(pick() * g.components.length)].blueprint_key = 'no_such_blueprint';
  },
  (g, pick) => {
    const c = g.components[Math.floor(pick() * g.components.length)];
    g.components.push(structuredClone(c));
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    e.component_attributions.push(structuredClone(e.component_attributions[0]));
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    e.component_attributions[0].component_id = 'cmp_DOES_NOT_EXIST_000000000';
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    const other = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    if (e !== other) other.component_attributions.push({ component_id: e.component_attributions[0].component_id, attribution_factor: 0.7 });
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    const a = e.component_attributions[Math.floor(pick() * e.component_attributions.length)];
    delete a.attribution_factor;
    a.attribution_factor_datapoint_id = g.datapoints[Math.floor(pick() * g.datapoints.length)].id;
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    e.component_attributions[0].attribution_factor_datapoint_id = g.datapoints[0].id;
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    g.ghg_entries.push(structuredClone(e));
  },
  (g, pick) => {
    const e = g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)];
    e.risk_of_reversal_percentage = [null, 0, 100, 33.3][Math.floor(pick() * 4)];
  },
  (g, pick) => {
    const b = g.component_blueprints[Math.floor(pick() * g.component_blueprints.length)];
    b.expressions[b.expressions.length - 1].template += ' + {nope}';
  },
  (g, pick) => {
    const b = g.component_blueprints[Math.floor(pick() * g.component_blueprints.length)];
    if (b.inputs.length > 0) b.inputs[0].data_shape = b.inputs[0].data_shape === 'LIST' ? 'SCALAR' : 'LIST';
  },
  (g, pick) => {
    g.component_blueprints.push(structuredClone(g.component_blueprints[Math.floor(pick() * g.component_blueprints.length)]));
  },
  // An infinite sensitivity (sqrt at 0) makes NaN variance shares: the budget's unordered path.
  (g, pick) => {
    if (!g.component_blueprints.some((b) => b.key === 'root_at_zero')) {
      g.component_blueprints.push({
        key: 'root_at_zero',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'x', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
          { input_key: 'm', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
        ],
        expressions: [
          {
            key: 'co2e',
            template: 'sqrt({x}) * {m} + {m}',
            inputs: [
              { template_key: 'x', input_key: 'x', type: 'DATAPOINT' },
              { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
            ],
          },
        ],
      });
    }
    const n = g.components.length;
    g.datapoints.push({
      id: `dtp_ZERO${String(n).padStart(20, '0')}`,
      quantity: { magnitude: 0, unit: 'dimensionless', standard_deviation: pick() < 0.5 ? 0.1 : 0 },
    });
    g.components.push({
      id: `cmp_ZERO${String(n).padStart(20, '0')}`,
      blueprint_key: 'root_at_zero',
      inputs: [
        { input_key: 'x', datapoint_ids: [`dtp_ZERO${String(n).padStart(20, '0')}`] },
        { input_key: 'm', datapoint_ids: [g.datapoints[0].id] },
      ],
    });
    g.ghg_entries[Math.floor(pick() * g.ghg_entries.length)].component_attributions.push({
      component_id: `cmp_ZERO${String(n).padStart(20, '0')}`,
      attribution_factor: 1,
    });
  },
];

function outcome(engine, graph, options) {
  const prepared = engine.prepareGraph(structuredClone(graph));
  if (!prepared.ok) return { issues: prepared.issues };
  const evaluated = engine.evaluatePreparedGraph(prepared.prepared, options);
  return evaluated.ok ? { result: evaluated.result } : { issues: evaluated.issues };
}

let valid = 0;
for (let n = 0; n < cases; n++) {
  const pick = createRandom(1000 + n);
  const { graph } = generateGraph({
    entries: 3 + Math.floor(pick() * 6),
    components: 4 + Math.floor(pick() * 8),
    seed: n + 1,
    nullRisk: 0.2,
  });
  const mutations = n % 5 === 0 ? 0 : 1 + Math.floor(pick() * 3);
  for (let m = 0; m < mutations; m++) MUTATIONS[Math.floor(pick() * MUTATIONS.length)](graph, pick);
  for (const options of [{}, { propagate: false }, { monteCarlo: { samples: 50, seed: n } }]) {
    const a = JSON.stringify(outcome(A, graph, options));
    const b = JSON.stringify(outcome(B, graph, options));
    if (a !== b) {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      process.stderr.write(
        `case ${n} (${mutations} mutations, options ${JSON.stringify(options)}) differs at ${i}:\n  before: ${a.slice(Math.max(0, i - 200), i + 200)}\n  after:  ${b.slice(Math.max(0, i - 200), i + 200)}\n`,
      );
      process.exit(1);
    }
    if (a.startsWith('{"result"')) valid++;
  }
}
process.stdout.write(`equivalence: ${cases} cases x 3 option sets identical (${valid} evaluated, ${3 * cases - valid} with problems)\n`);
