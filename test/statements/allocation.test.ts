import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, safeEvaluateGraph, type EvaluationResult, type RemovalGraphInput } from '../../src';
import { projectComponentShare } from '../../src/accounting';
import { cmp, datapoint, ggs, massComponent, prj, rmv, statement, statementGraph } from './helpers';

const T = 1000; // kg per t

function componentOf(result: EvaluationResult, entryName: string, componentName: string) {
  const e = result.ghg_entries.find((x) => x.id === rmv(entryName));
  return e?.components.find((c) => c.component_id === cmp(componentName));
}

/** statementGraph plus one extra emission component `x` of `tonnes` t, attributed as `place` says. */
function withEmission(sizes: number[], tonnes: number, place: Record<string, unknown>): RemovalGraphInput {
  const base = statementGraph(sizes);
  return {
    ...base,
    datapoints: [...base.datapoints, datapoint('x', tonnes)],
    components: [...base.components, massComponent('x', 'emit')],
    ...place,
  } as RemovalGraphInput;
}

const tonnageProject = (estimatedTonnes: number, strategy = 'ESTIMATED_PROJECT_TONNAGE', extra: Record<string, unknown> = {}) => ({
  id: prj('p'),
  estimated_gross_tonnage_kg: estimatedTonnes * T,
  components: [{ component_id: cmp('x'), allocation_strategy: strategy, ...extra }],
});

describe('statement-level components (semantics.md section 4)', () => {
  it('600 t over 3 entries is 200 t each, whatever their size', () => {
    const graph = withEmission([100, 2000, 50], 600, {
      ghg_statements: [statement('a', ['e0', 'e1', 'e2'], { component_ids: [cmp('x')] })],
    });
    const result = evaluateGraph(graph);
    for (const [i, size] of [100, 2000, 50].entries()) {
      const part = componentOf(result, `e${i}`, 'x');
      expect(part).toMatchObject({ type: 'ACTIVITY', attribution_scope: 'GHG_STATEMENT', co2e_kg: 200 * T, contribution_kg: -200 * T });
      expect(part!.attribution_factor).toBeCloseTo(1 / 3, 15);
      expect(result.ghg_entries[i]!.co2e_net_removed_without_discount_kg).toBe(size * T - 200 * T);
    }
    // Own attributions carry no scope.
    expect(componentOf(result, 'e0', 's0')).not.toHaveProperty('attribution_scope');
  });

  it('takes part in the propagation with factor 1/n', () => {
    const graph = withEmission([100, 200, 300], 600, {
      ghg_statements: [statement('a', ['e0', 'e1', 'e2'], { component_ids: [cmp('x')] })],
    });
    graph.datapoints[3]!.quantity.standard_deviation = 30; // 600 t +- 30 t
    const result = evaluateGraph(graph);
    for (const e of result.ghg_entries) {
      expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(10 * T, 9);
      expect(e.uncertainty_budget[0]).toMatchObject({ datapoint_id: graph.datapoints[3]!.id, variance_share: 1 });
      expect(e.uncertainty_budget[0]!.sensitivity).toBeCloseTo(-T / 3, 9); // kg per t
    }
  });

  it('reports statement totals: exact sum of rounded entries, allocation summed or null', () => {
    const graph = withEmission([1.0049, 2.0151, 3], 0, { ghg_statements: [statement('a', ['e0', 'e1', 'e2'])] });
    const result = evaluateGraph(graph);
    const s = result.ghg_statements![0]!;
    expect(s.ghg_entries.map((e) => e.rounded_co2e_net_removed_kg)).toEqual([1000, 2020, 3000]);
    expect(s.total_co2e_removed_kg).toBe(6020);
    expect(s.issuable_kg).toBe(6020);
    // 5 %: ceil(50) + ceil(101) + ceil(150)
    expect(s.credit_allocation).toEqual({ buffer_pool_contribution_kg: 301, supplier_allocation_kg: 5719 });
    expect(s.gross_sequestration_kg).toBeCloseTo((1.0049 + 2.0151 + 3) * T, 9);
    expect(s.ghg_entry_ids).toEqual([rmv('e0'), rmv('e1'), rmv('e2')]);

    const noRisk = evaluateGraph({
      ...graph,
      ghg_entries: graph.ghg_entries.map((e, i) => (i === 1 ? { ...e, risk_of_reversal_percentage: null } : e)),
    });
    expect(noRisk.ghg_statements![0]!.credit_allocation).toBeNull();
  });

  it('leaves results without ghg_statements untouched', () => {
    const { ghg_statements: _drop, ...plain } = statementGraph([1, 2]);
    expect(evaluateGraph(plain)).not.toHaveProperty('ghg_statements');
  });
});

