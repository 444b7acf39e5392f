#!/usr/bin/env node
/**
 * Seeded generator of large removal graph documents (contract.md section 2) for the benchmarks.
 *
 * Library use:  import { generateGraph } from './generate-graph.mjs'
 * Command line: node bench/generate-graph.mjs --entries 10000 --components 20 --seed 1 > /tmp/g.json
 *               node bench/generate-graph.mjs --preset issue16 > /tmp/big.json
 *               node bench/generate-graph.mjs --entries 10000 --stats   (figures only, no document)
 * The document is written a part at a time (writeGraphJson), so it may be larger than one string
 * can hold (100,000 entries x 20 components is about 1 GB: give node --max-old-space-size=8192).
 *
 * The same options and seed always give the same document, byte for byte. Besides the document the
 * module exports what the plain-number floor needs to know about it: every blueprint's formula as
 * plain arithmetic over SI values (FLOOR_FORMULAS) and the SI factor of every unit it writes
 * (UNIT_SI_FACTORS). The engine never sees either; it reads units and templates from the document.
 */
import { pathToFileURL } from 'node:url';

/** SI factor of every unit the generator writes (magnitude in the unit times factor = SI). */
export const UNIT_SI_FACTORS = Object.freeze({
  t: 1000,
  kg: 1,
  km: 1000,
  mi: 1609.344,
  kWh: 3.6e6,
  MWh: 3.6e9,
  '%': 0.01,
  l: 0.001,
  dimensionless: 1,
  kgCO2e: 1,
  tCO2e: 1000,
  'kgCO2e/(t*km)': 1 / (1000 * 1000),
  'kgCO2e/kWh': 1 / 3.6e6,
  'kgCO2e/MWh': 1 / 3.6e9,
  'kgCO2e/l': 1000,
});

/**
 * Kinds of value an input takes, with units (and their weights), the magnitude range in the first
 * unit, the relative standard deviation range, and whether values are factors drawn from a small
 * shared library (emission factors, permanence) rather than measured per component.
 */
const VALUE_KINDS = {
  mass: {
    units: [
      ['t', 3],
      ['kg', 1],
    ],
    range: [5, 60],
    rsd: [0.01, 0.05],
    factor: false,
  },
  sample_mass: {
    units: [
      ['t', 3],
      ['kg', 1],
    ],
    range: [2, 15],
    rsd: [0.01, 0.04],
    factor: false,
  },
  distance: {
    units: [
      ['km', 3],
      ['mi', 1],
    ],
    range: [5, 400],
    rsd: [0.02, 0.1],
    factor: false,
  },
  energy: {
    units: [
      ['kWh', 3],
      ['MWh', 1],
    ],
    range: [200, 20000],
    rsd: [0.01, 0.03],
    factor: false,
  },
  volume: { units: [['l', 1]], range: [20, 800], rsd: [0.01, 0.05], factor: false },
  carbon_share: { units: [['%', 1]], range: [65, 88], rsd: [0.01, 0.04], factor: false },
  loss_share: { units: [['%', 1]], range: [0.5, 6], rsd: [0.05, 0.2], factor: false },
  co2e_mass: {
    units: [
      ['kgCO2e', 2],
      ['tCO2e', 1],
    ],
    range: [50, 5000],
    rsd: [0.05, 0.2],
    factor: false,
  },
  runs: { units: [['dimensionless', 1]], range: [200, 5000], rsd: null, factor: true },
  permanence: { units: [['dimensionless', 1]], range: [0.7, 0.9], rsd: [0.02, 0.05], factor: true },
  yield_ratio: { units: [['dimensionless', 1]], range: [0.25, 0.4], rsd: [0.02, 0.06], factor: true },
  truck_ef: { units: [['kgCO2e/(t*km)', 1]], range: [0.06, 0.15], rsd: [0.05, 0.15], factor: true },
  grid_ef: {
    units: [
      ['kgCO2e/kWh', 3],
      ['kgCO2e/MWh', 1],
    ],
    range: [0.05, 0.6],
    rsd: [0.05, 0.1],
    factor: true,
  },
  diesel_ef: { units: [['kgCO2e/l', 1]], range: [2.5, 2.8], rsd: [0.01, 0.03], factor: true },
};

// Magnitudes are drawn in the first unit of a kind and converted to the unit chosen, so a value in
// kg is 1000 times the same mass in t (sizes stay realistic whatever the unit).
const BASE_UNIT = Object.fromEntries(Object.entries(VALUE_KINDS).map(([k, v]) => [k, v.units[0][0]]));

