import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { evaluateGraph, prepareGraph } from '../../src';
import { startEvaluation } from '../../src/accounting/evaluate/evaluate';
import { NDJSON_PART, writeEvaluationNdjson } from '../../src/cli/evaluation-output';
import { legend } from '../../src/cli/format-table';
import example from '../../examples/biochar-project.json';
import { runCli as run } from './run-cli';

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
    for (const key of [
      'id',
      'co2e_net_removed_kg',
      'co2e_net_removed_without_discount_kg',
      'co2e_net_removed_standard_deviation_kg',
      'risk_of_reversal_percentage',
      'credit_allocation',
      'components',
      'reused_datapoints',
      'uncertainty_budget',
    ]) {
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

/** The bundled example with its two entries copied `n` times over (new ids, same components, shares divided). */
function manyEntries(n: number): typeof example {
  const graph = structuredClone(example);
  const entries = [];
  for (let i = 0; i < n; i++) {
    for (const e of example.ghg_entries) {
      entries.push({
        ...e,
        id: `${e.id}_${i}`,
        component_attributions: e.component_attributions.map((a) => ({ ...a, attribution_factor: (a.attribution_factor ?? 1) / n })),
      });
    }
  }
  graph.ghg_entries = entries;
  return graph;
}

describe('cdr-engine evaluate --format ndjson', () => {
  it('writes one entry per line, the entries of the JSON result', async () => {
    const file = tempFile('many.json', JSON.stringify(manyEntries(400)));
    const ndjson = await run(['evaluate', file, '--format', 'ndjson']);
    const json = await run(['evaluate', file]);
    expect(ndjson.code).toBe(0);
    expect(ndjson.err).toBe('');
    const lines = ndjson.out.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(800);
    expect(lines.map((line) => JSON.parse(line))).toEqual(JSON.parse(json.out).ghg_entries);
  });

  it('adds one line per GHG statement after the entries', async () => {
    const statement = JSON.parse(readFileSync(new URL('../../examples/biochar-statement.json', import.meta.url), 'utf8'));
    const file = tempFile('statement.json', JSON.stringify(statement));
    const lines = (await run(['evaluate', file, '--format', 'ndjson'])).out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const result = JSON.parse(JSON.stringify(evaluateGraph(statement)));
    expect(lines).toEqual([...result.ghg_entries, ...result.ghg_statements.map((s: unknown) => ({ ghg_statement: s }))]);
  });
});

let stdinOut = '';

describe('cdr-engine evaluate --format table', () => {
  it('states the policies in force in its legend', () => {
    const text = legend({
      discountMethod: 'first_order',
      discountPercentile: 16,
      discountCoverageFactor: 2,
      roundingIncrementKg: 100,
      roundingTies: 'half_even',
      issuableFloorKg: null,
      bufferPoolRounding: 'floor',
    });
    expect(text).toContain('net         = without discount - 2 sd');
    expect(text).toContain('issuable    = net rounded to 100 kg (ties to even), as the policy sets');
    expect(text).toContain('(rounded down to whole kg)');
  });

  it('states the Monte Carlo percentile when the discount is the Monte Carlo one, not k sd', async () => {
    const statement = new URL('../../examples/biochar-statement.json', import.meta.url).pathname;
    const { code, out } = await run(['evaluate', statement, '--format', 'table', '--discount', 'monte-carlo', '--samples', '2000']);
    expect(code).toBe(0);
    expect(out).toContain(
      '  net         = percentile 16 of the Monte Carlo draws of the net, at most without discount (the uncertainty discount)',
    );
    expect(out).not.toContain(' sd (the uncertainty discount)');
  });

  it('has a title naming the file, a legend of three lines from the policies, the statements and the explain hint', async () => {
    const statement = new URL('../../examples/biochar-statement.json', import.meta.url).pathname;
    const { code, out } = await run(['evaluate', statement, '--format', 'table']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`cdr-engine evaluate ${statement}: 2 GHG entries, 1 GHG statement`);
    const legend = lines.filter((line) => /^ {2}(net|issuable|buffer) +=/.test(line));
    expect(legend).toEqual([
      '  net         = without discount - 1 sd (the uncertainty discount)',
      '  issuable    = net rounded to 10 kg (ties away from zero, at least 0 kg), as the policy sets',
      '  buffer      = the risk-of-reversal share of issuable, held in the buffer pool (rounded up to whole kg); supplier = issuable - buffer',
    ]);
    expect(out).toMatch(/^ggs_01JA0STATEMENT2026H1 +DRAFT +2026-01-01 to 2026-06-30 +2 +41,500 +41,500 +2,076 +39,424$/m);
    expect(out).toContain(`cdr-engine explain ${statement} <id>   (e.g. cdr-engine explain ${statement} rmv_01JA0BATCHA000000000)`);
    // One format per column: the amortised factor to four significant digits, no long decimals.
    expect(out).toMatch(/^cmp_01JA0PLANTBUILD00000 +ACTIVITY +0\.01832 +3,297 +330 +-3,297$/m);
    expect(out).not.toMatch(/\d\.\d{6,}/);
  });

  it('names the bundled example and standard input', async () => {
    const bundled = await run(['evaluate', '--format', 'table']);
    expect(bundled.out.split('\n')[0]).toMatch(
      /^cdr-engine evaluate \S*examples\/biochar-project\.json \(the bundled example\): 2 GHG entries$/,
    );
    const fromStdin = await main(['evaluate', '-', '--format', 'table'], {
      out: (t) => void (stdinOut += t),
      err: () => undefined,
      stdin: async () => JSON.stringify(example),
    });
    expect(fromStdin).toBe(0);
    expect(stdinOut.split('\n')[0]).toBe('cdr-engine evaluate standard input: 2 GHG entries');
    expect(stdinOut).toContain('cdr-engine explain <file> <id>');
  });

  it('summarises every entry and details the first 10 unless asked', async () => {
    const file = tempFile('many.json', JSON.stringify(manyEntries(8)));
    const detailOf = (out: string) => out.split('\n').filter((line) => line.startsWith('GHG entry rmv_')).length;
    const summaryOf = (out: string) => out.split('\n').filter((line) => /^rmv_\S+\s+-?[\d,]+\s+[\d,]+\s+-?[\d,]+\s/.test(line)).length;
    const byDefault = await run(['evaluate', file, '--format', 'table']);
    expect(byDefault.code).toBe(0);
    expect(summaryOf(byDefault.out)).toBe(16);
    expect(detailOf(byDefault.out)).toBe(10);
    expect(byDefault.out).toContain('(6 more entries not shown in detail; --entries all shows every entry)');
    const all = await run(['evaluate', file, '--format', 'table', '--entries', 'all']);
    expect(detailOf(all.out)).toBe(16);
    expect(all.out).not.toContain('not shown in detail');
    expect(detailOf((await run(['evaluate', file, '--format', 'table', '--entries', '2'])).out)).toBe(2);
  });

  it('refuses --entries without --format table, and a value that is not a count or all', async () => {
    for (const args of [
      ['--entries', '3'],
      ['--format', 'table', '--entries', 'many'],
      ['--format', 'table', '--entries', '-1'],
    ]) {
      const { code, err } = await run(['evaluate', ...args]);
      expect(code).toBe(2);
      expect(err).toContain('--entries');
    }
  });
});

describe('cdr-engine evaluate progress', () => {
  /** Runs with stderr a terminal or not, on a clock that advances 300 ms at every reading. */
  async function runWithClock(argv: string[], errIsTerminal: boolean) {
    let out = '';
    let err = '';
    let clock = 0;
    const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t), errIsTerminal, now: () => (clock += 300) });
    return { code, out, err };
  }

  it('shows the phase, the entries done, their rate and the time left on a terminal, then clears its line', async () => {
    const file = tempFile('many.json', JSON.stringify(manyEntries(1500)));
    const { code, err, out } = await runWithClock(['evaluate', file, '--format', 'ndjson'], true);
    expect(code).toBe(0);
    expect(out.split('\n')).toHaveLength(3001);
    expect(err).toContain('validating...');
    expect(err).toContain('evaluating components...');
    // The rate counts from the first chunk's end: no estimate before a second chunk is done.
    expect(err).toContain('evaluated 512 of 3,000 entries\u001b[K');
    expect(err).toMatch(/evaluated 1,024 of 3,000 entries, [\d,]+ entries\/s, about [\d.]+ s left/);
    expect(err).toMatch(/evaluated 3,000 of 3,000 entries/);
    expect(err.endsWith('\r\u001b[K')).toBe(true);
  });

  it('writes nothing to stderr when it is not a terminal', async () => {
    const file = tempFile('many.json', JSON.stringify(manyEntries(1500)));
    const { code, err } = await runWithClock(['evaluate', file, '--format', 'ndjson'], false);
    expect(code).toBe(0);
    expect(err).toBe('');
  });

  it('prints problems on a clean line', async () => {
    const bad = structuredClone(example);
    bad.components[0]!.blueprint_key = 'nowhere';
    const { code, err } = await runWithClock(['evaluate', tempFile('bad.json', JSON.stringify(bad))], true);
    expect(code).toBe(1);
    expect(err).toContain('\r\u001b[Kcdr-engine evaluate: 1 problem(s)');
  });
});