describe('project-level components: the published examples', () => {
  it('ESTIMATED_PROJECT_TONNAGE: 5000 / 10000 of 1000 t = 500 t', () => {
    expect(
      projectComponentShare({
        allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
        statement_gross_sequestration_kg: 5000 * T,
        estimated_project_gross_tonnage_kg: 10000 * T,
      }) * 1000,
    ).toBe(500);
    const graph = withEmission([2000, 3000], 1000, { projects: [tonnageProject(10000)] });
    const result = evaluateGraph(graph);
    const s = result.ghg_statements![0]!;
    expect(s.gross_sequestration_kg).toBe(5000 * T);
    expect(s.project_component_shares).toEqual([
      {
        component_id: cmp('x'),
        allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
        share: 0.5,
        share_before_cap: 0.5,
        capped: false,
        frozen: false,
      },
    ]);
    // 500 t split evenly over the statement's 2 entries.
    expect(componentOf(result, 'e0', 'x')).toMatchObject({ attribution_scope: 'PROJECT', attribution_factor: 0.25, co2e_kg: 250 * T });
    expect(componentOf(result, 'e1', 'x')).toMatchObject({ attribution_scope: 'PROJECT', attribution_factor: 0.25, co2e_kg: 250 * T });
  });

  it('ESTIMATED_PROJECT_LIFETIME: 0.5 y / 2 y of 1000 t = 250 t', () => {
    expect(
      projectComponentShare({ allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME', statement_period: 0.5, project_lifetime: 2 }) * 1000,
    ).toBe(250);
    // In a graph the statement's period is counted in days, both ends included: 182 d of 728 d.
    const project = {
      id: prj('p'),
      estimated_lifetime: { magnitude: 728, unit: 'd' },
      components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' }],
    };
    const graph = withEmission([10], 1000, {
      projects: [project],
      ghg_statements: [statement('a', ['e0'], { reporting_period_end_at: '2025-07-01' })],
    });
    expect(componentOf(evaluateGraph(graph), 'e0', 'x')!.co2e_kg).toBe(250 * T);
    // With the lifetime in (Julian) years: 183 d of 2 x 365.25 d.
    const inYears = {
      ...graph,
      projects: [{ ...project, estimated_lifetime: { magnitude: 2, unit: 'yr' } }],
      ghg_statements: [statement('a', ['e0'], { reporting_period_end_at: '2025-07-02' })],
    };
    expect(componentOf(evaluateGraph(inYears), 'e0', 'x')!.co2e_kg).toBeCloseTo((1000 * T * 183) / 730.5, 9);
  });

  it('CUSTOM_TIME_PERIOD: the days of the statement inside the custom period over its length', () => {
    expect(projectComponentShare({ allocation_strategy: 'CUSTOM_TIME_PERIOD', statement_period: 3, custom_period: 12 })).toBe(0.25);
    const project = {
      id: prj('p'),
      components: [
        {
          component_id: cmp('x'),
          allocation_strategy: 'CUSTOM_TIME_PERIOD',
          custom_period_start_on: '2025-04-01',
          custom_period_end_on: '2025-09-30',
        },
      ],
    };
    // Statement 2025-01-01..2025-06-30: 91 of the custom period's 183 days.
    const graph = withEmission([10], 1000, { projects: [project] });
    expect(componentOf(evaluateGraph(graph), 'e0', 'x')!.co2e_kg).toBeCloseTo((1000 * T * 91) / 183, 9);
    // Policy `statement_period`: the whole statement period (181 d) counts.
    const whole = evaluateGraph(graph, { policies: { customTimePeriodShare: 'statement_period' } });
    expect(componentOf(whole, 'e0', 'x')!.co2e_kg).toBeCloseTo((1000 * T * 181) / 183, 9);
  });

  it('MANUAL: explicit attribution factors per entry, checked against 100 %', () => {
    const manual = (f0: number, f1: number) =>
      withEmission([10, 20], 1000, {
        projects: [
          tonnageProject(1, 'MANUAL', {
            removal_attributions: [
              { removal_id: rmv('e0'), attribution_factor: f0 },
              { ghg_entry_id: rmv('e1'), attribution_factor: f1 },
            ],
          }),
        ],
      });
    const result = evaluateGraph(manual(0.1, 0.3));
    expect(componentOf(result, 'e0', 'x')).toMatchObject({ attribution_scope: 'PROJECT', attribution_factor: 0.1, co2e_kg: 100 * T });
    expect(componentOf(result, 'e1', 'x')).toMatchObject({ attribution_factor: 0.3, co2e_kg: 300 * T });
    const over = safeEvaluateGraph(manual(0.6, 0.6));
    expect(over.ok).toBe(false);
    if (!over.ok)
      expect(over.issues).toEqual([
        expect.objectContaining({
          code: 'attribution_over_one',
          path: ['projects', 0, 'components', 0, 'removal_attributions', 1, 'attribution_factor'],
        }),
      ]);
  });
});

describe('amortisation over a project life', () => {
  /** Three statements in a row, one entry each, sequestering `tonnes[i]` t. */
  function threeStatements(
    tonnes: number[],
    statuses: string[] = ['DRAFT', 'DRAFT', 'DRAFT'],
    extra: Record<number, Record<string, unknown>> = {},
  ) {
    const base = statementGraph(tonnes);
    const periods = [
      ['2025-01-01', '2025-03-31'],
      ['2025-04-01', '2025-06-30'],
      ['2025-07-01', '2025-09-30'],
    ];
    return {
      ...base,
      datapoints: [...base.datapoints, datapoint('x', 1000)],
      components: [...base.components, massComponent('x', 'emit')],
      projects: [tonnageProject(10000)],
      ghg_statements: tonnes.map((_, i) =>
        statement(`s${i}`, [`e${i}`], {
          reporting_period_start_at: periods[i]![0],
          reporting_period_end_at: periods[i]![1],
          status: statuses[i],
          ...extra[i],
        }),
      ),
    } as RemovalGraphInput;
  }

  it('caps the share that would pass 100 % and gives later statements nothing', () => {
    const result = evaluateGraph(threeStatements([6000, 6000, 6000]));
    const shares = result.ghg_statements!.map((s) => s.project_component_shares[0]);
    expect(shares.map((s) => s!.share)).toEqual([0.6, 0.4, 0]);
    expect(shares.map((s) => s!.capped)).toEqual([false, true, true]);
    expect(shares[1]!.share_before_cap).toBe(0.6);
    const total = result.ghg_entries.reduce((sum, e) => sum + (e.components.find((c) => c.component_id === cmp('x'))?.co2e_kg ?? 0), 0);
    expect(total).toBeCloseTo(1000 * T, 9);
  });

  it('allocates only to unverified statements; frozen shares count against the 100 %', () => {
    const result = evaluateGraph(threeStatements([6000, 6000, 1000], ['VERIFIED', 'DRAFT', 'FAILED_VERIFICATION']));
    expect(result.ghg_statements!.map((s) => s.project_component_shares.map((x) => x.share))).toEqual([[], [0.6], [0.1]]);
    expect(componentOf(result, 'e0', 'x')).toBeUndefined();

    const frozen = evaluateGraph(
      threeStatements([6000, 6000, 1000], ['CREDITS_ISSUED', 'AWAITING_VERIFICATION', 'DRAFT'], {
        0: { project_component_shares: [{ component_id: cmp('x'), share: 0.7 }] },
      }),
    );
    const shares = frozen.ghg_statements!.map((s) => s.project_component_shares[0]!);
    expect(shares.map((s) => [s.share, s.frozen, s.capped])).toEqual([
      [0.7, true, false],
      [expect.closeTo(0.3, 15), false, true],
      [0, false, true],
    ]);
    expect(componentOf(frozen, 'e0', 'x')!.co2e_kg).toBe(700 * T);
  });

  it('orders statements by reporting period, not by document order', () => {
    const graph = threeStatements([6000, 6000, 6000]);
    const reversed = { ...graph, ghg_statements: [...graph.ghg_statements!].reverse() };
    const byId = (r: EvaluationResult) => Object.fromEntries(r.ghg_statements!.map((s) => [s.id, s.project_component_shares[0]!.share]));
    expect(byId(evaluateGraph(reversed))).toEqual(byId(evaluateGraph(graph)));
    expect(byId(evaluateGraph(graph))[ggs('s0')]).toBe(0.6);
  });
});

describe('the tonnage share in the propagation (policy amortisedShareInPropagation)', () => {
  // One entry: S = 4000 t +- 100 t sequestered; project component P = 1000 t over 10000 t.
  // net = S - (S / 10000 t) * P, so d(net)/dS = 1 - P / 10000 t = 0.9.
  const graph = () => {
    const g = withEmission([4000], 1000, { projects: [tonnageProject(10000)] });
    g.datapoints[0]!.quantity.standard_deviation = 100;
    return g;
  };
  it('constant (default): the share is a fixed factor', () => {
    const e = evaluateGraph(graph()).ghg_entries[0]!;
    expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(4000 * T - 400 * T, 6);
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(100 * T, 6);
  });
  it('propagated: the share varies with the sequestration', () => {
    const e = evaluateGraph(graph(), { policies: { amortisedShareInPropagation: 'propagated' } }).ghg_entries[0]!;
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(90 * T, 6);
    expect(e.uncertainty_budget[0]!.sensitivity).toBeCloseTo(0.9 * T, 9);
  });
  it('propagated through the cap: a capped share moves against the earlier ones', () => {
    // Two statements of 6000 t: s0 gets S0/10000 t, s1 what is left, 1 - S0/10000 t.
    const g = withEmission([6000, 6000], 1000, {
      projects: [tonnageProject(10000)],
      ghg_statements: [
        statement('a', ['e0']),
        statement('b', ['e1'], { reporting_period_start_at: '2025-07-01', reporting_period_end_at: '2025-12-31' }),
      ],
    });
    g.datapoints[0]!.quantity.standard_deviation = 100;
    const r = evaluateGraph(g, { policies: { amortisedShareInPropagation: 'propagated' } });
    // entry e1: net = S1 - (1 - S0 / 10000 t) * P: d/dS0 = P / 10000 t = 0.1
    const b = r.ghg_entries[1]!.uncertainty_budget.find((l) => l.datapoint_id === g.datapoints[0]!.id)!;
    expect(b.sensitivity).toBeCloseTo(0.1 * T, 9);
  });
});

describe('graph validation of statements and projects', () => {
  const codes = (graph: unknown) => {
    const outcome = safeEvaluateGraph(graph);
    return outcome.ok ? [] : outcome.issues.map((i) => i.code);
  };
  it('reports every problem with its path', () => {
    const graph = withEmission([1, 2], 1, {
      ghg_statements: [
        statement('a', ['e0', 'e1', 'nope'], { component_ids: [cmp('s0')] }),
        statement('b', ['e1'], { reporting_period_start_at: '2026-01-01', reporting_period_end_at: '2025-01-01' }),
      ],
      projects: [{ id: prj('p'), components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }] }],
    });
    expect(codes(graph).sort()).toEqual([
      'component_scope_conflict',
      'entry_in_two_statements',
      'invalid_period',
      'missing_project_field',
      'unknown_entry',
    ]);
  });
  it('checks project fields, units, periods and entry membership', () => {
    const lifetime = (unit: string) =>
      withEmission([1], 1, {
        projects: [
          {
            id: prj('p'),
            estimated_lifetime: { magnitude: 2, unit },
            components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' }],
          },
        ],
      });
    expect(codes(lifetime('kg'))).toEqual(['unit_incompatible']);
    expect(codes(lifetime('yr'))).toEqual([]);
    const custom = withEmission([1], 1, { projects: [tonnageProject(1, 'CUSTOM_TIME_PERIOD', { custom_period_start_on: '2025-01-01' })] });
    expect(codes(custom)).toEqual(['missing_custom_period']);
    const manualElsewhere = withEmission([1], 1, {
      projects: [
        tonnageProject(1, 'ESTIMATED_PROJECT_TONNAGE', { removal_attributions: [{ removal_id: rmv('e0'), attribution_factor: 1 }] }),
      ],
    });
    expect(codes(manualElsewhere)).toEqual(['manual_attribution_not_manual']);
    const badDate = withEmission([1], 1, { ghg_statements: [statement('a', ['e0'], { reporting_period_end_at: '2025-02-30' })] });
    expect(codes(badDate)).toEqual(['custom']);
    const outside = statementGraph([1]);
    (outside.ghg_entries[0] as Record<string, unknown>)['completed_on'] = '2026-01-01';
    expect(codes(outside)).toEqual(['entry_outside_period']);
    const unknownProject = { ...statementGraph([1]), projects: [] };
    expect(codes(unknownProject)).toEqual(['unknown_project']);
    const frozenElsewhere = withEmission([1], 1, {
      ghg_statements: [statement('a', ['e0'], { project_component_shares: [{ component_id: cmp('x'), share: 0.5 }] })],
    });
    expect(codes(frozenElsewhere)).toEqual(['unknown_project_component']);
    const mismatch = statementGraph([1, 2]);
    Object.assign(mismatch.ghg_entries[0] as Record<string, unknown>, { ghg_statement_id: ggs('other'), project_id: prj('q') });
    mismatch.ghg_statements = [statement('a', ['e0', 'e1'], { ghg_entry_ids: [rmv('e1')] }), statement('other', [])];
    expect(codes(mismatch).sort()).toEqual(['ambiguous_entries', 'entry_project_mismatch', 'statement_mismatch']);
    const twice = withEmission([1], 1, {
      projects: [tonnageProject(10)],
      ghg_statements: [
        statement('a', ['e0'], {
          project_component_shares: [
            { component_id: cmp('x'), share: 0.5 },
            { component_id: cmp('x'), share: 0.2 },
          ],
        }),
      ],
    });
    expect(codes(twice)).toEqual(['duplicate_share']);
  });
});

