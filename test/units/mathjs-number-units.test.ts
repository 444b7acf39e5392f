// The engine's unit instance (src/units/mathjs-instance.ts) is mathjs's unit class made with the
// number-only build's arithmetic. Here it is read side by side with a unit instance of mathjs's full
// build (what the engine used before, issue 36): every unit of mathjs with every prefix it takes,
// numbers in front, powers and quotients, units created from definitions with and without offsets,
// and the names that are or are not units must read the same to the last bit.
import { create, createUnitDependencies, type FactoryFunctionMap, unitDependencies } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { createEngineMath, type MathjsUnit } from '../../src/units/mathjs-instance';

interface FullUnitClass {
  readonly UNITS: Record<string, { readonly prefixes: Record<string, unknown> }>;
  isValuelessUnit(name: string): boolean;
  readonly BASE_DIMENSIONS: readonly string[];
}

const full = create({ unitDependencies, createUnitDependencies } as Record<string, FactoryFunctionMap>) as unknown as {
  unit(text: string): MathjsUnit;
  createUnit(name: string, definition: object, options: object): unknown;
  Unit: FullUnitClass;
};

/** What the engine reads of a unit (unit-names.ts), every number as `Number` makes it. */
function reading(u: MathjsUnit): unknown[] {
  const parts = u.units.map((p) => [
    p.unit.name,
    Number(p.unit.value),
    Number(p.unit.offset ?? 0),
    [...p.unit.dimensions],
    Number(p.prefix.value),
    p.power,
  ]);
  return [u.value === null ? null : Number(u.value), parts];
}

/** The reading of a text in one instance, or the error's message. */
function read(math: { unit(text: string): MathjsUnit }, text: string): unknown {
  try {
    return reading(math.unit(text));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

/** Equal, NaN equal to NaN and 0 apart from -0 (Object.is at every leaf). */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return Object.is(a, b);
}

function expectSame(text: string): void {
  const mine = read(ours, text);
  const theirs = read(full, text);
  expect(same(mine, theirs), `${text}: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`).toBe(true);
}

// A fresh instance: the tests share one process (vitest.config.ts: isolate false), so the units
// created below must not reach the engine's own instance.
const ours = createEngineMath();

// The volt-ampere reactive's value is i, a complex number, in the full build; the engine reads the
// value with `Number`, which makes it NaN or (times a small prefix) 0 there and NaN here: neither
// is a usable factor (unit-names.ts refuses both), so it is checked apart.
const isReactive = (name: string): boolean => name === 'VAR' || name === 'VARS';
const names = Object.keys(full.Unit.UNITS)
  .filter((name) => !isReactive(name))
  .sort();

describe("the engine's number-only unit instance against mathjs's full build", () => {
  it('has the same base dimensions and the same units', () => {
    expect(ours.Unit.BASE_DIMENSIONS).toEqual(full.Unit.BASE_DIMENSIONS);
    expect(names.length).toBeGreaterThan(200);
    for (const name of [...names, 'kgs', 'metre', 'foo', 'x', 'pi', 'e', 'cdrnothing', 'mm2', 'Km'])
      expect(ours.Unit.isValuelessUnit(name), name).toBe(full.Unit.isValuelessUnit(name));
  });

  it('reads every unit of mathjs with every prefix it takes the same, alone and after a number', () => {
    for (const name of names) {
      for (const prefix of Object.keys(full.Unit.UNITS[name]!.prefixes)) {
        expectSame(prefix + name);
        expectSame(`2.5 ${prefix}${name}`);
      }
    }
  });

  it('reads degrees with offsets, powers, quotients and exponents in numbers the same', () => {
    for (const text of [
      '1 degF',
      '-40 degF',
      '1 degR',
      '3 fahrenheit',
      '1 degC',
      '1 celsius',
      '0 kelvin',
      '1e-3 kg',
      '1.5e+2 m^2',
      '2 m^3/s',
    ])
      expectSame(text);
    for (const text of ['1 kg m^2 / s^2', '4.2 J/(kg K)', '1 lbf/in^2', '1 mi/h', '7 kWh', '1 m2', '1 cm3', 'km2']) expectSame(text);
  });

  it('gives the volt-ampere reactive no usable factor, as the full build', () => {
    const usable = (x: number): boolean => Number.isFinite(x) && x > 0;
    for (const name of Object.keys(full.Unit.UNITS).filter(isReactive)) {
      for (const prefix of Object.keys(full.Unit.UNITS[name]!.prefixes)) {
        const factor = (math: { unit(text: string): MathjsUnit }, text: string): number => {
          const u = math.unit(text);
          const part = u.units[0]!;
          return u.value === null ? Number(part.unit.value) * Number(part.prefix.value) : Number(u.value);
        };
        for (const text of [prefix + name, `2 ${prefix}${name}`]) {
          expect(usable(factor(ours, text)), text).toBe(false);
          expect(usable(factor(full, text)), text).toBe(false);
          expect(read(ours, text) as unknown[]).toHaveLength(2);
        }
      }
    }
  });

  it('refuses what the full build refuses, with the same message', () => {
    for (const text of ['', 'nounit', '1 nounit', 'm^', '1 2 m', 'kg/', '1 (m', '5 degF^2 x']) expectSame(text);
  });

  it('creates units from definitions, with offsets and new base dimensions, the same', () => {
    const created: [string, object][] = [
      ['cdrtestfoot', { definition: '0.3048 m' }],
      ['cdrtestdegz', { definition: '1.8 kelvin', offset: 255.37222222222223 }],
      ['cdrtestdegy', { definition: '1 cdrtestdegz', offset: -3 }],
      ['cdrtestmoney', { baseName: 'CDRTESTMONEY' }],
      ['cdrtestprice', { definition: '3.25 cdrtestmoney / cdrtestfoot^2' }],
      ['cdrtestflow', { definition: '0.001 m^3/s' }],
    ];
    for (const [name, definition] of created) {
      ours.createUnit(name, definition, { override: true });
      full.createUnit(name, definition, { override: true });
    }
    expect(ours.Unit.BASE_DIMENSIONS).toEqual(full.Unit.BASE_DIMENSIONS);
    for (const [name] of created) {
      expectSame(name);
      expectSame(`2 ${name}`);
      expectSame(`1 k${name}`);
    }
    expectSame('1 cdrtestprice cdrtestflow');
  });
});
