// The evaluation's phases (src/accounting/evaluate/evaluate.ts) on tiny graphs with known answers: the options'
// checks, the Monte Carlo settings and their defaults, a precomputed run, reading the entries a chunk at a time,
// and the statements' results.
import { describe, expect, it } from 'vitest';
import {
  evaluateGraph,
  evaluatePreparedGraph,
  type EvaluateOptions,
  prepareGraph,
  safeEvaluateGraph,
  type RemovalGraphInput,
} from '../../src';
import {
  evaluateOptionIssues,
  monteCarloSettings,
  monteCarloShares,
  refusedParts,
  startEvaluation,
} from '../../src/accounting/evaluate/evaluate';
import { runMonteCarlo } from '../../src/accounting/monte-carlo/run';
import type { PreparedGraph } from '../../src/accounting/prepare/prepare';
import { blueprint, component, datapoint as sdDatapoint, entry } from './fixtures';
import { cmp, datapoint, massComponent, prj, statementGraph } from '../statements/helpers';

const T = 1000; // kg per t

/** Two entries of 10 t and 20 t (sd 1 t each), one statement. */
function graph(): RemovalGraphInput {
  const base = statementGraph([10, 20]);
  return { ...base, datapoints: base.datapoints.map((d) => ({ ...d, quantity: { ...d.quantity, standard_deviation: 1 } })) };
}

/** graph() with a 6 t project emission shared by the statement's entries (60 t estimated tonnage). */
function withProjectEmission(): RemovalGraphInput {
  const base = graph();
  return {
    ...base,
    datapoints: [...base.datapoints, datapoint('x', 6)],
    components: [...base.components, massComponent('x', 'emit')],
    projects: [
      {
        id: prj('p'),
        estimated_gross_tonnage_kg: 60 * T,
        components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
      },
    ],
  };
}

function prepared(document: unknown = graph(), policies?: Parameters<typeof prepareGraph>[1]): PreparedGraph {
  const outcome = prepareGraph(document, policies);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.prepared;
}

describe('the options', () => {
  it('refuse samples and adaptive together, with the path and message', () => {
    expect(evaluateOptionIssues({ monteCarlo: { samples: 10, adaptive: {} } })).toEqual([
      {
        path: ['options', 'monteCarlo'],
        code: 'invalid_option',
        message: 'monteCarlo takes samples (a fixed number of draws) or adaptive, not both',
      },
    ]);
    expect(evaluateOptionIssues({ monteCarlo: { samples: 10 } })).toEqual([]);
    expect(evaluateOptionIssues({ monteCarlo: { adaptive: {} } })).toEqual([]);
    expect(evaluateOptionIssues({})).toEqual([]);
    // With another problem, only that one: the two-key rule is checked on otherwise valid options.
    const twice = evaluateOptionIssues({ propagate: 'no', monteCarlo: { samples: 10, adaptive: {} } } as never);
    expect(twice.map((i) => i.path)).toEqual([['options', 'propagate']]);
  });

  it('are checked before the document is read: a TypeError from evaluateGraph, issues from the others', () => {
    const bad = { propagate: 'yes' } as unknown as Parameters<typeof evaluateGraph>[1];
    expect(() => evaluateGraph(null, bad)).toThrow(TypeError);
    expect(() => evaluateGraph(null, bad)).toThrow(/^invalid options of evaluateGraph: .*propagate/);
    const outcome = safeEvaluateGraph(null, bad);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.issues.map((i) => [i.path, i.code])).toEqual([[['options', 'propagate'], 'invalid_option']]);
    const both = { monteCarlo: { samples: 10, adaptive: {} } };
    expect(() => evaluateGraph(graph(), both)).toThrow(TypeError);
    const viaPrepared = evaluatePreparedGraph(prepared(), both);
    expect(viaPrepared.ok ? [] : viaPrepared.issues.map((i) => i.code)).toEqual(['invalid_option']);
    const started = startEvaluation(prepared(), both);
    expect(started.ok ? [] : started.issues.map((i) => i.path)).toEqual([['options', 'monteCarlo']]);
  });

  it("a prepared graph keeps its policies: a non-empty 'policies' option is refused, an empty one is not", () => {
    // The type leaves `policies` out, so TypeScript refuses it; from JavaScript it may still come.
    // @ts-expect-error -- `policies` is not an option of evaluatePreparedGraph
    expect(evaluatePreparedGraph(prepared(), { policies: {} }).ok).toBe(true);
    const fromJavaScript: EvaluateOptions = { policies: { roundingIncrementKg: 1 } };
    const outcome = evaluatePreparedGraph(prepared(), fromJavaScript);
    expect(outcome).toEqual({
      ok: false,
      issues: [
        {
          path: ['options', 'policies'],
          code: 'invalid_option',
          message: "option 'policies' cannot change a prepared graph's policies: pass them to prepareGraph(document, policies)",
        },
      ],
    });
    const empty = evaluatePreparedGraph(prepared(), { policies: {} } as EvaluateOptions);
    expect(empty).toEqual({ ok: true, result: evaluateGraph(graph()) });
  });

  it('a document that does not validate gives its issues, and evaluateGraph throws them', () => {
    const outcome = safeEvaluateGraph({ ...graph(), ghg_entries: 3 });
    expect(outcome.ok).toBe(false);
    expect(() => evaluateGraph({ ...graph(), ghg_entries: 3 })).toThrow(/ghg_entries/);
  });
});

