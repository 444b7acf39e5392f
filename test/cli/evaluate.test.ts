import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { evaluateGraph } from '../../src';
import example from '../../examples/biochar-project.json';

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const tempFile = (name: string, content: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-'));
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('cdr-engine evaluate', () => {
  it('with no file evaluates the bundled example, as JSON by default in the contract shape', async () => {
    const { code, out } = await run(['evaluate']);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toEqual(JSON.parse(JSON.stringify(evaluateGraph(example))));
    const [entry] = result.ghg_entries;
    for (const key of ['id', 'co2e_net_removed_kg', 'co2e_net_removed_without_discount_kg', 'co2e_net_removed_standard_deviation_kg', 'risk_of_reversal_percentage', 'credit_allocation', 'components', 'reused_datapoints', 'uncertainty_budget']) {
      expect(entry).toHaveProperty(key);
    }
  });

  it('the bundled example shows a shared transport leg, a reused datapoint and a 5 % buffer', () => {
    const [a, b] = evaluateGraph(example).ghg_entries;
    const shared = 'cmp_01JA0FIELDTRANSPORT0';
    const legA = a!.components.find((c) => c.component_id === shared)!;
    const legB = b!.components.find((c) => c.component_id === shared)!;
    expect(legA.attribution_factor).toBe(0.6);
    expect(legB.attribution_factor).toBe(0.4);
    expect(legA.co2e_kg / legB.co2e_kg).toBeCloseTo(1.5, 12);
    expect(a!.reused_datapoints).toContainEqual({ datapoint_id: 'dtp_01JA0CHARMASSA000000', uses: 2 });
    for (const e of [a!, b!]) {
      expect(e.credit_allocation!.buffer_pool_contribution_kg).toBe(Math.ceil((e.issuable_kg * 5) / 100));
      expect(e.credit_allocation!.buffer_pool_contribution_kg + e.credit_allocation!.supplier_allocation_kg).toBe(e.issuable_kg);
    }
  });

  it('prints a readable table with --format table', async () => {
    const { code, out } = await run(['evaluate', '--format', 'table']);
    expect(code).toBe(0);
    expect(out).toContain('GHG entry');
    expect(out).toContain('rmv_01JA0BATCHA000000000');
    expect(out).toContain('supplier kg');
    expect(out).not.toContain('-0.00');
  });

  it('exits 1 with every problem on stderr for an invalid graph', async () => {
    const bad = structuredClone(example);
    bad.datapoints[3]!.quantity.unit = 'kWh'; // the truck factor, used by components 1 and 8
    bad.components[0]!.blueprint_key = 'nowhere';
    const { code, out, err } = await run(['evaluate', tempFile('bad.json', JSON.stringify(bad))]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('components[0].blueprint_key');
    expect(err).toContain("'kWh'");
    expect(err).toContain('3 problem(s)');
  });

  it('exits 1 for a file that is not JSON', async () => {
    const { code, err } = await run(['evaluate', tempFile('broken.json', '{"component_blueprints": [')]);
    expect(code).toBe(1);
    expect(err).toContain('not valid JSON');
  });

  it('exits 2 on bad usage', async () => {
    expect((await run(['evaluate', '--format', 'xml'])).code).toBe(2);
    expect((await run(['evaluate', 'a.json', 'b.json'])).code).toBe(2);
    expect((await run(['evaluate', '--frobnicate'])).code).toBe(2);
    expect((await run(['evaluate', '/nonexistent/graph.json'])).code).toBe(2);
    expect((await run(['launch'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});
