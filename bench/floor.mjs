/**
 * The plain-number floor: the same generated graph evaluated by the shortest honest JavaScript
 * that produces the same kind of result, so that every engine figure has a reference measured on
 * the same machine in the same run.
 *
 * What the floor leaves out: validation of any kind, unit parsing (each unit has a precomputed SI
 * factor from the generator), uncertainty (no gradients, variances or budgets) and exact decimals
 * (credits are rounded with plain doubles). What it keeps: indexing the document by id, SI
 * conversion, one formula per blueprint compiled with `new Function` from the generator's
 * knowledge, each component evaluated once, and per entry a result object with its components,
 * its net, the issuable amount and the buffer/supplier split.
 */
import { FLOOR_FORMULAS, UNIT_SI_FACTORS } from './generate-graph.mjs';

const SIGNS = {
  SEQUESTRATION: 1,
  REDUCTION: 1,
  ADJUSTMENT: 1,
  ACTIVITY: -1,
  COUNTERFACTUAL: -1,
  REMOVAL_COUNTERFACTUAL: -1,
  LOSS: -1,
  UNCERTAINTY_DISCOUNT: -1,
};

function listSum(si, slots, start, end) {
  let s = 0;
  for (let k = start; k < end; k++) s += si[slots[k]];
  return s;
}

function listMean(si, slots, start, end) {
  return listSum(si, slots, start, end) / (end - start);
}

/**
 * Compiles one floor formula into `(si, slots, starts, base) => number`: input i of the component
 * occupies `slots[starts[base + i] .. starts[base + i + 1])`.
 */
export function compileFloorFormula(formula) {
  const body = formula
    .replace(/X\((\d+)\)/g, (_, i) => `si[slots[starts[b + ${i}]]]`)
    .replace(/SUM\((\d+)\)/g, (_, i) => `sum(si, slots, starts[b + ${i}], starts[b + ${Number(i) + 1}])`)
    .replace(/MEAN\((\d+)\)/g, (_, i) => `mean(si, slots, starts[b + ${i}], starts[b + ${Number(i) + 1}])`);
  return new Function('sum', 'mean', `return function (si, slots, starts, b) { return ${body}; };`)(listSum, listMean);
}

/** Compiles every blueprint of the document. */
export function compileFloorBlueprints(graph) {
  const compiled = new Map();
  for (const blueprint of graph.component_blueprints) {
    compiled.set(blueprint.key, {
      fn: compileFloorFormula(FLOOR_FORMULAS[blueprint.key].formula),
      sign: SIGNS[blueprint.type],
      type: blueprint.type,
      inputKeys: blueprint.inputs.map((i) => i.input_key),
    });
  }
  return compiled;
}

/** Indexes the document: ids to dense indices, SI magnitudes and standard deviations, flat slots. */
export function prepareFloor(graph) {
  const blueprints = compileFloorBlueprints(graph);
  const nd = graph.datapoints.length;
  const datapointIndex = new Map();
  const si = new Float64Array(nd);
  const siSd = new Float64Array(nd);
  for (let d = 0; d < nd; d++) {
    const { id, quantity } = graph.datapoints[d];
    datapointIndex.set(id, d);
    const factor = UNIT_SI_FACTORS[quantity.unit];
    si[d] = quantity.magnitude * factor;
    siSd[d] = quantity.standard_deviation == null ? 0 : quantity.standard_deviation * factor;
  }
  const nc = graph.components.length;
  const componentIndex = new Map();
  const componentIds = new Array(nc);
  const fns = new Array(nc);
  const types = new Array(nc);
  const signs = new Float64Array(nc);
  const base = new Int32Array(nc);
  const starts = [];
  const slots = [];
  for (let c = 0; c < nc; c++) {
    const component = graph.components[c];
    const blueprint = blueprints.get(component.blueprint_key);
    componentIndex.set(component.id, c);
    componentIds[c] = component.id;
    fns[c] = blueprint.fn;
    types[c] = blueprint.type;
    signs[c] = blueprint.sign;
    base[c] = starts.length;
    // Inputs in blueprint order, whatever order the component lists them in.
    for (const key of blueprint.inputKeys) {
      starts.push(slots.length);
      const supplied = component.inputs.find((i) => i.input_key === key);
      for (const id of supplied.datapoint_ids) slots.push(datapointIndex.get(id));
    }
    starts.push(slots.length);
  }
  const ne = graph.ghg_entries.length;
  const entryIds = new Array(ne);
  const risks = new Array(ne);
  const entryStart = new Int32Array(ne + 1);
  const attributionComponent = [];
  const attributionFactor = [];
  for (let e = 0; e < ne; e++) {
    const entry = graph.ghg_entries[e];
    entryIds[e] = entry.id;
    risks[e] = entry.risk_of_reversal_percentage ?? null;
    entryStart[e] = attributionComponent.length;
    for (const a of entry.component_attributions) {
      attributionComponent.push(componentIndex.get(a.component_id));
      attributionFactor.push(a.attribution_factor ?? 1);
    }
  }
  entryStart[ne] = attributionComponent.length;
  return {
    si,
    siSd,
    componentIds,
    fns,
    types,
    signs,
    base,
    starts: Int32Array.from(starts),
    slots: Int32Array.from(slots),
    entryIds,
    risks,
    entryStart,
    attributionComponent: Int32Array.from(attributionComponent),
    attributionFactor: Float64Array.from(attributionFactor),
  };
}

