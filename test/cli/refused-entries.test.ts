// A refused entry on the command line (docs/cli.md): evaluate prints what was evaluated, names the
// refused entries on stderr and exits 1; explain of a refused entry says why and exits 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { divisionBlueprint, component, datapoint, entry, rmv } from '../accounting/fixtures';
import { runCli as run } from './run-cli';

/** Two entries, each its own component {m} / ({r} - 1); the second has r = 1. */
const GRAPH: RemovalGraphInput = {
  component_blueprints: [divisionBlueprint()],
  datapoints: [
    datapoint('m0', 8, 'kg', 0.8),
    datapoint('r0', 3, 'dimensionless'),
    datapoint('m1', 6, 'kg', 0.6),
    datapoint('r1', 1, 'dimensionless'),
  ],
  components: [component('q0', 'q', { m: 'm0', r: 'r0' }), component('q1', 'q', { m: 'm1', r: 'r1' })],
  ghg_entries: [entry('e0', { q0: 1 }), entry('e1', { q1: 1 })],
};

function graphFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cdr-engine-')), 'refused.json');
  writeFileSync(file, JSON.stringify(GRAPH));
  return file;
}

describe('a refused entry on the command line', () => {
  it('evaluate --format json prints the result with refused_entries, names the entry on stderr, exits 1', async () => {
    const { code, out, err } = await run(['evaluate', graphFile(), '--format', 'json']);
    expect(code).toBe(1);
    expect(out).toBe(`${JSON.stringify(evaluateGraph(GRAPH), null, 2)}\n`);
    const result = JSON.parse(out) as ReturnType<typeof evaluateGraph>;
    expect(result.ghg_entries.map((e) => e.id)).toEqual([rmv('e0')]);
    expect(result.refused_entries!.map((e) => e.id)).toEqual([rmv('e1')]);
    expect(err).toContain(rmv('e1'));
    expect(err).toContain('1 GHG entry refused');
  });

  it('the table and NDJSON say it too, and exit 1', async () => {
    const table = await run(['evaluate', graphFile(), '--format', 'table']);
    expect(table.code).toBe(1);
    expect(table.out).toContain('Refused');
    expect(table.out).toContain(rmv('e1'));
    const ndjson = await run(['evaluate', graphFile(), '--format', 'ndjson']);
    expect(ndjson.code).toBe(1);
    const lines = ndjson.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toEqual({ refused_entry: evaluateGraph(GRAPH).refused_entries![0] });
  });

  it('Monte Carlo on two threads gives the bytes of one thread, and exits 1', async () => {
    const file = graphFile();
    const one = await run(['evaluate', file, '--format', 'json', '--samples', '500', '--threads', '1']);
    const two = await run(['evaluate', file, '--format', 'json', '--samples', '500', '--threads', '2']);
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    expect(two.out).toBe(one.out);
  });

  it('explain of the refused entry says why and exits 1; of the other entry, exits 0', async () => {
    const refused = await run(['explain', graphFile(), rmv('e1')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('entry_refused');
    expect(refused.err).toContain('evaluates to Infinity');
    const other = await run(['explain', graphFile(), rmv('e0')]);
    expect(other.code).toBe(0);
  });
});
