/**
 * The two graphs of bench/monte-carlo.mjs (and their NumPy twins in bench/monte_carlo_numpy.py).
 *
 * - `biochar` (issue 25): per entry 7 scalar datapoints, 3 components of plain products.
 * - `lists` (issue 36): per entry 8 to 15 datapoints, LIST inputs through every reducer
 *   (sum, mean, min, max, count) and nonlinear formulas (exp, log, a two-argument min):
 *   sequestration   m * min(mean(c), 0.9) * 44/12 * exp(-k)        (c: 1-4 carbon fractions)
 *   transport       m * sum(d) * ef                                 (d: 1-3 legs)
 *   energy          mean(e) * count(e) * ef                         (e: 1-3 meters)
 *   leakage (LOSS)  m * max(c) * 44/12 * log(1 + r)
 *   The mass and the carbon fractions are shared by the components of an entry (the reuse rule).
 *
 * Both are deterministic in the entry's index (no random generator), so the engine and NumPy
 * read the same document.
 */

const pad = (e) => String(e).padStart(5, '0');
const input = (key, kind, unit, shape = 'SCALAR') => ({ input_key: key, quantity_kind: kind, compatible_unit: unit, data_shape: shape });
const mapping = (k, shape) => ({ template_key: k, input_key: k, type: 'DATAPOINT', ...(shape === 'LIST' ? { data_shape: 'LIST' } : {}) });
const expression = (key, template, keys, lists = []) => ({
  key,
  template,
  inputs: keys.map((k) => mapping(k, lists.includes(k) ? 'LIST' : 'SCALAR')),
});
const component = (id, blueprint, inputs) => ({
  id,
  blueprint_key: blueprint,
  inputs: Object.entries(inputs).map(([key, ids]) => ({ input_key: key, datapoint_ids: Array.isArray(ids) ? ids : [ids] })),
});

/** Issue 25's biochar-like graph: sequestration m * c * 44/12 * p, less transport and energy. */
export function biocharGraph(n) {
  const blueprints = [
    {
      key: 'sequestration',
      type: 'SEQUESTRATION',
      inputs: [input('m', 'mass', 't'), input('c', 'dimensionless', ''), input('p', 'dimensionless', '')],
      expressions: [expression('co2e', '{m} * {c} * 44 / 12 * {p}', ['m', 'c', 'p'])],
    },
    {
      key: 'transport',
      type: 'ACTIVITY',
      inputs: [input('m', 'mass', 't'), input('d', 'distance', 'km'), input('ef', 'mass_distance_carbon_emission_factor', 'kgCO2e/(t*km)')],
      expressions: [expression('co2e', '{m} * {d} * {ef}', ['m', 'd', 'ef'])],
    },
    {
      key: 'energy',
      type: 'ACTIVITY',
      inputs: [input('e', 'energy', 'kWh'), input('ef', 'energy_carbon_emission_factor', 'kgCO2e/kWh')],
      expressions: [expression('co2e', '{e} * {ef}', ['e', 'ef'])],
    },
  ];
  const datapoints = [];
  const components = [];
  const ghg_entries = [];
  const dp = (id, magnitude, unit, sd) => (datapoints.push({ id, quantity: { magnitude, unit, standard_deviation: sd } }), id);
  for (let e = 0; e < n; e++) {
    const k = (name) => `dtp_${name}_${pad(e)}`;
    const m = 80 + (e % 37);
    const ids = {
      m: dp(k('mass'), m, 't', 0.02 * m),
      c: dp(k('carbon'), 0.7 + (e % 11) / 100, '', 0.03),
      p: dp(k('permanence'), 0.85 + (e % 7) / 100, '', 0.04),
      d: dp(k('distance'), 100 + (e % 50), 'km', 10),
      eft: dp(k('ef_transport'), 0.1, 'kgCO2e/(t*km)', 0.01),
      en: dp(k('energy'), 20_000 + 100 * (e % 13), 'kWh', 1000),
      efe: dp(k('ef_energy'), 0.4, 'kgCO2e/kWh', 0.05),
    };
    const c = (name) => `cmp_${name}_${pad(e)}`;
    components.push(
      component(c('seq'), 'sequestration', { m: ids.m, c: ids.c, p: ids.p }),
      component(c('tra'), 'transport', { m: ids.m, d: ids.d, ef: ids.eft }),
      component(c('ene'), 'energy', { e: ids.en, ef: ids.efe }),
    );
    ghg_entries.push({
      id: `rmv_${pad(e)}`,
      risk_of_reversal_percentage: 5,
      component_attributions: ['seq', 'tra', 'ene'].map((x) => ({ component_id: c(x) })),
    });
  }
  return { component_blueprints: blueprints, datapoints, components, ghg_entries };
}