const input = (key, quantityKind, compatibleUnit, valueKind, shape = 'SCALAR', listSize = null) => ({
  key,
  quantityKind,
  compatibleUnit,
  valueKind,
  shape,
  listSize,
});

/**
 * The blueprint mix: weight (relative frequency among components after each entry's first), the
 * document's blueprint, and the same formula as plain arithmetic for the floor. In floor formulas
 * `X(i)` is the SI value of scalar input i, `SUM(i)` / `MEAN(i)` reduce LIST input i.
 */
const BLUEPRINTS = [
  {
    key: 'road_transport',
    type: 'ACTIVITY',
    weight: 5,
    inputs: [
      input('mass', 'mass', 't', 'mass'),
      input('distance', 'distance', 'km', 'distance'),
      input('emission_factor', 'mass_distance_carbon_emission_factor', 'kgCO2e/(t*km)', 'truck_ef'),
    ],
    expressions: [
      {
        key: 'co2e',
        template: '{m} * {d} * {ef}',
        vars: [
          ['m', 'mass'],
          ['d', 'distance'],
          ['ef', 'emission_factor'],
        ],
      },
    ],
    floor: 'X(0) * X(1) * X(2)',
  },
  {
    key: 'shared_road_transport',
    type: 'ACTIVITY',
    weight: 1,
    inputs: [
      input('masses', 'mass', 't', 'sample_mass', 'LIST', [2, 4]),
      input('distance', 'distance', 'km', 'distance'),
      input('emission_factor', 'mass_distance_carbon_emission_factor', 'kgCO2e/(t*km)', 'truck_ef'),
    ],
    expressions: [
      {
        key: 'co2e',
        template: 'sum({masses}) * {d} * {ef}',
        vars: [
          ['masses', 'masses'],
          ['d', 'distance'],
          ['ef', 'emission_factor'],
        ],
      },
    ],
    floor: 'SUM(0) * X(1) * X(2)',
  },
  {
    key: 'grid_electricity',
    type: 'ACTIVITY',
    weight: 3,
    inputs: [input('energy', 'energy', 'kWh', 'energy'), input('grid_factor', 'energy_carbon_emission_factor', 'kgCO2e/kWh', 'grid_ef')],
    expressions: [
      {
        key: 'co2e',
        template: '{e} * {ef}',
        vars: [
          ['e', 'energy'],
          ['ef', 'grid_factor'],
        ],
      },
    ],
    floor: 'X(0) * X(1)',
  },
  {
    key: 'diesel_combustion',
    type: 'ACTIVITY',
    weight: 2,
    inputs: [input('volume', 'volume', 'l', 'volume'), input('emission_factor', 'volume_carbon_emission_factor', 'kgCO2e/l', 'diesel_ef')],
    expressions: [
      {
        key: 'co2e',
        template: '{v} * {ef}',
        vars: [
          ['v', 'volume'],
          ['ef', 'emission_factor'],
        ],
      },
    ],
    floor: 'X(0) * X(1)',
  },
  {
    key: 'biochar_sequestration',
    type: 'SEQUESTRATION',
    weight: 2,
    inputs: [
      input('dry_mass', 'mass', 't', 'mass'),
      input('carbon_content', 'mass_fraction', '%', 'carbon_share', 'LIST', [3, 6]),
      input('permanence', 'dimensionless_ratio', 'dimensionless', 'permanence'),
    ],
    expressions: [
      {
        key: 'carbon',
        template: '{m} * mean({c})',
        vars: [
          ['m', 'dry_mass'],
          ['c', 'carbon_content'],
        ],
      },
      {
        key: 'co2e',
        template: '{carbon} * 44.009 / 12.011 * {p}',
        vars: [
          ['carbon', 'carbon', 'EXPRESSION_RESULT'],
          ['p', 'permanence'],
        ],
      },
    ],
    floor: 'X(0) * MEAN(1) * 44.009 / 12.011 * X(2)',
  },
  {
    key: 'equipment_amortisation',
    type: 'ACTIVITY',
    weight: 1,
    inputs: [input('embodied', 'mass', 'tCO2e', 'co2e_mass'), input('lifetime_runs', 'count', 'dimensionless', 'runs')],
    expressions: [
      {
        key: 'co2e',
        template: '{embodied} / {runs}',
        vars: [
          ['embodied', 'embodied'],
          ['runs', 'lifetime_runs'],
        ],
      },
    ],
    floor: 'X(0) / X(1)',
  },
  {
    key: 'storage_losses',
    type: 'LOSS',
    weight: 1,
    inputs: [
      input('storage', 'mass', 'kgCO2e', 'co2e_mass'),
      input('handling', 'mass', 'kgCO2e', 'co2e_mass'),
      input('application', 'mass', 'kgCO2e', 'co2e_mass'),
    ],
    expressions: [
      {
        key: 'co2e',
        template: '{s} + {h} + {a}',
        vars: [
          ['s', 'storage'],
          ['h', 'handling'],
          ['a', 'application'],
        ],
      },
    ],
    floor: 'X(0) + X(1) + X(2)',
  },
  {
    key: 'feedstock_loss',
    type: 'LOSS',
    weight: 1,
    inputs: [
      input('feedstock', 'mass', 't', 'mass'),
      input('loss_share', 'mass_fraction', '%', 'loss_share'),
      input('char_yield', 'dimensionless_ratio', 'dimensionless', 'yield_ratio'),
    ],
    expressions: [
      {
        key: 'co2e',
        template: '{f} * {share} * {yield} * 3.664',
        vars: [
          ['f', 'feedstock'],
          ['share', 'loss_share'],
          ['yield', 'char_yield'],
        ],
      },
    ],
    floor: 'X(0) * X(1) * X(2) * 3.664',
  },
  {
    key: 'process_energy',
    type: 'ACTIVITY',
    weight: 1,
    inputs: [
      input('electricity', 'energy', 'kWh', 'energy'),
      input('grid_factor', 'energy_carbon_emission_factor', 'kgCO2e/kWh', 'grid_ef'),
      input('diesel', 'volume', 'l', 'volume'),
      input('diesel_factor', 'volume_carbon_emission_factor', 'kgCO2e/l', 'diesel_ef'),
    ],
    expressions: [
      {
        key: 'grid',
        template: '{e} * {gef}',
        vars: [
          ['e', 'electricity'],
          ['gef', 'grid_factor'],
        ],
      },
      {
        key: 'fuel',
        template: '{v} * {def}',
        vars: [
          ['v', 'diesel'],
          ['def', 'diesel_factor'],
        ],
      },
      {
        key: 'co2e',
        template: '{grid} + {fuel}',
        vars: [
          ['grid', 'grid', 'EXPRESSION_RESULT'],
          ['fuel', 'fuel', 'EXPRESSION_RESULT'],
        ],
      },
    ],
    floor: 'X(0) * X(1) + X(2) * X(3)',
  },
  {
    key: 'no_counterfactual',
    type: 'COUNTERFACTUAL',
    weight: 1,
    inputs: [],
    expressions: [{ key: 'co2e', template: '{zero}', vars: [['zero', 'zero', 'ZERO_TCO2E']] }],
    floor: '0',
  },
];

