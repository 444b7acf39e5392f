/**
 * Intermediate values (docs/result.md, "Expression values"): with the option `expressionValues`,
 * each entry's component items carry every expression of the component's blueprint at the
 * magnitudes, in SI with the SI unit of its dimension. Internal to accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import { siUnitOfDimension } from '../../units';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { ExpressionValue } from '../result';

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
