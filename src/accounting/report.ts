/**
 * The calculation report of one GHG entry: every figure of its evaluation with what it was computed
 * from, so that a verifier can redo it by hand. Datapoints (as given and in SI), each component's
 * formulas with the values substituted and every intermediate result, its attribution and how the
 * factor was reached (direct, 1/n of a statement component, an amortised project share), the signed
 * sum, the propagation (per-component partial derivatives, merged sensitivities, contributions and
 * shares of the variance), the discount, the rounding and the credit allocation. As structured data
 * ({@link CalculationReport}) and as Markdown ({@link formatCalculationReport}).
 */
import type { ComponentType, GraphIssue, ProjectComponentAllocationStrategy } from '../model';
import type { CompiledBlueprint } from '../expressions';
import { BASE_DIMENSIONS, tryParseUnit } from '../units';
import { roundNetRemoval, type CreditAllocation } from './credits';
import { evaluatePreparedGraph } from './evaluate';
import type { AccountingPolicies, BufferPoolRounding, RoundingTies } from './policies';
import { attributionsOf, componentAt, prepareGraph, type AttributionScope, type PreparedAttribution, type PreparedGraph } from './prepare';
import type { GhgEntryResult, GhgStatementResult } from './result';
import { compareStrings } from './compare-strings';

/**
 * A datapoint as the report shows it: as given and converted to SI.
 * @public
 */
export interface ReportDatapoint {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** The datapoint's `display_name`, when the document gives one. */
  readonly display_name: string | null;
  /** Its magnitude, as given. */
  readonly magnitude: number;
  /** Its unit, as given. */
  readonly unit: string;
  /** Standard deviation in `unit`; null when it has none. */
  readonly standard_deviation: number | null;
  /** The magnitude in SI (`magnitude * scale + offset`), the value the formulas use. */
  readonly si_magnitude: number;
  /** The SI unit of the datapoint's dimension, e.g. `kg`, `kg·m^-1`, `1`. */
  readonly si_unit: string;
  /** The standard deviation in SI (scale only); null when it has none. */
  readonly si_standard_deviation: number | null;
  /** The datapoint's `uncertainty_justification`, or null. */
  readonly uncertainty_justification: string | null;
}

/**
 * One expression of a component with its values.
 * @public
 */
export interface ReportExpression {
  /** The expression's key. */
  readonly key: string;
  /** The normalised template, variables written `{name}`. */
  readonly template: string;
  /** The template with each variable replaced by its SI value (a list as `[a, b]`). */
  readonly substituted: string;
  /** The expression's value in SI (kg for the result). */
  readonly value: number;
  /** Whether this is the expression whose value is the component's. */
  readonly is_result: boolean;
}

/**
 * How an attribution factor was reached.
 * @public
 */
export interface ReportAttribution {
  /** Where the attribution comes from. */
  readonly scope: AttributionScope;
  /** The factor applied to the component's value. */
  readonly factor: number;
  /** A sentence giving the arithmetic of the factor. */
  readonly basis: string;
  /** The share of the statement (before the split over its entries), for statement and amortised project components. */
  readonly share: number | null;
  /** The number of entries the share is split over, for statement and amortised project components. */
  readonly divisor: number | null;
  /** The project component's allocation strategy, for project components. */
  readonly allocation_strategy: ProjectComponentAllocationStrategy | null;
}

/**
 * d(component value)/d(datapoint), and what it adds to the entry's sensitivity.
 * @public
 */
export interface ReportPartialDerivative {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** d(value in kg)/d(SI magnitude). */
  readonly si_derivative: number;
  /** `sign * factor * si_derivative * scale`: kg of the entry's net per unit of the datapoint as given. */
  readonly sensitivity: number;
  /** The datapoint's unit as given. */
  readonly unit: string;
}

/**
 * One attributed component, worked out.
 * @public
 */
export interface ReportComponent {
  /** The component's id. */
  readonly component_id: string;
  /** Its `display_name`, when the document gives one. */
  readonly display_name: string | null;
  /** Its blueprint's key. */
  readonly blueprint_key: string;
  /** Its blueprint's type. */
  readonly type: ComponentType;
  /** +1 or -1: how the type enters the net. */
  readonly sign: 1 | -1;
  /** The datapoints of each blueprint input. */
  readonly inputs: readonly { readonly input_key: string; readonly datapoint_ids: readonly string[] }[];
  /** Every expression, in blueprint order, with its value. */
  readonly expressions: readonly ReportExpression[];
  /** The component's value, kg CO2e. */
  readonly value_kg: number;
  /** How the attribution factor was reached. */
  readonly attribution: ReportAttribution;
  /** `value_kg * factor`. */
  readonly attributed_kg: number;
  /** `sign * attributed_kg`: its term in the signed sum. */
  readonly contribution_kg: number;
  /** Standard deviation of `attributed_kg` from the component's own datapoints; null when none has one. */
  readonly standard_deviation_kg: number | null;
  /** Partial derivatives with respect to each datapoint the component reads. */
  readonly partial_derivatives: readonly ReportPartialDerivative[];
}

