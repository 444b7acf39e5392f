// Unit literals (docs/rules.md, "Formula language, added"): a number followed by a unit, converted
// to SI once, so that an empirical formula states its units; an unknown unit names the nearest spelling.
import { describe, expect, it } from 'vitest';
import { evaluateBlueprint } from '../../src/expressions';
import { blueprint, compileIssues, compileOk } from './helpers';

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
    expect(c.expressions[0]?.template).toBe('(0.0673 kg) * ({rho} / (1 g / cm^3) * ({d} / (1 cm)) ^ 2 * {h} / (1 m)) ^ 0.976');
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
