import { describe, expect, it } from 'vitest';
import { ALLOWED_FUNCTIONS, compileBlueprint, evaluateBlueprint } from '../../src/expressions';
import { dimension, MASS } from '../../src/units';
import { blueprint, compileIssues, compileOk, type InputSpec } from './helpers';

const TRANSPORT = blueprint(
  [
    ['m', 'mass'],
    ['d', 'distance'],
    ['ef', 'mass_distance_carbon_emission_factor'],
  ],
  [['co2e', '{m} * {d} * {ef}']],
  'transport',
);

describe('compiled blueprint evaluation', () => {
  it('evaluates transport {m} * {d} * {ef} with gradient [d*ef, m*ef, m*d]', () => {
    const c = compileOk(TRANSPORT);
    const r = evaluateBlueprint(c, { m: 2000, d: 350_000, ef: 1.2e-4 });
    expect(r.value).toBeCloseTo(2000 * 350_000 * 1.2e-4, 9);
    expect(r.gradient['m']).toBeCloseTo(350_000 * 1.2e-4, 12);
    expect(r.gradient['d']).toBeCloseTo(2000 * 1.2e-4, 12);
    expect(r.gradient['ef']).toBeCloseTo(2000 * 350_000, 6);
    expect(c.inputUseCounts).toEqual([1, 1, 1]);
    expect(c.key).toBe('transport');
    expect(c.type).toBe('ACTIVITY');
    expect(c.resultExpression).toBe('co2e');
    expect(c.expressions).toEqual([{ key: 'co2e', template: '{m} * {d} * {ef}', dimension: MASS }]);
    expect(c.inputs.map((i) => [i.input_key, i.quantity_kind, i.data_shape])).toEqual([
      ['m', 'mass', 'SCALAR'],
      ['d', 'distance', 'SCALAR'],
      ['ef', 'mass_distance_carbon_emission_factor', 'SCALAR'],
    ]);
    expect(c.inputs[2]?.dimension).toEqual(dimension({ length: -1 }));
  });

  it('treats {x} - {x} as one variable: value 0, gradient 0, used twice', () => {
    const c = compileOk(blueprint([['x', 'mass']], [['e', '{x} - {x}']]));
    const r = evaluateBlueprint(c, { x: 7.5 });
    expect(r.value).toBe(0);
    expect(r.gradient['x']).toBe(0);
    expect(c.inputUseCounts).toEqual([2]);
  });

  it('gives {x} * {x} the derivative 2x', () => {
    const c = compileOk(
      blueprint(
        [
          ['x', 'mass'],
          ['u', 'mass'],
        ],
        [['e', '{x} * {x} / {u}']],
      ),
    );
    const r = evaluateBlueprint(c, { x: 3, u: 1 });
    expect(r.value).toBe(9);
    expect(r.gradient['x']).toBe(6);
    expect(r.gradient['u']).toBe(-9);
    expect(c.inputUseCounts).toEqual([2, 1]);
  });

  it('follows EXPRESSION_RESULT chains in any order and computes shared results once', () => {
    const c = compileOk(
      blueprint(
        [
          ['x', 'mass'],
          ['y', 'mass'],
          ['unused', 'energy'],
        ],
        [
          ['total', '{part} * 2'],
          ['part', '{x} + {y}'],
          ['result', '{total} - {part}'],
        ],
      ),
    );
    const r = evaluateBlueprint(c, { x: 2, y: 5, unused: 1 });
    expect(r.value).toBe(7);
    expect(r.gradient).toEqual({ x: 1, y: 1, unused: 0 });
    expect(c.inputUseCounts).toEqual([2, 2, 0]);
    expect(c.resultExpression).toBe('result');
  });

  it('counts uses through repeated references: a = {x} * 2; b = {a} + {a}', () => {
    const c = compileOk(
      blueprint(
        [['x', 'mass']],
        [
          ['a', '{x} * 2'],
          ['b', '{a} + {a}'],
        ],
      ),
    );
    const r = evaluateBlueprint(c, { x: 3 });
    expect(r.value).toBe(12);
    expect(r.gradient['x']).toBe(4);
    expect(c.inputUseCounts).toEqual([2]);
  });

  it('maps ZERO_TCO2E to the constant 0 kg', () => {
    const c = compileOk(blueprint([['m', 'mass']], [['e', 'max({m} - {z}, {z})', { m: 'm', z: '0' }]]));
    expect(evaluateBlueprint(c, { m: 4 })).toEqual({ value: 4, gradient: { m: 1 } });
    expect(evaluateBlueprint(c, { m: -4 })).toEqual({ value: 0, gradient: { m: 0 } });
    const only = compileOk(blueprint([], [['e', '{z}', { z: '0' }]]));
    expect(evaluateBlueprint(only, {}).value).toBe(0);
  });

  describe('LIST reducers', () => {
    const list = (template: string) =>
      compileOk(
        blueprint(
          [
            ['xs', 'mass', 'LIST'],
            ['k', 'dimensionless'],
          ],
          [['e', template]],
        ),
      );
    const xs = [4, 1, 9, 1, 9];

    it('sum', () => {
      const r = evaluateBlueprint(list('sum({xs}) * {k}'), { xs, k: 2 });
      expect(r.value).toBe(48);
      expect(r.gradient).toEqual({ xs: [2, 2, 2, 2, 2], k: 24 });
    });
    it('mean', () => {
      const r = evaluateBlueprint(list('mean({xs}) * {k}'), { xs, k: 1 });
      expect(r.value).toBeCloseTo(4.8, 12);
      expect(r.gradient['xs']).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
    });
    it('min gives the whole derivative to the first smallest element', () => {
      const r = evaluateBlueprint(list('min({xs}) * {k}'), { xs, k: 3 });
      expect(r.value).toBe(3);
      expect(r.gradient).toEqual({ xs: [0, 3, 0, 0, 0], k: 1 });
    });
    it('max gives the whole derivative to the first largest element', () => {
      const r = evaluateBlueprint(list('max({xs}) * {k}'), { xs, k: 1 });
      expect(r.value).toBe(9);
      expect(r.gradient['xs']).toEqual([0, 0, 1, 0, 0]);
    });
    it('count is dimensionless with zero derivative', () => {
      const c = compileOk(
        blueprint(
          [
            ['xs', 'dimensionless', 'LIST'],
            ['m', 'mass'],
          ],
          [['e', 'count({xs}) * {m}']],
        ),
      );
      const r = evaluateBlueprint(c, { xs: [0.5, 0.25, 7], m: 10 });
      expect(r.value).toBe(30);
      expect(r.gradient).toEqual({ xs: [0, 0, 0], m: 3 });
      expect(c.inputUseCounts).toEqual([1, 1]);
    });
    it('a one-element list behaves like its element', () => {
      const r = evaluateBlueprint(list('(sum({xs}) + mean({xs}) + min({xs}) + max({xs})) * {k}'), { xs: [2.5], k: 1 });
      expect(r.value).toBe(10);
      expect(r.gradient['xs']).toEqual([4]);
    });
    it('lists of different inputs are read from their own ranges', () => {
      const c = compileOk(
        blueprint(
          [
            ['a', 'mass', 'LIST'],
            ['s', 'mass'],
            ['b', 'mass', 'LIST'],
          ],
          [['e', 'sum({a}) - {s} + max({b})']],
        ),
      );
      const r = evaluateBlueprint(c, { a: [1, 2], s: 10, b: [5, 30, 7] });
      expect(r.value).toBe(23);
      expect(r.gradient).toEqual({ a: [1, 1], s: -1, b: [0, 1, 0] });
    });
  });

  it('min and max of scalars select one argument', () => {
    const c = compileOk(
      blueprint(
        [
          ['a', 'mass'],
          ['b', 'mass'],
          ['c', 'mass'],
        ],
        [['e', 'max({a}, {b}, {c}) - min({a}, {b})']],
      ),
    );
    const r = evaluateBlueprint(c, { a: 2, b: 3, c: 10 });
    expect(r.value).toBe(8);
    expect(r.gradient).toEqual({ a: -1, b: 0, c: 1 });
  });

  it('sum and mean of scalars add them', () => {
    const c = compileOk(
      blueprint(
        [
          ['a', 'mass'],
          ['b', 'mass'],
          ['c', 'mass'],
        ],
        [['e', 'sum({a}, {b}) + mean({a}, {b}, {c})']],
      ),
    );
    const r = evaluateBlueprint(c, { a: 3, b: 6, c: 9 });
    expect(r.value).toBe(15);
    expect(r.gradient['a']).toBeCloseTo(4 / 3, 12);
    expect(r.gradient['c']).toBeCloseTo(1 / 3, 12);
  });

  it('differentiates sqrt, exp, log, abs, division and powers', () => {
    const c = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['a', 'dimensionless'],
          ['b', 'dimensionless'],
        ],
        [['e', '{m} * sqrt({a}) + {m} * exp({b}) + {m} * log({a}) + abs({m}) / {b} + {m} * {a} ^ {b}']],
      ),
    );
    const [m, a, b] = [-2, 4, 0.5];
    const r = evaluateBlueprint(c, { m, a, b });
    expect(r.value).toBeCloseTo(m * 2 + m * Math.exp(b) + m * Math.log(a) + 2 / b + m * 2, 12);
    expect(r.gradient['m']).toBeCloseTo(2 + Math.exp(b) + Math.log(a) - 1 / b + 2, 12);
    expect(r.gradient['a']).toBeCloseTo(m * 0.25 + m / a + m * b * Math.pow(a, b - 1), 12);
    expect(r.gradient['b']).toBeCloseTo(m * Math.exp(b) - 2 / (b * b) + m * Math.pow(a, b) * Math.log(a), 12);
  });

  it('accepts constant exponents on dimensioned bases, negative and fractional', () => {
    const c = compileOk(
      blueprint(
        [
          ['area', 'area'],
          ['ef', 'distance_carbon_emission_factor'],
          ['d', 'distance'],
          ['m', 'mass'],
        ],
        [['e', '{area} ^ 0.5 * {ef} + {m} * {d} * {d} ^ (-1) + {m} * {d} ^ -1 * {d}']],
      ),
    );
    const r = evaluateBlueprint(c, { area: 16, ef: 3, d: 5, m: 1 });
    expect(r.value).toBeCloseTo(12 + 1 + 1, 12);
    expect(r.gradient['area']).toBeCloseTo((3 * 0.5) / 4, 12);
    expect(r.gradient['d']).toBeCloseTo(0, 12);
  });

  it('lets the literal 0 match any dimension', () => {
    const c = compileOk(blueprint([['m', 'mass']], [['e', 'max({m}, 0) + ({m} - 0) + (0 - {m})']]));
    expect(evaluateBlueprint(c, { m: 5 }).value).toBe(5);
    expect(evaluateBlueprint(c, { m: -5 })).toEqual({ value: 0, gradient: { m: 0 } });
  });

  it('returns NaN or Infinity for non-finite results instead of throwing', () => {
    const c = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['a', 'dimensionless'],
        ],
        [
          ['e', '{m} * log({a})'],
          ['f', '{e} / {a}'],
        ],
      ),
    );
    expect(Number.isNaN(evaluateBlueprint(c, { m: 1, a: -1 }).value)).toBe(true);
    expect(evaluateBlueprint(c, { m: 1, a: 0 }).value).toBe(-Infinity);
    const d = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['a', 'dimensionless'],
        ],
        [['e', '{m} / {a}']],
      ),
    );
    expect(evaluateBlueprint(d, { m: 1, a: 0 }).value).toBe(Infinity);
  });

  it('overwrites the gradient (unused and all slots) and agrees with gradient-free evaluation', () => {
    const c = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['unused', 'mass', 'LIST'],
          ['k', 'dimensionless'],
        ],
        [['e', '{m} * {k} * {k}']],
      ),
    );
    const values = Float64Array.from([2, 100, 200, 3]);
    const start = Int32Array.from([0, 1, 3, 4]);
    const gradient = new Float64Array(4).fill(42);
    expect(c.evaluate(values, start, gradient)).toBe(18);
    expect(Array.from(gradient)).toEqual([9, 0, 0, 12]);
    expect(c.evaluate(values, start, gradient)).toBe(18);
    expect(Array.from(gradient)).toEqual([9, 0, 0, 12]);
    expect(c.evaluate(values, start, null)).toBe(18);
    expect(c.inputUseCounts).toEqual([1, 0, 2]);
  });

  it('compiles once and evaluates 100k times with changing values', () => {
    const c = compileOk(TRANSPORT);
    const values = new Float64Array(3);
    const start = Int32Array.from([0, 1, 2, 3]);
    const gradient = new Float64Array(3);
    let total = 0;
    let gradTotal = 0;
    for (let i = 0; i < 100_000; i++) {
      values[0] = i;
      values[1] = 2;
      values[2] = 0.5;
      total += c.evaluate(values, start, gradient);
      gradTotal += gradient[0]! + gradient[2]!;
    }
    expect(total).toBe((99_999 * 100_000) / 2);
    expect(gradTotal).toBe(100_000 + 2 * ((99_999 * 100_000) / 2));
  });

  it('rejects a too-short inputStart with a RangeError', () => {
    const c = compileOk(TRANSPORT);
    expect(() => c.evaluate(new Float64Array(3), Int32Array.from([0, 1]), null)).toThrow(RangeError);
  });

  it('evaluateBlueprint names a missing or mis-shaped input', () => {
    const c = compileOk(
      blueprint(
        [
          ['xs', 'mass', 'LIST'],
          ['m', 'mass'],
        ],
        [['e', 'sum({xs}) + {m}']],
      ),
    );
    expect(() => evaluateBlueprint(c, { xs: [1] })).toThrow('SCALAR input "m" needs a number');
    expect(() => evaluateBlueprint(c, { xs: 1, m: 1 })).toThrow('LIST input "xs" needs a non-empty array');
  });
});