/**
 * One datapoint's line of the propagation.
 * @public
 */
export interface ReportPropagationLine {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** c_j: the sum of the components' partial derivatives, kg per unit as given. */
  readonly sensitivity: number;
  /** The unit `sensitivity` and `standard_deviation` are in. */
  readonly unit: string;
  /** s_j, in the unit as given; null when it has none (it then adds nothing). */
  readonly standard_deviation: number | null;
  /** `c_j * s_j`, kg (0 without a standard deviation). */
  readonly contribution_kg: number;
  /** `(c_j * s_j)^2`, kg². */
  readonly variance_kg2: number;
  /** Its share of the variance. */
  readonly variance_share: number;
  /** How many times its value enters the net (more than 1: one variable, derivatives added first). */
  readonly uses: number;
}

/**
 * The policies a calculation report's figures depend on.
 * @public
 */
export interface CalculationReportPolicies {
  /** The rounding increment, kg. */
  readonly rounding_increment_kg: number;
  /** How ties round to the increment. */
  readonly rounding_ties: RoundingTies;
  /** The discount in standard deviations. */
  readonly discount_coverage_factor: number;
  /** The floor of the issuable amount, kg; null for none. */
  readonly issuable_floor_kg: number | null;
  /** How the buffer-pool contribution rounds to whole kg. */
  readonly buffer_pool_rounding: BufferPoolRounding;
  /** How amortised tonnage shares enter the propagation. */
  readonly amortised_share_in_propagation: AccountingPolicies['amortisedShareInPropagation'];
}

/**
 * The worked calculation of one GHG entry.
 * @public
 */
export interface CalculationReport {
  /** The entry's id. */
  readonly ghg_entry_id: string;
  /** The entry's statement and its totals, or null when it is in none. */
  readonly ghg_statement: GhgStatementResult | null;
  /** The policies that decide the figures below. */
  readonly policies: CalculationReportPolicies;
  /** Every datapoint the entry reads, by id. */
  readonly datapoints: readonly ReportDatapoint[];
  /** Every attributed component, in attribution order. */
  readonly components: readonly ReportComponent[];
  /** The signed sum of the contributions. */
  readonly co2e_net_removed_without_discount_kg: number;
  /** The propagation, per datapoint, largest share first. */
  readonly propagation: readonly ReportPropagationLine[];
  /** `sum (c_j s_j)^2`; null when no datapoint has a standard deviation. */
  readonly variance_kg2: number | null;
  /** sqrt(variance); null when no datapoint has one. */
  readonly co2e_net_removed_standard_deviation_kg: number | null;
  /** `coverage factor * standard deviation` (0 without one). */
  readonly discount_kg: number;
  /** Net after discount, kg. */
  readonly co2e_net_removed_kg: number;
  /** The net rounded to the increment. */
  readonly rounded_co2e_net_removed_kg: number;
  /** The rounded net floored: the credits (kg) the entry could issue. */
  readonly issuable_kg: number;
  /** Risk of reversal in percent, or null. */
  readonly risk_of_reversal_percentage: number | null;
  /** Split of `issuable_kg`; null without a risk of reversal. */
  readonly credit_allocation: CreditAllocation | null;
}

/**
 * Outcome of the explain functions.
 * @public
 */
export type CalculationReportOutcome =
  | { readonly ok: true; readonly report: CalculationReport }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Validates a graph document and builds the calculation report of one of its entries. An invalid
 * graph, or an id that names no entry, comes back as problems.
 * @public
 */
export function explainGhgEntry(document: unknown, ghgEntryId: string, options: { readonly policies?: Partial<AccountingPolicies> } = {}): CalculationReportOutcome {
  const prepared = prepareGraph(document, options.policies);
  if (!prepared.ok) return prepared;
  return explainPreparedGhgEntry(prepared.prepared, ghgEntryId);
}

/**
 * Builds the calculation report of one entry of a prepared graph.
 * @public
 */
