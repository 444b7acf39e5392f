// Issue 33: randomBlueprint with extendedFormulas also draws element-wise LIST arithmetic, reduced
// (one LIST input per element-wise fragment, so every list length the graph generator draws fits).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph } from 'cdr-engine';
import { checkUnitInvariance, graphOf, randomBlueprint } from 'cdr-engine/testing';

describe('randomBlueprint: element-wise lists', () => {
  it('draws reduced element-wise lists that compile, evaluate (first order and Monte Carlo) and keep unit invariance', () => {
    const blueprints = fc.sample(randomBlueprint({ extendedFormulas: true }), { numRuns: 200, seed: 7 });
    const elementWise = blueprints.filter((b) =>
      b.expressions.some((x) =>
        /sum\(\{mass_\d+\} \* \(1 - \{mass_fraction_\d+\}\)\)|mean\(sqrt\(\{mass_fraction_\d+\}\)\)/.test(x.template),
      ),
    );
    expect(elementWise.length).toBeGreaterThan(10);
    for (const b of elementWise.slice(0, 8)) {
      for (const g of fc.sample(graphOf([b]), { numRuns: 3, seed: 8 })) {
        expect(safeEvaluateGraph(g).ok).toBe(true);
        const mc = safeEvaluateGraph(g, { policies: { discountMethod: 'monte_carlo' }, monteCarlo: { samples: 200, seed: 1 } });
        expect(mc.ok).toBe(true);
      }
    }
    expect(checkUnitInvariance(elementWise.slice(0, 3), { numRuns: 20, seed: 9 })).toMatchObject({ ok: true });
  });
});
