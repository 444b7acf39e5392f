// The components' derivative array of a finished evaluation is written over by the next evaluation
// of the same components (src/accounting/evaluate/components.ts, releaseGradients): it is handed on
// only once every entry was evaluated, never while an evaluation still reads it, and a reused array
// gives the same bits as a new one.
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type EvaluationOutcome, type RemovalGraphInput } from '../../src';
import { evaluateComponents, releaseGradients } from '../../src/accounting/evaluate/components';
import { startEvaluation } from '../../src/accounting/evaluate/evaluate';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate/entries';
import { mergePlanOf } from '../../src/accounting/prepare/merge-plan';
import type { PreparedGraph } from '../../src/accounting/prepare/prepared-graph';
import { blueprint, component, datapoint, entry, productGraph } from './fixtures';

function preparedOf(n: number, scale = 1): PreparedGraph {
  const outcome = prepareGraph(productGraph(n, scale));
  if (!outcome.ok) throw new Error('invalid');
  return outcome.prepared as PreparedGraph;
}

function json(outcome: EvaluationOutcome): string {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return JSON.stringify(outcome.result);
}

describe('the derivative array of a finished evaluation', () => {
  it('is taken by the next evaluation of the same components only once handed back, with the same figures', () => {
    const prepared = preparedOf(9);
    const plan = mergePlanOf(prepared);
    const first = evaluateComponents(prepared, plan);
    const fresh = Float64Array.from(first.gradients);
    expect(fresh.some((g) => g !== 0)).toBe(true);
    // Not handed back: a second evaluation gets an array of its own.
    const second = evaluateComponents(prepared, plan);
    expect(second.gradients).not.toBe(first.gradients);
    releaseGradients(prepared, first);
    first.gradients.fill(Number.NaN); // what a reader of the old figures must never rely on
    const third = evaluateComponents(prepared, plan);
    expect(third.gradients).toBe(first.gradients);
    expect([...third.gradients]).toEqual([...fresh]);
    // Taken: the one after gets a new array again.
    expect(evaluateComponents(prepared, plan).gradients).not.toBe(third.gradients);
    // Without propagation there is no array to hand on.
    const none = evaluateComponents(prepared, null);
    expect(none.gradients).toHaveLength(0);
    releaseGradients(prepared, none);
    expect(evaluateComponents(prepared, plan).gradients).toHaveLength(fresh.length);
  });

  it('is not reused by another graph of other components', () => {
    const a = preparedOf(4);
    const b = preparedOf(4, 3);
    const figures = evaluateComponents(a, mergePlanOf(a));
    releaseGradients(a, figures);
    expect(evaluateComponents(b, mergePlanOf(b)).gradients).not.toBe(figures.gradients);
    expect(evaluateComponents(a, mergePlanOf(a)).gradients).toBe(figures.gradients);
  });

  it('leaves evaluations of one prepared graph read in turn, interleaved and one after another, with their own results', () => {
    const prepared = preparedOf(2 * ENTRY_CHUNK + 5);
    const whole = json(evaluatePreparedGraph(prepared));
    const start = () => {
      const started = startEvaluation(prepared);
      if (!started.ok) throw new Error('invalid');
      return started.evaluation;
    };
    // Two evaluations read chunk by chunk in turn; a third starts once the first is read to its end.
    const evaluations = [start(), start()];
    const read: unknown[][] = [[], [], []];
    for (let more = true; more; ) {
      more = false;
      evaluations.forEach((evaluation, g) => {
        const chunk = evaluation.entries.nextChunk();
        if (chunk === null) return;
        more = true;
        read[g]!.push(...chunk);
        if (g === 0 && evaluation.entries.evaluated === evaluation.entries.entryCount) evaluations.push(start());
      });
    }
    expect(evaluations).toHaveLength(3);
    for (const entries of read) expect(JSON.stringify(entries)).toBe(JSON.stringify(JSON.parse(whole).ghg_entries));
    for (let round = 0; round < 3; round++) expect(json(evaluatePreparedGraph(prepared))).toBe(whole);
  });

  it('gives a component that reaches a datapoint twice its own figures when the next component`s derivatives are left in the array', () => {
    // c reaches x in two slots (its derivatives are merged by datapoint); d, right after it, starts with x too.
    const graph = {
      component_blueprints: [
        blueprint({
          key: 'pr',
          template: '{x} * {y} * {m}',
          inputs: { x: { kind: 'dimensionless', unit: '' }, y: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
        }),
      ],
      datapoints: [datapoint('x', 3, '', 0.25), datapoint('y', 2, '', 0.5), datapoint('unit', 1, 'kg', null)],
      components: [component('c', 'pr', { x: 'x', y: 'x', m: 'unit' }), component('d', 'pr', { x: 'x', y: 'y', m: 'unit' })],
      ghg_entries: [entry('e', { c: 1 }), entry('f', { d: 1 })],
    } as RemovalGraphInput;
    const outcome = prepareGraph(graph);
    if (!outcome.ok) throw new Error('invalid');
    const whole = json(evaluatePreparedGraph(outcome.prepared));
    // c's standard deviation: d(9x m)/dx = 2 x = 6 per kg, times 0.25: 1.5 kg.
    expect(JSON.parse(whole).ghg_entries[0].components[0].standard_deviation_kg).toBeCloseTo(1.5, 12);
    for (let round = 0; round < 3; round++) expect(json(evaluatePreparedGraph(outcome.prepared))).toBe(whole);
  });

  it('is never handed on while an evaluation still reads it, with other magnitudes evaluated meanwhile', () => {
    const prepared = preparedOf(2 * ENTRY_CHUNK + 5);
    // The same components with other magnitudes, as the sensitivity analysis evaluates them (sensitivity.ts).
    const moved: PreparedGraph = { ...prepared, siMagnitudes: prepared.siMagnitudes.map((x) => x * 1.5) };
    const entriesOf = (graph: PreparedGraph) => JSON.stringify(JSON.parse(json(evaluatePreparedGraph(graph))).ghg_entries);
    const expected = [entriesOf(prepared), entriesOf(moved)];
    const start = (graph: PreparedGraph) => {
      const started = startEvaluation(graph);
      if (!started.ok) throw new Error('invalid');
      return started.evaluation.entries;
    };
    const readAll = (entries: ReturnType<typeof start>, into: unknown[] = []) => {
      for (let chunk = entries.nextChunk(); chunk !== null; chunk = entries.nextChunk()) into.push(...chunk);
      return into;
    };
    // a is read to its end and asked once more; b has read one chunk when c, of the moved magnitudes, runs whole.
    const a = start(prepared);
    readAll(a);
    const b = start(prepared);
    const read = [...(b.nextChunk() ?? [])];
    expect(a.nextChunk()).toBeNull();
    const c = readAll(start(moved));
    expect(JSON.stringify(readAll(b, read))).toBe(expected[0]);
    expect(JSON.stringify(c)).toBe(expected[1]);
    expect(expected[1]).not.toBe(expected[0]);
  });
});