describe('streaming output', () => {
  it('writes the first entries before the last are evaluated', async () => {
    const prepared = prepareGraph(manyEntries(1500));
    if (!prepared.ok) throw new Error('invalid');
    const started = startEvaluation(prepared.prepared);
    if (!started.ok) throw new Error('invalid');
    const { evaluation } = started;
    const evaluatedAtWrite: number[] = [];
    await writeEvaluationNdjson(evaluation, () => evaluatedAtWrite.push(evaluation.entries.evaluated));
    expect(evaluation.entries.entryCount).toBe(3000);
    expect(evaluatedAtWrite[0]).toBeLessThan(3000);
    expect(evaluatedAtWrite.length).toBeGreaterThan(2);
    expect(evaluatedAtWrite).toEqual([...evaluatedAtWrite].sort((a, b) => a - b));
  });

  it('writes parts of whole lines of about NDJSON_PART characters, the lines of every entry in order', async () => {
    const graph = manyEntries(1500);
    const prepared = prepareGraph(graph);
    if (!prepared.ok) throw new Error('invalid');
    const started = startEvaluation(prepared.prepared);
    if (!started.ok) throw new Error('invalid');
    const parts: string[] = [];
    await writeEvaluationNdjson(started.evaluation, (text) => parts.push(text));
    const lines = evaluateGraph(graph).ghg_entries.map((entry) => `${JSON.stringify(entry)}\n`);
    expect(parts.join('')).toBe(lines.join(''));
    const longest = Math.max(...lines.map((line) => line.length));
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.endsWith('\n')).toBe(true);
      expect(part.length).toBeLessThan(NDJSON_PART + longest);
    }
    for (const part of parts.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(NDJSON_PART);
  });
});

describe('a slow reader', () => {
  it('holds back the writing: every part waits for the output to drain', async () => {
    const file = tempFile('many.json', JSON.stringify(manyEntries(1500)));
    const pendingAtWrite: number[] = [];
    let pending = 0;
    const code = await main(['evaluate', file, '--format', 'ndjson'], {
      out: () => {
        pendingAtWrite.push(pending);
        pending++;
      },
      err: () => undefined,
      drained: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        pending = 0;
      },
    });
    expect(code).toBe(0);
    expect(pendingAtWrite.length).toBeGreaterThan(2);
    // Never a write while the one before it has not drained.
    expect(pendingAtWrite.every((n) => n === 0)).toBe(true);
  });
});
