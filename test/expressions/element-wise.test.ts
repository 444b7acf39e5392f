/**
 * Element-wise LIST arithmetic (docs/rules.md, "Element-wise lists"): known answers, derivatives,
 * the errors, and properties (a mean of products is the sum of products over n; the generated,
 * interpreted and block evaluators give the same bits).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateBlueprint } from '../../src/expressions';
import { allowCodeGeneration, codeGenerationRefusals, importWithoutCodeGeneration, withoutCodeGeneration } from '../no-code-generation';
import { blueprint, compileIssues, compileOk, type InputSpec } from './helpers';

const INPUTS: readonly InputSpec[] = [
  ['c', 'mass_fraction', 'LIST'],
  ['d', 'mass', 'LIST'],
  ['e', 'dimensionless', 'LIST'],
  ['k', 'mass', 'SCALAR'],
  ['f', 'dimensionless', 'SCALAR'],
];
const PREFIX = 'Blueprint "bp", expression "r": ';

function one(template: string) {
  return compileOk(blueprint(INPUTS, [['r', template]]));
}

function run(template: string, values: { c: number[]; d: number[]; e?: number[]; k?: number; f?: number }) {
  return evaluateBlueprint(one(template), { e: values.c.map(() => 1), k: 1, f: 1, ...values });
}

afterEach(allowCodeGeneration);

describe('element-wise lists: known answers', () => {
  it('mean({c} * {d}) is the mean of the products, with each element its own derivative', () => {
    const c = [0.002, 0.003, 0.0025];
    const d = [10, 20, 30];
    const r = run('mean({c} * {d})', { c, d });
    expect(r.value).toBeCloseTo((0.02 + 0.06 + 0.075) / 3, 15);
    (r.gradient['c'] as number[]).forEach((g, j) => expect(g).toBeCloseTo((d[j] as number) / 3, 14));
    (r.gradient['d'] as number[]).forEach((g, j) => expect(g).toBeCloseTo((c[j] as number) / 3, 15));
  });

  it('sum({c} * {d}) / sum({d}) is the weighted mean, with its hand derivative', () => {
    const c = [0.1, 0.2, 0.4];
    const d = [1, 3, 4];
    const r = run('sum({c} * {d}) / sum({d}) * {k}', { c, d, k: 50 });
    const D = 8;
    const s = 0.1 + 0.6 + 1.6;
    expect(r.value).toBeCloseTo((s / D) * 50, 12);
    // d/dd_j (sum c d / sum d) = (c_j D - s) / D^2.
    (r.gradient['d'] as number[]).forEach((g, j) => expect(g).toBeCloseTo((((c[j] as number) * D - s) / (D * D)) * 50, 12));
    (r.gradient['c'] as number[]).forEach((g, j) => expect(g).toBeCloseTo(((d[j] as number) / D) * 50, 12));
    expect(r.gradient['k']).toBeCloseTo(s / D, 15);
  });

  it('a LIST and a scalar on either side, unary minus, sqrt exp log abs and ^ act on each element', () => {
    const c = [0.25, 0.04];
    const d = [2, 8];
    expect(run('sum({k} * {c} - {d} * {f})', { c, d, k: 4, f: 0.5 }).value).toBeCloseTo(4 * 0.29 - 5, 12);
    expect(run('sum(-{d})', { c, d }).value).toBe(-10);
    expect(run('sum(sqrt({c}) * {k})', { c, d, k: 2 }).value).toBeCloseTo(2 * (0.5 + 0.2), 12);
    expect(run('max(abs({d} - 5 kg))', { c, d }).value).toBe(3);
    expect(run('min(({d} / {k}) ^ 2) * {k}', { c, d, k: 2 }).value).toBe(2);
    expect(run('sum(exp({e}) * {d})', { c, d, e: [0, 1] }).value).toBeCloseTo(2 + 8 * Math.E, 12);
    expect(run('sum(log({e}) * {d})', { c, d, e: [1, Math.E] }).value).toBeCloseTo(8, 12);
    expect(run('sum(log({e}, 10) * {d})', { c, d, e: [10, 100] }).value).toBeCloseTo(2 + 16, 12);
    expect(run('count({c} * {d}) * {k}', { c, d, k: 3 }).value).toBe(6);
  });

  it('an element-wise list keeps the component order: pairs c_j with d_j', () => {
    expect(run('sum({c} * {d})', { c: [1, 0], d: [5, 7] }).value).toBe(5);
    expect(run('sum({c} * {d})', { c: [0, 1], d: [5, 7] }).value).toBe(7);
  });

  it('one program per signature of lengths: the same blueprint on lists of 1, 2 and 5', () => {
    const compiled = one('mean({c} * {d})');
    for (const n of [1, 2, 5, 2, 1]) {
      const c = Array.from({ length: n }, (_, j) => 0.01 * (j + 1));
      const d = Array.from({ length: n }, (_, j) => j + 2);
      const expected = c.reduce((s, cj, j) => s + cj * (d[j] as number), 0) / n;
      expect(evaluateBlueprint(compiled, { c, d, e: c, k: 1, f: 1 }).value).toBeCloseTo(expected, 14);
    }
  });

  it('an element-wise abs at 0 is a kink: both branches are candidates', () => {
    const compiled = one('sum(abs({d} - {k}))');
    // Slots: c 0-1, d 2-3 (2 kg, 5 kg), e 4-5, k 6 (2 kg), f 7; so d_0 - k is 0.
    const values = Float64Array.from([0, 0, 2, 5, 1, 1, 2, 1]);
    const inputStart = Int32Array.from([0, 2, 4, 6, 7, 8]);
    const candidates = compiled.kinkGradients(values, inputStart);
    expect(compiled.mayKink).toBe(true);
    expect(candidates).not.toBeNull();
    const slopes = (candidates ?? []).map((g) => g[2]).sort();
    expect(slopes).toEqual([-1, 1]);
  });

  it('reports list_length information: the pairings of the blueprint', () => {
    const compiled = compileOk(
      blueprint(INPUTS, [
        ['g', 'sum({c} * {d}) / sum({d})'],
        ['r', '{g} * sum({e} * {d}) * mean({e})'],
      ]),
    );
    expect(compiled.listPairings).toEqual([
      { expression: 'g', formula: '{c} * {d}', inputs: [0, 1] },
      { expression: 'r', formula: '{e} * {d}', inputs: [1, 2] },
    ]);
    expect(one('sum({f} * {d})').listPairings).toEqual([]);
  });
});

describe('element-wise lists: errors', () => {
  it('a LIST not reduced is an error naming the expression', () => {
    expect(compileIssues(blueprint(INPUTS, [['r', '{c} * {d}']]))).toEqual([
      {
        code: 'expression_data_shape',
        path: ['expressions', 0, 'template'],
        message: `${PREFIX}the value of "{c} * {d}" is a LIST (element-wise over LIST inputs "c", "d"); a LIST must be reduced with sum, mean, min, max or count before it is a scalar value, e.g. mean(...)`,
      },
    ]);
  });

  it('a LIST in a comparison, a conditional, log10 or trigonometry is refused', () => {
    for (const [template, role] of [
      ['{f} > 0 ? sum({d}) : {k}', '{f} > 0 ? sum({d}) : {k}'],
      ['sum({e} > 0 ? {d} : {d})', ''],
      ['sum(log10({e}) * {d})', 'log10'],
      ['sum(cos({e}) * {d})', 'cos'],
    ] as const) {
      if (role === '{f} > 0 ? sum({d}) : {k}') {
        expect(one(template).hasBranches).toBe(true);
        continue;
      }
      const issues = compileIssues(blueprint(INPUTS, [['r', template]]));
      expect(issues.length, template).toBeGreaterThan(0);
      expect(issues[0]?.code, template).toBe('expression_data_shape');
      expect(issues[0]?.message, template).toMatch(/takes scalar values, but is given a LIST/);
    }
  });

  it('units of list elements are checked: mg/kg * kg is a mass, a mass plus a fraction is refused', () => {
    expect(one('sum({c} * {d})').expressions[0]?.dimension).toEqual(one('{k}').expressions[0]?.dimension);
    const issues = compileIssues(blueprint(INPUTS, [['r', 'sum({c} + {d})']]));
    expect(issues[0]?.code).toBe('expression_dimension');
    expect(issues[0]?.message).toContain('cannot add');
  });

  it('evaluating lists of different lengths throws a RangeError naming the expression and both lengths', () => {
    expect(() => run('sum({c} * {d})', { c: [1, 2], d: [1, 2, 3] })).toThrow(
      'blueprint "bp", expression "r": "{c} * {d}" pairs LIST input "c" (2 values) with LIST input "d" (3 values); element-wise lists must have one length',
    );
  });
});

/** Lists of one length n and a scalar, SI magnitudes in a sensible range. */
const lists = fc.integer({ min: 1, max: 12 }).chain((n) => {
  const list = fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: n, maxLength: n });
  return fc.record({ c: list, d: list, e: list, k: fc.double({ min: 0.1, max: 10, noNaN: true }) });
});

