// Kinks of a compiled formula: the candidate gradients at a tie of min/max and at abs(0).
import { describe, expect, it } from 'vitest';
import type { CompiledBlueprint } from '../../src/expressions';
import { blueprint, compileOk } from './helpers';

/** The candidates for scalar inputs in blueprint order, as sorted arrays (order of candidates carries no meaning). */
function candidates(c: CompiledBlueprint, values: readonly number[], listLength = 0): number[][] | null {
  const scalars = c.inputs.length - (listLength > 0 ? 1 : 0);
  const inputStart = Int32Array.from({ length: c.inputs.length + 1 }, (_, i) => (i <= scalars ? i : scalars + listLength));
  const found = c.kinkGradients(Float64Array.from(values), inputStart);
  return found === null ? null : found.map((g) => Array.from(g, (v) => v + 0)).sort((x, y) => String(x).localeCompare(String(y)));
}

describe('kinkGradients', () => {
  const masses: [string, 'mass'][] = [
    ['s', 'mass'],
    ['r', 'mass'],
  ];

  it('gives both branches of a tied min or max, whatever the order of the arguments', () => {
    for (const template of ['min({s}, {r})', 'min({r}, {s})', 'max({s}, {r})', 'max({r}, {s})']) {
      const c = compileOk(blueprint(masses, [['f', template]]));
      expect(c.mayKink).toBe(true);
      expect(candidates(c, [10, 10])).toEqual([
        [0, 1],
        [1, 0],
      ]);
      expect(candidates(c, [10, 11])).toBeNull();
    }
  });

  it('gives +g and -g at abs(0), and the tied items of a LIST min', () => {
    const abs = compileOk(blueprint(masses, [['f', '2 * abs({s} - {r})']]));
    expect(candidates(abs, [5, 5])).toEqual([
      [-2, 2],
      [2, -2],
    ]);
    // 70 % and 0.7 come back from SI an ulp apart: still the kink of abs at 0, and of min.
    expect(candidates(abs, [70 * 0.01, 0.7])).toEqual([
      [-2, 2],
      [2, -2],
    ]);
    expect(candidates(abs, [0.7, 0.71])).toBeNull();
    expect(candidates(compileOk(blueprint(masses, [['f', 'min({s}, {r})']])), [70 * 0.01, 0.7])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    const list = compileOk(blueprint([['xs', 'mass', 'LIST']], [['f', 'min({xs})']]));
    expect(candidates(list, [3, 1, 1, 2], 4)).toEqual([
      [0, 0, 1, 0],
      [0, 1, 0, 0],
    ]);
    expect(candidates(list, [3, 1, 2], 3)).toBeNull();
  });

  it('combines the branches of several kinks, and has none without min, max or abs', () => {
    const c = compileOk(blueprint(masses, [['f', 'max({s}, {r}) + abs({s} - {r})']]));
    // max: s or r; abs: +1 or -1 on (s - r). Four combinations, four distinct gradients.
    expect(candidates(c, [4, 4])).toEqual(
      [
        [2, -1],
        [0, 1],
        [1, 0],
        [-1, 2],
      ].sort((x, y) => String(x).localeCompare(String(y))),
    );
    const plain = compileOk(blueprint(masses, [['f', '{s} + {r}']]));
    expect(plain.mayKink).toBe(false);
    expect(candidates(plain, [4, 4])).toBeNull();
  });
});