/** Floor formulas and input shapes by blueprint key (see {@link BLUEPRINTS}). */
export const FLOOR_FORMULAS = Object.freeze(
  Object.fromEntries(BLUEPRINTS.map((b) => [b.key, { formula: b.floor, shapes: b.inputs.map((i) => i.shape) }])),
);

/** The defaults; `reuse` and `factorReuse` are probabilities per datapoint slot. */
export const DEFAULT_OPTIONS = Object.freeze({
  entries: 10_000,
  components: 20,
  seed: 1,
  /** Share of new components attributed to several entries (2 to 4 neighbours, factors summing to <= 1). */
  sharedComponents: 0.1,
  /** Chance that a measured input reuses a recent datapoint of the same kind instead of a new one. */
  reuse: 0.2,
  /** Chance that a factor input (emission factor, permanence, ...) comes from the shared library. */
  factorReuse: 0.95,
  /** Share of datapoints without a standard deviation (null). */
  nullStandardDeviation: 0.2,
  /** Entries with a null risk of reversal (no credit allocation). */
  nullRisk: 0.05,
});

/**
 * The graph of issue 16, the whole-job benchmarks' input: 20,000 entries of 5 attributions,
 * 97,189 components (1,389 split over several entries), 217,919 datapoints, 305,347 datapoint
 * uses; 62 MB of JSON. Fewer shared components and reused measurements than the defaults, so
 * that the counts match the issue's (20,000 entries, about 97,000 components and 218,000
 * datapoints); LIST inputs, chained expressions, mixed units and factor datapoints shared by
 * thousands of components are as in every generated graph.
 */
export const ISSUE_16_GRAPH = Object.freeze({ entries: 20_000, components: 5, seed: 1, sharedComponents: 0.025, reuse: 0.06 });

