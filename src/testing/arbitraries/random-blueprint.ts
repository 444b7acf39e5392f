/**
 * `randomBlueprint`: arbitrary component blueprints for people testing the engine itself. Each is a
 * valid blueprint by construction (it compiles, its result is a mass) whose formula stays finite
 * over the realistic ranges of its inputs: sums and differences of activity terms (a mass, energy
 * x grid factor, volume x fuel factor, mass x distance x transport factor, reduced LIST masses),
 * each times up to two dimensionless factors (fractions, ratios of masses, square roots,
 * exponentials, logarithms of 1 + x, powers, reduced LIST fractions), sometimes split into two
 * expressions (the result then uses the other, so it stays the single sink) or joined with the
 * constant ZERO_TCO2E. Inputs are reused inside a formula (a
 * variable twice, as `{m} / {m2}` may draw `{m} / {m}`), which exercises the reuse rule.
 * May import: model, fast-check.
 */
import fc from 'fast-check';
import { COMPONENT_TYPES, type ComponentType, type ExpressionInput } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import type { BlueprintDefinition, BlueprintInputDefinition } from './component';

/** A fragment of formula: `$kind` and `$kind[]` are replaced by a (SCALAR or LIST) input's variable. */
const BASES = [
  '$mass',
  '$energy * $energy_carbon_emission_factor',
  '$volume * $volume_carbon_emission_factor',
  '$mass * $distance * $mass_distance_carbon_emission_factor',
  'sum($mass[])',
  'mean($mass[])',
  '$mass_carbon * 3.664',
] as const;

const FACTORS = [
  '$mass_fraction',
  '$dimensionless_ratio',
  '0.85',
  '$mass / $mass',
  'sqrt($mass_fraction)',
  'exp(-$dimensionless_ratio)',
  'log(1 + $mass_fraction)',
  '(1 - $mass_fraction)',
  '$dimensionless_ratio ^ 2',
  'mean($mass_fraction[])',
  'max($mass_fraction, $dimensionless_ratio)',
  'min($mass_fraction, 0.5)',
] as const;

/**
 * Fragments of the formula language added by semantics 3b, drawn with `extendedFormulas`: a base
 * with a unit literal, an element-wise LIST reduced (one LIST input, so that any list length
 * fits), and factors with a (continuous) conditional, unit literals, log10 and cos.
 */
const EXTENDED_BASES = ['$volume * (0.84 kg/l) * 3.2', '($mass > $mass ? $mass : $mass)', 'sum($mass[] * (1 - $mass_fraction))'] as const;

const EXTENDED_FACTORS = [
  '($mass_fraction > $dimensionless_ratio ? $mass_fraction : $dimensionless_ratio)',
  '($mass_fraction * (1 kg) / (1000 g))',
  'log10(1 + $mass_fraction)',
  '(1 + cos($dimensionless_ratio)) / 2',
  'mean(sqrt($mass_fraction[]))',
] as const;

const UNITS: Partial<Record<QuantityKind, string>> = {
  mass: 't',
  energy: 'kWh',
  energy_carbon_emission_factor: 'kgCO2e/kWh',
  volume: 'l',
  volume_carbon_emission_factor: 'kgCO2e/l',
  distance: 'km',
  mass_distance_carbon_emission_factor: 'kgCO2e/(t*km)',
  mass_fraction: '%',
  dimensionless_ratio: 'dimensionless',
  mass_carbon: 't',
};

/**
 * Options of {@link randomBlueprint}.
 * @public
 */
export interface RandomBlueprintOptions {
  /** The blueprint's key (default: `random_<n>`, n drawn from 0 to 9999). */
  readonly key?: string;
  /** Types to draw from (default: every component type). */
  readonly types?: readonly ComponentType[];
  /** Most activity terms in the result (default 3). */
  readonly maxTerms?: number;
  /**
   * Whether formulas also use the language of semantics 3b: conditionals with comparisons (kept
   * continuous, `a > b ? a : b`), unit literals (`(0.84 kg/l)`), `log10` and `cos`. Default false
   * (the formulas drawn for a seed stay those of earlier versions).
   */
  readonly extendedFormulas?: boolean;
}

interface TermPlan {
  readonly base: number;
  readonly factors: readonly number[];
  readonly minus: boolean;
}

interface BlueprintPlan {
  readonly key: string;
  readonly type: ComponentType;
  readonly terms: readonly TermPlan[];
  /** Picks deciding, variable by variable, whether an earlier input of the same kind is reused. */
  readonly picks: readonly number[];
  readonly split: boolean;
  readonly zero: boolean;
}

