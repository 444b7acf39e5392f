/**
 * Building the calculation report of one GHG entry (see report.ts) from a prepared graph and its
 * evaluation: the datapoints it reads, each component worked through from the compiled programs,
 * how each attribution factor was reached, the propagation lines. Imports the model's types, the
 * expressions' compiled blueprints, units, and the accounting preparation and evaluation.
 */
import type { CompiledBlueprint } from '../../expressions';
import { nearestName } from '../../model/nearest-name';
import { siUnitOfDimension, tryParseUnit } from '../../units';
import { roundNetRemoval } from '../credits/credits';
import { evaluatePreparedGraph, MONTE_CARLO_OPTION_CHECKS, type EvaluateOptions } from '../evaluate/evaluate';
import { optionIssues, shapeOf } from '../../model/strict-options';
import { ownPreferred } from '../evaluate/components';
import { ACCOUNTING_POLICY_CHECKS, type AccountingPolicies } from '../policies';
import { prepareGraph, refusedIssue } from '../prepare/prepare';
import { attributionsOf, componentAt, type PreparedAttribution, type PreparedGraph } from '../prepare/prepared-graph';
import type { GhgEntryResult, GhgStatementResult } from '../result';
import { compareStrings } from '../compare-strings';
import type { GraphDatapoint } from '../../model';
import { describeDistribution, explainDiscount } from './discount';
import { explainFeatures } from './features';
import { num, wrap } from './numbers';
import type {
  CalculationReportOutcome,
  CalculationReportPolicies,
  ReportAttribution,
  ReportComponent,
  ReportDatapoint,
  ReportExpression,
  ReportPartialDerivative,
  ReportPropagationLine,
} from './types';

/** The known keys of `explainGhgEntry`'s options (docs/policies.md: options are strict). */
const EXPLAIN_OPTION_CHECKS = shapeOf<{
  readonly policies?: Partial<AccountingPolicies>;
  readonly monteCarlo?: EvaluateOptions['monteCarlo'];
}>({
  policies: ACCOUNTING_POLICY_CHECKS,
  monteCarlo: MONTE_CARLO_OPTION_CHECKS,
});

/**
 * Validates a graph document and builds the calculation report of one of its entries. An invalid
 * graph, or an id that names no entry, comes back as problems.
 * @public
 */
export function explainGhgEntry(
  document: unknown,
  ghgEntryId: string,
  options: { readonly policies?: Partial<AccountingPolicies>; readonly monteCarlo?: EvaluateOptions['monteCarlo'] } = {},
): CalculationReportOutcome {
  const invalid = optionIssues(options, EXPLAIN_OPTION_CHECKS, ['options']);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const prepared = prepareGraph(document, options.policies);
  if (!prepared.ok) return prepared;
  return explainPreparedGhgEntry(prepared.prepared, ghgEntryId, options.monteCarlo === undefined ? {} : { monteCarlo: options.monteCarlo });
}

/** `no GHG entry 'x'`, with the nearest id when one is close, and the first of the valid ids. */
function unknownEntryMessage(id: string, ids: readonly string[]): string {
  const nearest = nearestName(id, ids);
  const hint = nearest === undefined ? '' : ` (did you mean '${nearest}'?)`;
  const listed =
    ids.length === 0
      ? '; it has none'
      : `; its entries: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? `, and ${ids.length - 5} more` : ''}`;
  return `the document has no GHG entry '${id}'${hint}${listed}`;
}

/**
 * Builds the calculation report of one entry of a prepared graph.
 * @public
 */
