/**
 * The covariance terms of an entry's variance (src/accounting/evaluate/covariance.ts) by known
 * answers: a correlated pair adds 2 c_a c_b r s_a s_b with the signs of the coefficients, a
 * datapoint used twice adds its coefficients first, a pair only one of whose datapoints the entry
 * uses adds nothing (and no covariance lines), and each entry sees only its own datapoints.
 * Also the entries' reading state (entries.ts: `evaluated`, chunk by chunk or an entry at a time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RemovalGraphInput } from '../../src';
import { evaluateGraph } from '../../src';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate/entries';
import { startEvaluation } from '../../src/accounting/evaluate/evaluate';
import { prepareGraph } from '../../src/accounting/prepare/prepare';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

/** Datapoints a = 10 +- 1, b = 5 +- 2, c = 3 +- 3, d = 1 +- 4 (kg); one component and entry per template. */
function graph(templates: Record<string, string>, correlations: [string, string, number][]): RemovalGraphInput {
  const used = (template: string) => ['a', 'b', 'c', 'd'].filter((n) => template.includes(`{${n}}`));
  return {
    component_blueprints: Object.entries(templates).map(([key, template]) =>
      blueprint({ key, template, inputs: Object.fromEntries(used(template).map((n) => [n, { kind: 'mass', unit: 'kg' }])) }),
    ),
    datapoints: [datapoint('a', 10, 'kg', 1), datapoint('b', 5, 'kg', 2), datapoint('c', 3, 'kg', 3), datapoint('d', 1, 'kg', 4)],
    components: Object.entries(templates).map(([key, template]) =>
      component(key, key, Object.fromEntries(used(template).map((n) => [n, n]))),
    ),
    ghg_entries: Object.keys(templates).map((key) => entry(key, { [key]: 1 }, null)),
    correlations: correlations.map(([x, y, coefficient]) => ({ datapoint_ids: [dtp(x), dtp(y)], coefficient })),
  } as RemovalGraphInput;
}

const sd = (g: RemovalGraphInput, i = 0) => evaluateGraph(g).ghg_entries[i]?.co2e_net_removed_standard_deviation_kg;