/** Writes a plan out: inputs created as the formula needs them. */
function writeBlueprint(plan: BlueprintPlan, bases: readonly string[], factors: readonly string[]): BlueprintDefinition {
  const inputs: BlueprintInputDefinition[] = [];
  let pick = 0;
  const variable = (kind: QuantityKind, list: boolean): string => {
    const shape = list ? 'LIST' : 'SCALAR';
    const same = inputs.filter((i) => i.quantity_kind === kind && i.data_shape === shape);
    const choice = plan.picks[pick++ % Math.max(1, plan.picks.length)] ?? 0;
    const reused = same.length > 0 && choice % 3 === 0 ? same[choice % same.length] : undefined;
    if (reused !== undefined) return `{${reused.input_key}}`;
    const key = `${kind}_${inputs.length + 1}`;
    inputs.push({ input_key: key, quantity_kind: kind, compatible_unit: UNITS[kind] as string, data_shape: shape });
    return `{${key}}`;
  };
  const fill = (fragment: string): string =>
    fragment.replace(/\$([a-z_]+)(\[\])?/g, (_, kind: string, list?: string) => variable(kind as QuantityKind, list !== undefined));
  const terms = plan.terms.map((t) => {
    const parts = [fill(bases[t.base % bases.length] as string), ...t.factors.map((f) => fill(factors[f % factors.length] as string))];
    return { text: parts.join(' * '), minus: t.minus };
  });
  const sum = terms.map((t, n) => (n === 0 ? t.text : `${t.minus ? '-' : '+'} ${t.text}`)).join(' ');
  const mapping = (template: string): ExpressionInput[] =>
    [...new Set([...template.matchAll(/\{([a-z_0-9]+)\}/g)].map((m) => m[1] as string))].map((name) => {
      if (name === 'zero') return { template_key: name, input_key: '', type: 'ZERO_TCO2E' };
      if (name === 'part') return { template_key: name, input_key: 'part', type: 'EXPRESSION_RESULT' };
      const input = inputs.find((i) => i.input_key === name) as BlueprintInputDefinition;
      return { template_key: name, input_key: name, type: 'DATAPOINT', data_shape: input.data_shape ?? 'SCALAR' };
    });
  const last = plan.zero ? `${sum} + {zero}` : sum;
  const expressions = plan.split
    ? [
        { key: 'part', template: terms[0]?.text ?? '', inputs: mapping(terms[0]?.text ?? '') },
        { key: 'result', template: last.replace(terms[0]?.text ?? '', '{part}'), inputs: [] as ExpressionInput[] },
      ]
    : [{ key: 'result', template: last, inputs: [] as ExpressionInput[] }];
  const written = expressions.map((e) => ({ ...e, inputs: e.inputs.length > 0 ? e.inputs : mapping(e.template) }));
  return { key: plan.key, type: plan.type, inputs, expressions: written };
}

/**
 * Arbitrary of valid component blueprints with random formulas (see the module notes for the
 * grammar drawn from). Every blueprint compiles, and evaluates to a finite mass for every datapoint
 * `datapointFor` draws for its inputs. Shrinks to a single-term formula of one input.
 *
 * @example
 * ```ts
 * const graphs = fc.uniqueArray(randomBlueprint(), { minLength: 1, maxLength: 3, selector: (b) => b.key }).chain((bs) => graphOf(bs));
 * ```
 * @public
 */
export function randomBlueprint(options: RandomBlueprintOptions = {}): fc.Arbitrary<BlueprintDefinition> {
  const maxTerms = options.maxTerms ?? 3;
  if (!(Number.isInteger(maxTerms) && maxTerms >= 1))
    throw new RangeError(`randomBlueprint maxTerms: expected an integer >= 1, got ${maxTerms}`);
  const types = options.types ?? COMPONENT_TYPES;
  if (types.length === 0) throw new RangeError('randomBlueprint types: expected at least one type');
  const extended = options.extendedFormulas === true;
  const bases: readonly string[] = extended ? [...BASES, ...EXTENDED_BASES] : BASES;
  const factors: readonly string[] = extended ? [...FACTORS, ...EXTENDED_FACTORS] : FACTORS;
  const term = fc.record({
    base: fc.nat(bases.length - 1),
    factors: fc.array(fc.nat(factors.length - 1), { maxLength: 2 }),
    minus: fc.boolean(),
  });
  return fc
    .record({
      key: options.key === undefined ? fc.nat(9999).map((n) => `random_${n}`) : fc.constant(options.key),
      type: fc.constantFrom(...types),
      terms: fc.array(term, { minLength: 1, maxLength: maxTerms }),
      picks: fc.array(fc.nat(), { maxLength: 8 }),
      split: fc.boolean(),
      zero: fc.boolean(),
    })
    .map((plan) => writeBlueprint(plan, bases, factors));
}
