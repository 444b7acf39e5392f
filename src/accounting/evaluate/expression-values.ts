/**
 * Intermediate values (docs/result.md, "Expression values"): with the option `expressionValues`,
 * each entry's component items carry every expression of the component's blueprint at the
 * magnitudes, in SI with the SI unit of its dimension. Internal to accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import { BASE_DIMENSIONS, type Dimension } from '../../units';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { ExpressionValue } from '../result';

const SI_SYMBOLS: Readonly<Record<(typeof BASE_DIMENSIONS)[number], string>> = {
  mass: 'kg',
  length: 'm',
  time: 's',
  current: 'A',
  temperature: 'K',
  luminous_intensity: 'cd',
  amount_of_substance: 'mol',
  angle: 'rad',
  information: 'bit',
  currency: 'USD',
};

/** The SI unit of a dimension as the unit reader reads it back, e.g. `kg*m^-3`; `""` for a pure number. */
export function siUnitOfDimension(dim: Dimension): string {
  const parts: string[] = [];
  BASE_DIMENSIONS.forEach((base, i) => {
    const e = dim[i] ?? 0;
    if (Math.abs(e) < 1e-9) return;
    parts.push(e === 1 ? SI_SYMBOLS[base] : `${SI_SYMBOLS[base]}^${Number(e.toFixed(6))}`);
  });
  return parts.join('*');
}

/** Component c's expression values at its magnitudes, by a cache of one list per component. */
export class ExpressionValues {
  private readonly known = new Map<number, readonly ExpressionValue[]>();

  constructor(private readonly prepared: PreparedGraph) {}

  /** Every expression of component c's blueprint at the magnitudes (blueprint order). */
  of(c: number): readonly ExpressionValue[] {
    const cached = this.known.get(c);
    if (cached !== undefined) return cached;
    const { components, siMagnitudes } = this.prepared;
    const base = components.slotStart[c] as number;
    const values = new Float64Array((components.slotStart[c + 1] as number) - base);
    for (let k = 0; k < values.length; k++) values[k] = siMagnitudes[components.slots[base + k] as number] as number;
    const compiled = components.blueprint[c] as CompiledBlueprint;
    const results = compiled.evaluateExpressions(values, components.inputStart[c] as Int32Array);
    const list = Object.freeze(
      compiled.expressions.map((e, x) => Object.freeze({ key: e.key, value: results[x] as number, unit: siUnitOfDimension(e.dimension) })),
    );
    this.known.set(c, list);
    return list;
  }
}
