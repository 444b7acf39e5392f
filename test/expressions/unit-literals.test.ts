// Unit literals (docs/rules.md, "Formula language, added"): a number followed by a unit, converted
// to SI once, so that an empirical formula states its units; an unknown unit names the nearest spelling.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBlueprint } from '../../src/expressions';
import { parseTemplate, printFormula } from '../../src/expressions/formula';
import { ALLOWED_FUNCTIONS } from '../../src/expressions/functions';
import { parseUnit, tryParseUnit } from '../../src/units';
import { unitEntries } from '../../src/units/unit-names';
import { scaledBy } from '../../src/units/si-value';
import { blueprint, compileIssues, compileOk } from './helpers';

const GRAMMAR = { allowedFunctions: new Set<string>(ALLOWED_FUNCTIONS), allowImplicitMultiplication: true };

const INPUTS = [
  ['rho', 'mass_density'],
  ['d', 'diameter'],
  ['h', 'height'],
] as const;

describe('unit literals', () => {
  it('evaluates the allometry 0.0673 kg * (rho / (1 g/cm^3) * (d / (1 cm))^2 * h / (1 m))^0.976 in SI', () => {
    const c = compileOk(blueprint([...INPUTS], [['agb', '0.0673 kg * ({rho} / (1 g/cm^3) * ({d} / (1 cm))^2 * {h} / (1 m))^0.976']]));
    // rho = 0.6 g/cm3 = 600 kg/m3, d = 30 cm, h = 20 m.
    const r = evaluateBlueprint(c, { rho: 600, d: 0.3, h: 20 });
    expect(r.value).toBeCloseTo(0.0673 * (0.6 * 30 ** 2 * 20) ** 0.976, 9);
    // d(agb)/d(rho) = 0.976 agb / rho.
    expect(r.gradient['rho'] as number).toBeCloseTo((0.976 * r.value) / 600, 12);
    expect(c.expressions[0]?.template).toBe('(0.0673 kg) * ({rho} / (1 g/cm^3) * ({d} / (1 cm)) ^ 2 * {h} / (1 m)) ^ 0.976');
    // The normalised template reads back to the same figures.
    const again = compileOk(blueprint([...INPUTS], [['agb', c.expressions[0]?.template as string]]));
    expect(evaluateBlueprint(again, { rho: 600, d: 0.3, h: 20 }).value).toBe(r.value);
  });

  it('reads products, quotients, powers and prefixes: 2 kg m^2 / s^2 is 2 J; 5 mg/kg is 5e-6', () => {
    const energy = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['e', 'energy'],
        ],
        [['r', '{m} * {e} / (2 kg m^2 / s^2)']],
      ),
    );
    expect(evaluateBlueprint(energy, { m: 3, e: 4 }).value).toBe(6);
    const ratio = compileOk(blueprint([['m', 'mass']], [['r', '{m} * (5 mg/kg)']]));
    expect(evaluateBlueprint(ratio, { m: 1e6 }).value).toBeCloseTo(5, 12);
  });

  it('checks the dimension a literal brings: a mass plus 1 m is refused', () => {
    const issues = compileIssues(blueprint([['m', 'mass']], [['r', '{m} + (1 m)']]));
    expect(issues.map((i) => i.message).join('\n')).toContain('cannot add mass and length');
  });

  it('names the nearest spelling of a unit it does not know', () => {
    const issues = compileIssues(blueprint([['m', 'mass']], [['r', '{m} / (1 gramm) * (1 kg)']]));
    expect(issues.map((i) => [i.code, i.message])).toEqual([
      [
        'expression_forbidden',
        `Blueprint "bp", expression "r": unit literal "1 gramm": unknown unit 'gramm': no unit named 'gramm'; did you mean 'gram'?`,
      ],
    ]);
  });
});

