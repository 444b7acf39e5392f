// The property checks of cdr-engine/testing: every property holds on the bundled methodologies,
// and every property catches a planted fault: a faulty blueprint library for the properties a
// methodology decides (signs, monotonicity, linearisation, dimensional robustness), a faulty
// evaluator for those the engine decides (unit invariance, reuse, permutation, attribution
// linearity, conservation, conservativeness). Counterexamples are small valid graph documents.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluateOptions, type EvaluationResult, type RemovalGraphInput } from 'cdr-engine';
import {
  assertVerdict,
  type BlueprintDefinition,
  checkAttributionLinearity,
  checkConservativeness,
  checkDimensionalRobustness,
  checkLinearisation,
  checkMethodology,
  checkMonotonicity,
  checkPermutationInvariance,
  checkReuseRule,
  checkSharedComponentConservation,
  checkSignConventions,
  checkUnitInvariance,
  type FailedVerdict,
  formatVerdict,
  type GraphEvaluator,
  PropertyFailedError,
  type Verdict,
} from 'cdr-engine/testing';
import { unitsOfKind } from 'cdr-engine/units';
import { BIOCHAR, FAULTS, median, sizeOf, WEATHERING } from './helpers';

const RUNS = 25;

function failed(verdict: Verdict): FailedVerdict {
  if (verdict.ok) throw new Error(`expected ${verdict.property} to fail, but it passed ${verdict.runs} cases`);
  return verdict;
}

// --- Planted engine faults ---------------------------------------------------------------------

/** Reads every datapoint's magnitude as if it were in its input's compatible unit (ignores units). */
const unitBlind: GraphEvaluator = (graph, options) => {
  const unitOf = new Map<string, string>();
  for (const c of graph.components) {
    const blueprint = graph.component_blueprints.find((b) => b.key === c.blueprint_key)!;
    for (const i of c.inputs)
      for (const id of i.datapoint_ids ?? []) unitOf.set(id, blueprint.inputs.find((x) => x.input_key === i.input_key)!.compatible_unit);
  }
  return evaluateGraph(
    {
      ...graph,
      datapoints: graph.datapoints.map((d) => ({ ...d, quantity: { ...d.quantity, unit: unitOf.get(d.id) ?? d.quantity.unit } })),
    },
    options,
  );
};

/** Treats every use of a datapoint as an independent variable (copies it per use). */
const reuseIgnored: GraphEvaluator = (graph, options) => {
  const datapoints: RemovalGraphInput['datapoints'] = [];
  const components = graph.components.map((c) => ({
    ...c,
    inputs: c.inputs.map((i) => ({
      ...i,
      datapoint_ids: (i.datapoint_ids ?? []).map((id, k) => {
        const copy = `${id}@${c.id}.${i.input_key}.${k}`;
        datapoints.push({ ...graph.datapoints.find((d) => d.id === id)!, id: copy });
        return copy;
      }),
    })),
  }));
  return evaluateGraph({ ...graph, datapoints, components }, options);
};

/** Reads only the first datapoint of a LIST input. */
const firstOfList: GraphEvaluator = (graph, options) =>
  evaluateGraph(
    {
      ...graph,
      components: graph.components.map((c) => ({
        ...c,
        inputs: c.inputs.map((i) => ({ ...i, datapoint_ids: (i.datapoint_ids ?? []).slice(0, 1) })),
      })),
    },
    options,
  );

/** Applies attribution factors squared. */
const squaredFactors: GraphEvaluator = (graph, options) =>
  evaluateGraph(
    {
      ...graph,
      ghg_entries: graph.ghg_entries.map((e) => ({
        ...e,
        component_attributions: e.component_attributions.map((a) => ({ ...a, attribution_factor: (a.attribution_factor ?? 1) ** 2 })),
      })),
    },
    options,
  );

/** Evaluates each entry on its own with its components whole: a shared component counted in full by each. */
const doubleCounting: GraphEvaluator = (graph, options) => ({
  ghg_entries: graph.ghg_entries.map(
    (e) =>
      evaluateGraph(
        {
          ...graph,
          ghg_entries: [{ ...e, component_attributions: e.component_attributions.map((a) => ({ ...a, attribution_factor: 1 })) }],
        },
        options,
      ).ghg_entries[0]!,
  ),
  warnings: [],
});