export function explainPreparedGhgEntry(
  prepared: PreparedGraph,
  ghgEntryId: string,
  options: { readonly monteCarlo?: EvaluateOptions['monteCarlo'] } = {},
): CalculationReportOutcome {
  const e = prepared.entries.ids.indexOf(ghgEntryId);
  const refused = e < 0 ? refusedIssue(prepared, ghgEntryId, ['ghg_entries']) : null;
  if (refused !== null) return { ok: false, issues: [refused] };
  if (e < 0) {
    return {
      ok: false,
      issues: [{ path: ['ghg_entries'], code: 'unknown_entry', message: unknownEntryMessage(ghgEntryId, prepared.entries.ids) }],
    };
  }
  // The distribution of the net is shown in bins whenever a Monte Carlo evaluation runs.
  const monteCarlo = options.monteCarlo ?? (prepared.policies.discountMethod === 'monte_carlo' ? {} : undefined);
  const evaluation = evaluatePreparedGraph(
    prepared,
    monteCarlo === undefined ? {} : { monteCarlo: { ...monteCarlo, histogramBins: monteCarlo.histogramBins ?? 20 } },
  );
  if (!evaluation.ok) return evaluation;
  const entryResult = evaluation.result.ghg_entries[e] as GhgEntryResult;
  const s = prepared.entryStatement[e] ?? -1;
  // By id: a refused statement is not in the result (docs/result.md, "Refused entries").
  const statementId = s >= 0 ? (prepared.statements[s]?.id ?? null) : null;
  const statement = evaluation.result.ghg_statements?.find((candidate) => candidate.id === statementId) ?? null;
  const policies = prepared.policies;
  const components = attributionsOf(prepared, e).map((attribution, k) => {
    const part = entryResult.components[k]!;
    return reportComponent(prepared, attribution, part.attribution_factor, part.standard_deviation_kg, statement);
  });
  const sd = entryResult.co2e_net_removed_standard_deviation_kg;
  const net = entryResult.co2e_net_removed_kg;
  const datapoints = datapointsRead(prepared, e, entryResult);
  const firstOrderNet = entryResult.uncertainty_discount?.first_order_co2e_net_removed_kg ?? net;
  const discount = explainDiscount({
    method: policies.discountMethod,
    coverageFactor: policies.discountCoverageFactor,
    standardDeviationKg: sd,
    withoutDiscountKg: entryResult.co2e_net_removed_without_discount_kg,
    netKg: net,
    firstOrderNetKg: firstOrderNet,
    monteCarlo: entryResult.monte_carlo ?? null,
    distributions: datapoints.flatMap((d) =>
      d.distribution === null ? [] : [{ datapoint_id: d.datapoint_id, distribution: d.distribution }],
    ),
  });
  return {
    ok: true,
    report: {
      ghg_entry_id: prepared.entries.ids[e] as string,
      ghg_statement: statement,
      policies: reportPolicies(policies),
      datapoints,
      components,
      co2e_net_removed_without_discount_kg: entryResult.co2e_net_removed_without_discount_kg,
      propagation: propagationLines(entryResult),
      variance_kg2: sd === null ? null : sd * sd,
      co2e_net_removed_standard_deviation_kg: sd,
      discount_kg: entryResult.co2e_net_removed_without_discount_kg - net,
      co2e_net_removed_kg: net,
      rounded_co2e_net_removed_kg: roundNetRemoval(net, policies),
      issuable_kg: entryResult.issuable_kg,
      risk_of_reversal_percentage: entryResult.risk_of_reversal_percentage,
      credit_allocation: entryResult.credit_allocation,
      monte_carlo: entryResult.monte_carlo ?? null,
      first_order_co2e_net_removed_kg: firstOrderNet,
      discount,
      features: explainFeatures(
        prepared,
        attributionsOf(prepared, e),
        new Set(datapoints.map((d) => d.datapoint_id)),
        entryResult.warnings,
      ),
      warnings: entryResult.warnings,
    },
  };
}

/** The policies that shaped the report's figures, under the report's names. */
function reportPolicies(policies: AccountingPolicies): CalculationReportPolicies {
  return {
    rounding_increment_kg: policies.roundingIncrementKg,
    rounding_ties: policies.roundingTies,
    discount_coverage_factor: policies.discountCoverageFactor,
    discount_method: policies.discountMethod,
    issuable_floor_kg: policies.issuableFloorKg,
    buffer_pool_rounding: policies.bufferPoolRounding,
    amortised_share_in_propagation: policies.amortisedShareInPropagation,
  };
}

/**
 * Every datapoint entry e reads, by id (its components' slots and factor datapoints), then any
 * other that its budget lists (read through a propagated share).
 */
function datapointsRead(prepared: PreparedGraph, e: number, entryResult: GhgEntryResult): ReportDatapoint[] {
  const read = new Set<number>();
  for (const attribution of attributionsOf(prepared, e)) {
    for (const d of componentAt(prepared, attribution.component).slots) read.add(d);
    if (attribution.factorDatapoint >= 0) read.add(attribution.factorDatapoint);
  }
  const datapoints = [...read]
    .sort((a, b) => compareStrings(prepared.datapointIds[a] as string, prepared.datapointIds[b] as string))
    .map((d) => reportDatapoint(prepared, d));
  for (const line of entryResult.uncertainty_budget) {
    if (!datapoints.some((x) => x.datapoint_id === line.datapoint_id)) {
      const d = prepared.datapointIds.indexOf(line.datapoint_id);
      if (d >= 0) datapoints.push(reportDatapoint(prepared, d));
    }
  }
  return datapoints;
}

/** The entry's budget lines with each datapoint's contribution, variance and number of uses. */
function propagationLines(entryResult: GhgEntryResult): ReportPropagationLine[] {
  const uses = new Map(entryResult.reused_datapoints.map((r) => [r.datapoint_id, r.uses]));
  return entryResult.uncertainty_budget.map((line) => {
    const contribution = line.standard_deviation === null ? 0 : line.sensitivity * line.standard_deviation;
    return {
      datapoint_id: line.datapoint_id,
      sensitivity: line.sensitivity,
      unit: line.unit,
      standard_deviation: line.standard_deviation,
      contribution_kg: contribution,
      variance_kg2: contribution * contribution,
      variance_share: line.variance_share,
      uses: uses.get(line.datapoint_id) ?? 1,
    };
  });
}

