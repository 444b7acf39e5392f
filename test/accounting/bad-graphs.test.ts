import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, safeEvaluateGraph, type GraphIssue, type RemovalGraphInput } from '../../src';
import { blueprint, divisionBlueprint, cmp, component, datapoint, dtp, entry, transportGraph } from './fixtures';

function issuesOf(graph: unknown): readonly GraphIssue[] {
  const outcome = safeEvaluateGraph(graph);
  if (outcome.ok) throw new Error('expected the graph to be rejected');
  return outcome.issues;
}

const mutate = (f: (g: RemovalGraphInput) => void): RemovalGraphInput => {
  const g = structuredClone(transportGraph());
  f(g);
  return g;
};

describe('invalid graphs give precise errors', () => {
  it('an unknown blueprint names the component and the key', () => {
    const issues = issuesOf(mutate((g) => (g.components[0]!.blueprint_key = 'teleport')));
    expect(issues).toEqual([expect.objectContaining({ path: ['components', 0, 'blueprint_key'], code: 'unknown_blueprint' })]);
    expect(issues[0]!.message).toContain("'teleport'");
  });

  it('a cycle between expressions is reported on the blueprint', () => {
    const g = mutate((g) => {
      g.component_blueprints[0]!.expressions = [
        {
          key: 'a',
          template: '{b} + {m}',
          inputs: [
            { template_key: 'b', input_key: 'b', type: 'EXPRESSION_RESULT' },
            { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
          ],
        },
        {
          key: 'b',
          template: '{a} * {d} * {ef}',
          inputs: [
            { template_key: 'a', input_key: 'a', type: 'EXPRESSION_RESULT' },
            { template_key: 'd', input_key: 'd', type: 'DATAPOINT' },
            { template_key: 'ef', input_key: 'ef', type: 'DATAPOINT' },
          ],
        },
      ];
    });
    const issues = issuesOf(g);
    expect(issues.some((i) => i.path[0] === 'component_blueprints' && i.path[1] === 0 && /cycle/i.test(i.message))).toBe(true);
  });

  it('a blueprint input no expression uses is refused: its datapoints would be dropped, as a dead expression would be', () => {
    const moisture = { input_key: 'w', quantity_kind: 'mass_fraction' as const, compatible_unit: '%' };
    const graph = mutate((g) => {
      g.component_blueprints[0]!.inputs.push(moisture);
      g.datapoints.push(datapoint('w', 12, '%'));
      g.components[0]!.inputs.push({ input_key: 'w', datapoint_ids: [dtp('w')] });
    });
    expect(issuesOf(graph)).toEqual([
      {
        path: ['component_blueprints', 0, 'inputs', 3, 'input_key'],
        code: 'blueprint_unused_input',
        message:
          'Blueprint "transport", input "w": no expression uses this input, so the datapoints a component gives it would be dropped; use it in an expression or remove it',
      },
    ]);
    // Used by a second expression that the result does not use: that expression is the problem.
    const dead = structuredClone(graph);
    dead.component_blueprints[0]!.expressions.push({
      key: 'wet',
      template: '{w} * {m}',
      inputs: [
        { template_key: 'w', input_key: 'w', type: 'DATAPOINT' },
        { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
      ],
    });
    dead.component_blueprints[0]!.result_expression_key = dead.component_blueprints[0]!.expressions[0]!.key;
    expect(issuesOf(dead).map((i) => [i.code, i.path])).toEqual([
      ['expression_dead', ['component_blueprints', 0, 'expressions', 1, 'key']],
    ]);
    // Used only to count its datapoints, it is used: 3 datapoints of a LIST, 3 t each.
    const counted = blueprint({
      key: 'counted',
      template: '{m} * count({xs})',
      inputs: { m: { kind: 'mass', unit: 't' }, xs: { kind: 'mass', unit: 't', shape: 'LIST' } },
    });
    const result = evaluateGraph({
      component_blueprints: [counted],
      datapoints: [datapoint('m', 3, 't'), datapoint('x1', 1, 't'), datapoint('x2', 1, 't'), datapoint('x3', 1, 't')],
      components: [component('c', 'counted', { m: 'm', xs: ['x1', 'x2', 'x3'] })],
      ghg_entries: [entry('e', { c: 1 })],
    });
    expect(result.ghg_entries[0]!.co2e_net_removed_without_discount_kg).toBe(9000);
  });

  it('a datapoint whose unit is not of the input kind names datapoint, input, unit and kind', () => {
    const issues = issuesOf(mutate((g) => (g.datapoints[0]!.quantity.unit = 'kWh')));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(['components', 0, 'inputs', 0, 'datapoint_ids', 0]);
    expect(issues[0]!.code).toBe('unit_incompatible');
    expect(issues[0]!.message).toContain(dtp('mass'));
    expect(issues[0]!.message).toContain("'kWh'");
    expect(issues[0]!.message).toContain("'m'");
    expect(issues[0]!.message).toContain("'mass'");
  });

  it('attribution over 1 across entries is rejected', () => {
    const issues = issuesOf(mutate((g) => g.ghg_entries.push({ ...entry('two', { transport: 0.3 }) })));
    expect(issues).toEqual([
      expect.objectContaining({ code: 'attribution_over_one', path: ['ghg_entries', 1, 'component_attributions', 0] }),
    ]);
    expect(issues[0]!.message).toContain(cmp('transport'));
  });

  it('an attribution refused for an unknown key adds only its own issue: it is not counted with factor 1', () => {
    const issues = issuesOf(
      mutate((g) => {
        g.ghg_entries[0]!.component_attributions[0]!.attribution_factor = 0.5;
        g.ghg_entries.push({
          id: 'two',
          component_attributions: [{ component_id: cmp('transport'), attribution_factr: 0.5 } as never],
        } as never);
      }),
    );
    expect(issues).toEqual([
      {
        path: ['ghg_entries', 1, 'component_attributions', 0, 'attribution_factr'],
        code: 'unrecognized_key',
        message: "unknown key 'attribution_factr' at ghg_entries[1].component_attributions[0]; did you mean 'attribution_factor'?",
      },
    ]);
    // The same document with the key spelled right is valid: the refusal alone made it invalid.
    const fixed = mutate((g) => {
      g.ghg_entries[0]!.component_attributions[0]!.attribution_factor = 0.5;
      g.ghg_entries.push({ ...entry('two', { transport: 0.5 }) });
    });
    expect(safeEvaluateGraph(fixed).ok).toBe(true);
  });

  it('an attribution factor outside (0, 1] is a shape error', () => {
    const issues = issuesOf(mutate((g) => (g.ghg_entries[0]!.component_attributions[0]!.attribution_factor = 1.5)));
    expect(issues[0]!.path).toEqual(['ghg_entries', 0, 'component_attributions', 0, 'attribution_factor']);
    const zero = issuesOf(mutate((g) => (g.ghg_entries[0]!.component_attributions[0]!.attribution_factor = 0)));
    expect(zero[0]!.path).toEqual(['ghg_entries', 0, 'component_attributions', 0, 'attribution_factor']);
  });

  it('a missing input, an unknown input, a second datapoint on a SCALAR input', () => {
    expect(issuesOf(mutate((g) => g.components[0]!.inputs.splice(1, 1)))).toEqual([
      expect.objectContaining({ code: 'missing_input', path: ['components', 0, 'inputs'], message: expect.stringContaining("'d'") }),
    ]);
    expect(issuesOf(mutate((g) => g.components[0]!.inputs.push({ input_key: 'speed', datapoint_ids: [dtp('distance')] })))).toEqual([
      expect.objectContaining({ code: 'unknown_input', path: ['components', 0, 'inputs', 3, 'input_key'] }),
    ]);
    expect(issuesOf(mutate((g) => g.components[0]!.inputs[0]!.datapoint_ids!.push(dtp('mass'))))).toEqual([
      expect.objectContaining({ code: 'scalar_input_count', path: ['components', 0, 'inputs', 0, 'datapoint_ids'] }),
    ]);
  });

  it('an unknown datapoint and an unknown component are named', () => {
    expect(issuesOf(mutate((g) => (g.components[0]!.inputs[2]!.datapoint_ids = [dtp('nowhere')])))).toEqual([
      expect.objectContaining({
        code: 'unknown_datapoint',
        path: ['components', 0, 'inputs', 2, 'datapoint_ids', 0],
        message: expect.stringContaining(dtp('nowhere')),
      }),
    ]);
    expect(issuesOf(mutate((g) => (g.ghg_entries[0]!.component_attributions[0]!.component_id = cmp('ghost'))))).toEqual([
      expect.objectContaining({ code: 'unknown_component', path: ['ghg_entries', 0, 'component_attributions', 0, 'component_id'] }),
    ]);
  });

  it('NaN and negative standard deviations are rejected', () => {
    expect(issuesOf(mutate((g) => (g.datapoints[0]!.quantity.standard_deviation = -0.1)))).toEqual([
      expect.objectContaining({ code: 'invalid_standard_deviation', path: ['datapoints', 0, 'quantity', 'standard_deviation'] }),
    ]);
    const nan = issuesOf(mutate((g) => (g.datapoints[0]!.quantity.standard_deviation = Number.NaN)));
    expect(nan[0]!.path).toEqual(['datapoints', 0, 'quantity', 'standard_deviation']);
  });

  it('a magnitude or standard deviation beyond the range of a double, as written or in SI, is not_finite, naming the datapoint', () => {
    // 1e306 t is 1e309 kg: finite as written, Infinity in SI.
    expect(issuesOf(mutate((g) => (g.datapoints[0]!.quantity.magnitude = 1e306)))).toEqual([
      {
        path: ['datapoints', 0, 'quantity', 'magnitude'],
        code: 'not_finite',
        message: `datapoint '${dtp('mass')}' has magnitude 1e+306 t, whose value in SI units is beyond the range of a double (about 1.8e308): it is not a finite number`,
      },
    ]);
    expect(issuesOf(mutate((g) => (g.datapoints[0]!.quantity.standard_deviation = 1e306)))).toEqual([
      {
        path: ['datapoints', 0, 'quantity', 'standard_deviation'],
        code: 'not_finite',
        message: `datapoint '${dtp('mass')}' has standard deviation 1e+306 t, whose value in SI units is beyond the range of a double (about 1.8e308): it is not a finite number`,
      },
    ]);
    // The same number in kg is finite in SI: only a warning that it is unrealistic.
    const kg = mutate((g) => Object.assign(g.datapoints[0]!.quantity, { magnitude: 1e306, unit: 'kg', standard_deviation: null }));
    expect(evaluateGraph(kg).warnings?.map((w) => w.code)).toEqual(['value_outside_realistic_range']);
    // JSON has no Infinity, but JSON.parse reads 1e999 as one.
    const written = JSON.parse(JSON.stringify(transportGraph()).replace('"magnitude":10,', '"magnitude":1e999,')) as unknown;
    expect(issuesOf(written)).toEqual([
      {
        path: ['datapoints', 0, 'quantity', 'magnitude'],
        code: 'not_finite',
        message: `datapoint '${dtp('mass')}' has magnitude Infinity, beyond the range of a double (about 1.8e308): it is not a finite number (a JSON number such as 1e999 reads as Infinity)`,
      },
    ]);
  });

  it('a forbidden function in a template is a validation error and is never executed', () => {
    const issues = issuesOf(mutate((g) => (g.component_blueprints[0]!.expressions[0]!.template = 'import({m}) * {d} * {ef}')));
    expect(issues[0]!.path.slice(0, 3)).toEqual(['component_blueprints', 0, 'expressions']);
    expect(issues[0]!.message).toMatch(/import/);
  });

  it('an unknown unit and a duplicate id are reported together: every problem, not only the first', () => {
    const issues = issuesOf(
      mutate((g) => {
        g.datapoints[1]!.quantity.unit = 'furlongz'; // 'furlongs' is a unit: Pint reads plurals
        g.datapoints.push(datapoint('mass', 1, 'kg'));
        g.components[0]!.blueprint_key = 'teleport';
      }),
    );
    expect(issues.map((i) => i.code).sort()).toEqual(['duplicate_id', 'unknown_blueprint', 'unknown_unit']);
  });

  it('a formula that evaluates to a non-finite number refuses its entry, naming the component (docs/result.md)', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [divisionBlueprint()],
      datapoints: [datapoint('m', 5, 'kg'), datapoint('r', 1, 'dimensionless')],
      components: [component('q', 'q', { m: 'm', r: 'r' })],
      ghg_entries: [entry('e', { q: 1 })],
    };
    const result = evaluateGraph(graph);
    expect(result.ghg_entries).toEqual([]);
    expect(result.refused_entries).toEqual([
      { id: entry('e', {}).id, issues: [expect.objectContaining({ code: 'not_finite', path: ['components', 0] })] },
    ]);
  });

  it('evaluateGraph throws GraphValidationError carrying the issues', () => {
    try {
      evaluateGraph({ component_blueprints: [], datapoints: [], components: 'nope', ghg_entries: [] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GraphValidationError);
      expect((error as GraphValidationError).issues[0]!.path).toEqual(['components']);
    }
  });

  it('never throws anything but its own error for arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const outcome = safeEvaluateGraph(junk);
        expect(outcome.ok === false || Array.isArray(outcome.result.ghg_entries)).toBe(true);
      }),
      { seed: 99, numRuns: 300 },
    );
  });

  it('never throws for random mutations of a valid graph', () => {
    const base = transportGraph();
    const paths: (readonly (string | number)[])[] = [
      ['datapoints', 0, 'quantity', 'unit'],
      ['datapoints', 1, 'quantity', 'magnitude'],
      ['components', 0, 'inputs', 0, 'input_key'],
      ['components', 0, 'blueprint_key'],
      ['component_blueprints', 0, 'expressions', 0, 'template'],
      ['ghg_entries', 0, 'component_attributions', 0, 'attribution_factor'],
      ['component_blueprints', 0, 'inputs', 1, 'quantity_kind'],
      ['component_blueprints', 0, 'type'],
      ['ghg_entries', 0, 'risk_of_reversal_percentage'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...paths),
        fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.constant('{m} ^ {d}'), fc.constant('kg/s')),
        (path, value) => {
          const g = structuredClone(base) as unknown as Record<string, unknown>;
          let node: Record<string | number, unknown> = g;
          for (const p of path.slice(0, -1)) node = node[p] as Record<string | number, unknown>;
          node[path[path.length - 1]!] = value;
          expect(() => safeEvaluateGraph(g)).not.toThrow();
        },
      ),
      { seed: 17, numRuns: 400 },
    );
  });
});