/** Adds the uncertainty discount instead of subtracting it. */
const discountAdded: GraphEvaluator = (graph, options) => {
  const result = evaluateGraph(graph, options);
  return {
    ...result,
    ghg_entries: result.ghg_entries.map((e) => ({
      ...e,
      co2e_net_removed_kg: e.co2e_net_removed_without_discount_kg + (e.co2e_net_removed_standard_deviation_kg ?? 0),
    })),
  };
};

/** An engine whose unit table lost one spelling of a mass (the last one unitsOfKind lists). */
const LOST = unitsOfKind('mass').at(-1)!;
const lostUnit: GraphEvaluator = (graph, options) => {
  if (graph.datapoints.some((d) => d.quantity.unit === LOST)) throw new Error(`unit '${LOST}' is not a known unit`);
  return evaluateGraph(graph, options);
};

/** JCGM 101 section 9.3, calibration of a 100 g mass standard, with the publication's spreads. */
const JCGM_101_MASS_CALIBRATION: BlueprintDefinition = {
  key: 'mass_calibration',
  type: 'SEQUESTRATION',
  inputs: [
    ...['m_rc', 'dm_rc', 'm_nom'].map((input_key) => ({
      input_key,
      quantity_kind: 'mass' as const,
      compatible_unit: 'mg',
      data_shape: 'SCALAR' as const,
    })),
    ...['rho_a', 'rho_a0', 'rho_w', 'rho_r'].map((input_key) => ({
      input_key,
      quantity_kind: 'mass_density' as const,
      compatible_unit: 'kg/m^3',
      data_shape: 'SCALAR' as const,
    })),
  ],
  expressions: [
    {
      key: 'dm',
      template: '({m_rc} + {dm_rc}) * (1 + ({rho_a} - {rho_a0}) * (1 / {rho_w} - 1 / {rho_r})) - {m_nom}',
      inputs: ['m_rc', 'dm_rc', 'm_nom', 'rho_a', 'rho_a0', 'rho_w', 'rho_r'].map((k) => ({
        template_key: k,
        input_key: k,
        type: 'DATAPOINT' as const,
      })),
    },
  ],
};

/** Pins an input to one value and one standard deviation (null: none). */
const pinned = (value: number, unit: string, sd: number | null) => ({
  magnitude: { min: value, max: value, unit },
  ...(sd === null
    ? { standardDeviation: 'never' as const }
    : { standardDeviation: 'always' as const, relativeStandardDeviation: { min: sd / value, max: sd / value } }),
});