// The literal's unit is read by the unit reader itself (docs/units.md, "Unit literals"): every
// spelling a datapoint's unit may have, and the reader's own refusals.
describe('unit literals accept what the unit reader accepts', () => {
  const mass = (template: string, m = 10_000) => evaluateBlueprint(compileOk(blueprint([['m', 'mass']], [['r', template]])), { m }).value;

  it('reads the micro sign, superscripts, permille, ** and the degree sign', () => {
    // 1e6 µg is 1 g (micro sign U+00B5 and Greek mu U+03BC alike): m * 1e6 µg / 1 g = m.
    expect(mass('{m} * 1e6 \u00b5g / (1 g)')).toBeCloseTo(10_000, 9);
    expect(mass('{m} * 1e6 \u03bcg / (1 g)')).toBeCloseTo(10_000, 9);
    // 1 kg/m³ is 1 SI; 1 g/cm**3 is 1000 kg/m^3; 5 ‰ is 0.005.
    expect(mass('{m} * (1 kg/m³) / (1 kg/m^3)')).toBe(10_000);
    expect(mass('{m} * (1 g/cm**3) / (1000 kg/m^3)')).toBeCloseTo(10_000, 9);
    expect(mass('{m} * 5 ‰')).toBeCloseTo(50, 12);
    const celsius = parseTemplate('{T} > 5 °C ? 1 : 0', GRAMMAR).formula;
    expect(celsius?.kind === 'cond' && celsius.test.kind === 'cmp' ? celsius.test.right : null).toEqual({
      kind: 'quantity',
      value: 278.15,
      dim: parseUnit('K').dimension,
      text: '5 °C',
      offset: 273.15,
    });
  });

  it('reads a compound unit after an operator: 3.664 kg/kg, 1e-3 t / kg, and 50 % before +', () => {
    // m = 10 t: 36,640 kg; 10,000 kg; 10 t * 0.5 + 10 t = 15,000 kg.
    expect(mass('{m} * 3.664 kg/kg')).toBeCloseTo(36_640, 9);
    expect(mass('{m} * 1e-3 t / kg')).toBe(10_000);
    expect(mass('{m} * 50 % + {m}')).toBe(15_000);
    expect(compileOk(blueprint([['m', 'mass']], [['r', '{m} * 1e-3 t / kg']])).expressions[0]?.template).toBe('{m} * (1e-3 t / kg)');
  });

  it("refuses 1 J/kg K with the reader's own message, and reads 1 J/(kg K)", () => {
    const issues = compileIssues(blueprint([['e', 'energy']], [['r', '{e} / (1 J/kg K)']]));
    expect(issues.map((i) => i.message)).toEqual([
      `Blueprint "bp", expression "r": unit literal "1 J/kg K": unknown unit 'J/kg K': ambiguous implicit multiplication after '/' at position 5; use parentheses, e.g. 'J/(kg K)'`,
    ]);
    const ok = parseTemplate('1 J/(kg K)', GRAMMAR).formula;
    expect(ok).toMatchObject({ kind: 'quantity', value: 1, dim: parseUnit('J/(kg K)').dimension });
  });

  it('ends the unit at a number of the formula and at a function call', () => {
    // 2 kg * 3 is the literal 2 kg times 3; 2 sqrt({m}) is 2 times a call.
    const times = parseTemplate('2 kg * 3', GRAMMAR).formula;
    expect(times).toMatchObject({ kind: 'bin', op: '*', left: { kind: 'quantity', text: '2 kg' }, right: { kind: 'num', value: 3 } });
    expect(parseTemplate('2 sqrt({m})', GRAMMAR).formula).toMatchObject({
      kind: 'bin',
      left: { kind: 'num', value: 2 },
      right: { kind: 'call' },
    });
    // L/100km: a number glued to a name is part of the unit.
    expect(parseTemplate('(8 L/100km)', GRAMMAR).formula).toMatchObject({ kind: 'quantity', text: '8 L/100km', value: 8e-8 });
  });

  it('reads a minus directly before the number as its sign, and prints the literal back the same', () => {
    const c = compileOk(blueprint([['m', 'mass']], [['r', '{m} * (1 + -5 %) - -2 kg']]));
    expect(c.expressions[0]?.template).toBe('{m} * (1 + (-5 %)) - (-2 kg)');
    // 10 t * 0.95 + 2 kg.
    expect(evaluateBlueprint(c, { m: 10_000 }).value).toBeCloseTo(9_502, 9);
  });
});

