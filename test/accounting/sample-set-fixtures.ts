// A small graph over one sample set: the mean of column a less the mean of column b (a paired
// difference, as a tracer model's treated and control plots), for the sample-set tests.
import type { RemovalGraphInput } from '../../src';

/** Rows of the two columns, kg. */
export const A = [10, 12, 9, 13];
export const B = [8, 11, 7, 12];

/** The graph: one LIST input per column, `mean({a}) - mean({b})`, the set `plots` pairing them by row. */
export function pairedGraph(a: readonly number[] = A, b: readonly number[] = B, order?: readonly number[]): RemovalGraphInput {
  const rows = order ?? a.map((_, i) => i);
  const ida = (i: number) => `dtp_a${i}`;
  const idb = (i: number) => `dtp_b${i}`;
  return {
    component_blueprints: [
      {
        key: 'paired',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'a', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' },
          { input_key: 'b', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' },
        ],
        expressions: [
          {
            key: 'net',
            template: 'mean({a}) - mean({b})',
            inputs: [
              { template_key: 'a', input_key: 'a', type: 'DATAPOINT' },
              { template_key: 'b', input_key: 'b', type: 'DATAPOINT' },
            ],
          },
        ],
      },
    ],
    datapoints: [
      ...a.map((v, i) => ({ id: ida(i), quantity: { magnitude: v, unit: 'kg', standard_deviation: null } })),
      ...b.map((v, i) => ({ id: idb(i), quantity: { magnitude: v, unit: 'kg', standard_deviation: null } })),
    ],
    components: [
      {
        id: 'cmp_paired',
        blueprint_key: 'paired',
        inputs: [
          { input_key: 'a', datapoint_ids: a.map((_, i) => ida(i)) },
          { input_key: 'b', datapoint_ids: b.map((_, i) => idb(i)) },
        ],
      },
    ],
    ghg_entries: [{ id: 'rmv_paired', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp_paired' }] }],
    sample_sets: [{ id: 'plots', columns: { a: rows.map(ida), b: rows.map(idb) } }],
  };
}