describe('covariance terms', () => {
  it('add 2 c_a c_b r s_a s_b, with the coefficients signs', () => {
    // var(a + b) = 1 + 4 + 2 (0.5)(1)(2) = 7; var(a - b) = 1 + 4 - 2 = 3.
    expect(sd(graph({ s: '{a} + {b}' }, [['a', 'b', 0.5]]))).toBeCloseTo(Math.sqrt(7), 12);
    expect(sd(graph({ s: '{a} - {b}' }, [['a', 'b', 0.5]]))).toBeCloseTo(Math.sqrt(3), 12);
    const e = evaluateGraph(graph({ s: '{a} + {b}' }, [['a', 'b', 0.5]])).ghg_entries[0];
    expect(e?.uncertainty_budget_covariances).toEqual([{ datapoint_ids: [dtp('a'), dtp('b')], correlation: 0.5, variance_share: 2 / 7 }]);
  });

  it('sum the coefficients of a datapoint used twice before pairing it', () => {
    // c_a = 2: var = 4 + 4 + 2 (2)(1)(0.5)(1)(2) = 12.
    expect(sd(graph({ s: '{a} + {a} + {b}' }, [['a', 'b', 0.5]]))).toBeCloseTo(Math.sqrt(12), 12);
  });

  it('add nothing for a pair the entry uses one datapoint of, and give no covariance lines', () => {
    // a with b and c with d are correlated; the entry uses a and c only: var = 1 + 9.
    const g = graph({ s: '{a} + {c}' }, [
      ['a', 'b', 0.5],
      ['c', 'd', 0.5],
    ]);
    expect(sd(g)).toBeCloseTo(Math.sqrt(10), 12);
    const e = evaluateGraph(g).ghg_entries[0];
    expect(e && 'uncertainty_budget_covariances' in e).toBe(false);
    // No correlated datapoint at all in the second entry.
    const two = graph({ s: '{a} + {b}', t: '{c} + {d}' }, [['a', 'b', 0.5]]);
    const [first, second] = evaluateGraph(two).ghg_entries;
    expect(first?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(7), 12);
    expect(second?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(5, 12);
    expect(second && 'uncertainty_budget_covariances' in second).toBe(false);
  });

  it("pair only an entry's own datapoints, whatever the next entry uses", () => {
    // Entry s uses a and b, entry t uses c only; c is correlated with a and with b.
    const g = graph({ s: '{a} + {b}', t: '{c}' }, [
      ['a', 'b', 0.5],
      ['a', 'c', 0.3],
      ['b', 'c', 0.2],
    ]);
    const [s, t] = evaluateGraph(g).ghg_entries;
    expect(s?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(7), 12);
    expect(t?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(3, 12);
    // An entry of three terms, then one of two: the second pairs a and b only, not the c before.
    const after = graph({ r: '{a} + {b} + {c}', s: '{a} + {b}' }, [
      ['a', 'b', 0.5],
      ['a', 'c', 0.3],
      ['b', 'c', 0.2],
    ]);
    // var(a + b + c) = 1 + 4 + 9 + 2 (0.5 * 2 + 0.3 * 3 + 0.2 * 6) = 20.2.
    const [r, s2] = evaluateGraph(after).ghg_entries;
    expect(r?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(20.2), 12);
    expect(s2?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(7), 12);
  });
});

/** `count` entries, entry i of one component of one datapoint of i + 1 kg (+- 1 kg when `sd`), started. */
function startedEntries(count: number, sd?: number) {
  const seq = blueprint({ key: 'seq', template: '{m}', inputs: { m: { kind: 'mass', unit: 'kg' } } });
  const document: RemovalGraphInput = {
    component_blueprints: [seq],
    datapoints: Array.from({ length: count }, (_, i) => datapoint(`p${i}x`, i + 1, 'kg', sd)),
    components: Array.from({ length: count }, (_, i) => component(`k${i}x`, 'seq', { m: `p${i}x` })),
    ghg_entries: Array.from({ length: count }, (_, i) => entry(`n${i}x`, { [`k${i}x`]: 1 }, null)),
  };
  const prepared = prepareGraph(document);
  if (!prepared.ok) throw new Error('the graph should prepare');
  const started = startEvaluation(prepared.prepared);
  if (!started.ok) throw new Error('the evaluation should start');
  return started.evaluation.entries;
}

describe('reading the entries chunk by chunk', () => {
  it('counts the entries evaluated, a chunk at a time, and ends with null', () => {
    const count = ENTRY_CHUNK + 3;
    const entries = startedEntries(count);
    expect([entries.evaluated, entries.entryCount]).toEqual([0, count]);
    expect(entries.nextChunk()).toHaveLength(ENTRY_CHUNK);
    expect(entries.evaluated).toBe(ENTRY_CHUNK);
    const last = entries.nextChunk();
    expect(last?.map((e) => e.co2e_net_removed_kg)).toEqual([ENTRY_CHUNK + 1, ENTRY_CHUNK + 2, ENTRY_CHUNK + 3]);
    expect(entries.evaluated).toBe(count);
    expect(entries.nextChunk()).toBeNull();
    expect(entries.evaluated).toBe(count);
  });

  it('reads an entry at a time (nextEntry) with the same results as chunk by chunk, in any mix of both', () => {
    const count = 2 * ENTRY_CHUNK + 5;
    const chunked: unknown[] = [];
    const whole = startedEntries(count, 1);
    for (let chunk = whole.nextChunk(); chunk !== null; chunk = whole.nextChunk()) chunked.push(...chunk);
    const expected = JSON.stringify(chunked);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (byEntry) => {
        const entries = startedEntries(count, 1);
        const read: unknown[] = [];
        for (let k = 0; ; k++) {
          if (byEntry[k % byEntry.length]) {
            const entry = entries.nextEntry();
            if (entry === null) break;
            read.push(entry);
            // The entry's chunk is evaluated (nets and credits) when its first entry is read.
            expect(entries.evaluated).toBe(Math.min(count, Math.ceil(read.length / ENTRY_CHUNK) * ENTRY_CHUNK));
          } else {
            const chunk = entries.nextChunk();
            if (chunk === null) break;
            read.push(...chunk);
            // The rest of the chunk: the next read starts a chunk.
            expect(read.length % ENTRY_CHUNK === 0 || read.length === count).toBe(true);
          }
        }
        expect(read).toHaveLength(count);
        expect(JSON.stringify(read)).toBe(expected);
        expect([entries.nextEntry(), entries.nextChunk(), entries.evaluated]).toEqual([null, null, count]);
      }),
      { numRuns: 25 },
    );
  });
});