export function explainPreparedGhgEntry(prepared: PreparedGraph, ghgEntryId: string): CalculationReportOutcome {
  const e = prepared.entries.ids.indexOf(ghgEntryId);
  if (e < 0) {
    return { ok: false, issues: [{ path: ['ghg_entries'], code: 'unknown_entry', message: `the document has no GHG entry '${ghgEntryId}'` }] };
  }
  const evaluation = evaluatePreparedGraph(prepared);
  if (!evaluation.ok) return evaluation;
  const entryResult = evaluation.result.ghg_entries[e] as GhgEntryResult;
  const s = prepared.entryStatement[e] ?? -1;
  const statement = s >= 0 ? (evaluation.result.ghg_statements?.[s] ?? null) : null;
  const policies = prepared.policies;

  const read = new Set<number>();
  const components = attributionsOf(prepared, e).map((attribution, k) => {
    const part = entryResult.components[k]!;
    const component = componentAt(prepared, attribution.component);
    for (const d of component.slots) read.add(d);
    if (attribution.factorDatapoint >= 0) read.add(attribution.factorDatapoint);
    return reportComponent(prepared, attribution, part.attribution_factor, part.standard_deviation_kg, statement);
  });
  const datapoints = [...read].sort((a, b) => compareStrings(prepared.datapointIds[a] as string, prepared.datapointIds[b] as string)).map((d) => reportDatapoint(prepared, d));
  for (const line of entryResult.uncertainty_budget) {
    if (!datapoints.some((x) => x.datapoint_id === line.datapoint_id)) {
      const d = prepared.datapointIds.indexOf(line.datapoint_id);
      if (d >= 0) datapoints.push(reportDatapoint(prepared, d)); // read through a propagated share
    }
  }

  const uses = new Map(entryResult.reused_datapoints.map((r) => [r.datapoint_id, r.uses]));
  const propagation: ReportPropagationLine[] = entryResult.uncertainty_budget.map((line) => {
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
  const sd = entryResult.co2e_net_removed_standard_deviation_kg;
  const net = entryResult.co2e_net_removed_kg;
  return {
    ok: true,
    report: {
      ghg_entry_id: prepared.entries.ids[e] as string,
      ghg_statement: statement,
      policies: {
        rounding_increment_kg: policies.roundingIncrementKg,
        rounding_ties: policies.roundingTies,
        discount_coverage_factor: policies.discountCoverageFactor,
        issuable_floor_kg: policies.issuableFloorKg,
        buffer_pool_rounding: policies.bufferPoolRounding,
        amortised_share_in_propagation: policies.amortisedShareInPropagation,
      },
      datapoints,
      components,
      co2e_net_removed_without_discount_kg: entryResult.co2e_net_removed_without_discount_kg,
      propagation,
      variance_kg2: sd === null ? null : sd * sd,
      co2e_net_removed_standard_deviation_kg: sd,
      discount_kg: entryResult.co2e_net_removed_without_discount_kg - net,
      co2e_net_removed_kg: net,
      rounded_co2e_net_removed_kg: roundNetRemoval(net, policies),
      issuable_kg: entryResult.issuable_kg,
      risk_of_reversal_percentage: entryResult.risk_of_reversal_percentage,
      credit_allocation: entryResult.credit_allocation,
    },
  };
}

function reportDatapoint(prepared: PreparedGraph, d: number): ReportDatapoint {
  const document = prepared.graph.datapoints[d] as Record<string, unknown> & { uncertainty_justification?: string | null };
  const sd = prepared.datapointStandardDeviations[d] as number;
  const siSd = prepared.siStandardDeviations[d] as number;
  const name = document['display_name'];
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
  };
}

const SI_SYMBOLS: Readonly<Record<(typeof BASE_DIMENSIONS)[number], string>> = {
  mass: 'kg',
  length: 'm',
  time: 's',
  current: 'A',
  temperature: 'K',
  luminous_intensity: 'cd',
  amount_of_substance: 'mol',
  angle: 'rad',
  currency: 'USD',
};

/** The SI unit of a unit's dimension, e.g. `kg·m^-1`; `1` for a pure number. */
function siUnitOf(unit: string): string {
  const parsed = tryParseUnit(unit);
  if (parsed === undefined) return '?';
  const parts: string[] = [];
  BASE_DIMENSIONS.forEach((base, i) => {
    const e = parsed.dimension[i] ?? 0;
    if (Math.abs(e) < 1e-9) return;
    parts.push(e === 1 ? SI_SYMBOLS[base] : `${SI_SYMBOLS[base]}^${Number(e.toFixed(6))}`);
  });
  return parts.length === 0 ? '1' : parts.join('·');
}

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

  // Inputs by key, as SI values (a list for LIST inputs).
  const inputs = blueprint.inputs.map((input, i) => ({
    input_key: input.input_key,
    datapoint_ids: Array.from(slots.subarray(inputStart[i] as number, inputStart[i + 1] as number), (d) => prepared.datapointIds[d] as string),
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

function explainAttribution(prepared: PreparedGraph, attribution: PreparedAttribution, factor: number, statement: GhgStatementResult | null): ReportAttribution {
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
    return { scope, factor, basis: `statement-level component of ${statementName}, split evenly over its ${n} entries: 1 / ${n} = ${num(factor)}`, share: 1, divisor: n, allocation_strategy: null };
  }
  if (attribution.shareSlot === undefined) {
    return { scope, factor, basis: `project component attributed manually (MANUAL) with factor ${num(factor)}`, share: null, divisor: null, allocation_strategy: 'MANUAL' };
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

function wrap(v: number): string {
  return v < 0 ? `(${num(v)})` : num(v);
}

/** A number for the report: 12 significant digits, which hides binary noise but no real digit. */
function num(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(12)));
}


function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function row(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n');
}

const orDash = (v: number | null): string => (v === null ? '-' : num(v));

const TIES: Readonly<Record<RoundingTies, string>> = {
  away_from_zero: 'ties away from zero',
  half_even: 'ties to even',
  toward_zero: 'ties toward zero',
};

const BUFFER: Readonly<Record<BufferPoolRounding, string>> = {
  ceil: 'ceil',
  floor: 'floor',
  half_up: 'round half up',
};

/**
 * Renders a calculation report as Markdown: numbered sections a verifier can follow top to bottom,
 * numbers printed to 12 significant digits.
 * @public
 */
export function formatCalculationReport(report: CalculationReport): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  const p = report.policies;
  push(`# Calculation report: GHG entry ${report.ghg_entry_id}`, '');
  if (report.ghg_statement !== null) {
    const s = report.ghg_statement;
    push(`GHG statement ${s.id} (${s.status}), project ${s.project_id}, reporting period ${s.reporting_period_start_at} to ${s.reporting_period_end_at}, ${s.ghg_entry_ids.length} entries.`, '');
  } else {
    push('Not part of a GHG statement.', '');
  }
  push('All formulas are evaluated in SI units (kg, m, s, J = kg·m^2·s^-2, ...); component results are kg CO2e.', '');

  push('## 1. Datapoints', '');
  push(
    table(
      ['datapoint', 'name', 'magnitude', 'unit', 'standard deviation', 'SI magnitude', 'SI unit', 'SI standard deviation', 'uncertainty justification'],
      report.datapoints.map((d) => [d.datapoint_id, d.display_name ?? '', num(d.magnitude), d.unit, orDash(d.standard_deviation), num(d.si_magnitude), d.si_unit, orDash(d.si_standard_deviation), d.uncertainty_justification ?? '-']),
    ),
    '',
  );

  push('## 2. Components', '');
  report.components.forEach((c, k) => {
    push(`### 2.${k + 1} ${c.component_id}${c.display_name === null ? '' : ` (${c.display_name})`}`, '');
    push(`Blueprint \`${c.blueprint_key}\`, type ${c.type} (sign ${c.sign > 0 ? '+' : '-'}).`, '');
    push(`Inputs: ${c.inputs.map((i) => `${i.input_key} = ${i.datapoint_ids.join(', ') || '(none)'}`).join('; ') || '(none)'}.`, '');
    push(
      table(
        ['expression', 'formula', 'with values (SI)', 'value (SI)'],
        c.expressions.map((x) => [x.is_result ? `${x.key} (result)` : x.key, x.template, x.substituted, num(x.value)]),
      ),
      '',
    );
    push(`Value: ${num(c.value_kg)} kg CO2e.`, '');
    push(`Attribution (${c.attribution.scope}): ${c.attribution.basis}.`, '');
    push(`Attributed: ${num(c.value_kg)} kg x ${num(c.attribution.factor)} = ${num(c.attributed_kg)} kg; contribution to the net: ${c.sign > 0 ? '+' : '-'}1 x ${num(c.attributed_kg)} = ${num(c.contribution_kg)} kg.`, '');
    if (c.partial_derivatives.length > 0) {
      push(
        table(
          ['datapoint', 'd(value)/d(SI magnitude)', 'sign x factor x derivative x scale', 'per unit'],
          c.partial_derivatives.map((d) => [d.datapoint_id, num(d.si_derivative), num(d.sensitivity), `kg per ${d.unit}`]),
        ),
        '',
      );
    }
  });

  push('## 3. Net removal before discount (signed sum)', '');
  push(
    table(
      ['component', 'type', 'value kg', 'factor', 'attributed kg', 'sign', 'contribution kg'],
      [
        ...report.components.map((c) => [c.component_id, c.type, num(c.value_kg), num(c.attribution.factor), num(c.attributed_kg), c.sign > 0 ? '+' : '-', num(c.contribution_kg)]),
        ['**net without discount**', '', '', '', '', '', `**${num(report.co2e_net_removed_without_discount_kg)}**`],
      ],
    ),
    '',
  );

  push('## 4. Uncertainty propagation', '');
  push(
    'Each datapoint is one variable: c_j is the sum of the partial derivatives of section 2 over every use, s_j its standard deviation; variance = sum (c_j s_j)^2.' +
      (p.amortised_share_in_propagation === 'propagated' ? ' Amortised tonnage shares are propagated too (their derivatives are added to c_j).' : ''),
    '',
  );
  push(
    table(
      ['datapoint', 'c_j (kg per unit)', 'unit', 's_j', 'c_j s_j (kg)', '(c_j s_j)^2 (kg^2)', 'share of variance', 'uses'],
      report.propagation.map((l) => [l.datapoint_id, num(l.sensitivity), l.unit, orDash(l.standard_deviation), num(l.contribution_kg), num(l.variance_kg2), num(l.variance_share), String(l.uses)]),
    ),
    '',
  );
  if (report.co2e_net_removed_standard_deviation_kg === null) {
    push('No datapoint of the entry has a standard deviation: the standard deviation is null and no discount applies.', '');
  } else {
    push(`Variance: ${num(report.variance_kg2 ?? 0)} kg^2; standard deviation: sqrt(${num(report.variance_kg2 ?? 0)}) = ${num(report.co2e_net_removed_standard_deviation_kg)} kg.`, '');
  }

  push('## 5. Uncertainty discount', '');
  push(
    `Discount = ${num(p.discount_coverage_factor)} x ${orDash(report.co2e_net_removed_standard_deviation_kg)} = ${num(report.discount_kg)} kg; ` +
      `net after discount = ${num(report.co2e_net_removed_without_discount_kg)} - ${num(report.discount_kg)} = ${num(report.co2e_net_removed_kg)} kg.`,
    '',
  );

  push('## 6. Rounding and credits', '');
  push(`Rounded to the nearest ${num(p.rounding_increment_kg)} kg (${TIES[p.rounding_ties]}): ${num(report.co2e_net_removed_kg)} -> ${num(report.rounded_co2e_net_removed_kg)} kg.`, '');
  push(
    p.issuable_floor_kg === null
      ? `Issuable (no floor): ${num(report.issuable_kg)} kg.`
      : `Issuable = max(${num(p.issuable_floor_kg)}, ${num(report.rounded_co2e_net_removed_kg)}) = ${num(report.issuable_kg)} kg.`,
    '',
  );
  if (report.credit_allocation === null || report.risk_of_reversal_percentage === null) {
    push('No risk of reversal is set: no credit allocation.', '');
  } else {
    const a = report.credit_allocation;
    push(
      `Buffer pool = ${BUFFER[p.buffer_pool_rounding]}(${num(report.issuable_kg)} x ${num(report.risk_of_reversal_percentage)} / 100) = ${num(a.buffer_pool_contribution_kg)} kg; ` +
        `supplier = ${num(report.issuable_kg)} - ${num(a.buffer_pool_contribution_kg)} = ${num(a.supplier_allocation_kg)} kg.`,
      '',
    );
  }

  if (report.ghg_statement !== null) {
    const s = report.ghg_statement;
    push('## 7. GHG statement', '');
    push(
      table(
        ['GHG entry', 'net kg', 'rounded kg', 'issuable kg', 'buffer pool kg', 'supplier kg'],
        [
          ...s.ghg_entries.map((e) => [e.ghg_entry_id, num(e.co2e_net_removed_kg), num(e.rounded_co2e_net_removed_kg), num(e.issuable_kg), orDash(e.credit_allocation?.buffer_pool_contribution_kg ?? null), orDash(e.credit_allocation?.supplier_allocation_kg ?? null)]),
          ['**total**', '', `**${num(s.total_co2e_removed_kg)}**`, `**${num(s.issuable_kg)}**`, orDash(s.credit_allocation?.buffer_pool_contribution_kg ?? null), orDash(s.credit_allocation?.supplier_allocation_kg ?? null)],
        ],
      ),
      '',
    );
    push(`Gross sequestration of the statement: ${num(s.gross_sequestration_kg)} kg.${s.credit_allocation === null ? ' The statement has no allocation because an entry has none.' : ''}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
