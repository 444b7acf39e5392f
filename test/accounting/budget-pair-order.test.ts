// Covariance lines of equal share are ordered by their first datapoint id, then their second
// (src/accounting/evaluate/budget.ts): ids are any text, so 'a' with 'z' comes before 'ab' with 'c'.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { blueprint } from './fixtures';

describe('covariance lines of equal share', () => {
  it('are ordered by the first id, then the second, whatever the ids length', () => {
    const ids = ['a', 'z', 'ab', 'c'];
    const g = {
      component_blueprints: [blueprint({ key: 'sum', template: 'sum({m})', inputs: { m: { kind: 'mass', unit: 'kg', shape: 'LIST' } } })],
      datapoints: ids.map((id) => ({ id, quantity: { magnitude: 1, unit: 'kg', standard_deviation: 1 } })),
      components: [{ id: 'cmp', blueprint_key: 'sum', inputs: [{ input_key: 'm', datapoint_ids: ids }] }],
      ghg_entries: [
        { id: 'e', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp', attribution_factor: 1 }] },
      ],
      correlations: [
        { datapoint_ids: ['ab', 'c'], coefficient: 0.5 },
        { datapoint_ids: ['a', 'z'], coefficient: 0.5 },
      ],
    } as unknown as RemovalGraphInput;
    // Variance 4 + 2 x (2 x 0.5): each pair's share 1 / 6.
    expect(evaluateGraph(g).ghg_entries[0]!.uncertainty_budget_covariances).toEqual([
      { datapoint_ids: ['a', 'z'], correlation: 0.5, variance_share: 1 / 6 },
      { datapoint_ids: ['ab', 'c'], correlation: 0.5, variance_share: 1 / 6 },
    ]);
  });
});
