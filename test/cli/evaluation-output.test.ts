// The CLI's streamed outputs: JSON with exactly the bytes of JSON.stringify(result, null, 2), one
// chunk of entries at a time, and the table's numbers (whole kilograms, significant digits).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type RemovalGraphInput } from '../../src';
import { startEvaluation } from '../../src/accounting/evaluate/evaluate';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate/entries';
import { writeEvaluationJson } from '../../src/cli/evaluation-output';
import { formatDefault, formatKilograms, formatSignificant } from '../../src/cli/number-format';
import example from '../../examples/biochar-project.json';

const statementGraph = JSON.parse(
  readFileSync(new URL('../../examples/biochar-statement.json', import.meta.url), 'utf8'),
) as RemovalGraphInput;

/** The example with its entries copied `n` times (new ids, shares divided among the copies). */
function copies(graph: RemovalGraphInput, n: number): RemovalGraphInput {
  const entries = [];
  for (let i = 0; i < n; i++) {
    for (const e of graph.ghg_entries) {
      entries.push({
        ...e,
        id: `${e.id}_${i}`,
        component_attributions: e.component_attributions.map((a) => ({ ...a, attribution_factor: (a.attribution_factor ?? 1) / n })),
      });
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
  const numbers = fc.oneof(
    fc.double({ noNaN: true }),
    fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
    fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000 + 0.0005),
    fc.constantFrom(0, -0, 0.005, 1.005, 2.675, -0.004, 0.995, 999999.995, 1e21, 123456789012345680000, 5e-324, Number.MAX_VALUE),
  );

  it('show kilograms as whole numbers as toLocaleString does, but never -0', () => {
    fc.assert(
      fc.property(numbers, (v) => {
        const expected = v.toLocaleString('en-US', { maximumFractionDigits: 0 });
        expect(formatKilograms(v)).toBe(expected === '-0' ? '0' : expected);
      }),
      { seed: 27, numRuns: 20_000 },
    );
  });

  it('show four significant digits in plain notation, the value of toPrecision(4)', () => {
    fc.assert(
      fc.property(
        numbers.filter((v) => v !== 0 && Math.abs(v) >= 1e-6 && Math.abs(v) < 1e21),
        (v) => {
          const text = formatSignificant(v);
          expect(text).not.toContain('e');
          expect(Number(text.replace(/,/g, ''))).toBe(Number(v.toPrecision(4)));
          // Four digits from the first non-zero one (more only as the zeros of a large integer).
          const digits = text.replace(/[-,.]/g, '').replace(/^0+/, '');
          expect(digits.length >= 4 && (digits.length === 4 || /^\d{4}0+$/.test(digits))).toBe(true);
        },
      ),
      { seed: 27, numRuns: 20_000 },
    );
  });

  it('show the numbers of issue 27 in one format per column', () => {
    expect([0.01831615993398644, 1, 0.6, -1800, 975.1, -30, -0.03, 35999.1, 0, 1e-9].map((v) => formatSignificant(v))).toEqual([
      '0.01832',
      '1.000',
      '0.6000',
      '-1,800',
      '975.1',
      '-30.00',
      '-0.03000',
      '36,000',
      '0.000',
      '1.000e-9',
    ]);
    expect([28855.58529072941, -0.4, -184.8, 1116.65, 2.5, -2.5].map(formatKilograms)).toEqual(['28,856', '0', '-185', '1,117', '3', '-3']);
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