/** splitmix32: tiny, seedable, good enough to draw a benchmark graph (and the other bench scripts' plans). */
export function createRandom(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `<prefix>_BENCH` + 21 Crockford digits of n: 30 characters, like the service's ULID ids. */
function makeId(prefix, n) {
  let digits = '';
  let v = n;
  for (let i = 0; i < 21; i++) {
    digits = CROCKFORD[v % 32] + digits;
    v = Math.floor(v / 32);
  }
  return `${prefix}_BENCH${digits}`;
}

/** Rounds to 6 significant digits so the JSON stays compact and looks like measured data. */
function sig(v) {
  return Number(v.toPrecision(6));
}

/**
 * Generates a removal graph document.
 * @param {Partial<typeof DEFAULT_OPTIONS>} options
 * @returns {{ graph: object, stats: object }}
 */
export function generateGraph(options = {}) {
  const o = { ...DEFAULT_OPTIONS, ...options };
  const random = createRandom(o.seed);
  const between = (lo, hi) => lo + (hi - lo) * random();
  const pickWeighted = (items, weightOf) => {
    let total = 0;
    for (const item of items) total += weightOf(item);
    let r = random() * total;
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return items[items.length - 1];
  };

  const datapoints = [];
  const components = [];
  const entries = [];
  const factorLibrary = new Map(); // value kind -> datapoint ids
  const recent = new Map(); // value kind -> ring of recent datapoint ids
  const RECENT = 48;
  const FACTOR_LIBRARY = 40;

  const newDatapoint = (valueKind) => {
    const kind = VALUE_KINDS[valueKind];
    const [unit] = pickWeighted(kind.units, (u) => u[1]);
    const base = between(kind.range[0], kind.range[1]);
    const magnitude = sig((base * UNIT_SI_FACTORS[BASE_UNIT[valueKind]]) / UNIT_SI_FACTORS[unit]);
    const sd =
      kind.rsd === null || random() < o.nullStandardDeviation ? null : sig(Math.abs(magnitude) * between(kind.rsd[0], kind.rsd[1]));
    const id = makeId('dtp', datapoints.length);
    datapoints.push({ id, quantity: { magnitude, unit, standard_deviation: sd } });
    return id;
  };

  const datapointFor = (valueKind, taken) => {
    const kind = VALUE_KINDS[valueKind];
    if (kind.factor) {
      let library = factorLibrary.get(valueKind);
      if (library === undefined) factorLibrary.set(valueKind, (library = []));
      if (library.length > 0 && (library.length >= FACTOR_LIBRARY || random() < o.factorReuse)) {
        const id = library[Math.floor(random() * library.length)];
        if (!taken.has(id)) return id;
      }
      const id = newDatapoint(valueKind);
      library.push(id);
      return id;
    }
    let ring = recent.get(valueKind);
    if (ring === undefined) recent.set(valueKind, (ring = []));
    if (ring.length > 0 && random() < o.reuse) {
      const id = ring[Math.floor(random() * ring.length)];
      if (!taken.has(id)) return id;
    }
    const id = newDatapoint(valueKind);
    ring.push(id);
    if (ring.length > RECENT) ring.shift();
    return id;
  };

  const newComponent = (blueprint) => {
    const taken = new Set();
    const inputs = blueprint.inputs.map((spec) => {
      const count = spec.shape === 'LIST' ? spec.listSize[0] + Math.floor(random() * (spec.listSize[1] - spec.listSize[0] + 1)) : 1;
      const ids = [];
      for (let k = 0; k < count; k++) {
        const id = datapointFor(spec.valueKind, taken);
        taken.add(id);
        ids.push(id);
      }
      return { input_key: spec.key, datapoint_ids: ids };
    });
    const id = makeId('cmp', components.length);
    components.push({ id, blueprint_key: blueprint.key, inputs });
    return id;
  };

  const sequestration = BLUEPRINTS.find((b) => b.key === 'biochar_sequestration');
  const counterfactual = BLUEPRINTS.find((b) => b.key === 'no_counterfactual');
  // Attributions already promised to later entries by shared components.
  const pending = Array.from({ length: o.entries }, () => []);
  let sharedCount = 0;
  let attributionCount = 0;
  for (let e = 0; e < o.entries; e++) {
    const attributions = pending[e];
    pending[e] = null;
    let slot = 0;
    while (attributions.length < o.components) {
      // Every entry starts with its own sequestration and counterfactual, then draws from the mix.
      const blueprint = slot === 0 ? sequestration : slot === 1 ? counterfactual : pickWeighted(BLUEPRINTS, (b) => b.weight);
      slot++;
      const componentId = newComponent(blueprint);
      const share = slot > 2 && e + 1 < o.entries && random() < o.sharedComponents;
      if (!share) {
        attributions.push({ component_id: componentId, attribution_factor: 1 });
        continue;
      }
      sharedCount++;
      const parts = Math.min(2 + Math.floor(random() * 3), o.entries - e);
      // Factors in (0, 1] summing to at most 1: random weights scaled to a total of 0.8..1.
      const weights = Array.from({ length: parts }, () => 0.2 + random());
      const scale = between(0.8, 1) / weights.reduce((a, b) => a + b, 0);
      for (let k = 0; k < parts; k++) {
        const attribution = { component_id: componentId, attribution_factor: Math.floor(weights[k] * scale * 1e4) / 1e4 };
        if (k === 0) attributions.push(attribution);
        else pending[e + k].push(attribution);
      }
    }
    attributionCount += attributions.length;
    entries.push({
      id: makeId('rmv', e),
      risk_of_reversal_percentage: random() < o.nullRisk ? null : [2, 5, 10, 12.5, 20][Math.floor(random() * 5)],
      component_attributions: attributions,
    });
  }

  const graph = {
    component_blueprints: BLUEPRINTS.map((b) => ({
      key: b.key,
      type: b.type,
      display_name: b.key.replace(/_/g, ' '),
      inputs: b.inputs.map((i) => ({
        input_key: i.key,
        quantity_kind: i.quantityKind,
        compatible_unit: i.compatibleUnit,
        data_shape: i.shape,
      })),
      expressions: b.expressions.map((x) => ({
        key: x.key,
        template: x.template,
        inputs: x.vars.map(([templateKey, inputKey, type = 'DATAPOINT']) => {
          const spec = b.inputs.find((i) => i.key === inputKey);
          return {
            template_key: templateKey,
            input_key: inputKey,
            type,
            ...(type === 'DATAPOINT' ? { data_shape: spec.shape } : {}),
          };
        }),
      })),
    })),
    datapoints,
    components,
    ghg_entries: entries,
  };
  return {
    graph,
    stats: {
      entries: entries.length,
      components: components.length,
      sharedComponents: sharedCount,
      attributions: attributionCount,
      datapoints: datapoints.length,
      datapointSlots: components.reduce((n, c) => n + c.inputs.reduce((m, i) => m + i.datapoint_ids.length, 0), 0),
    },
  };
}

function parseCli(argv) {
  const names = {
    '--entries': 'entries',
    '--components': 'components',
    '--seed': 'seed',
    '--shared': 'sharedComponents',
    '--reuse': 'reuse',
    '--factor-reuse': 'factorReuse',
    '--null-sd': 'nullStandardDeviation',
  };
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--stats') {
      options.stats = true;
      continue;
    }
    if (arg === '--preset' && argv[i + 1] === 'issue16') {
      Object.assign(options, ISSUE_16_GRAPH);
      i++;
      continue;
    }
    const name = names[arg];
    const value = Number(argv[i + 1]);
    if (name === undefined || !Number.isFinite(value)) {
      process.stderr.write(
        `usage: node bench/generate-graph.mjs [--entries N] [--components C] [--seed S] [--shared P] [--reuse P] [--factor-reuse P] [--null-sd P] [--preset issue16] [--stats]\n  --stats prints the graph's figures to stderr and writes no document\n`,
      );
      process.exit(2);
    }
    options[name] = value;
    i++;
  }
  return options;
}

