/**
 * How the formula language's and the data's newer features shaped an entry's figures (semantics 3b,
 * docs/graph-document.md): the sample sets its datapoints' standard uncertainties come from, the
 * branch each deciding comparison took at the magnitudes, the lognormals declared by their median,
 * and the inputs declared as differences. One explanation, built once in the calculation report,
 * which both `formatCalculationReport` (Markdown) and the HTML report print, as with the discount.
 * Imports the prepared graph, the sample sets' correlation and how the report prints numbers.
 */
import type { EvaluationWarning } from '../result';
import { componentAt, type PreparedAttribution, type PreparedGraph } from '../prepare/prepared-graph';
import { pearsonCorrelation, type PreparedSampleSet, type SampleColumn } from '../prepare/sample-sets';
import type { GraphDatapoint } from '../../model';
import { num } from './numbers';
import type { CalculationReport } from './types';

type ReportFeatures = CalculationReport['features'];

/** The features explanation of an entry from its attributions, the datapoints it reads and its warnings. */
export function explainFeatures(
  prepared: PreparedGraph,
  attributions: readonly PreparedAttribution[],
  read: ReadonlySet<string>,
  warnings: readonly EvaluationWarning[],
): ReportFeatures {
  const sample_sets = sampleSetColumns(prepared, read);
  const branches = branchesTaken(prepared, attributions, warnings);
  const lognormal_medians = lognormalMedians(prepared, read);
  const difference_inputs = differenceInputs(prepared, attributions);
  const sentences = [
    ...sample_sets.map(
      (c) =>
        `Sample set ${c.sample_set_id}, column ${c.column} (${c.rows} rows): the standard uncertainty of ${c.datapoint_ids.join(', ')} is the column's sample standard deviation (n - 1) = ${num(c.standard_deviation)} ${c.unit}` +
        (c.correlations.length === 0
          ? '; no other column in the set.'
          : `; each row is correlated with the same row of ${c.correlations.map((r) => `column ${r.column} (r = ${num(r.coefficient)})`).join(', ')}.`),
    ),
    ...branches.map(
      (b) =>
        `Component ${b.component_id}, expression ${b.expression}: ${b.comparison} is ${b.holds ? 'true' : 'false'} at the magnitudes (left - right = ${num(b.difference)} SI), so the ${b.holds ? 'first' : 'second'} branch is taken` +
        (b.near_threshold ? '; near the threshold (warning branch_near_threshold): Monte Carlo decides per draw.' : '.'),
    ),
    ...lognormal_medians.map(
      (l) =>
        `Datapoint ${l.datapoint_id}: lognormal declared by its median ${num(l.median)} ${l.unit} and log standard deviation ${num(l.log_standard_deviation)}; first-order standard deviation median x e^(s^2/2) x sqrt(e^(s^2) - 1) = ${num(l.first_order_standard_deviation)} ${l.unit}.`,
    ),
    ...difference_inputs.map(
      (d) =>
        `Component ${d.component_id}, input ${d.input_key} is a difference (${d.datapoint_ids.join(', ')}): signed values are allowed, its bounds and realistic range apply to the absolute value.`,
    ),
  ];
  return { sample_sets, branches, lognormal_medians, difference_inputs, sentences };
}

/** Each sample-set column with a datapoint the entry reads, by set then column. */
function sampleSetColumns(prepared: PreparedGraph, read: ReadonlySet<string>): ReportFeatures['sample_sets'][number][] {
  return prepared.sampleSets.flatMap((set) =>
    set.columns.flatMap((column) => {
      const ids = Array.from(column.members, (d) => prepared.datapointIds[d] as string).filter((id) => read.has(id));
      if (ids.length === 0) return [];
      const first = column.members[0] as number;
      return [
        {
          sample_set_id: set.id,
          column: column.name,
          rows: set.rows,
          datapoint_ids: ids,
          standard_deviation: prepared.datapointStandardDeviations[first] as number,
          unit: prepared.datapointUnits[first] as string,
          correlations: rowCorrelations(set, column),
        },
      ];
    }),
  );
}

