// A reference that names nothing names the nearest valid name when one is close (docs/errors.md,
// the project rule "the nearest valid name when a key is misspelled"): ids, keys, enumeration values
// and units, each with the issue's code, path and whole message. Far from every name, no hint.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph, type GraphIssue, type RemovalGraphInput } from '../../src';
import { editDistance } from '../../src/model/nearest-name';
import { cmp, datapoint, dtp, transportGraph } from './fixtures';
import { cmp as scmp, datapoint as sdatapoint, ggs, massComponent, prj, rmv, statement, statementGraph } from '../statements/helpers';

function issuesOf(graph: unknown): readonly GraphIssue[] {
  const outcome = safeEvaluateGraph(graph);
  if (outcome.ok) throw new Error('expected the graph to be rejected');
  return outcome.issues;
}

const transport = (f: (g: RemovalGraphInput) => void): RemovalGraphInput => {
  const g = transportGraph();
  f(g);
  return g;
};

/** statementGraph([100, 200]) with an emission component x of 1 t and whatever `extra` adds. */
const withEmission = (extra: Partial<RemovalGraphInput> & Record<string, unknown>): RemovalGraphInput => {
  const base = statementGraph([100, 200]);
  return {
    ...base,
    datapoints: [...base.datapoints, sdatapoint('x', 1)],
    components: [...base.components, massComponent('x', 'emit')],
    ...extra,
  } as RemovalGraphInput;
};