describe('unit literals the formula makes ambiguous are refused, saying how to write them', () => {
  const INPUTS2 = [
    ['m', 'mass'],
    ['x', 'mass'],
    ['q', 'dimensionless'],
    ['b', 'dimensionless'],
  ] as const;
  const refusal = (template: string) =>
    compileIssues(blueprint([...INPUTS2], [['r', template]])).map((i) => [
      i.code,
      i.message.replace('Blueprint "bp", expression "r": ', ''),
    ]);

  it.each([
    [
      '{m} * {x} / 2 kg/m / (1 m)',
      'unit literal "2 kg/m": a literal with a compound unit directly after "/" is ambiguous (the formula\'s "/" or the unit\'s?): write it in parentheses, / (2 kg/m)',
    ],
    [
      '{m} * 1 / 2 kg',
      'unit literal "2 kg": a number, "/" and a literal is ambiguous (mathjs reads 1 / 2 kg as (1 / 2) kg): write the literal in parentheses, / (2 kg), or the quotient as one number',
    ],
    [
      '{m} * {q} ^ 50 %',
      'unit literal "50 %": a literal directly after "^" is ambiguous (is the exponent the number alone, or the literal?): write the exponent in parentheses, ^ (50 %)',
    ],
    [
      '{m} * 2 % ^ {q}',
      'unit literal "2 %": a literal directly before "^" is ambiguous: write (2 %) ^ ... to raise the literal, or the power in its unit (2 m^2)',
    ],
    [
      '{m} * 5 % {b}',
      'unit literal "5 %": "%" followed by a value reads as the modulo operator, which formulas do not have: a percentage ends its literal, e.g. (5 %) * ...',
    ],
    [
      '{m} * 5 % kg / kg',
      'unit literal "5 % kg / kg": "%" followed by a value reads as the modulo operator, which formulas do not have: a percentage ends its literal, e.g. (5 %) * ...',
    ],
    [
      '{m} * (2 kg ({q})) / (1 kg)',
      'unit literal "2 kg": a literal directly before "(" reads as a function call: write * between them, (2 kg) * (...)',
    ],
    [
      '{m} * 2 kg/kg {q}',
      'unit literal "2 kg/kg": a literal with a compound unit next to another value is ambiguous (juxtaposition binds tighter than "/"): write it in parentheses, (2 kg/kg), and * between the values',
    ],
  ])('%s', (template, message) => {
    expect(refusal(template)).toEqual([['expression_forbidden', message]]);
  });

  it('accepts the same literals in parentheses, and where no operator competes', () => {
    // m = 1 t, x = 2 kg, q = 4, b = 3.
    const values = { m: 1000, x: 2, q: 4, b: 3 };
    const value = (template: string) => evaluateBlueprint(compileOk(blueprint([...INPUTS2], [['r', template]])), values).value;
    expect(value('{m} * {x} / (2 kg/m) / (1 m)')).toBe(1000);
    expect(value('{m} * 1 / (2 kg) * (1 kg)')).toBe(500);
    expect(value('{m} * {q} ^ (50 %)')).toBe(2000);
    expect(value('{m} * (5 %) * {b}')).toBeCloseTo(150, 12);
    // A simple unit after "/" reads as mathjs's juxtaposition does: x / (2 kg).
    expect(value('{m} * {x} / 2 kg')).toBe(1000);
    expect(value('{m} * {x} ^ 2 / 4 kg^2')).toBe(1000);
  });
});

describe('every spelling of the unit reader is a literal (fast-check)', () => {
  const spellings = unitEntries()
    .filter((e) => e.refused === undefined)
    .flatMap((e) => e.spellings);
  const prefixes = ['', 'k', 'm', '\u00b5', 'M', 'milli'];
  const unitText = fc.oneof(
    fc.constantFrom(...spellings),
    fc.tuple(fc.constantFrom(...prefixes), fc.constantFrom(...spellings)).map(([p, s]) => p + s),
    fc
      .tuple(fc.constantFrom(...spellings), fc.constantFrom(' / ', '/', ' * ', '*', ' ', '**2 / ', '^-1 '), fc.constantFrom(...spellings))
      .map(([a, op, b]) => `${a}${op}${b}`),
  );

  it('reads (1 <unit>) as parseUnit reads <unit>, whenever parseUnit reads it (but % before a value)', () => {
    fc.assert(
      fc.property(unitText, fc.constantFrom('1', '2.5', '1e-3'), (unit, number) => {
        const parsed = tryParseUnit(unit);
        fc.pre(parsed !== undefined);
        const { formula, problems } = parseTemplate(`(${number} ${unit})`, GRAMMAR);
        // The one spelling a literal refuses on purpose: % before a value, which mathjs reads as modulo.
        if (/%\s*[^\s*/^)]/u.test(unit)) {
          expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/"%" followed by a value reads as the modulo operator/)]);
          return;
        }
        expect(problems).toEqual([]);
        expect(formula).toEqual({
          kind: 'quantity',
          // Converted as the decimal written (src/units/si-value.ts), as a datapoint is.
          value: scaledBy(Number(number), parsed!.scale) + parsed!.offset,
          dim: parsed!.dimension,
          text: `${number} ${unit}`,
          offset: parsed!.offset,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('prints a literal that reads back the same, signed numbers and compound units included', () => {
    fc.assert(
      fc.property(unitText, fc.constantFrom('1', '-2.5', '1e-3', '-0.5'), (unit, number) => {
        fc.pre(tryParseUnit(unit) !== undefined && !/%\s*[^\s*/^)]/u.test(unit));
        const first = parseTemplate(`{m} > ${number} ${unit} ? {m} : {m} * (${number} ${unit})`, GRAMMAR).formula;
        expect(first).not.toBeNull();
        expect(parseTemplate(printFormula(first!), GRAMMAR).formula).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });

  it('reads every spelling of the table, one by one', () => {
    const misread = spellings.filter((s) => {
      const f = parseTemplate(`(1 ${s})`, GRAMMAR).formula;
      const u = parseUnit(s);
      return f?.kind !== 'quantity' || f.value !== u.scale + u.offset;
    });
    expect(misread).toEqual([]);
  });
});