describe('the Monte Carlo settings', () => {
  it('none without the option under first-order discounting', () => {
    expect(monteCarloSettings(prepared(), {})).toBeNull();
    expect(evaluateGraph(graph()).ghg_entries[0]).not.toHaveProperty('monte_carlo');
  });

  it('defaults: seed 1, adaptive to half the increment, 200,000 draws at most, the policy percentile, p = 0.95', () => {
    expect(monteCarloSettings(prepared(), { monteCarlo: {} })).toEqual({
      seed: 1,
      samples: null,
      toleranceKg: 5,
      maxSamples: 200_000,
      percentile: 16,
      coverageProbability: 0.95,
    });
    const policies = { discountMethod: 'monte_carlo', discountPercentile: 10, roundingIncrementKg: 100 } as const;
    expect(monteCarloSettings(prepared(graph(), policies), {})).toEqual({
      seed: 1,
      samples: null,
      toleranceKg: 50,
      maxSamples: 200_000,
      percentile: 10,
      coverageProbability: 0.95,
    });
  });

  it('takes every given option', () => {
    const options = { monteCarlo: { seed: 9, adaptive: { toleranceKg: 3, maxSamples: 500 }, histogramBins: 4 }, coverageProbability: 0.9 };
    expect(monteCarloSettings(prepared(), options)).toEqual({
      seed: 9,
      samples: null,
      toleranceKg: 3,
      maxSamples: 500,
      percentile: 16,
      coverageProbability: 0.9,
      histogramBins: 4,
    });
    expect(monteCarloSettings(prepared(), { monteCarlo: { samples: 40 } })).toMatchObject({ samples: 40, seed: 1 });
  });

  it('a run under the monte_carlo discount method without the option, with its defaults', () => {
    const result = evaluateGraph(graph(), { policies: { discountMethod: 'monte_carlo' } });
    expect(result.ghg_entries[0]!.monte_carlo).toMatchObject({ percentile: 16, coverage_interval: { probability: 0.95 } });
  });

  it('a precomputed run is used as it is, and ignored when no run is asked for', () => {
    const graphPrepared = prepared();
    const shares = monteCarloShares(graphPrepared);
    if (!(shares instanceof Float64Array)) throw new Error('no shares');
    const settings = monteCarloSettings(graphPrepared, { monteCarlo: { samples: 200, seed: 3 } })!;
    const run = runMonteCarlo(graphPrepared, settings, shares);
    if (Array.isArray(run)) throw new Error('no run');
    const read = (options: Parameters<typeof startEvaluation>[1], precomputed?: typeof run) => {
      const started = startEvaluation(graphPrepared, options, precomputed);
      if (!started.ok) throw new Error('not started');
      return started.evaluation.entries.nextChunk()!.map((e) => e.monte_carlo);
    };
    const seed3 = read({ monteCarlo: { samples: 200, seed: 3 } });
    expect(read({ monteCarlo: { samples: 200, seed: 4 } }, run)).toEqual(seed3);
    expect(read({ monteCarlo: { samples: 200, seed: 4 } })).not.toEqual(seed3);
    expect(read({}, run)).toEqual([undefined, undefined]);
  });
});

describe('a Monte Carlo run without a valid draw', () => {
  // sqrt(-(a - b)^2) + b is b at the magnitudes (a = b) and not a number for every draw of a.
  const m = { kind: 'mass', unit: 't' };
  const noValidDraw = {
    component_blueprints: [blueprint({ key: 'q', template: 'sqrt(-({a} - {b}) * ({a} - {b})) + {b}', inputs: { a: m, b: m } })],
    datapoints: [sdDatapoint('a', 2, 't', 0.1), sdDatapoint('b', 2, 't')],
    components: [component('c', 'q', { a: 'a', b: 'b' })],
    ghg_entries: [entry('e', { c: 1 })],
  };
  const options = { monteCarlo: { samples: 100, seed: 1 } };

  it('refuses the evaluation with monte_carlo_no_valid_draw at the entry, from every entry point', () => {
    const outcome = safeEvaluateGraph(noValidDraw, options);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((i) => [i.path, i.code])).toEqual([[['ghg_entries', 0], 'monte_carlo_no_valid_draw']]);
    expect(outcome.issues[0]!.message).toMatch(/^no Monte Carlo draw of entry 'rmv_e000000000000000' has a finite net: 100 of 100/);
    expect(() => evaluateGraph(noValidDraw, options)).toThrow(/monte_carlo_no_valid_draw|no Monte Carlo draw/);
    const viaPrepared = evaluatePreparedGraph(prepared(noValidDraw), options);
    expect(viaPrepared.ok ? [] : viaPrepared.issues.map((i) => i.code)).toEqual(['monte_carlo_no_valid_draw']);
    const started = startEvaluation(prepared(noValidDraw), options);
    expect(started.ok ? [] : started.issues.map((i) => i.code)).toEqual(['monte_carlo_no_valid_draw']);
    // Without the run, its figures are those of the magnitudes.
    expect(evaluateGraph(noValidDraw).ghg_entries[0]!.co2e_net_removed_without_discount_kg).toBe(2000);
  });
});

