// Comparisons and the conditional (docs/rules.md, "Branches"): the value and the derivative of the
// branch taken, a non-finite value in the branch not taken left out, clear errors for branches or
// comparison sides of different dimensions, and the deciding comparisons the accounting warns on.
import { describe, expect, it } from 'vitest';
import { evaluateBlueprint } from '../../src/expressions';
import { blueprint, compileIssues, compileOk, type InputSpec } from './helpers';

const INPUTS: readonly InputSpec[] = [
  ['m', 'mass'],
  ['n', 'mass'],
  ['a', 'dimensionless'],
  ['e', 'energy'],
];

function one(template: string) {
  return compileOk(blueprint(INPUTS, [['r', template]]));
}

/** Inputs not named in the template are dropped from the blueprint by its own check; give every one a use. */
function valueOf(template: string, values: Record<string, number>) {
  return evaluateBlueprint(one(template), values);
}

const ALL = { m: 10, n: 4, a: 0.5, e: 7 };
const USE_ALL = ' + 0 * {a} * {m} * {e} / {e} / {a} * {a}';

describe('comparisons and the conditional', () => {
  it('takes the branch its condition chooses, with that branch derivative only', () => {
    const t = `({m} > {n} ? {m} * {a} : {n} * 2)${USE_ALL}`;
    const high = valueOf(t, ALL);
    expect(high.value).toBe(5);
    expect(high.gradient['m']).toBeCloseTo(0.5, 15);
    expect(high.gradient['n']).toBe(0);
    const low = valueOf(t, { ...ALL, m: 3 });
    expect(low.value).toBe(8);
    expect(low.gradient['n']).toBe(2);
  });

  it('knows every comparison operator, == and != exactly', () => {
    const cases: [string, number][] = [
      ['<', 0],
      ['<=', 10],
      ['>', 0],
      ['>=', 10],
      ['==', 10],
      ['!=', 0],
    ];
    for (const [op, expected] of cases) {
      const t = `({m} ${op} {n} ? {m} : 0)${USE_ALL}`;
      expect(valueOf(t, { ...ALL, n: 10 }).value, op).toBe(expected);
    }
  });

  it('leaves out a value that is not finite in the branch not taken', () => {
    const t = `({a} > 0 ? {m} * log({a}) : 0)${USE_ALL}`;
    expect(valueOf(t, { ...ALL, a: -1 }).value).toBe(0);
    expect(valueOf(t, { ...ALL, a: Math.E }).value).toBeCloseTo(10, 14);
  });

  it('nests, and reads back the normalised template', () => {
    const c = one(`{m} > {n} ? ({a} > 0.5 ? {m} : {n}) : 0${USE_ALL}`);
    expect(c.expressions[0]?.template).toContain('{m} > {n} ? ({a} > 0.5 ? {m} : {n}) : ');
    expect(evaluateBlueprint(c, { ...ALL, a: 0.6 }).value).toBe(10);
    expect(evaluateBlueprint(c, ALL).value).toBe(4);
  });

  it('refuses branches of different dimensions, comparison sides of different dimensions, a comparison used as a value', () => {
    const messages = (template: string) => compileIssues(blueprint(INPUTS, [['r', template]])).map((i) => i.message);
    expect(messages(`({a} > 0 ? {m} : {e})${USE_ALL}`).join('\n')).toContain(
      'both branches of "{a} > 0 ? {m} : {e}" must have one dimension, but they have mass and ',
    );
    expect(messages(`({m} > {e} ? {m} : {n})${USE_ALL}`).join('\n')).toContain('cannot compare mass and ');
    expect(messages(`{m} * ({a} > 0)${USE_ALL}`).join('\n')).toContain(
      'comparison "{a} > 0" is only allowed as the condition of a conditional',
    );
  });

  it('lists the deciding comparisons: the difference of the sides and its gradient, only on the path taken', () => {
    const c = one(`({m} > {n} ? ({a} < 0.25 ? {m} : {n}) : ({e} > {e} * {a} ? {m} : {n}))${USE_ALL}`);
    expect(c.hasBranches).toBe(true);
    const values = Float64Array.from([10, 4, 0.5, 7]);
    const inputStart = Int32Array.from([0, 1, 2, 3, 4]);
    const sides = c.branchSides(values, inputStart) ?? [];
    expect(sides.map((s) => [s.comparison, s.difference])).toEqual([
      ['{a} < 0.25', 0.25],
      ['{m} > {n}', 6],
    ]);
    expect(Array.from(sides[1]?.gradient ?? [])).toEqual([1, -1, 0, 0]);
    expect(Array.from(sides[0]?.gradient ?? [])).toEqual([0, 0, 1, 0]);
    expect(one(`{m}${USE_ALL}`).branchSides(values, inputStart)).toBeNull();
  });
});

describe('log10 and trigonometry', () => {
  it('computes log10, sin, cos, tan, asin, acos, atan and atan2 with their derivatives', () => {
    const cases: [string, (a: number) => number, (a: number) => number][] = [
      ['log10({a})', Math.log10, (a) => 1 / (a * Math.LN10)],
      ['sin({a})', Math.sin, Math.cos],
      ['cos({a})', Math.cos, (a) => -Math.sin(a)],
      ['tan({a})', Math.tan, (a) => 1 / Math.cos(a) ** 2],
      ['asin({a})', Math.asin, (a) => 1 / Math.sqrt(1 - a * a)],
      ['acos({a})', Math.acos, (a) => -1 / Math.sqrt(1 - a * a)],
      ['atan({a})', Math.atan, (a) => 1 / (1 + a * a)],
      ['atan2({a}, 2)', (a) => Math.atan2(a, 2), (a) => 2 / (a * a + 4)],
    ];
    for (const [f, value, derivative] of cases) {
      const r = valueOf(`{m} * ${f} + 0 * {n} * {e} / {e}`, { ...ALL, m: 1, a: 0.3 });
      expect(r.value, f).toBeCloseTo(value(0.3), 14);
      expect(r.gradient['a'] as number, f).toBeCloseTo(derivative(0.3), 12);
    }
  });

  it('takes an angle or a dimensionless number in sin cos tan, and refuses a mass', () => {
    const angle = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['phi', 'latitude'],
        ],
        [['r', '{m} * cos({phi})']],
      ),
    );
    expect(evaluateBlueprint(angle, { m: 2, phi: Math.PI / 3 }).value).toBeCloseTo(1, 14);
    const issues = compileIssues(blueprint(INPUTS, [['r', `{m} * sin({m} / {n} * {n})${USE_ALL}`]]));
    expect(issues.map((i) => i.message).join('\n')).toContain('the argument of sin (an angle or a dimensionless number of radians)');
    const inverse = compileIssues(
      blueprint(
        [
          ['m', 'mass'],
          ['phi', 'latitude'],
        ],
        [['r', '{m} * asin({phi})']],
      ),
    );
    expect(inverse.map((i) => i.message).join('\n')).toContain(
      'the argument of asin in "asin({phi})" must be dimensionless, but has dimension angle',
    );
  });
});
