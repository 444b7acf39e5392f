// An entry's result as entry-results.ts writes it: a Monte Carlo run's invalid-draw warning lands in
// the entry whose draws were invalid (and only there), and a component attributed by a statement or
// a project carries its attribution_scope (docs/result.md). Known answers, fixed seeds.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluationResult, type RemovalGraphInput } from '../../src';
import { component, datapoint, entry, logBlueprint } from './fixtures';
import { cmp, datapoint as tonnes, ggs, massComponent, prj, rmv, statement, statementGraph } from '../statements/helpers';

/**
 * Two entries on y = log(x) * m: the first with x = 1 exactly (no draw invalid), the second with
 * x ~ N(1, 0.5), of whose draws about 2.275 % fall at or below 0, outside log's domain.
 */
function twoEntryLogGraph(): RemovalGraphInput {
  return {
    component_blueprints: [logBlueprint()],
    datapoints: [datapoint('one', 1, ''), datapoint('x', 1, '', 0.5), datapoint('m', 1, 'kg', 0.1)],
    components: [component('safe', 'log', { x: 'one', m: 'm' }), component('risky', 'log', { x: 'x', m: 'm' })],
    ghg_entries: [entry('safe', { safe: 1 }, null), entry('risky', { risky: 1 }, null)],
  };
}

describe("a Monte Carlo run's warnings in the entry results", () => {
  // Evaluated inside each test, not at collection: Stryker's per-test coverage sees only what a test runs.
  const samples = 4000;
  const run = () => {
    const result = evaluateGraph(twoEntryLogGraph(), { monteCarlo: { samples, seed: 11 } });
    const [safe, risky] = result.ghg_entries as [EvaluationResult['ghg_entries'][number], EvaluationResult['ghg_entries'][number]];
    return { result, safe, risky };
  };

  it('puts the invalid-draw warning in the entry whose draws were invalid, with its count', () => {
    const { risky } = run();
    const count = risky.monte_carlo!.invalid_draws;
    // About 2.275 % of 4000 = 91; 4 standard errors either side.
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThan(130);
    const warnings = risky.warnings.filter((w) => w.code === 'monte_carlo_invalid_draws');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.path).toBe('ghg_entries[1]');
    expect(warnings[0]!.message).toContain(`${count} of ${samples}`);
  });

  it('gives the entry without invalid draws no Monte Carlo warning at all', () => {
    const { safe } = run();
    expect(safe.monte_carlo!.invalid_draws).toBe(0);
    expect(safe.warnings.filter((w) => w.code === 'monte_carlo_invalid_draws')).toEqual([]);
    // No stray element where the run had no warnings for the entry.
    for (const w of safe.warnings) expect(w).toMatchObject({ code: expect.any(String), path: 'ghg_entries[0]' });
  });

  it('lists the warning once at the top level', () => {
    const { result } = run();
    expect(result.warnings.filter((w) => w.code === 'monte_carlo_invalid_draws').map((w) => w.path)).toEqual(['ghg_entries[1]']);
  });
});

describe('the attribution_scope of a component result', () => {
  const T = 1000;
  const componentOf = (result: EvaluationResult, entryName: string, name: string) =>
    result.ghg_entries.find((e) => e.id === rmv(entryName))!.components.find((c) => c.component_id === cmp(name))!;

  /** Two entries of 100 t and 300 t in one statement, plus a 40 t emission `x` placed as `place` says. */
  function graph(place: Record<string, unknown>): RemovalGraphInput {
    const base = statementGraph([100, 300]);
    return {
      ...base,
      datapoints: [...base.datapoints, tonnes('x', 40)],
      components: [...base.components, massComponent('x', 'emit')],
      ...place,
    } as RemovalGraphInput;
  }

  it('is GHG_STATEMENT for a statement-level component: 40 t split in two, 20 t each', () => {
    const result = evaluateGraph(graph({ ghg_statements: [statement('a', ['e0', 'e1'], { component_ids: [cmp('x')] })] }));
    for (const name of ['e0', 'e1']) {
      expect(componentOf(result, name, 'x')).toEqual({
        component_id: cmp('x'),
        type: 'ACTIVITY',
        attribution_factor: 0.5,
        co2e_kg: 20 * T,
        contribution_kg: -20 * T,
        standard_deviation_kg: null,
        attribution_scope: 'GHG_STATEMENT',
      });
    }
    expect(componentOf(result, 'e0', 's0')).not.toHaveProperty('attribution_scope');
    expect(result.ghg_entries.map((e) => e.co2e_net_removed_without_discount_kg)).toEqual([80 * T, 280 * T]);
  });

  it('is PROJECT for a project-level component: 40 t x 400 / 800 split in two, 10 t each', () => {
    const project = {
      id: prj('p'),
      estimated_gross_tonnage_kg: 800 * T,
      components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
    };
    const result = evaluateGraph(graph({ projects: [project] }));
    expect(result.ghg_statements![0]!.id).toBe(ggs('a'));
    for (const name of ['e0', 'e1']) {
      expect(componentOf(result, name, 'x')).toMatchObject({ attribution_scope: 'PROJECT', attribution_factor: 0.25, co2e_kg: 10 * T });
    }
    expect(componentOf(result, 'e1', 's1')).not.toHaveProperty('attribution_scope');
  });
});