describe('a misspelled reference names the nearest valid name', () => {
  it('a blueprint key, a component input, a datapoint id', () => {
    expect(issuesOf(transport((g) => (g.components[0]!.blueprint_key = 'transprt')))).toEqual([
      {
        path: ['components', 0, 'blueprint_key'],
        code: 'unknown_blueprint',
        message: `component '${cmp('transport')}' names blueprint 'transprt', which the document does not define; did you mean 'transport'?`,
      },
    ]);
    // Far from every key: no hint.
    expect(issuesOf(transport((g) => (g.components[0]!.blueprint_key = 'teleport')))[0]!.message).toBe(
      `component '${cmp('transport')}' names blueprint 'teleport', which the document does not define`,
    );
    expect(issuesOf(transport((g) => (g.components[0]!.inputs[2]!.input_key = 'eff')))).toEqual([
      {
        path: ['components', 0, 'inputs', 2, 'input_key'],
        code: 'unknown_input',
        message: `component '${cmp('transport')}' supplies input 'eff', which blueprint 'transport' does not have; did you mean 'ef'?`,
      },
      {
        path: ['components', 0, 'inputs'],
        code: 'missing_input',
        message: `component '${cmp('transport')}' does not supply input 'ef' of blueprint 'transport'`,
      },
    ]);
    expect(issuesOf(transport((g) => (g.components[0]!.inputs[0]!.datapoint_ids = [dtp('mas')])))).toEqual([
      {
        path: ['components', 0, 'inputs', 0, 'datapoint_ids', 0],
        code: 'unknown_datapoint',
        message: `component '${cmp('transport')}' input 'm' names datapoint '${dtp('mas')}', which the document does not define; did you mean '${dtp('mass')}'?`,
      },
    ]);
  });

  it("an expression's input or expression key, a quantity kind and a component type", () => {
    expect(issuesOf(transport((g) => (g.component_blueprints[0]!.expressions[0]!.inputs[0]!.input_key = 'mm')))).toEqual([
      {
        path: ['component_blueprints', 0, 'expressions', 0, 'inputs', 0, 'input_key'],
        code: 'expression_unknown_input',
        message:
          'Blueprint "transport", expression "result": variable {m} refers to input "mm", which the blueprint does not have; did you mean "m"?',
      },
    ]);
    const chained = transport((g) => {
      const [expression] = g.component_blueprints[0]!.expressions;
      g.component_blueprints[0]!.expressions = [
        { ...expression!, key: 'product' },
        { key: 'result', template: '{p}', inputs: [{ template_key: 'p', input_key: 'produkt', type: 'EXPRESSION_RESULT' }] },
      ];
    });
    // Then "product" is used by nothing: a second sink, also reported.
    expect(issuesOf(chained).map((i) => i.code)).toEqual(['expression_unknown_expression', 'blueprint_multiple_sinks']);
    expect(issuesOf(chained)[0]).toEqual({
      path: ['component_blueprints', 0, 'expressions', 1, 'inputs', 0, 'input_key'],
      code: 'expression_unknown_expression',
      message:
        'Blueprint "transport", expression "result": variable {p} refers to expression "produkt", which the blueprint does not have; did you mean "product"?',
    });
    const kind = issuesOf(transport((g) => ((g.component_blueprints[0]!.inputs[0] as { quantity_kind: string }).quantity_kind = 'mas')));
    expect(kind.map((i) => [i.code, i.path])).toEqual([['invalid_value', ['component_blueprints', 0, 'inputs', 0, 'quantity_kind']]]);
    expect(kind[0]!.message).toMatch(/^Invalid option: expected one of "acidity"\|.*"volume_per_area"; did you mean 'mass'\?$/);
    const type = issuesOf(transport((g) => ((g.component_blueprints[0] as { type: string }).type = 'SEQUESTRATON')));
    expect(type).toEqual([
      {
        path: ['component_blueprints', 0, 'type'],
        code: 'invalid_value',
        message:
          'Invalid option: expected one of "ACTIVITY"|"COUNTERFACTUAL"|"REMOVAL_COUNTERFACTUAL"|"SEQUESTRATION"|"LOSS"|"REDUCTION"|"ADJUSTMENT"|"UNCERTAINTY_DISCOUNT"; did you mean \'SEQUESTRATION\'?',
      },
    ]);
  });

  it("an entry's component, a factor datapoint, a correlation's and a sample set's datapoints", () => {
    expect(issuesOf(transport((g) => (g.ghg_entries[0]!.component_attributions[0]!.component_id = cmp('transpor'))))).toEqual([
      {
        path: ['ghg_entries', 0, 'component_attributions', 0, 'component_id'],
        code: 'unknown_component',
        message: `GHG entry 'rmv_one0000000000000' attributes component '${cmp('transpor')}', which the document does not define; did you mean '${cmp('transport')}'?`,
      },
    ]);
    const factor = transport((g) => {
      const attribution = g.ghg_entries[0]!.component_attributions[0]!;
      delete attribution.attribution_factor;
      attribution.attribution_factor_datapoint_id = dtp('shares');
      g.datapoints.push(datapoint('share', 0.5, ''));
    });
    expect(issuesOf(factor)).toEqual([
      {
        path: ['ghg_entries', 0, 'component_attributions', 0, 'attribution_factor_datapoint_id'],
        code: 'unknown_datapoint',
        message: `attribution factor datapoint '${dtp('shares')}' is not defined in the document; did you mean '${dtp('share')}'?`,
      },
    ]);
    const correlated = transport((g) => (g.correlations = [{ datapoint_ids: [dtp('mass'), dtp('facto')], coefficient: 0.5 }]));
    expect(issuesOf(correlated)).toEqual([
      {
        path: ['correlations', 0, 'datapoint_ids', 1],
        code: 'unknown_datapoint',
        message: `correlation 0 names datapoint '${dtp('facto')}', which the document does not define; did you mean '${dtp('factor')}'?`,
      },
    ]);
    const sampled = transport((g) => (g.sample_sets = [{ id: 'set', columns: { d: [dtp('distance'), dtp('distanse')] } }]));
    expect(issuesOf(sampled)).toEqual([
      {
        path: ['sample_sets', 0, 'columns', 'd', 1],
        code: 'unknown_datapoint',
        message: `sample set 'set' column 'd' names datapoint '${dtp('distanse')}', which the document does not define; did you mean '${dtp('distance')}'?`,
      },
    ]);
  });

  it("a statement's project, entries and components, a manual attribution's entry, a frozen share's component", () => {
    const otherProject = withEmission({ ghg_statements: [statement('a', ['e0', 'e1'], { project_id: prj('q') })], projects: [] });
    otherProject.projects = [{ id: prj('p') }];
    expect(issuesOf(otherProject)).toEqual([
      {
        path: ['ghg_statements', 0, 'project_id'],
        code: 'unknown_project',
        message: `GHG statement '${ggs('a')}' names project '${prj('q')}', which the document's projects do not define; did you mean '${prj('p')}'?`,
      },
    ]);
    const graph = withEmission({
      ghg_statements: [
        statement('a', ['e0', 'e1', 'e9'], {
          component_ids: [scmp('xx')],
          project_component_shares: [{ component_id: scmp('z'), share: 0.1 }],
        }),
      ],
      projects: [
        {
          id: prj('p'),
          estimated_gross_tonnage_kg: 1e6,
          components: [
            { component_id: scmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' },
            {
              component_id: scmp('s0'),
              allocation_strategy: 'MANUAL',
              removal_attributions: [{ removal_id: rmv('e3'), attribution_factor: 0.5 }],
            },
          ],
        },
      ],
    });
    // s0 goes to the project: the entries share s1 instead.
    graph.ghg_entries[0]!.component_attributions = [{ component_id: scmp('s1'), attribution_factor: 0.1 }];
    graph.ghg_entries[1]!.component_attributions = [{ component_id: scmp('s1'), attribution_factor: 0.9 }];
    // Two entries are as near as e9 (and e3) to the statement's: the first one defined is named.
    expect(issuesOf(graph)).toEqual([
      {
        path: ['ghg_statements', 0, 'removal_ids', 2],
        code: 'unknown_entry',
        message: `GHG statement '${ggs('a')}' lists GHG entry '${rmv('e9')}', which the document does not define; did you mean '${rmv('e0')}'?`,
      },
      {
        path: ['ghg_statements', 0, 'component_ids', 0],
        code: 'unknown_component',
        message: `component '${scmp('xx')}' is not defined in the document; did you mean '${scmp('x')}'?`,
      },
      {
        path: ['projects', 0, 'components', 1, 'removal_attributions', 0],
        code: 'unknown_entry',
        message: `project component '${scmp('s0')}' is attributed to GHG entry '${rmv('e3')}', which the document does not define; did you mean '${rmv('e0')}'?`,
      },
      {
        path: ['ghg_statements', 0, 'project_component_shares', 0, 'component_id'],
        code: 'unknown_project_component',
        message: `component '${scmp('z')}' has a frozen share, but it is not an amortised component of the statement's project; did you mean '${scmp('x')}'?`,
      },
    ]);
  });

  it('a project lifetime in a unit that cannot be read is unknown_unit, with the nearest spelling', () => {
    const graph = withEmission({
      projects: [
        {
          id: prj('p'),
          estimated_lifetime: { magnitude: 2, unit: 'yeer' },
          components: [{ component_id: scmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' }],
        },
      ],
    });
    expect(issuesOf(graph)).toEqual([
      {
        path: ['projects', 0, 'estimated_lifetime', 'unit'],
        code: 'unknown_unit',
        message: `project '${prj('p')}' has estimated lifetime unit 'yeer', which is not a known unit: did you mean 'year'?`,
      },
    ]);
  });
});

describe('hint properties', () => {
  /** Ids of 4 to 10 characters after `dtp_`, each at least 3 edits from every other. */
  const distinctIds = fc
    .uniqueArray(fc.stringMatching(/^[a-z0-9]{4,10}$/), { minLength: 1, maxLength: 8 })
    .map((tails) => tails.map((t) => `dtp_${t}`))
    .filter((ids) => ids.every((a, i) => ids.every((b, j) => i === j || editDistance(a, b, 2) > 2)));

  it('an id with one character changed gets that id as its hint, whichever id and character', () => {
    fc.assert(
      fc.property(distinctIds, fc.nat(), fc.nat(), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'), (ids, which, at, by) => {
        const original = ids[which % ids.length]!;
        const k = 4 + (at % (original.length - 4)); // a character after the prefix
        fc.pre(original[k] !== by);
        const misspelled = `${original.slice(0, k)}${by}${original.slice(k + 1)}`;
        const graph = transport((g) => {
          g.datapoints.push(...ids.map((id) => ({ id, quantity: { magnitude: 1, unit: 't' } })));
          g.components[0]!.inputs[0]!.datapoint_ids = [misspelled];
        });
        const [issue] = issuesOf(graph);
        expect(issue!.code).toBe('unknown_datapoint');
        expect(issue!.message.endsWith(`; did you mean '${original}'?`)).toBe(true);
      }),
      { seed: 20260611, numRuns: 200 },
    );
  });
});