/**
 * Writes `graph` as JSON.stringify(graph) would, byte for byte, a part at a time: each top-level
 * value on its own and a top-level array 1,000 items per write, so that a document past V8's
 * longest string (512 MB) can be written. `write` returns a promise when the output is full.
 */
export async function writeGraphJson(graph, write) {
  const keys = Object.keys(graph).filter((key) => graph[key] !== undefined);
  await write('{');
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const value = graph[key];
    await write(`${k > 0 ? ',' : ''}${JSON.stringify(key)}:`);
    if (!Array.isArray(value)) {
      await write(JSON.stringify(value));
      continue;
    }
    await write('[');
    for (let i = 0; i < value.length; i += 1000) {
      const part = value.slice(i, i + 1000).map((item) => (item === undefined ? 'null' : JSON.stringify(item)));
      await write(`${i > 0 ? ',' : ''}${part.join(',')}`);
    }
    await write(']');
  }
  await write('}');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { stats: statsOnly, ...options } = parseCli(process.argv.slice(2));
  const { graph, stats } = generateGraph(options);
  process.stderr.write(`${JSON.stringify(stats)}\n`);
  if (statsOnly) process.stderr.write('--stats: the figures above only, no document written\n');
  else {
    const write = (text) => (process.stdout.write(text) ? undefined : new Promise((resolve) => process.stdout.once('drain', resolve)));
    await writeGraphJson(graph, write);
  }
}
