// Small builders for removal graph documents used across the accounting tests.
import type { RemovalGraphInput } from '../../src';

type Kind = string;
export interface BlueprintSpec {
  key: string;
  type?: string;
  template: string;
  inputs: Record<string, { kind: Kind; unit: string; shape?: 'SCALAR' | 'LIST' }>;
}

/** A one-expression blueprint whose variables are named like its inputs. */
export function blueprint(spec: BlueprintSpec): RemovalGraphInput['component_blueprints'][number] {
  return {
    key: spec.key,
    type: (spec.type ?? 'SEQUESTRATION') as 'SEQUESTRATION',
    inputs: Object.entries(spec.inputs).map(([input_key, i]) => ({
      input_key,
      quantity_kind: i.kind as 'mass',
      compatible_unit: i.unit,
      data_shape: i.shape ?? 'SCALAR',
    })),
    expressions: [
      {
        key: 'result',
        template: spec.template,
        inputs: Object.entries(spec.inputs).map(([input_key, i]) => ({
          template_key: input_key,
          input_key,
          type: 'DATAPOINT' as const,
          data_shape: i.shape ?? 'SCALAR',
        })),
      },
    ],
  };
}

/**
 * Blueprint 'q' = {m} / ({r} - 1) over a mass m and a ratio r: a datapoint r = 1 divides by zero, the
 * non-finite figure that refuses an entry (docs/result.md).
 */
export function divisionBlueprint(): RemovalGraphInput['component_blueprints'][number] {
  return blueprint({
    key: 'q',
    template: '{m} / ({r} - 1)',
    inputs: { m: { kind: 'mass', unit: 'kg' }, r: { kind: 'dimensionless_ratio', unit: 'dimensionless' } },
  });
}

let counter = 0;
/** A datapoint id of valid length. */
export const dtp = (name: string) => `dtp_${name.padEnd(16, '0')}`;
export const cmp = (name: string) => `cmp_${name.padEnd(16, '0')}`;
export const rmv = (name: string) => `rmv_${name.padEnd(16, '0')}`;

export function datapoint(name: string, magnitude: number, unit: string, sd: number | null = null) {
  counter++;
  return { id: dtp(name), quantity: { magnitude, unit, standard_deviation: sd } };
}

export function component(name: string, blueprintKey: string, inputs: Record<string, string | string[]>) {
  return {
    id: cmp(name),
    blueprint_key: blueprintKey,
    inputs: Object.entries(inputs).map(([input_key, ids]) => ({
      input_key,
      datapoint_ids: (Array.isArray(ids) ? ids : [ids]).map(dtp),
    })),
  };
}

export function entry(name: string, attributions: Record<string, number>, risk: number | null = 5) {
  return {
    id: rmv(name),
    risk_of_reversal_percentage: risk,
    component_attributions: Object.entries(attributions).map(([c, f]) => ({ component_id: cmp(c), attribution_factor: f })),
  };
}

/** The transport example of the issue: 10 t +- 0.5 x 100 km x 0.1 kgCO2e/(t km) +- 0.01. */
export function transportGraph(
  type = 'SEQUESTRATION',
  units: { mass: [number, string, number]; distance: [number, string]; factor: [number, string, number] } = {
    mass: [10, 't', 0.5],
    distance: [100, 'km'],
    factor: [0.1, 'kgCO2e/(t*km)', 0.01],
  },
): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({
        key: 'transport',
        type,
        template: '{m} * {d} * {ef}',
        inputs: {
          m: { kind: 'mass', unit: 't' },
          d: { kind: 'distance', unit: 'km' },
          ef: { kind: 'mass_distance_carbon_emission_factor', unit: 'kgCO2e/(t*km)' },
        },
      }),
    ],
    datapoints: [
      datapoint('mass', units.mass[0], units.mass[1], units.mass[2]),
      datapoint('distance', units.distance[0], units.distance[1]),
      datapoint('factor', units.factor[0], units.factor[1], units.factor[2]),
    ],
    components: [component('transport', 'transport', { m: 'mass', d: 'distance', ef: 'factor' })],
    ghg_entries: [entry('one', { transport: 1 })],
  };
}

/**
 * JCGM 101 example 9.4 with x1 = x2 = 0, u = 0.005: Y = X1^2 + X2^2 is at a stationary point, so
 * first order gives u(y) = 0 and no discount. As a loss, the net is -Y: its Monte Carlo 16th
 * percentile is below 0, the first-order net after discount.
 */
export function stationaryGraph(): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({
        key: 'loss',
        type: 'LOSS',
        template: '({x1} ^ 2 + {x2} ^ 2) * {m}',
        inputs: { x1: { kind: 'dimensionless', unit: '' }, x2: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
      }),
    ],
    datapoints: [datapoint('x1', 0, '', 0.005), datapoint('x2', 0, '', 0.005), datapoint('m', 1e6, 'kg')],
    components: [component('loss', 'loss', { x1: 'x1', x2: 'x2', m: 'm' })],
    ghg_entries: [entry('one', { loss: 1 }, null)],
  };
}

/** y = log(x) * m, key 'log': outside log's domain where a draw of x is at or below 0. */
export function logBlueprint(): RemovalGraphInput['component_blueprints'][number] {
  return blueprint({
    key: 'log',
    template: 'log({x}) * {m}',
    inputs: { x: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
  });
}

/** A control correction applied only where it is significant, key 'corrected': m - (c > 2 s ? c : 0). */
export function controlCorrectionBlueprint(): RemovalGraphInput['component_blueprints'][number] {
  return blueprint({
    key: 'corrected',
    template: '{m} - ({c} > 2 * {s} ? {c} : 0)',
    inputs: { m: { kind: 'mass', unit: 'kg' }, c: { kind: 'mass', unit: 'kg' }, s: { kind: 'mass', unit: 'kg' } },
  });
}

/**
 * `n` entries, each with a product component of its own (`c{i}z` = m{i}z x r) and the datapoint `r`
 * shared by all: entry i has m = scale (i + 1) t +- 0.1 (i + 1), r = 0.5 +- 0.05, net m r in kg.
 */
export function productGraph(n: number, scale: number): RemovalGraphInput {
  const product = blueprint({
    key: 'product',
    template: '{m} * {r}',
    inputs: { m: { kind: 'mass', unit: 't' }, r: { kind: 'dimensionless_ratio', unit: 'dimensionless' } },
  });
  const datapoints = [datapoint('r', 0.5, 'dimensionless', 0.05)];
  const components = [];
  const entries = [];
  for (let i = 0; i < n; i++) {
    datapoints.push(datapoint(`m${i}z`, scale * (i + 1), 't', 0.1 * (i + 1)));
    components.push(component(`c${i}z`, 'product', { m: `m${i}z`, r: 'r' }));
    entries.push(entry(`e${i}z`, { [`c${i}z`]: 1 }));
  }
  return { component_blueprints: [product], datapoints, components, ghg_entries: entries };
}
