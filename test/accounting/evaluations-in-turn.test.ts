// Evaluations of several graphs in turn, or interleaved chunk by chunk, give each graph exactly
// what it gives alone: nothing of one evaluation's working state reaches another's.
import { describe, expect, it } from 'vitest';
import {
  evaluateGraph,
  evaluatePreparedGraph,
  prepareGraph,
  type EvaluationOutcome,
  type EvaluationResult,
  type GhgEntryResult,
} from '../../src';
import { startEvaluation } from '../../src/accounting/evaluate/evaluate';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate/entries';
import { productGraph } from './fixtures';

/** Entry i of productGraph(n, scale): m = scale (i + 1) t +- 0.1 (i + 1), r = 0.5 +- 0.05, net m r in kg. */
function expectedEntry(i: number, scale: number): { net: number; sd: number } {
  const m = scale * (i + 1) * 1000;
  const sdM = 0.1 * (i + 1) * 1000;
  return { net: m * 0.5, sd: Math.hypot(0.5 * sdM, m * 0.05) };
}

function resultOf(outcome: EvaluationOutcome): EvaluationResult {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.result;
}

describe('evaluations in turn', () => {
  it('gives every graph, evaluated in turn with larger and smaller ones, its own figures', () => {
    const sizes: readonly (readonly [number, number])[] = [
      [40, 1],
      [3, 7],
      [120, 2],
      [1, 3],
    ];
    const prepared = sizes.map(([n, scale]) => {
      const outcome = prepareGraph(productGraph(n, scale));
      if (!outcome.ok) throw new Error('invalid');
      return outcome.prepared;
    });
    for (let round = 0; round < 3; round++) {
      sizes.forEach(([n, scale], g) => {
        // The middle round evaluates a fresh document each time.
        const result = round === 1 ? evaluateGraph(productGraph(n, scale)) : resultOf(evaluatePreparedGraph(prepared[g]!));
        expect(result.ghg_entries).toHaveLength(n);
        result.ghg_entries.forEach((e, i) => {
          const expected = expectedEntry(i, scale);
          expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(expected.net, 6);
          expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(expected.sd, 6);
          expect(e.uncertainty_budget).toHaveLength(2);
        });
      });
    }
  });
});

describe('evaluations interleaved chunk by chunk', () => {
  it('gives each graph the result of its whole evaluation', () => {
    const sizes = [2 * ENTRY_CHUNK + 7, ENTRY_CHUNK + 1, 3] as const;
    const prepared = sizes.map((n, g) => {
      const outcome = prepareGraph(productGraph(n, g + 1));
      if (!outcome.ok) throw new Error('invalid');
      return outcome.prepared;
    });
    const whole = prepared.map((p) => JSON.stringify(resultOf(evaluatePreparedGraph(p)).ghg_entries));
    const evaluations = prepared.map((p) => {
      const started = startEvaluation(p);
      if (!started.ok) throw new Error('invalid');
      return started.evaluation.entries;
    });
    const read: GhgEntryResult[][] = prepared.map(() => []);
    for (let more = true; more; ) {
      more = false;
      evaluations.forEach((entries, g) => {
        const chunk = entries.nextChunk();
        if (chunk === null) return;
        more = true;
        expect(entries.evaluated).toBe(read[g]!.length + chunk.length);
        read[g]!.push(...chunk);
      });
    }
    read.forEach((entries, g) => expect(JSON.stringify(entries)).toBe(whole[g]));
  });
});