/** Evaluates every component once, from the given SI values. */
function componentValues(floor, si, out) {
  const { fns, slots, starts, base } = floor;
  for (let c = 0; c < fns.length; c++) out[c] = fns[c](si, slots, starts, base[c]);
  return out;
}

/** Evaluates a prepared floor: one result object per entry, like the engine's without uncertainty. */
export function evaluateFloor(floor) {
  const values = componentValues(floor, floor.si, new Float64Array(floor.fns.length));
  const { entryIds, risks, entryStart, attributionComponent, attributionFactor, componentIds, types, signs } = floor;
  const results = new Array(entryIds.length);
  for (let e = 0; e < entryIds.length; e++) {
    let net = 0;
    const components = [];
    for (let k = entryStart[e]; k < entryStart[e + 1]; k++) {
      const c = attributionComponent[k];
      const factor = attributionFactor[k];
      const contribution = signs[c] * factor * values[c];
      net += contribution;
      components.push({
        component_id: componentIds[c],
        type: types[c],
        attribution_factor: factor,
        co2e_kg: values[c] * factor,
        contribution_kg: contribution,
      });
    }
    const issuable = Math.max(0, Math.round(net / 10) * 10);
    const risk = risks[e];
    const buffer = risk === null ? 0 : Math.ceil((issuable * risk) / 100);
    results[e] = {
      id: entryIds[e],
      co2e_net_removed_kg: net,
      co2e_net_removed_without_discount_kg: net,
      risk_of_reversal_percentage: risk,
      issuable_kg: issuable,
      credit_allocation: risk === null ? null : { buffer_pool_contribution_kg: buffer, supplier_allocation_kg: issuable - buffer },
      components,
    };
  }
  return { ghg_entries: results };
}

/** Index and evaluate in one go (the floor of `evaluateGraph`). */
export function prepareAndEvaluateFloor(graph) {
  return evaluateFloor(prepareFloor(graph));
}

/**
 * The floor of the Monte Carlo cross-check: every datapoint with a standard deviation sampled from
 * a normal (Box-Muller over a small seeded generator), every component evaluated per sample, and
 * each entry's sample summarised by mean, standard deviation and 16th percentile.
 */
export function monteCarloFloor(floor, samples, seed) {
  let x = seed >>> 0;
  const uniform = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (((z ^ (z >>> 16)) >>> 0) + 0.5) / 4294967296;
  };
  const { si, siSd, entryStart, attributionComponent, attributionFactor, signs, entryIds } = floor;
  const sampled = new Float64Array(si.length);
  const values = new Float64Array(floor.fns.length);
  const nets = entryIds.map(() => new Float64Array(samples));
  for (let s = 0; s < samples; s++) {
    for (let d = 0; d < si.length; d++) {
      const sd = siSd[d];
      sampled[d] = sd === 0 ? si[d] : si[d] + sd * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    }
    componentValues(floor, sampled, values);
    for (let e = 0; e < entryIds.length; e++) {
      let net = 0;
      for (let k = entryStart[e]; k < entryStart[e + 1]; k++) {
        const c = attributionComponent[k];
        net += signs[c] * attributionFactor[k] * values[c];
      }
      nets[e][s] = net;
    }
  }
  return nets.map((v) => {
    let mean = 0;
    for (let i = 0; i < v.length; i++) mean += v[i];
    mean /= v.length;
    let ss = 0;
    for (let i = 0; i < v.length; i++) ss += (v[i] - mean) ** 2;
    const sorted = Float64Array.from(v).sort();
    const sd = Math.sqrt(ss / (v.length - 1));
    return {
      samples,
      mean_kg: mean,
      standard_deviation_kg: sd,
      standard_error_of_mean_kg: sd / Math.sqrt(v.length),
      percentile_16_kg: sorted[Math.floor(0.16 * (v.length - 1))],
    };
  });
}