describe("an entry's ghg_statement_id names a statement of the document", () => {
  const named = (statementId: string, extra: Partial<RemovalGraphInput> = {}) => {
    const graph = { ...statementGraph([100, 200]), ...extra };
    (graph.ghg_entries[0] as Record<string, unknown>)['ghg_statement_id'] = statementId;
    return safeEvaluateGraph(graph);
  };

  it('refuses one the document does not define, naming the nearest statement id', () => {
    expect(named(ggs('b'))).toEqual({
      ok: false,
      issues: [
        {
          path: ['ghg_entries', 0, 'ghg_statement_id'],
          code: 'unknown_statement',
          message: `GHG entry '${rmv('e0')}' names GHG statement '${ggs('b')}', which the document does not define; did you mean '${ggs('a')}'?`,
        },
      ],
    });
    // Without statements at all, and far from every id: no hint.
    const { ghg_statements: _none, ...alone } = statementGraph([100, 200]);
    (alone.ghg_entries[0] as Record<string, unknown>)['ghg_statement_id'] = 'statement-2025';
    expect(safeEvaluateGraph(alone)).toEqual({
      ok: false,
      issues: [
        {
          path: ['ghg_entries', 0, 'ghg_statement_id'],
          code: 'unknown_statement',
          message: `GHG entry '${rmv('e0')}' names GHG statement 'statement-2025', which the document does not define`,
        },
      ],
    });
  });

  it('accepts the statement that lists it, and leaves a statement that cannot be read to its own problem', () => {
    expect(named(ggs('a')).ok).toBe(true);
    const unreadable = named(ggs('b'), {
      ghg_statements: [statement('a', ['e0', 'e1']), { id: ggs('b'), project_id: prj('p') } as never],
    });
    expect(unreadable.ok ? [] : unreadable.issues.map((i) => [i.code, i.path])).toEqual([
      ['invalid_type', ['ghg_statements', 1, 'reporting_period_start_at']],
      ['invalid_type', ['ghg_statements', 1, 'reporting_period_end_at']],
    ]);
  });
});

