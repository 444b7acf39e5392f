// Unit literals in an offset unit (docs/units.md, "Unit literals"): an absolute temperature, as
// Pint reads it, which may only be compared with a temperature or added to or subtracted from one;
// anything else is refused at validation, naming the blueprint, the expression and the literal.
import { describe, expect, it } from 'vitest';
import { evaluateBlueprint } from '../../src/expressions';
import type { ComponentBlueprintDefinition } from '../../src/model/graph';
import { blueprint, compileIssues, compileOk } from './helpers';

/** m (mass), q (dimensionless), T (an absolute temperature) and dT (a temperature difference). */
function q10(template: string): ComponentBlueprintDefinition {
  const def = blueprint(
    [
      ['m', 'mass'],
      ['q', 'dimensionless'],
      ['T', 'temperature'],
      ['dT', 'temperature'],
    ],
    [['r', template]],
  );
  return { ...def, inputs: def.inputs.map((i) => (i.input_key === 'dT' ? { ...i, difference: true } : i)) };
}

/** m = 10 t, q = 2, T = 30 degC, dT = 5 K, in SI. */
const VALUES = { m: 10_000, q: 2, T: 303.15, dT: 5 };
const value = (template: string, values: Record<string, number> = VALUES) => evaluateBlueprint(compileOk(q10(template)), values).value;
const messages = (template: string) => compileIssues(q10(template)).map((i) => [i.code, i.message]);
const PREFIX = 'Blueprint "bp", expression "r": ';
const RULE =
  'is an absolute temperature (its unit has an offset), which may only be compared with a temperature or added to or subtracted from one';