/** A biogenic share capped at 1 (pMC of the stream over the reference), a kink where they tie. */
const BIOGENIC_SHARE: BlueprintDefinition = {
  key: 'biogenic_storage',
  type: 'SEQUESTRATION',
  inputs: [
    { input_key: 'stored_co2', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
    { input_key: 'pmc_stream', quantity_kind: 'dimensionless', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
    { input_key: 'pmc_reference', quantity_kind: 'dimensionless', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
  ],
  expressions: [
    {
      key: 'biogenic_share',
      template: 'min(1, {s} / {r})',
      inputs: [
        { template_key: 's', input_key: 'pmc_stream', type: 'DATAPOINT' },
        { template_key: 'r', input_key: 'pmc_reference', type: 'DATAPOINT' },
      ],
    },
    {
      key: 'co2e',
      template: '{m} * {b}',
      inputs: [
        { template_key: 'm', input_key: 'stored_co2', type: 'DATAPOINT' },
        { template_key: 'b', input_key: 'biogenic_share', type: 'EXPRESSION_RESULT' },
      ],
    },
  ],
};

/** The published estimates and standard uncertainties (the buoyancy terms' sensitivities vanish at them). */
const JCGM_101_VALUES = {
  m_rc: pinned(100_000, 'mg', 0.05),
  dm_rc: pinned(1.234, 'mg', 0.02),
  m_nom: pinned(100_000, 'mg', null),
  rho_a: pinned(1.2, 'kg/m^3', 0.1 / Math.sqrt(3)),
  rho_a0: pinned(1.2, 'kg/m^3', null),
  rho_w: pinned(8000, 'kg/m^3', 1000 / Math.sqrt(3)),
  rho_r: pinned(8000, 'kg/m^3', 50 / Math.sqrt(3)),
};

describe('every property holds on the bundled methodologies', () => {
  for (const [name, library] of [
    ['biochar', BIOCHAR],
    ['enhanced weathering', WEATHERING],
  ] as const) {
    it(name, () => {
      const report = checkMethodology(library, { numRuns: 10, seed: 3 });
      const failures = report.blueprints.flatMap((b) => b.verdicts.filter((v) => !v.ok).map((v) => `${b.blueprint}: ${formatVerdict(v)}`));
      expect(failures).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.blueprints.map((b) => b.verdicts.length).reduce((a, b) => a + b)).toBeGreaterThan(50);
    });
  }
});

describe('a blueprint whose result would be a guess', () => {
  it('fails the check instead of passing every property (an expression nothing uses)', () => {
    const [first, ...rest] = BIOCHAR.component_blueprints;
    const spare = { ...first!, expressions: [...first!.expressions, { ...first!.expressions[0]!, key: 'spare' }] };
    const report = checkMethodology({ ...BIOCHAR, component_blueprints: [spare, ...rest] }, { numRuns: 5, seed: 3 });
    expect(report.ok).toBe(false);
    const verdict = report.blueprints[0]!.verdicts.find((v) => !v.ok);
    expect(verdict === undefined || verdict.ok ? '' : verdict.message).toContain('are each used by no other expression');
  });
});

describe('each property catches a planted fault', () => {
  const weathering = WEATHERING.component_blueprints;
  const options = (evaluate: GraphEvaluator) => ({ numRuns: 100, seed: 1, evaluate });

  it('unit invariance: an engine that ignores the units datapoints are written in', () => {
    const v = failed(checkUnitInvariance(weathering, options(unitBlind)));
    expect(v.message).toMatch(/from '.+' to '.+'.*is .* kg in one and .* kg in the other/);
    expect(v.variant).toBeDefined();
    expect(checkUnitInvariance(weathering, { numRuns: RUNS, seed: 1 }).ok).toBe(true);
  });

  it('reuse rule: an engine that treats each use of a datapoint as an independent variable', () => {
    const v = failed(checkReuseRule(weathering, options(reuseIgnored)));
    expect(v.message).toMatch(/merging each datapoint's derivatives before squaring gives|enters the net \d+ times/);
  });

  it('permutation invariance: an engine that reads the first datapoint of a LIST only', () => {
    const v = failed(checkPermutationInvariance(weathering, options(firstOfList)));
    expect(v.message).toMatch(/after shuffling the document: entry rmv_\d+: /);
  });

  it('linearity in attribution factors: an engine that squares them', () => {
    const v = failed(checkAttributionLinearity(weathering, options(squaredFactors)));
    expect(v.message).toMatch(/factors scaled by/);
  });

  it('conservation of a shared component: an engine that counts it whole in every entry', () => {
    const v = failed(checkSharedComponentConservation(weathering, options(doubleCounting)));
    expect(v.message).toMatch(/is shared by \d entries .* they receive .* kg in total, but the component alone is/);
  });

  it('conservativeness: an engine that adds the discount', () => {
    const v = failed(checkConservativeness(weathering, options(discountAdded)));
    expect(v.message).toMatch(/net with discount .* is above the net without discount/);
  });

  it('sign conventions: a LOSS written as a negative number', () => {
    const v = failed(checkSignConventions(FAULTS.signError.component_blueprints, { numRuns: 100, seed: 1 }));
    expect(v.message).toMatch(/blueprint 'downstream_loss', LOSS\) raises the net/);
  });

  it('declared monotonicity: a saturating formula declared increasing in the rock mass', () => {
    const graphs = { inputs: { saturation_mass: { magnitude: { min: 1000, max: 3000, unit: 't' } } } };
    const v = failed(
      checkMonotonicity(
        FAULTS.nonMonotone.component_blueprints,
        { input: 'rock_mass', direction: 'increasing' },
        { numRuns: 100, seed: 1, graphs },
      ),
    );
    expect(v.message).toMatch(/raising dtp_\d+ \(input 'rock_mass'\) from .* lowers the net/);
    expect(
      checkMonotonicity(
        FAULTS.nonMonotone.component_blueprints,
        { input: 'cdr_potential', direction: 'increasing' },
        { numRuns: RUNS, seed: 1, graphs },
      ).ok,
    ).toBe(true);
  });

  it('linearisation adequacy: a noisy recovery in a denominator, and the JCGM 101 mass calibration', () => {
    const ranges = { tracer_recovery: { magnitude: { min: 40, max: 100, unit: '%' }, relativeStandardDeviation: { min: 0.2, max: 0.35 } } };
    const v = failed(
      checkLinearisation(FAULTS.poorLinearisation.component_blueprints, { numRuns: 100, seed: 1, graphs: { inputs: ranges } }),
    );
    expect(v.message).toMatch(
      /16th percentile of 5000 samples lies in \[.*\] kg \(99.7 % interval from order statistics\): .* standard deviations away, more than the tolerance 0.1/,
    );
    expect(v.message).toMatch(/the spread of input 'tracer_recovery' alone .* at expression 'co2e' \(a denominator: \{r\} divides\)/);
    const w = failed(
      checkLinearisation([JCGM_101_MASS_CALIBRATION], {
        numRuns: 5,
        seed: 1,
        graphs: { inputs: JCGM_101_VALUES, attributionFactors: false },
      }),
    );
    // First order: u = sqrt(0.05^2 + 0.02^2) mg = 0.0539 mg; Monte Carlo: about 0.075 mg.
    expect(w.message).toMatch(/standard deviation 5\.385\d*e-8 kg\), but the 16th percentile of 5000 samples lies in/);
    expect(w.message, 'the buoyancy terms only bend together').toMatch(/no input alone gives the gap/);
  });

  it('linearisation adequacy: near the kink of min(1, pMC ratio), the message names the kink, alone or together', () => {
    // Just above the tie first order sees a slope of 0 and no spread of the ratio, while the draws
    // cross the kink: the first-order discount is not conservative there, and the message says where.
    const inputs = {
      stored_co2: pinned(100, 't', 1),
      pmc_stream: pinned(101.064, 'dimensionless', 0.5053),
      pmc_reference: pinned(101.063, 'dimensionless', 0.5053),
    };
    const v = failed(checkLinearisation([BIOGENIC_SHARE], { numRuns: 3, seed: 1, graphs: { inputs, attributionFactors: false } }));
    expect(v.message).toMatch(/expression 'biogenic_share' \(a kink: min\(\.\.\.\) of \{[sr]\}\)/);
  });

  it('dimensional robustness: a hidden unit in a formula, and a unit table that lost a spelling', () => {
    const v = failed(checkDimensionalRobustness(FAULTS.hiddenConstant.component_blueprints));
    expect(v.message).toMatch(/does not compile: .*cannot subtract mass and dimensionless in "\{m\} - 50"/);
    const w = failed(checkDimensionalRobustness(weathering, { evaluate: lostUnit }));
    expect(w.message).toContain(`in '${LOST}': unit '${LOST}' is not a known unit`);
  });
});

describe('counterexamples', () => {
  const faults: [string, () => Verdict][] = [
    ['unit invariance', () => checkUnitInvariance(WEATHERING.component_blueprints, { numRuns: 100, seed: 1, evaluate: unitBlind })],
    ['sign conventions', () => checkSignConventions(FAULTS.signError.component_blueprints, { numRuns: 100, seed: 1 })],
    [
      'monotonicity',
      () =>
        checkMonotonicity(
          FAULTS.nonMonotone.component_blueprints,
          { input: 'rock_mass', direction: 'increasing' },
          { numRuns: 100, seed: 1, graphs: { inputs: { saturation_mass: { magnitude: { min: 1000, max: 3000, unit: 't' } } } } },
        ),
    ],
  ];

  it('are valid graph documents on which the property fails again', () => {
    for (const [name, check] of faults) {
      const v = failed(check());
      expect(() => evaluateGraph(v.counterexample), name).not.toThrow();
      expect(failed(check()).message, 'deterministic for a seed').toBe(v.message);
    }
  });

  it('the assert form throws a PropertyFailedError showing the counterexample, and passes a passed verdict', () => {
    const v = failed(checkSignConventions(FAULTS.signError.component_blueprints, { numRuns: 50, seed: 2 }));
    expect(() => assertVerdict(v)).toThrow(PropertyFailedError);
    expect(() => assertVerdict(v)).toThrow(
      /sign_conventions: failed after .*\n.*raises the net[\s\S]*counterexample:\n\{\n {2}"component_blueprints"/,
    );
    expect(() => assertVerdict(checkSignConventions(WEATHERING.component_blueprints, { numRuns: 10, seed: 2 }))).not.toThrow();
  });

  it('shrink to small graphs (median size over the planted faults and seeds)', () => {
    const weathering = WEATHERING.component_blueprints;
    const planted: ((seed: number) => Verdict)[] = [
      (seed) => checkUnitInvariance(weathering, { numRuns: 100, seed, evaluate: unitBlind }),
      (seed) => checkReuseRule(weathering, { numRuns: 100, seed, evaluate: reuseIgnored }),
      (seed) => checkPermutationInvariance(weathering, { numRuns: 100, seed, evaluate: firstOfList }),
      (seed) => checkAttributionLinearity(weathering, { numRuns: 100, seed, evaluate: squaredFactors }),
      (seed) => checkSharedComponentConservation(weathering, { numRuns: 100, seed, evaluate: doubleCounting }),
      (seed) => checkConservativeness(weathering, { numRuns: 100, seed, evaluate: discountAdded }),
      (seed) => checkSignConventions(FAULTS.signError.component_blueprints, { numRuns: 100, seed }),
      (seed) =>
        checkMonotonicity(
          FAULTS.nonMonotone.component_blueprints,
          { input: 'rock_mass', direction: 'increasing' },
          { numRuns: 100, seed, graphs: { inputs: { saturation_mass: { magnitude: { min: 1000, max: 3000, unit: 't' } } } } },
        ),
    ];
    const sizes = [1, 2, 3].flatMap((seed) => planted.map((check) => sizeOf(failed(check(seed)).counterexample)));
    const middle = median(sizes);
    console.info(`shrunk counterexamples: median ${middle} records (datapoints + components + entries), sizes ${sizes.join(' ')}`);
    expect(middle).toBeLessThanOrEqual(10);
  });
});

describe('checks on a graph evaluator of the caller', () => {
  it('judge the first-order figures of the evaluator passed (linearisation samples on its own)', () => {
    const seen: (EvaluateOptions | undefined)[] = [];
    const spy = (graph: RemovalGraphInput, options?: EvaluateOptions): EvaluationResult => {
      seen.push(options);
      return evaluateGraph(graph, options);
    };
    expect(checkLinearisation(BIOCHAR.component_blueprints, { numRuns: 3, seed: 1, evaluate: spy, samples: 2000 }).ok).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    // An engine that halves the standard deviation discounts too little: the sampled percentile is far below.
    const halved: GraphEvaluator = (graph, options) => {
      const r = evaluateGraph(graph, options);
      const ghg_entries = r.ghg_entries.map((e) => {
        const sd = (e.co2e_net_removed_standard_deviation_kg ?? 0) / 2;
        return { ...e, co2e_net_removed_standard_deviation_kg: sd, co2e_net_removed_kg: e.co2e_net_removed_without_discount_kg - sd };
      });
      return { ...r, ghg_entries };
    };
    expect(checkLinearisation(BIOCHAR.component_blueprints, { numRuns: 20, seed: 1, evaluate: halved }).ok).toBe(false);
  });
});
