/**
 * Shapes the service writes where the OpenAPI is stricter than the data behind them (issue 17):
 * removal template inputs carry the `type` (fixed or monitored) and `quantity_kind` the OpenAPI
 * requires, and blueprint and component types are the service's own values (semantics.md 1):
 * `REMOVAL_COUNTERFACTUAL`, never the graph documents' `COUNTERFACTUAL`, and no `REDUCTION`.
 */
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/adapter/sandbox';
import { Client, DEMO_WORLD, demoSandbox, IDS } from './fixtures';

interface TemplateInput {
  readonly input_key: string;
  readonly datapoint_id: string | null;
  readonly type: string;
  readonly quantity_kind: string;
}
interface TemplateComponent {
  readonly blueprint_key: string;
  readonly inputs: readonly TemplateInput[];
}

describe('removal template inputs', () => {
  test('every input has type fixed (the template fixes its datapoint) or monitored, and the quantity kind of its blueprint input', async () => {
    const client = new Client(demoSandbox());
    const template = await client.ok<{ groups: { components: TemplateComponent[] }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/projects/${IDS.projectA}/removal_templates/${IDS.template}`,
    );
    const listed = await client.ok<{ nodes: { groups: { components: TemplateComponent[] }[] }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/projects/${IDS.projectA}/removal_templates`,
    );
    const byDatapoint = await client.ok<{ nodes: TemplateComponent[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/datapoints/${IDS.permanence}/removal_template_components`,
    );
    const components = [
      ...template.groups.flatMap((g) => g.components),
      ...listed.nodes.flatMap((t) => t.groups.flatMap((g) => g.components)),
      ...byDatapoint.nodes,
    ];
    const inputs = components.flatMap((c) => c.inputs.map((input) => ({ input, blueprint: c.blueprint_key })));
    expect(inputs.length).toBeGreaterThan(10);
    expect(new Set(inputs.map(({ input }) => input.type))).toEqual(new Set(['fixed', 'monitored']));
    for (const { input, blueprint } of inputs) {
      expect(input.type).toBe(input.datapoint_id === null ? 'monitored' : 'fixed');
      const definition = (DEMO_WORLD.component_blueprints ?? []).find((b) => b.key === blueprint);
      expect(input.quantity_kind).toBe(definition?.inputs.find((i) => i.input_key === input.input_key)?.quantity_kind);
    }
  });

  test('a world template input that its blueprint does not have is refused', () => {
    const removal_templates = (DEMO_WORLD.removal_templates ?? []).map((t) => ({
      ...t,
      groups: t.groups.map((g, i) =>
        i === 0 ? { ...g, components: g.components.map((c) => ({ ...c, inputs: [...c.inputs, { input_key: 'nonsense' }] })) } : g,
      ),
    }));
    expect(() => createSandbox({ world: { ...DEMO_WORLD, removal_templates } })).toThrow(
      /removal_templates\[0\]\.groups\[0\]\.components\[0\]\.inputs\[3\]\.input_key: blueprint '\w+' has no input 'nonsense'/,
    );
  });
});

describe('component types as the service writes them', () => {
  const blueprints = DEMO_WORLD.component_blueprints ?? [];
  const target = blueprints.find((b) => b.type === 'ACTIVITY');

  test('a blueprint given as COUNTERFACTUAL is served as REMOVAL_COUNTERFACTUAL in the list, by key and on its components', async () => {
    if (target === undefined) throw new Error('the demo world has an ACTIVITY blueprint');
    const world = {
      ...DEMO_WORLD,
      component_blueprints: blueprints.map((b) => (b.key === target.key ? { ...b, type: 'COUNTERFACTUAL' as const } : b)),
    };
    const client = new Client(createSandbox({ world, now: () => Date.parse('2026-06-01T00:00:00Z') }) as never);
    const list = await client.ok<{ nodes: { key: string; type: string }[] }>('supplierA', 'GET', '/mrv/v0/component_blueprints?first=50');
    expect(list.nodes.find((b) => b.key === target.key)?.type).toBe('REMOVAL_COUNTERFACTUAL');
    expect(list.nodes.some((b) => b.type === 'COUNTERFACTUAL')).toBe(false);
    expect((await client.ok<{ type: string }>('supplierA', 'GET', `/mrv/v0/component_blueprints/${target.key}`)).type).toBe(
      'REMOVAL_COUNTERFACTUAL',
    );
  });

  test('a world blueprint of type REDUCTION (a graph-document type only) is refused with a clear message', () => {
    if (target === undefined) throw new Error('the demo world has an ACTIVITY blueprint');
    const world = {
      ...DEMO_WORLD,
      component_blueprints: blueprints.map((b) => (b.key === target.key ? { ...b, type: 'REDUCTION' as const } : b)),
    };
    expect(() => createSandbox({ world })).toThrow(
      /component_blueprints\[\d+\]\.type: blueprint '\w+' has type REDUCTION, a type of graph documents only/,
    );
  });
});