describe('a literal in an offset unit is an absolute temperature', () => {
  it('gives the Q10 rule written with a difference in kelvin: 10 t * 2^((30 - 20) / 10) = 20,000 kg', () => {
    expect(value('{m} * {q} ^ (({T} - (20 degC)) / (10 K))')).toBe(20_000);
    // 68 degF is 20 degC: the same rule.
    expect(value('{m} * {q} ^ (({T} - (68 degF)) / (10 K))')).toBeCloseTo(20_000, 8);
  });

  it('refuses the Q10 rule divided by (10 degC), which would give 10,247.8 kg, saying to write 10 K', () => {
    expect(messages('{m} * {q} ^ (({T} - (20 degC)) / (10 degC))')).toEqual([
      [
        'expression_dimension',
        `${PREFIX}unit literal "10 degC" in "({T} - (20 degC)) / (10 degC)" ${RULE}; here it divides: write a difference in kelvin, (10 K)`,
      ],
    ]);
    // 18 degF as a difference is 10 K.
    expect(messages('{m} * {q} ^ (({T} - (20 degC)) / (18 degF))')[0]?.[1]).toContain('write a difference in kelvin, (10 K)');
  });

  it('reads -5 degC as the absolute temperature 268.15 K, written with or without parentheses', () => {
    for (const template of ['{T} > (-5 degC) ? {m} : 0', '{T} > -5 degC ? {m} : 0', '-5 degC < {T} ? {m} : 0']) {
      expect(value(template, { ...VALUES, T: 268.2 })).toBe(10_000);
      expect(value(template, { ...VALUES, T: 268.1 })).toBe(0);
    }
    expect(compileOk(q10('{T} > -5 degC ? {m} : 0')).expressions[0]?.template).toBe('{T} > (-5 degC) ? {m} : 0');
  });

  it('follows Pint: absolute - absolute is a difference, absolute + difference is absolute', () => {
    // (30 degC - 20 degC) / 1 K = 10; (20 degC + 5 K) / 1 K = 298.15; 20 degC - 5 K - 30 degC = -15 K.
    expect(value('{m} * ({T} - (20 degC)) / (1 K)')).toBeCloseTo(100_000, 8);
    expect(value('{m} * ((20 degC) + {dT}) / (1 K)')).toBeCloseTo(2_981_500, 6);
    expect(value('{m} * ((20 degC) - {dT} - {T}) / (1 K)')).toBeCloseTo(-150_000, 6);
    // 5 degF is -15 degC: 258.15 K - 278.15 K = -20 K.
    expect(value('{m} * ((5 degF) - (5 degC)) / (1 K)')).toBeCloseTo(-200_000, 6);
    // The literal 0 fits any dimension: a difference.
    expect(value('{m} * ((20 degC) + 0) / (1 K)')).toBeCloseTo(2_931_500, 6);
  });

  it.each([
    ['{m} * (5 degC) / (1 K)', '{m} * (5 degC)', 'here it is multiplied: write a difference in kelvin, (5 K)'],
    ['{m} * {q} ^ (5 degC / (1 K))', '(5 degC) / (1 K)', 'here it is divided: write a difference in kelvin, (5 K)'],
    ['{m} * ((5 degC) ^ 2) / (1 K^2)', '(5 degC) ^ 2', 'here it is raised to a power: write a difference in kelvin, (5 K)'],
    [
      '{m} * -(5 degC) / (1 K)',
      '-(5 degC)',
      'here it is negated (-5 degC is written with the minus on the number): write a difference in kelvin, (5 K)',
    ],
    ['{m} * max({T}, 5 degC) / (1 K)', 'max({T}, (5 degC))', 'here it is an argument of max: write a difference in kelvin, (5 K)'],
    [
      '{m} * ({q} > 0 ? (5 degC) : {T}) / (1 K)',
      '{q} > 0 ? (5 degC) : {T}',
      'here it is a branch of a conditional: write a difference in kelvin, (5 K)',
    ],
    [
      '{m} * ((20 degC) + {T}) / (1 K)',
      '(20 degC) + {T}',
      'here it is added to the absolute temperature "{T}": write a difference in kelvin, (20 K)',
    ],
    [
      '{m} * ({dT} - (20 degC)) / (1 K)',
      '{dT} - (20 degC)',
      'here it is subtracted from the difference "{dT}": write a difference in kelvin, (20 K)',
    ],
    ['{dT} > 5 degC ? {m} : 0', '{dT} > (5 degC)', 'here it is compared with the difference "{dT}": write a difference in kelvin, (5 K)'],
    [
      '{m} * ({T} * 2 - (5 degC)) / (1 K)',
      '{T} * 2 - (5 degC)',
      'whether "{T} * 2" is an absolute temperature or a difference of two cannot be told: write a difference in kelvin, (5 K), or the temperature in kelvin, (278.15 K)',
    ],
  ])('refuses %s, naming the literal', (template, part, why) => {
    const literal = /unit literal "([^"]+)"/.exec(messages(template)[0]?.[1] ?? '')?.[1];
    expect(messages(template)).toEqual([['expression_dimension', `${PREFIX}unit literal "${literal}" in "${part}" ${RULE}; ${why}`]]);
  });

  it('refuses an expression that is an offset literal alone, and two absolute temperatures added once', () => {
    const def = q10('{m}');
    const whole = { ...def, expressions: [...def.expressions, { key: 'ref', template: '20 degC', inputs: [] }] };
    expect(compileIssues(whole).map((i) => i.message)).toContain(
      'Blueprint "bp", expression "ref": unit literal "20 degC" in "(20 degC)" is an absolute temperature (its unit has an offset), which may only be compared with a temperature or added to or subtracted from one; here it is the whole value of the expression: write a difference in kelvin, (20 K), or the temperature in kelvin, (293.15 K)',
    );
    expect(messages('{m} * ((20 degC) + (30 degC)) / (1 K)')).toHaveLength(1);
  });

  it('keeps literals without an offset as they were: 10 K, 5 delta_degC and degC inside a compound are differences', () => {
    expect(value('{m} * ((20 degC) + (5 delta_degC)) / (1 K)')).toBeCloseTo(2_981_500, 6);
    expect(value('{m} * {dT} * (2 degC/m) * (1 m) / (1 K^2)')).toBe(100_000);
  });
});
