import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledBlueprint, compileBlueprint } from '../../src/expressions';
import { blueprint, compileOk, type ExpressionSpec, type InputSpec } from './helpers';

const INPUTS: readonly InputSpec[] = [
  ['m', 'mass'],
  ['a', 'dimensionless'],
  ['b', 'dimensionless'],
  ['c', 'dimensionless'],
  ['xs', 'dimensionless', 'LIST'],
  ['ys', 'mass', 'LIST'],
];

/** Formulas over {@link INPUTS} whose gradients are checked against finite differences. */
const FORMULAS: readonly (readonly ExpressionSpec[])[] = [
  [['f', '{m} * {a} * {b}']],
  [['f', '{m} * ({a} + {b}) / {c}']],
  [['f', '{m} * {a} ^ 2.5 - {m} / {b}']],
  [['f', '{m} * exp({a} / 4) * log({b} + 1)']],
  [['f', 'sqrt({m} * {m} * {a}) + {m} * {c}']],
  [['f', '{m} * {a} ^ {b} - {m} * 2 ^ {c}']],
  [['f', '{m} * abs({a} - {b})']],
  [['f', 'max({m} * {a}, {m} * {b}, {m} * {c})']],
  [['f', 'min({m}, {m} * {a}) - max({m} * {b}, 0)']],
  [['f', '{m} * sum({xs}) / mean({xs}) * count({xs}) + max({ys}) - min({ys}) + sum({ys}) * {a}']],
  [['f', '{m} * log({a}, {b} + 1)']],
  [['f', '{m} ^ 2 / {m} * {c} ^ -1 + {m} * (-{a}) ^ 2']],
  [
    ['a1', '{m} * {a}'],
    ['a2', '{a1} * {a1} / {m}'],
    ['f', '{a2} - {a1} * {b} + mean({ys})'],
  ],
];

interface Point {
  readonly scalars: readonly number[];
  readonly xs: readonly number[];
  readonly ys: readonly number[];
}

const value = fc.double({ min: 0.5, max: 4, noNaN: true });
const point: fc.Arbitrary<Point> = fc.record({
  scalars: fc.array(value, { minLength: 4, maxLength: 4 }),
  xs: fc.array(value, { minLength: 1, maxLength: 5 }),
  ys: fc.array(value, { minLength: 1, maxLength: 5 }),
});

function pack(p: Point): { values: Float64Array; start: Int32Array } {
  const values = Float64Array.from([...p.scalars, ...p.xs, ...p.ys]);
  const start = Int32Array.from([0, 1, 2, 3, 4, 4 + p.xs.length, values.length]);
  return { values, start };
}

/** Kinks of abs/min/max sit where values tie; keep every pair of values apart. */
function wellSeparated(values: Float64Array): boolean {
  const sorted = Array.from(values).sort((x, y) => x - y);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]! - sorted[i - 1]! < 1e-3) return false;
  return true;
}

function checkAgainstFiniteDifferences(c: CompiledBlueprint, p: Point): void {
  const { values, start } = pack(p);
  const gradient = new Float64Array(values.length);
  const f0 = c.evaluate(values, start, gradient);
  expect(Number.isFinite(f0)).toBe(true);
  const probe = Float64Array.from(values);
  for (let k = 0; k < values.length; k++) {
    const x = values[k]!;
    const h = 1e-6 * Math.max(1, Math.abs(x));
    probe[k] = x + h;
    const up = c.evaluate(probe, start, null);
    probe[k] = x - h;
    const down = c.evaluate(probe, start, null);
    probe[k] = x;
    const fd = (up - down) / (2 * h);
    const g = gradient[k]!;
    expect(Math.abs(fd - g)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(g), Math.abs(f0)));
  }
}

describe('gradients agree with finite differences', () => {
  FORMULAS.forEach((spec, n) => {
    it(spec.map((e) => e[1]).join('; '), () => {
      const c = compileOk(blueprint(INPUTS, spec));
      fc.assert(
        fc.property(point, (p) => {
          fc.pre(wellSeparated(pack(p).values));
          checkAgainstFiniteDifferences(c, p);
        }),
        { seed: 1000 + n, numRuns: 150 },
      );
    });
  });
});

/** A random formula tree over dimensionless inputs, with its own reference evaluation. */
type Tree =
  | { readonly t: 'num'; readonly v: number }
  | { readonly t: 'var'; readonly name: 'a' | 'b' | 'c' }
  | { readonly t: 'neg'; readonly x: Tree }
  | { readonly t: 'bin'; readonly op: '+' | '-' | '*' | '/' | '^'; readonly x: Tree; readonly y: Tree }
  | { readonly t: 'fn'; readonly fn: 'sqrt' | 'exp' | 'log' | 'abs'; readonly x: Tree }
  | { readonly t: 'vari'; readonly fn: 'min' | 'max' | 'sum' | 'mean'; readonly xs: readonly Tree[] }
  | { readonly t: 'list'; readonly fn: 'sum' | 'mean' | 'min' | 'max' | 'count' };