/** A datapoint as given and in SI. */
function reportDatapoint(prepared: PreparedGraph, d: number): ReportDatapoint {
  const document = prepared.graph.datapoints[d] as GraphDatapoint;
  const sd = prepared.datapointStandardDeviations[d] as number;
  const siSd = prepared.siStandardDeviations[d] as number;
  const name = document.display_name;
  const justification = document.uncertainty_justification;
  return {
    datapoint_id: prepared.datapointIds[d] as string,
    display_name: typeof name === 'string' ? name : null,
    magnitude: prepared.datapointMagnitudes[d] as number,
    unit: prepared.datapointUnits[d] as string,
    standard_deviation: Number.isNaN(sd) ? null : sd,
    si_magnitude: prepared.siMagnitudes[d] as number,
    si_unit: siUnitOf(prepared.datapointUnits[d] as string),
    si_standard_deviation: Number.isNaN(siSd) ? null : siSd,
    uncertainty_justification: typeof justification === 'string' && justification.trim() !== '' ? justification : null,
    distribution: Number.isNaN(sd) ? null : describeDistribution(document.distribution),
  };
}

/** The SI unit of a unit's dimension, e.g. `kg·m^-1`; `1` for a pure number. */
function siUnitOf(unit: string): string {
  const parsed = tryParseUnit(unit);
  if (parsed === undefined) return '?';
  return siUnitOfDimension(parsed.dimension).replaceAll('*', '·') || '1';
}

/** One attributed component: inputs, worked expressions, value, attribution and partial derivatives. */
function reportComponent(
  prepared: PreparedGraph,
  attribution: PreparedAttribution,
  factor: number,
  standardDeviation: number | null,
  statement: GhgStatementResult | null,
): ReportComponent {
  const component = componentAt(prepared, attribution.component);
  const { blueprint, slots, inputStart } = component;
  const document = prepared.graph.components[component.documentIndex] as Record<string, unknown>;
  const displayName = document['display_name'];

  // Value and gradient straight from the compiled program (the figures the evaluation used).
  const values = new Float64Array(slots.length);
  const gradient = new Float64Array(slots.length);
  slots.forEach((d, k) => (values[k] = prepared.siMagnitudes[d] as number));
  const value = blueprint.evaluate(values, inputStart, gradient);
  // At a kink, the branch of larger variance of the component, as its standard deviation takes it
  // (docs/result.md, "Kinks"); the entry's propagation lines show the entry's own choice.
  const kinked = blueprint.mayKink ? blueprint.kinkGradients(values, inputStart) : null;
  if (kinked !== null) gradient.set(ownPreferred(prepared, prepared.components.slotStart[attribution.component] as number, kinked));

  // Inputs by key, as SI values (a list for LIST inputs).
  const inputs = blueprint.inputs.map((input, i) => ({
    input_key: input.input_key,
    datapoint_ids: Array.from(
      slots.subarray(inputStart[i] as number, inputStart[i + 1] as number),
      (d) => prepared.datapointIds[d] as string,
    ),
    values: Array.from(values.subarray(inputStart[i] as number, inputStart[i + 1] as number)),
    list: input.data_shape === 'LIST',
  }));
  const expressions = workExpressions(prepared, blueprint, values, inputStart, inputs);

  const partials = new Map<number, number>();
  slots.forEach((d, k) => partials.set(d, (partials.get(d) ?? 0) + (gradient[k] as number)));
  const partial_derivatives: ReportPartialDerivative[] = [...partials].map(([d, g]) => ({
    datapoint_id: prepared.datapointIds[d] as string,
    si_derivative: g,
    sensitivity: attribution.sign * factor * g * (prepared.siScales[d] as number),
    unit: prepared.datapointUnits[d] as string,
  }));

  return {
    component_id: component.id,
    display_name: typeof displayName === 'string' ? displayName : null,
    blueprint_key: blueprint.key,
    type: blueprint.type,
    sign: attribution.sign,
    inputs: inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: i.datapoint_ids })),
    expressions,
    value_kg: value,
    attribution: explainAttribution(prepared, attribution, factor, statement),
    attributed_kg: value * factor,
    contribution_kg: attribution.sign * factor * value + 0,
    standard_deviation_kg: standardDeviation,
    partial_derivatives,
  };
}