describe('a project component is listed once, with the fields of its strategy only', () => {
  const issues = (graph: unknown) => {
    const outcome = safeEvaluateGraph(graph);
    return outcome.ok ? [] : outcome.issues;
  };

  it('refuses a component listed twice, naming both places (it would be amortised twice)', () => {
    // Listed once: 100 t of 1000 t estimated, 1 t x 0.1 = 0.1 t on the entry. Listed twice, it was 0.2 t.
    const once = withEmission([100], 1, { projects: [tonnageProject(1000)] });
    expect(componentOf(evaluateGraph(once), 'e0', 'x')!.co2e_kg).toBeCloseTo(0.1 * T, 9);
    const listed = tonnageProject(1000);
    const twice = withEmission([100], 1, { projects: [{ ...listed, components: [...listed.components, ...listed.components] }] });
    expect(issues(twice)).toEqual([
      {
        path: ['projects', 0, 'components', 1, 'component_id'],
        code: 'duplicate_component',
        message: `project '${prj('p')}' lists component '${cmp('x')}' more than once (projects[0].components[0] and projects[0].components[1]); a project component is listed once`,
      },
    ]);
  });

  it('refuses a MANUAL component listed twice, even when its factors sum to at most 1', () => {
    const manual = {
      component_id: cmp('x'),
      allocation_strategy: 'MANUAL',
      removal_attributions: [{ removal_id: rmv('e0'), attribution_factor: 0.5 }],
    };
    const graph = withEmission([100, 200], 1, { projects: [{ id: prj('p'), components: [manual, manual] }] });
    expect(issues(graph)).toEqual([
      {
        path: ['projects', 0, 'components', 1, 'component_id'],
        code: 'duplicate_component',
        message: `project '${prj('p')}' lists component '${cmp('x')}' more than once (projects[0].components[0] and projects[0].components[1]); a project component is listed once`,
      },
    ]);
  });

  it('refuses a custom period on a strategy that does not read it, and accepts explicit nulls', () => {
    const graph = withEmission([100], 1, {
      projects: [
        tonnageProject(1000, 'ESTIMATED_PROJECT_TONNAGE', { custom_period_start_on: '2025-01-01', custom_period_end_on: '2025-03-31' }),
      ],
    });
    expect(issues(graph)).toEqual(
      (['custom_period_start_on', 'custom_period_end_on'] as const).map((field, k) => ({
        path: ['projects', 0, 'components', 0, field],
        code: 'custom_period_not_custom',
        message: `project component '${cmp('x')}' is amortised by ESTIMATED_PROJECT_TONNAGE but gives ${field} ${k === 0 ? '2025-01-01' : '2025-03-31'}; a custom period needs allocation_strategy CUSTOM_TIME_PERIOD (otherwise it would be ignored)`,
      })),
    );
    const manual = withEmission([100], 1, {
      projects: [tonnageProject(1000, 'MANUAL', { custom_period_end_on: '2025-03-31' })],
    });
    expect(issues(manual).map((i) => [i.code, i.path.at(-1)])).toEqual([['custom_period_not_custom', 'custom_period_end_on']]);
    const nulls = withEmission([100], 1, {
      projects: [tonnageProject(1000, 'ESTIMATED_PROJECT_TONNAGE', { custom_period_start_on: null, custom_period_end_on: null })],
    });
    expect(componentOf(evaluateGraph(nulls), 'e0', 'x')!.co2e_kg).toBeCloseTo(0.1 * T, 9);
  });
});