/** The Pearson correlation of `column`'s rows with each other column's, as the first order uses them. */
function rowCorrelations(set: PreparedSampleSet, column: SampleColumn): { readonly column: string; readonly coefficient: number }[] {
  return set.columns.filter((c) => c !== column).map((c) => ({ column: c.name, coefficient: pearsonCorrelation(column.values, c.values) }));
}

/** The deciding comparisons of the entry's components at the magnitudes, with the branch each took. */
function branchesTaken(
  prepared: PreparedGraph,
  attributions: readonly PreparedAttribution[],
  warnings: readonly EvaluationWarning[],
): ReportFeatures['branches'][number][] {
  const seen = new Set<number>();
  return attributions.flatMap((attribution) => {
    if (seen.has(attribution.component)) return [];
    seen.add(attribution.component);
    const component = componentAt(prepared, attribution.component);
    if (!component.blueprint.hasBranches) return [];
    const values = Float64Array.from(component.slots, (d) => prepared.siMagnitudes[d] as number);
    const sides = component.blueprint.branchSides(values, component.inputStart) ?? [];
    return sides.map((side) => ({
      component_id: component.id,
      expression: side.expression,
      comparison: side.comparison,
      difference: side.difference,
      holds: holds(side.comparison, side.difference),
      near_threshold: warnings.some(
        (w) =>
          w.code === 'branch_near_threshold' &&
          w.message.includes(`component '${component.id}'`) &&
          w.message.includes(`'${side.expression}'`) &&
          w.message.includes(side.comparison),
      ),
    }));
  });
}

/** Whether a comparison holds, from its operator (outside parentheses) and the difference of its sides. */
export function holds(comparison: string, difference: number): boolean {
  const operator = topLevelOperator(comparison);
  if (operator === '<') return difference < 0;
  if (operator === '<=') return difference <= 0;
  if (operator === '>') return difference > 0;
  if (operator === '>=') return difference >= 0;
  if (operator === '==') return difference === 0;
  return difference !== 0;
}

function topLevelOperator(comparison: string): string {
  let depth = 0;
  for (let i = 0; i < comparison.length; i++) {
    const ch = comparison[i] as string;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (ch === '<' || ch === '>' || ch === '=' || ch === '!')) {
      return comparison[i + 1] === '=' ? `${ch}=` : ch;
    }
  }
  return '!=';
}

/** The datapoints the entry reads that declare a lognormal by its median. */
function lognormalMedians(prepared: PreparedGraph, read: ReadonlySet<string>): ReportFeatures['lognormal_medians'][number][] {
  return [...read].sort().flatMap((id) => {
    const d = prepared.datapointIds.indexOf(id);
    const distribution = (prepared.graph.datapoints[d] as GraphDatapoint | undefined)?.distribution;
    if (distribution?.type !== 'lognormal' || distribution.log_standard_deviation === undefined) return [];
    return [
      {
        datapoint_id: id,
        median: prepared.datapointMagnitudes[d] as number,
        log_standard_deviation: distribution.log_standard_deviation,
        unit: prepared.datapointUnits[d] as string,
        first_order_standard_deviation: prepared.datapointStandardDeviations[d] as number,
      },
    ];
  });
}

/** The inputs of the entry's components that their blueprints declare as differences. */
function differenceInputs(
  prepared: PreparedGraph,
  attributions: readonly PreparedAttribution[],
): ReportFeatures['difference_inputs'][number][] {
  const seen = new Set<number>();
  return attributions.flatMap((attribution) => {
    if (seen.has(attribution.component)) return [];
    seen.add(attribution.component);
    const component = componentAt(prepared, attribution.component);
    const definition = prepared.graph.component_blueprints.find((b) => b.key === component.blueprint.key);
    return component.blueprint.inputs.flatMap((input, i) => {
      if (definition?.inputs.find((x) => x.input_key === input.input_key)?.difference !== true) return [];
      const slots = component.slots.subarray(component.inputStart[i] as number, component.inputStart[i + 1] as number);
      return [
        {
          component_id: component.id,
          input_key: input.input_key,
          datapoint_ids: Array.from(slots, (d) => prepared.datapointIds[d] as string),
        },
      ];
    });
  });
}
