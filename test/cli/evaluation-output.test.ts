// The CLI's streamed outputs: JSON with exactly the bytes of JSON.stringify(result, null, 2), one
// chunk of entries at a time, and the table's numbers as toLocaleString would write them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type RemovalGraphInput } from '../../src';
import { startEvaluation } from '../../src/accounting/evaluate';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate-entries';
import { writeEvaluationJson } from '../../src/cli/evaluation-output';
import { formatDefault, formatTwoDecimals } from '../../src/cli/number-format';
import example from '../../examples/biochar-project.json';

const statementGraph = JSON.parse(readFileSync(new URL('../../examples/biochar-statement.json', import.meta.url), 'utf8')) as RemovalGraphInput;

/** The example with its entries copied `n` times (new ids, shares divided among the copies). */
function copies(graph: RemovalGraphInput, n: number): RemovalGraphInput {
  const entries = [];
  for (let i = 0; i < n; i++) {
    for (const e of graph.ghg_entries) {
      entries.push({ ...e, id: `${e.id}_${i}`, component_attributions: e.component_attributions.map((a) => ({ ...a, attribution_factor: (a.attribution_factor ?? 1) / n })) });
    }
  }
  return { ...graph, ghg_entries: entries };
}

async function streamed(graph: RemovalGraphInput): Promise<{ text: string; writes: number }> {
  const prepared = prepareGraph(graph);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  const started = startEvaluation(prepared.prepared);
  if (!started.ok) throw new Error('not evaluated');
  let text = '';
  let writes = 0;
  await writeEvaluationJson(started.evaluation, (t) => {
    text += t;
    writes++;
  });
  return { text, writes };
}

function whole(graph: RemovalGraphInput): string {
  const prepared = prepareGraph(graph);
  if (!prepared.ok) throw new Error('invalid');
  const outcome = evaluatePreparedGraph(prepared.prepared);
  if (!outcome.ok) throw new Error('not evaluated');
  return `${JSON.stringify(outcome.result, null, 2)}\n`;
}

describe('writeEvaluationJson', () => {
  it('writes the bytes of JSON.stringify(result, null, 2) and a newline, chunk by chunk', async () => {
    const cases: [RemovalGraphInput, number][] = [
      [example as RemovalGraphInput, 2],
      [copies(example as RemovalGraphInput, ENTRY_CHUNK), 3],
      [copies(example as RemovalGraphInput, ENTRY_CHUNK / 2), 2],
      [statementGraph, 2],
      [{ ...(example as RemovalGraphInput), ghg_entries: [] }, 1],
      [{ ...statementGraph, ghg_entries: [], ghg_statements: [] }, 1],
    ];
    for (const [graph, writes] of cases) {
      const out = await streamed(graph);
      expect(out.text).toBe(whole(graph));
      expect(out.writes).toBe(writes);
    }
  });
});

describe('table numbers', () => {
  const twoDecimals = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const numbers = fc.oneof(
    fc.double({ noNaN: true }),
    fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
    fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000 + 0.0005),
    fc.constantFrom(0, -0, 0.005, 1.005, 2.675, -0.004, 0.995, 999999.995, 1e21, 123456789012345680000, 5e-324, Number.MAX_VALUE),
  );

  it('show two decimals as toLocaleString does, rounding the shortest decimal half away from zero', () => {
    fc.assert(
      fc.property(numbers, (v) => {
        expect(formatTwoDecimals(v)).toBe(twoDecimals(v));
      }),
      { seed: 16, numRuns: 20_000 },
    );
  });

  it('show kilograms of credit as toLocaleString does', () => {
    fc.assert(
      fc.property(numbers, (v) => {
        expect(formatDefault(v)).toBe(v.toLocaleString('en-US'));
      }),
      { seed: 16, numRuns: 20_000 },
    );
  });
});