describe('element-wise lists: properties', () => {
  it('mean({c} * {d}) equals the sum of products over n (fast-check)', () => {
    const compiled = one('mean({c} * {d})');
    fc.assert(
      fc.property(lists, ({ c, d, e, k }) => {
        let s = 0;
        c.forEach((cj, j) => (s += cj * (d[j] as number)));
        expect(evaluateBlueprint(compiled, { c, d, e, k, f: 1 }).value).toBe(s / c.length);
      }),
      { numRuns: 200 },
    );
  });

  it('permuting the pairs together changes no figure beyond rounding (fast-check)', () => {
    const compiled = one('sum({c} * {d}) / sum({d}) * {k} + max(abs({e} - 1) * {d})');
    fc.assert(
      fc.property(lists, fc.integer({ min: 0, max: 1000 }), ({ c, d, e, k }, seed) => {
        // At a tie for the maximum the derivative goes to the first of the tied places (a kink: the engine's choice
        // between its sides is kink-choice.ts's, by datapoint id), so the property holds where the maximum is unique.
        const terms = e.map((ej, j) => Math.abs(ej - 1) * (d[j] as number));
        fc.pre(terms.filter((t) => t === Math.max(...terms)).length === 1);
        const order = c.map((_, j) => j).sort((x, y) => ((x * 7919 + seed) % 13) - ((y * 7919 + seed) % 13) || x - y);
        const pick = (xs: number[]) => order.map((j) => xs[j] as number);
        const a = evaluateBlueprint(compiled, { c, d, e, k, f: 1 });
        const b = evaluateBlueprint(compiled, { c: pick(c), d: pick(d), e: pick(e), k, f: 1 });
        expect(b.value).toBeCloseTo(a.value, 9);
        const gd = a.gradient['d'] as number[];
        (b.gradient['d'] as number[]).forEach((g, j) => expect(g).toBeCloseTo(gd[order[j] as number] as number, 9));
      }),
      { numRuns: 100 },
    );
  });

  const TEMPLATES = [
    'mean({c} * {d})',
    'sum({c} * {d}) / sum({d}) * {k}',
    'max(sqrt({d} * {k}) * {e}) + min(abs({d} - {k})) - sum(exp(-{e}) * {d}) + count({e}) * {k}',
    'sum(log({e} + 1) * {d} ^ 2) / {k}',
  ];

  it('generated, interpreted and block evaluation give the same bits (fast-check)', async () => {
    const generated = TEMPLATES.map(one);
    // Each signature is lowered on first use: the interpreted blueprints are compiled under the host without code generation.
    const fresh = await importWithoutCodeGeneration(() => import('./helpers'));
    const interpreted = TEMPLATES.map((t) => fresh.compileOk(fresh.blueprint(INPUTS, [['r', t]])));
    expect(codeGenerationRefusals()).toBeGreaterThan(0);
    allowCodeGeneration();
    fc.assert(
      fc.property(fc.array(lists, { minLength: 1, maxLength: 4 }), (draws) => {
        // One signature per block: every draw takes the first draw's lengths.
        const n = (draws[0] as { c: number[] }).c.length;
        const rows = draws.map((x) => ({ ...x, c: fit(x.c, n), d: fit(x.d, n), e: fit(x.e, n) }));
        const inputStart = Int32Array.from([0, n, 2 * n, 3 * n, 3 * n + 1, 3 * n + 2]);
        const flat = rows.map((x) => Float64Array.from([...x.c, ...x.d, ...x.e, x.k, 0.5]));
        const columns = Array.from({ length: 3 * n + 2 }, (_, s) => Float64Array.from(flat.map((v) => v[s] as number)));
        TEMPLATES.forEach((_, t) => {
          for (const [compiled, interpret] of [
            [generated[t], false],
            [interpreted[t], true],
          ] as const) {
            const out = new Float64Array(rows.length);
            const block = () => compiled?.evaluateBlock(columns, inputStart, rows.length, out);
            if (interpret) withoutCodeGeneration(block);
            else block();
            flat.forEach((values, i) => {
              const g1 = new Float64Array(values.length);
              const g2 = new Float64Array(values.length);
              const v1 = generated[t]?.evaluate(values, inputStart, g1);
              const v2 = withoutCodeGeneration(() => interpreted[t]?.evaluate(values, inputStart, g2));
              expect(Object.is(v1, v2)).toBe(true);
              expect(Object.is(out[i], v1)).toBe(true);
              expect(Array.from(g1)).toEqual(Array.from(g2));
            });
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});

function fit(xs: readonly number[], n: number): number[] {
  return Array.from({ length: n }, (_, j) => xs[j % xs.length] as number);
}
