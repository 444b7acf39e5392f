// A refused entry on the command line (docs/cli.md): evaluate prints what was evaluated, names the
// refused entries on stderr and exits 1; explain of a refused entry says why and exits 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { cmp, divisionBlueprint, component, datapoint, entry, rmv } from '../accounting/fixtures';
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

describe('report with refused entries (docs/cli.md, `report`; docs/errors.md, entry_refused)', () => {
  /** The graph with only the entries named, written to a file. */
  function onlyEntries(...names: string[]): string {
    const graph = { ...GRAPH, ghg_entries: GRAPH.ghg_entries.filter((e) => names.some((n) => e.id === rmv(n))) };
    const file = join(mkdtempSync(join(tmpdir(), 'cdr-engine-')), 'refused.json');
    writeFileSync(file, JSON.stringify(graph));
    return file;
  }
  const WHY = `component '${cmp('q1')}' evaluates to Infinity with its datapoints (blueprint 'q', expression 'result' is Infinity): check for division by zero or the logarithm or square root of a negative value`;

  it('a document whose only entry is refused: says it is refused and why, exit 1 (not "0 GHG entries")', async () => {
    const file = onlyEntries('e1');
    const { code, out, err } = await run(['report', file]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(
      `cdr-engine report: 1 problem(s) in ${file}\n  ghg_entries: GHG entry '${rmv('e1')}' is refused, not evaluated: ${WHY} [entry_refused]\n`,
    );
  });

  it('a valid and a refused entry without --entry: lists both, the refused one marked, exit 1', async () => {
    const file = onlyEntries('e0', 'e1');
    const { code, out, err } = await run(['report', file]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(
      `cdr-engine report: 1 problem(s) in ${file}\n  --entry: the document has 2 GHG entries (1 refused): name one with --entry ID (or a statement with --statement ID); its entries: ${rmv('e0')} (refused: ${rmv('e1')}) [missing_option]\n`,
    );
    const unknown = await run(['report', file, '--entry', 'rmv_nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(
      `the document has no GHG entry 'rmv_nope'; its entries: ${rmv('e0')} (refused: ${rmv('e1')}) [unknown_entry]`,
    );
    const refused = await run(['report', file, '--entry', rmv('e1')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`--entry: GHG entry '${rmv('e1')}' is refused, not evaluated: ${WHY} [entry_refused]`);
    const valid = await run(['report', file, '--entry', rmv('e0')]);
    expect(valid.code).toBe(0);
    expect(valid.out).toContain(rmv('e0'));
  });
});
