// Intermediate values (docs/result.md, "Expression values"): option expressionValues (CLI
// --expressions) lists every expression of a component's blueprint at the magnitudes, in SI.
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { runCli } from '../cli/run-cli';
import { component, datapoint, entry } from './fixtures';

const GRAPH = {
  component_blueprints: [
    {
      key: 'dissolved',
      type: 'SEQUESTRATION',
      inputs: [
        { input_key: 'rock', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
        { input_key: 'f', quantity_kind: 'dimensionless', compatible_unit: '', data_shape: 'SCALAR' },
        { input_key: 'area', quantity_kind: 'area', compatible_unit: 'ha', data_shape: 'SCALAR' },
      ],
      expressions: [
        {
          key: 'dissolved_mass',
          template: '{rock} * {f}',
          inputs: [
            { template_key: 'rock', input_key: 'rock', type: 'DATAPOINT' },
            { template_key: 'f', input_key: 'f', type: 'DATAPOINT' },
          ],
        },
        {
          key: 'per_area',
          template: '{m} / {a}',
          inputs: [
            { template_key: 'm', input_key: 'dissolved_mass', type: 'EXPRESSION_RESULT' },
            { template_key: 'a', input_key: 'area', type: 'DATAPOINT' },
          ],
        },
        {
          key: 'co2',
          template: '{p} * {a} * 0.5',
          inputs: [
            { template_key: 'p', input_key: 'per_area', type: 'EXPRESSION_RESULT' },
            { template_key: 'a', input_key: 'area', type: 'DATAPOINT' },
          ],
        },
      ],
    },
  ],
  datapoints: [datapoint('rock', 2, 't', 0.1), datapoint('f', 0.25, '', null), datapoint('area', 1, 'ha', null)],
  components: [component('c', 'dissolved', { rock: 'rock', f: 'f', area: 'area' })],
  ghg_entries: [entry('e', { c: 1 })],
};

describe('expression values', () => {
  it('lists every expression at the magnitudes in SI with the SI unit of its dimension', () => {
    const result = evaluateGraph(GRAPH, { expressionValues: true });
    expect(result.ghg_entries[0]!.components[0]!.expression_values).toEqual([
      { key: 'dissolved_mass', value: 500, unit: 'kg' },
      { key: 'per_area', value: 0.05, unit: 'kg*m^-2' },
      { key: 'co2', value: 250, unit: 'kg' },
    ]);
    // Absent without the option; the figures are the same.
    const plain = evaluateGraph(GRAPH);
    expect(plain.ghg_entries[0]!.components[0]!.expression_values).toBeUndefined();
    expect(plain.ghg_entries[0]!.co2e_net_removed_kg).toBe(result.ghg_entries[0]!.co2e_net_removed_kg);
  });

  it('is refused when not a boolean, and given by the CLI flag --expressions', async () => {
    expect(() => evaluateGraph(GRAPH, { expressionValues: 'yes' as unknown as boolean })).toThrow(/expressionValues/);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'expr-')), 'graph.json');
    writeFileSync(file, JSON.stringify(GRAPH));
    const { code, out } = await runCli(['evaluate', file, '--expressions']);
    expect(code).toBe(0);
    expect(JSON.parse(out).ghg_entries[0].components[0].expression_values[1]).toEqual({ key: 'per_area', value: 0.05, unit: 'kg*m^-2' });
  });
});