/** Issue 36's second graph: 8 to 15 datapoints per entry, LIST reducers and exp/log/min/max (module comment). */
export function listsGraph(n) {
  const blueprints = [
    {
      key: 'sequestration',
      type: 'SEQUESTRATION',
      inputs: [input('m', 'mass', 't'), input('c', 'dimensionless', '', 'LIST'), input('k', 'dimensionless', '')],
      expressions: [expression('co2e', '{m} * min(mean({c}), 0.9) * 44 / 12 * exp(-{k})', ['m', 'c', 'k'], ['c'])],
    },
    {
      key: 'transport',
      type: 'ACTIVITY',
      inputs: [
        input('m', 'mass', 't'),
        input('d', 'distance', 'km', 'LIST'),
        input('ef', 'mass_distance_carbon_emission_factor', 'kgCO2e/(t*km)'),
      ],
      expressions: [expression('co2e', '{m} * sum({d}) * {ef}', ['m', 'd', 'ef'], ['d'])],
    },
    {
      key: 'energy',
      type: 'ACTIVITY',
      inputs: [input('e', 'energy', 'kWh', 'LIST'), input('ef', 'energy_carbon_emission_factor', 'kgCO2e/kWh')],
      expressions: [expression('co2e', 'mean({e}) * count({e}) * {ef}', ['e', 'ef'], ['e'])],
    },
    {
      key: 'leakage',
      type: 'LOSS',
      inputs: [input('m', 'mass', 't'), input('c', 'dimensionless', '', 'LIST'), input('r', 'dimensionless', '')],
      expressions: [expression('co2e', '{m} * max({c}) * 44 / 12 * log(1 + {r})', ['m', 'c', 'r'], ['c'])],
    },
  ];
  const datapoints = [];
  const components = [];
  const ghg_entries = [];
  const dp = (id, magnitude, unit, sd) => (datapoints.push({ id, quantity: { magnitude, unit, standard_deviation: sd } }), id);
  for (let e = 0; e < n; e++) {
    const k = (name, i) => `dtp_${name}${i === undefined ? '' : `_${i}`}_${pad(e)}`;
    const list = (count, make) => Array.from({ length: count }, (_, i) => make(i));
    const m = 80 + (e % 37);
    const ids = {
      m: dp(k('mass'), m, 't', 0.02 * m),
      c: list(1 + (e % 4), (i) => dp(k('carbon', i), 0.7 + ((e + 3 * i) % 11) / 100, '', 0.03)),
      k: dp(k('decay'), 0.05 + (e % 5) / 100, '', 0.01),
      d: list(1 + (e % 3), (i) => dp(k('leg', i), 40 + ((e + 7 * i) % 50), 'km', 5)),
      eft: dp(k('ef_transport'), 0.1, 'kgCO2e/(t*km)', 0.01),
      e: list(1 + ((e >> 2) % 3), (i) => dp(k('meter', i), 8_000 + 100 * ((e + i) % 13), 'kWh', 400)),
      efe: dp(k('ef_energy'), 0.4, 'kgCO2e/kWh', 0.05),
      r: dp(k('leak_rate'), 0.02 + (e % 3) / 100, '', 0.005),
    };
    const c = (name) => `cmp_${name}_${pad(e)}`;
    components.push(
      component(c('seq'), 'sequestration', { m: ids.m, c: ids.c, k: ids.k }),
      component(c('tra'), 'transport', { m: ids.m, d: ids.d, ef: ids.eft }),
      component(c('ene'), 'energy', { e: ids.e, ef: ids.efe }),
      component(c('lea'), 'leakage', { m: ids.m, c: ids.c, r: ids.r }),
    );
    ghg_entries.push({
      id: `rmv_${pad(e)}`,
      risk_of_reversal_percentage: 5,
      component_attributions: ['seq', 'tra', 'ene', 'lea'].map((x) => ({ component_id: c(x) })),
    });
  }
  return { component_blueprints: blueprints, datapoints, components, ghg_entries };
}

/** The graphs by name, for --graph. */
export const MONTE_CARLO_GRAPHS = Object.freeze({ biochar: biocharGraph, lists: listsGraph });