const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ t: fc.constant('num' as const), v: fc.constantFrom(0, 1, 2, 0.5, 3.25, 10) }),
    fc.record({ t: fc.constant('var' as const), name: fc.constantFrom('a' as const, 'b' as const, 'c' as const) }),
    fc.record({ t: fc.constant('neg' as const), x: tie('tree') }),
    fc.record({
      t: fc.constant('bin' as const),
      op: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const, '^' as const),
      x: tie('tree'),
      y: tie('tree'),
    }),
    fc.record({
      t: fc.constant('fn' as const),
      fn: fc.constantFrom('sqrt' as const, 'exp' as const, 'log' as const, 'abs' as const),
      x: tie('tree'),
    }),
    fc.record({
      t: fc.constant('vari' as const),
      fn: fc.constantFrom('min' as const, 'max' as const, 'sum' as const, 'mean' as const),
      xs: fc.array(tie('tree'), { minLength: 2, maxLength: 3 }),
    }),
    fc.record({
      t: fc.constant('list' as const),
      fn: fc.constantFrom('sum' as const, 'mean' as const, 'min' as const, 'max' as const, 'count' as const),
    }),
  ),
}));

/** Writes a tree with full parentheses, so that the compiler's grouping is what the tree says. */
function write(t: Tree): string {
  switch (t.t) {
    case 'num':
      return String(t.v);
    case 'var':
      return `{${t.name}}`;
    case 'neg':
      return `(-(${write(t.x)}))`;
    case 'bin':
      return `((${write(t.x)}) ${t.op} (${write(t.y)}))`;
    case 'fn':
      return `${t.fn}(${write(t.x)})`;
    case 'vari':
      return `${t.fn}(${t.xs.map(write).join(', ')})`;
    case 'list':
      return `${t.fn}({xs})`;
  }
}

function reference(t: Tree, env: { a: number; b: number; c: number; xs: readonly number[] }): number {
  switch (t.t) {
    case 'num':
      return t.v;
    case 'var':
      return env[t.name];
    case 'neg':
      return -reference(t.x, env);
    case 'bin': {
      const x = reference(t.x, env);
      const y = reference(t.y, env);
      return t.op === '+' ? x + y : t.op === '-' ? x - y : t.op === '*' ? x * y : t.op === '/' ? x / y : Math.pow(x, y);
    }
    case 'fn':
      return Math[t.fn](reference(t.x, env));
    case 'vari': {
      const vs = t.xs.map((x) => reference(x, env));
      if (t.fn === 'min') return vs.reduce((p, v) => Math.min(p, v));
      if (t.fn === 'max') return vs.reduce((p, v) => Math.max(p, v));
      const s = vs.reduce((p, v) => p + v);
      return t.fn === 'sum' ? s : s / vs.length;
    }
    case 'list': {
      const s = env.xs.reduce((p, v) => p + v, 0);
      if (t.fn === 'sum') return s;
      if (t.fn === 'mean') return s / env.xs.length;
      if (t.fn === 'count') return env.xs.length;
      return t.fn === 'min' ? Math.min(...env.xs) : Math.max(...env.xs);
    }
  }
}

function sameNumber(x: number, y: number): boolean {
  return Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y)) || x === y;
}

describe('random formulas', () => {
  it('compile, evaluate like a reference interpreter, and print a template that reads back the same', () => {
    fc.assert(
      fc.property(tree, value, value, value, fc.array(value, { minLength: 1, maxLength: 4 }), (t, a, b, c, xs) => {
        const template = `{m} * (${write(t)})`;
        const first = compileBlueprint(blueprint(INPUTS, [['f', template]]));
        if (!first.ok) throw new Error(`${template}: ${first.issues.map((i) => i.message).join('; ')}`);
        const normalised = first.blueprint.expressions[0]!.template;
        const again = compileOk(blueprint(INPUTS, [['f', normalised]]));
        expect(again.expressions[0]!.template).toBe(normalised);

        const m = 1.5;
        const values = Float64Array.from([m, a, b, c, ...xs, 1]);
        const start = Int32Array.from([0, 1, 2, 3, 4, 4 + xs.length, 5 + xs.length]);
        const expected = m * reference(t, { a, b, c, xs });
        const v1 = first.blueprint.evaluate(values, start, new Float64Array(values.length));
        const v2 = again.evaluate(values, start, null);
        expect(sameNumber(v1, expected)).toBe(true);
        expect(sameNumber(v2, expected)).toBe(true);
      }),
      { seed: 424242, numRuns: 300 },
    );
  });
});