/** How an attribution's factor was reached, by scope (and, for an amortised share, by strategy). */
function explainAttribution(
  prepared: PreparedGraph,
  attribution: PreparedAttribution,
  factor: number,
  statement: GhgStatementResult | null,
): ReportAttribution {
  const scope = attribution.scope ?? 'REMOVAL';
  const n = attribution.divisor ?? null;
  if (scope === 'REMOVAL') {
    const basis =
      attribution.factorDatapoint >= 0
        ? `attributed by the entry; the factor is datapoint ${prepared.datapointIds[attribution.factorDatapoint]} = ${num(factor)}`
        : `attributed by the entry with factor ${num(factor)}`;
    return { scope, factor, basis, share: null, divisor: null, allocation_strategy: null };
  }
  const statementName = statement === null ? 'its GHG statement' : `GHG statement ${statement.id}`;
  if (scope === 'GHG_STATEMENT') {
    return {
      scope,
      factor,
      basis: `statement-level component of ${statementName}, split evenly over its ${n} entries: 1 / ${n} = ${num(factor)}`,
      share: 1,
      divisor: n,
      allocation_strategy: null,
    };
  }
  if (attribution.shareSlot === undefined) {
    return {
      scope,
      factor,
      basis: `project component attributed manually (MANUAL) with factor ${num(factor)}`,
      share: null,
      divisor: null,
      allocation_strategy: 'MANUAL',
    };
  }
  const amortisation = prepared.amortisations.find((a) => a.slots.some((x) => x.slot === attribution.shareSlot))!;
  const slot = amortisation.slots.find((x) => x.slot === attribution.shareSlot)!;
  const result = statement?.project_component_shares.find((x) => x.component_id === amortisation.componentId);
  const share = result?.share ?? factor * (n ?? 1);
  let ratio: string;
  if (slot.fixedShare !== null) ratio = `share frozen on ${statementName} = ${num(share)}`;
  else if (amortisation.strategy === 'ESTIMATED_PROJECT_TONNAGE') {
    ratio = `statement gross sequestration ${num(statement?.gross_sequestration_kg ?? Number.NaN)} kg / estimated project gross tonnage ${num(amortisation.estimatedGrossTonnageKg)} kg = ${num(result?.share_before_cap ?? share)}`;
  } else if (amortisation.strategy === 'ESTIMATED_PROJECT_LIFETIME') {
    ratio = `statement period ${slot.countedDays} d / project lifetime ${num(amortisation.periodDays)} d = ${num(result?.share_before_cap ?? share)}`;
  } else {
    const period = amortisation.customPeriod;
    ratio = `${slot.countedDays} d of the statement counted / custom period ${period?.start} to ${period?.end} (${num(amortisation.periodDays)} d) = ${num(result?.share_before_cap ?? share)}`;
  }
  const cap = result?.capped === true ? `, capped to ${num(share)} (what earlier statements left of the component's 100 %)` : '';
  return {
    scope,
    factor,
    basis: `project component (${amortisation.strategy}) of project ${amortisation.projectId}: ${ratio}${cap}; split evenly over the ${n} entries of ${statementName}: ${num(share)} / ${n} = ${num(factor)}`,
    share,
    divisor: n,
    allocation_strategy: amortisation.strategy,
  };
}

/**
 * Every expression of a blueprint with its variables substituted and its value, taken from the
 * compiled programs themselves (the figures the evaluation used).
 */
function workExpressions(
  prepared: PreparedGraph,
  blueprint: CompiledBlueprint,
  values: Float64Array,
  inputStart: Int32Array,
  inputs: readonly { readonly input_key: string; readonly values: readonly number[]; readonly list: boolean }[],
): ReportExpression[] {
  const definition = prepared.graph.component_blueprints.find((b) => b.key === blueprint.key);
  const expressionValues = blueprint.evaluateExpressions(values, inputStart);
  const valueOf = (key: string): number => expressionValues[blueprint.expressions.findIndex((x) => x.key === key)] ?? Number.NaN;
  const mappingOf = (expressionKey: string, name: string) =>
    definition?.expressions.find((x) => x.key === expressionKey)?.inputs.find((m) => m.template_key === name);
  return blueprint.expressions.map((expression, i) => {
    const substituted = expression.template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const mapping = mappingOf(expression.key, name);
      if (mapping === undefined) return `{${name}}`;
      if (mapping.type === 'ZERO_TCO2E') return '0';
      if (mapping.type === 'EXPRESSION_RESULT') return wrap(valueOf(mapping.input_key));
      const input = inputs.find((x) => x.input_key === mapping.input_key);
      if (input === undefined) return `{${name}}`;
      return input.list ? `[${input.values.map(num).join(', ')}]` : wrap(input.values[0] ?? Number.NaN);
    });
    return {
      key: expression.key,
      template: expression.template,
      substituted,
      value: expressionValues[i] as number,
      is_result: expression.key === blueprint.resultExpression,
    };
  });
}