describe('the entries and statements', () => {
  it('the statements are refused until every entry was read', () => {
    const started = startEvaluation(prepared());
    if (!started.ok) throw new Error('not started');
    const { evaluation } = started;
    expect(() => evaluation.statementResults()).toThrow('statementResults: read every entry first');
    const entries = [];
    for (let chunk = evaluation.entries.nextChunk(); chunk !== null; chunk = evaluation.entries.nextChunk()) entries.push(...chunk);
    expect(entries.map((e) => e.co2e_net_removed_without_discount_kg)).toEqual([10 * T, 20 * T]);
    expect(evaluation.statementResults()).toEqual(evaluateGraph(graph()).ghg_statements);
    expect(evaluation.documentWarnings).toEqual([]);
    expect(evaluation.refused).toEqual({});
  });

  it('a document without statements has no ghg_statements key, and no refused parts', () => {
    const { ghg_statements: _none, ...plain } = graph();
    const result = evaluateGraph(plain);
    expect(Object.keys(result)).toEqual(['ghg_entries', 'warnings']);
    expect(refusedParts(prepared(plain))).toEqual({});
  });

  it("a statement's figures: ids, period, gross sequestration and totals", () => {
    const result = evaluateGraph(graph());
    const [statement] = result.ghg_statements!;
    expect(statement).toMatchObject({
      id: 'ggs_a_______________',
      project_id: prj('p'),
      status: 'DRAFT',
      reporting_period_start_at: '2025-01-01',
      reporting_period_end_at: '2025-06-30',
      gross_sequestration_kg: 30 * T,
      project_component_shares: [],
    });
    expect(statement!.ghg_entry_ids).toEqual(['rmv_e0______________', 'rmv_e1______________']);
    expect(statement!.removal_ids).toEqual(statement!.ghg_entry_ids);
    expect(statement!.ghg_entries.map((e) => e.ghg_entry_id)).toEqual(statement!.ghg_entry_ids);
    // Each member's net and risk are its entry's (risk 5 % gives a buffer of 5 % of the rounded net).
    expect(statement!.ghg_entries.map((e) => e.co2e_net_removed_kg)).toEqual(result.ghg_entries.map((e) => e.co2e_net_removed_kg));
    expect(statement!.ghg_entries.map((e) => e.credit_allocation)).toEqual(result.ghg_entries.map((e) => e.credit_allocation));
    expect(statement!.total_co2e_removed_kg).toBe(statement!.ghg_entries.reduce((sum, e) => sum + e.rounded_co2e_net_removed_kg, 0));
  });

  it("a project component's share: the statement's share, none before the cap when it is not capped", () => {
    const document = withProjectEmission();
    const result = evaluateGraph(document);
    expect(result.ghg_statements![0]!.project_component_shares).toEqual([
      {
        component_id: cmp('x'),
        allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
        share: 0.5,
        share_before_cap: 0.5,
        capped: false,
        frozen: false,
      },
    ]);
    const shares = monteCarloShares(prepared(document));
    expect(Array.from(shares as Float64Array)).toEqual([0.5]);
    // The statement's 3 t of the 6 t emission, split equally between its two entries.
    expect(result.ghg_entries.map((e) => e.co2e_net_removed_without_discount_kg)).toEqual([8.5 * T, 18.5 * T]);
  });

  it('propagate false under the propagated share policy: the magnitudes of the constant one', () => {
    const document = withProjectEmission();
    const propagated = evaluateGraph(document, { propagate: false, policies: { amortisedShareInPropagation: 'propagated' } });
    expect(propagated).toEqual(evaluateGraph(document, { propagate: false }));
    expect(propagated.ghg_entries.map((e) => e.co2e_net_removed_without_discount_kg)).toEqual([8.5 * T, 18.5 * T]);
  });

  it('propagate false: no standard deviation, no budget', () => {
    const [entry] = evaluateGraph(graph(), { propagate: false }).ghg_entries;
    expect(entry!.co2e_net_removed_standard_deviation_kg).toBeNull();
    expect(entry!.uncertainty_budget).toEqual([]);
    const [propagated] = evaluateGraph(graph()).ghg_entries;
    expect(propagated!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(T, 9);
  });
});
