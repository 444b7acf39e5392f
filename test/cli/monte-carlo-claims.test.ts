// A parallel Monte Carlo run hands out chunks of entries to whichever thread asks first; whatever
// the chunks and whoever ran them, the merged run is the run of every entry at once.
import { describe, expect, it } from 'vitest';
import { prepareGraph } from '../../src/accounting';
import { monteCarloSettings, monteCarloShares } from '../../src/accounting/evaluate';
import { type MonteCarloRun, runMonteCarlo } from '../../src/accounting/monte-carlo';
import { runClaimedChunks } from '../../src/cli/monte-carlo-claims';
import example from '../../examples/biochar-project.json';

/** The example's two entries, repeated under new ids (each copy a share of the components) so that there are chunks to hand out. */
function graphOf(copies: number): unknown {
  const copy = (entry: (typeof example.ghg_entries)[number], i: number) => ({
    ...entry,
    id: `${entry.id}_${i}`,
    component_attributions: entry.component_attributions.map((a) => ({
      ...a,
      attribution_factor: ((a as { attribution_factor?: number }).attribution_factor ?? 1) / copies,
    })),
  });
  const entries = example.ghg_entries.flatMap((entry) => Array.from({ length: copies }, (_, i) => copy(entry, i)));
  return { ...example, ghg_entries: entries };
}

describe('runClaimedChunks', () => {
  const prepared = prepareGraph(graphOf(5), {});
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  const graph = prepared.prepared;
  const settings = monteCarloSettings(graph, { monteCarlo: { samples: 3000, seed: 11 } })!;
  const shares = monteCarloShares(graph) as Float64Array;
  const whole = runMonteCarlo(graph, settings, shares);

  it('gives the run of every entry at once, for any chunk size', () => {
    expect(graph.entries.count).toBe(10);
    for (const chunk of [1, 3, 10]) {
      const next = new Int32Array(new SharedArrayBuffer(4));
      const claimed = runClaimedChunks(graph, settings, shares, next, chunk);
      expect(claimed.issues).toEqual([]);
      expect(claimed.run).toEqual(whole);
      expect(next[0]).toBeGreaterThanOrEqual(10);
    }
  });

  it('runs only what is left: two threads sharing one counter split the entries between them', () => {
    const next = new Int32Array(new SharedArrayBuffer(4));
    // Another thread claimed the first two chunks of 3 (entries 0 to 5) before this one asked.
    next[0] = 6;
    const late = runClaimedChunks(graph, settings, shares, next, 3);
    expect(late.run.summaries.flatMap((s, e) => (s === undefined ? [] : [e]))).toEqual([6, 7, 8, 9]);
    expect(late.run.summaries[7]).toEqual((whole as MonteCarloRun).summaries[7]);
  });

  it('shrinks the chunks near the end, down to one entry, with the same run', () => {
    const next = new Int32Array(new SharedArrayBuffer(4));
    // Chunks of at most 8 over 10 entries, as if for two threads: 2 (10 left, a quarter per thread), 1, 1, ... never past the end.
    const claimed = runClaimedChunks(graph, settings, shares, next, 8, 2);
    expect(claimed.run).toEqual(whole);
    expect(next[0]).toBe(10);
    // Another thread left one entry: this one claims exactly it.
    next[0] = 9;
    const last = runClaimedChunks(graph, settings, shares, next, 8, 2);
    expect(last.run.summaries.flatMap((s, e) => (s === undefined ? [] : [e]))).toEqual([9]);
    expect(next[0]).toBe(10);
  });

  it('keeps whole chunks for a thread alone', () => {
    const next = new Int32Array(new SharedArrayBuffer(4));
    // Chunks of 4 over 10 entries: 0-3, 4-7, 8-9 (the counter past the end), not shrunk to 3, 2, ...
    expect(runClaimedChunks(graph, settings, shares, next, 4, 1).run).toEqual(whole);
    expect(next[0]).toBe(12);
  });
});