describe('normalised templates and policies', () => {
  it('prints explicit multiplication and the grouping mathjs chose', () => {
    const c = compileOk(
      blueprint(
        [
          ['a', 'mass'],
          ['b', 'dimensionless'],
          ['c', 'dimensionless'],
        ],
        [
          ['p', '2{a}'],
          ['q', '{a}/2 {b}'],
          ['r', '-(({a}))  -  ({a} - {a})  + {a}*{b}^2^{c}'],
          ['s', '(-{b}) ^ 2 * {a} - -{a} + 50%*{a}'],
          ['t', '{s} + 0 * ({p} + {q} + {r})'],
        ],
      ),
    );
    expect(c.expressions.map((e) => e.template)).toEqual([
      '2 * {a}',
      '{a} / (2 * {b})',
      '-{a} - ({a} - {a}) + {a} * {b} ^ 2 ^ {c}',
      '(-{b}) ^ 2 * {a} - -{a} + (50 %) * {a}',
      '{s} + 0 * ({p} + {q} + {r})',
    ]);
    const r = evaluateBlueprint(c, { a: 3, b: 2, c: 3 });
    // t is the single sink: (-2)^2 * 3 + 3 + 1.5 + 0.
    expect(r.value).toBe(16.5);
  });

  it('takes the single sink as the result, wherever it is written', () => {
    const exprs: [string, string][] = [
      ['carbon', '{m} * {k}'],
      ['co2e', '{carbon} * 44 / 12'],
      ['loss', '{carbon} * 0'],
      ['net', '{co2e} - {loss}'],
    ];
    const inputs: InputSpec[] = [
      ['m', 'mass'],
      ['k', 'dimensionless'],
    ];
    const values = { m: 3, k: 0.5 };
    const reference = evaluateBlueprint(compileOk(blueprint(inputs, exprs)), values);
    expect(reference.value).toBeCloseTo(5.5, 12);
    for (const order of [
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ]) {
      const c = compileOk(
        blueprint(
          inputs,
          order.map((i) => exprs[i]!),
        ),
      );
      expect(c.resultExpression).toBe('net');
      expect(evaluateBlueprint(c, values)).toEqual(reference);
    }
  });

  it('refuses two sinks, and an expression the result does not use, naming them', () => {
    const def = blueprint(
      [['m', 'mass']],
      [
        ['side', '{m} * 3'],
        ['main', '{m}'],
      ],
    );
    expect(compileIssues(def)).toEqual([
      {
        code: 'blueprint_multiple_sinks',
        path: ['expressions'],
        message:
          'Blueprint "bp": expressions "side", "main" are each used by no other expression, so which one is the component\'s value is ambiguous; make the result use the others, remove the unused ones, or name the result with result_expression_key',
      },
    ]);
    expect(compileIssues({ ...def, result_expression_key: 'main' })).toEqual([
      {
        code: 'expression_dead',
        path: ['expressions', 0, 'key'],
        message:
          'Blueprint "bp", expression "side": the result "main" does not depend on this expression, so its value would be dropped; use it in the result or remove it',
      },
    ]);
  });

  it('takes the result the document or the host names, and refuses an unknown or conflicting name', () => {
    const def = blueprint(
      [['m', 'mass']],
      [
        ['main', '{m} * 3 * {ratio}'],
        ['ratio', '{m} / {m}'],
      ],
    );
    expect(compileOk(def).resultExpression).toBe('main');
    expect(compileOk({ ...def, result_expression_key: 'main' }).resultExpression).toBe('main');
    const c = compileOk(def, { resultExpressionKey: 'main' });
    expect(c.resultExpression).toBe('main');
    expect(evaluateBlueprint(c, { m: 2 }).value).toBe(6);
    // Naming the dimensionless expression leaves main dead and the result not a mass.
    expect(compileIssues(def, { resultExpressionKey: 'ratio' }).map((i) => i.code)).toEqual([
      'expression_dead',
      'blueprint_result_not_mass',
    ]);
    const unknown = compileIssues({ ...def, result_expression_key: 'mian' });
    expect(unknown.map((i) => [i.code, i.path])).toEqual([['blueprint_unknown_result_expression', ['result_expression_key']]]);
    expect(unknown[0]?.message).toContain('did you mean "main"?');
    expect(compileIssues({ ...def, result_expression_key: 'main' }, { resultExpressionKey: 'ratio' }).map((i) => i.code)).toContain(
      'blueprint_result_key_conflict',
    );
  });

  it('can refuse implicit multiplication, the zero wildcard, or a function', () => {
    const def = blueprint(
      [
        ['m', 'mass'],
        ['k', 'dimensionless'],
      ],
      [['e', 'max(2 {m} {k}, 0)']],
    );
    compileOk(def);
    const issues = compileIssues(def, {
      allowImplicitMultiplication: false,
      zeroLiteralMatchesAnyDimension: false,
      allowedFunctions: ['sum'],
    });
    // Two juxtapositions in `2 {m} {k}` and the call of max; each is reported.
    expect(issues.map((i) => i.code)).toEqual(['expression_forbidden', 'expression_forbidden', 'expression_forbidden']);
    expect(issues.filter((i) => i.message.includes('implicit multiplication')).length).toBe(2);
    expect(issues.some((i) => i.message.includes('function "max" is not allowed; allowed functions are sum'))).toBe(true);
    const zero = compileIssues(blueprint([['m', 'mass']], [['e', 'max({m}, 0)']]), { zeroLiteralMatchesAnyDimension: false });
    expect(zero[0]?.message).toContain('mixes mass and dimensionless');
  });

  it('exports the allowed functions', () => {
    expect([...ALLOWED_FUNCTIONS]).toEqual([
      ...['sum', 'mean', 'min', 'max', 'count', 'sqrt', 'exp', 'log', 'abs'],
      ...['log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2'],
    ]);
  });

  it('is deterministic: compiling twice gives equal results', () => {
    const a = compileBlueprint(TRANSPORT);
    const b = compileBlueprint(TRANSPORT);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(a.blueprint.expressions).toEqual(b.blueprint.expressions);
  });
});