describe('allocation properties', () => {
  const sizes = fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 7 });

  it('a statement component is split evenly and the split does not depend on entry order', () => {
    fc.assert(
      fc.property(sizes, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000 }), (tonnes, x, seed) => {
        const names = tonnes.map((_, i) => `e${i}`);
        const order = [...names].sort(
          (a, b) => ((a.charCodeAt(1) * 7919 + seed) % 101) - ((b.charCodeAt(1) * 7919 + seed) % 101) || a.localeCompare(b),
        );
        const graph = withEmission(tonnes, x, { ghg_statements: [statement('a', names, { component_ids: [cmp('x')] })] });
        const shuffled = { ...graph, ghg_statements: [statement('a', order, { component_ids: [cmp('x')] })] };
        const r1 = evaluateGraph(graph);
        const r2 = evaluateGraph(shuffled);
        let total = 0;
        for (const name of names) {
          const a = componentOf(r1, name, 'x')!;
          const b = componentOf(r2, name, 'x')!;
          expect(a.co2e_kg).toBe(b.co2e_kg);
          expect(a.co2e_kg).toBeCloseTo((x * T) / tonnes.length, 6);
          total += a.co2e_kg;
        }
        expect(Math.abs(total - x * T)).toBeLessThanOrEqual(x * T * 1e-12);
      }),
      { seed: 20260401, numRuns: 60 },
    );
  });

  it('amortised shares of a project component never exceed it, and reach it once fully allocated', () => {
    const strategy = fc.constantFrom('ESTIMATED_PROJECT_TONNAGE', 'ESTIMATED_PROJECT_LIFETIME', 'CUSTOM_TIME_PERIOD');
    fc.assert(
      fc.property(
        fc.array(sizes, { minLength: 1, maxLength: 5 }),
        strategy,
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 30, max: 1500 }),
        (statements, strat, estimate, lifetimeDays) => {
          const flat = statements.flat();
          const base = statementGraph(flat);
          let k = 0;
          const ghgStatements = statements.map((group, s) => {
            const names = group.map(() => `e${k++}`);
            const start = new Date(Date.UTC(2025, 0, 1 + 100 * s)).toISOString().slice(0, 10);
            const end = new Date(Date.UTC(2025, 0, 1 + 100 * s + 89)).toISOString().slice(0, 10);
            return statement(`s${s}`, names, { reporting_period_start_at: start, reporting_period_end_at: end });
          });
          const customEnd = new Date(Date.UTC(2025, 0, lifetimeDays)).toISOString().slice(0, 10);
          const graph = {
            ...base,
            datapoints: [...base.datapoints, datapoint('x', 1000)],
            components: [...base.components, massComponent('x', 'emit')],
            ghg_statements: ghgStatements,
            projects: [
              {
                id: prj('p'),
                estimated_gross_tonnage_kg: estimate * T,
                estimated_lifetime: { magnitude: lifetimeDays, unit: 'd' },
                components: [
                  {
                    component_id: cmp('x'),
                    allocation_strategy: strat,
                    // A custom period only where the strategy reads it (custom_period_not_custom otherwise).
                    ...(strat === 'CUSTOM_TIME_PERIOD' ? { custom_period_start_on: '2025-01-01', custom_period_end_on: customEnd } : {}),
                  },
                ],
              },
            ],
          } as RemovalGraphInput;
          const result = evaluateGraph(graph);
          const allocated = result.ghg_entries.reduce(
            (sum, e) => sum + (e.components.find((c) => c.component_id === cmp('x'))?.co2e_kg ?? 0),
            0,
          );
          expect(allocated).toBeLessThanOrEqual(1000 * T * (1 + 1e-12));
          const wanted = result.ghg_statements!.reduce((sum, s) => sum + (s.project_component_shares[0]?.share_before_cap ?? 0), 0);
          if (wanted >= 1) expect(Math.abs(allocated - 1000 * T)).toBeLessThanOrEqual(1000 * T * 1e-12);
          else expect(allocated).toBeCloseTo(wanted * 1000 * T, 6);
        },
      ),
      { seed: 20260402, numRuns: 80 },
    );
  });
});
