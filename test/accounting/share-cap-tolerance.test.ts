// The 100 % cap of amortised shares (src/accounting/amortisation.ts, docs/rules.md#statement-and-project-components)
// cuts only what exceeds the component's rest by more than the attribution tolerance: two halves of a custom
// period, 183/365 + 182/365, add up to 1.0000000000000002 in floating point, which is not a cut.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { cmp, datapoint, massComponent, prj, statement, statementGraph } from '../statements/helpers';

/** Entries e0, e1 in statements a (2025-01-01 to 2025-07-02) and b (2025-07-03 to 2025-12-31), a 1000 t emission over 2025. */
function halves(): RemovalGraphInput {
  const base = statementGraph([3000, 2000]);
  return {
    ...base,
    datapoints: [...base.datapoints, datapoint('x', 1000)],
    components: [...base.components, massComponent('x', 'emit')],
    ghg_statements: [
      statement('a', ['e0'], { reporting_period_end_at: '2025-07-02' }),
      statement('b', ['e1'], { reporting_period_start_at: '2025-07-03', reporting_period_end_at: '2025-12-31' }),
    ],
    projects: [
      {
        id: prj('p'),
        components: [
          {
            component_id: cmp('x'),
            allocation_strategy: 'CUSTOM_TIME_PERIOD',
            custom_period_start_on: '2025-01-01',
            custom_period_end_on: '2025-12-31',
          },
        ],
      },
    ],
  } as RemovalGraphInput;
}

describe('the cap of amortised shares', () => {
  it('two halves of a period that add up to 1 are not cut', () => {
    // What remains after the first half is one unit in the last place less than the second half.
    expect(1 - 183 / 365 < 182 / 365).toBe(true);
    const shares = evaluateGraph(halves()).ghg_statements!.map((s) => s.project_component_shares[0]!);
    expect(shares.map((s) => s.capped)).toEqual([false, false]);
    expect(shares.map((s) => s.share)).toEqual([183 / 365, 182 / 365]);
    expect(shares.map((s) => s.share_before_cap)).toEqual([183 / 365, 182 / 365]);
  });

  it('a share past the rest by more than the tolerance is cut to the rest', () => {
    const graph = halves();
    graph.ghg_statements![1]!.reporting_period_start_at = '2025-06-01';
    const [, second] = evaluateGraph(graph).ghg_statements!.map((s) => s.project_component_shares[0]!);
    expect(second!.capped).toBe(true);
    expect(second!.share).toBeCloseTo(182 / 365, 12);
    expect(second!.share_before_cap).toBeGreaterThan(second!.share);
  });
});
