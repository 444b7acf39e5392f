/**
 * Sensitivity analysis (docs/rules.md#evaluating-a-ghg-entry): each datapoint of an entry, or of a statement, is
 * moved by -+20 % (policy `sensitivityVariation`) of its magnitude as given, all else fixed, and the
 * net re-evaluated; a datapoint is sensitive when either move changes the net by more than 1 %
 * (policy `sensitivityThreshold`) of its magnitude. Sensitive datapoints need an
 * `uncertainty_justification`; the analysis lists those that lack one.
 *
 * The graph is validated and compiled once. With the default measure (the net before discount)
 * each move re-evaluates only the components that read the datapoint, then re-adds the entries'
 * signed sums and the amortised shares (which may depend on the moved sequestration); with
 * `net_after_discount` each move runs the full propagation on the same prepared graph.
 */
import type { CompiledBlueprint } from '../expressions';
import type { GraphIssue } from '../model';
import { amortiseProjectComponents, attributionFactor, countsAsGrossSequestration } from './amortisation';
import { evaluatePreparedGraph } from './evaluate/evaluate';
import { listOf, optionIssues, shapeOf, STRING, type ShapeCheck } from '../model/strict-options';
import { ACCOUNTING_POLICY_CHECKS, resolvePolicies, type AccountingPolicies, type SensitivityMeasure } from './policies';
import { prepareGraph, type PreparedGraph } from './prepare/prepare';
import { compareStrings } from './compare-strings';

/**
 * How the net reacts to one datapoint moved down and up.
 * @public
 */
export interface DatapointSensitivity {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** Its magnitude, as given. */
  readonly magnitude: number;
  /** Its unit, as given. */
  readonly unit: string;
  /** The net with the magnitude lowered by the variation, kg; null when the calculation gives no finite value. */
  readonly net_kg_decreased: number | null;
  /** The net with the magnitude raised by the variation, kg; null when not finite. */
  readonly net_kg_increased: number | null;
  /** `(net_decreased - net) / |net|`; null when the net is 0 or a value is not finite. */
  readonly relative_change_decreased: number | null;
  /** `(net_increased - net) / |net|`; null when the net is 0 or a value is not finite. */
  readonly relative_change_increased: number | null;
  /** The larger of the two absolute relative changes; null when neither is defined. */
  readonly largest_relative_change: number | null;
  /**
   * Whether a move changes the net by more than the threshold. When the net is 0 any change counts;
   * a move that makes the calculation non-finite counts too.
   */
  readonly sensitive: boolean;
  /** The datapoint's `uncertainty_justification`, or null when it has none (or only blanks). */
  readonly uncertainty_justification: string | null;
}

/**
 * The sensitivity of one net (an entry's or a statement's).
 * @public
 */
export interface NetSensitivity {
  /** The net the moves are compared with, kg (the measure the policy names). */
  readonly co2e_net_kg: number;
  /** Per datapoint, largest relative change first, then by id. */
  readonly datapoints: readonly DatapointSensitivity[];
  /** The sensitive datapoints, by id. */
  readonly sensitive_datapoint_ids: readonly string[];
  /** The sensitive datapoints without an uncertainty justification, by id. */
  readonly unjustified_datapoint_ids: readonly string[];
}

/**
 * Sensitivity of one GHG entry.
 * @public
 */
export interface GhgEntrySensitivity extends NetSensitivity {
  /** The entry's id. */
  readonly ghg_entry_id: string;
}

/**
 * Sensitivity of one GHG statement's net (the sum of its entries' nets).
 * @public
 */
export interface GhgStatementSensitivity extends NetSensitivity {
  /** The statement's id. */
  readonly ghg_statement_id: string;
}

/**
 * The sensitivity analysis of a graph.
 * @public
 */
export interface SensitivityAnalysis {
  /** Which net was watched. */
  readonly measure: SensitivityMeasure;
  /** The relative move of each datapoint (0.2 = -+20 %). */
  readonly variation: number;
  /** The relative change of the net above which a datapoint is sensitive (0.01 = 1 %). */
  readonly threshold: number;
  /** One analysis per entry, in document order. */
  readonly ghg_entries: readonly GhgEntrySensitivity[];
  /** One analysis per statement, in document order (empty without statements). */
  readonly ghg_statements: readonly GhgStatementSensitivity[];
}

/**
 * Outcome of the sensitivity analysis: the analysis, or the problems of the graph or the options.
 * @public
 */
export type SensitivityOutcome =
  | { readonly ok: true; readonly analysis: SensitivityAnalysis }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Options of the sensitivity analysis.
 * @public
 */
export interface SensitivityOptions {
  /** Policies to override: `sensitivityVariation`, `sensitivityThreshold`, `sensitivityMeasure`, ... */
  readonly policies?: Partial<AccountingPolicies>;
  /**
   * Analyses only these entries and statements (by id; an unknown id is a problem): only the
   * datapoints they read are moved, so one entry of a large graph is analysed quickly. Without it,
   * every entry and statement.
   */
  readonly only?: { readonly ghgEntryIds?: readonly string[]; readonly ghgStatementIds?: readonly string[] };
}

/** The known keys of {@link SensitivityOptions} and the check of each (docs/policies.md: options are strict). */
export const SENSITIVITY_OPTION_CHECKS: ShapeCheck = shapeOf<SensitivityOptions>({
  policies: ACCOUNTING_POLICY_CHECKS,
  only: shapeOf<NonNullable<SensitivityOptions['only']>>({ ghgEntryIds: listOf(STRING, 'ids'), ghgStatementIds: listOf(STRING, 'ids') }),
});

/**
 * Validates a graph document once and analyses the sensitivity of every entry and statement.
 * @public
 */
export function analyseSensitivity(document: unknown, options: SensitivityOptions = {}): SensitivityOutcome {
  const invalid = optionIssues(options, SENSITIVITY_OPTION_CHECKS, ['options']);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const prepared = prepareGraph(document, options.policies);
  if (!prepared.ok) return prepared;
  return analysePreparedSensitivity(prepared.prepared, options.only === undefined ? {} : { only: options.only });
}

/**
 * Analyses the sensitivity of every entry and statement of a prepared graph; `options.policies`
 * override the policies it was prepared with.
 * @public
 */
export function analysePreparedSensitivity(prepared: PreparedGraph, options: SensitivityOptions = {}): SensitivityOutcome {
  const policies = options.policies === undefined ? prepared.policies : resolvePolicies({ ...prepared.policies, ...options.policies });
  const invalid = optionIssues(options, SENSITIVITY_OPTION_CHECKS, ['options']);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const variation = policies.sensitivityVariation;
  const threshold = policies.sensitivityThreshold;
  const target: PreparedGraph = policies === prepared.policies ? prepared : { ...prepared, policies };
  const scope = scopeOf(target, options.only);
  if (!scope.ok) return scope;
  const model = policies.sensitivityMeasure === 'net_after_discount' ? new DiscountedNets(target) : new SignedSumNets(target);
  const base = model.nets(target.siMagnitudes, -1);
  if (base === null) {
    const evaluation = evaluatePreparedGraph(target, { propagate: false });
    return {
      ok: false,
      issues: evaluation.ok ? [{ path: [], code: 'not_finite', message: 'the graph does not evaluate to finite nets' }] : evaluation.issues,
    };
  }
  const entryDatapoints = datapointsInScope(target, scope);
  const moved = movedNets(target, model, entryDatapoints, variation);
  const run: SensitivityRun = { target, base, moved, threshold };
  const ghgEntries: GhgEntrySensitivity[] = scope.entries.map((e) => ({
    ghg_entry_id: target.entries.ids[e] as string,
    ...analyseNet(run, entryDatapoints.get(e) as Set<number>, (nets) => nets[e] as number),
  }));
  const ghgStatements: GhgStatementSensitivity[] = scope.statements.map((s) =>
    statementSensitivity(run, target.statements[s]!, entryDatapoints),
  );
  return {
    ok: true,
    analysis: { measure: policies.sensitivityMeasure, variation, threshold, ghg_entries: ghgEntries, ghg_statements: ghgStatements },
  };
}

/** What the analysis of one net needs: the graph, its nets as given and with each datapoint moved. */
interface SensitivityRun {
  readonly target: PreparedGraph;
  readonly base: Float64Array;
  readonly moved: ReadonlyMap<number, MovedNets>;
  readonly threshold: number;
}

/** The nets with one datapoint moved down and up (null where they are not finite). */
interface MovedNets {
  readonly down: Float64Array | null;
  readonly up: Float64Array | null;
}

type PreparedStatement = PreparedGraph['statements'][number];

/** Which datapoints each entry in scope, or in a statement in scope, depends on. */
function datapointsInScope(target: PreparedGraph, scope: AnalysisScope): Map<number, Set<number>> {
  const entryDatapoints = new Map<number, Set<number>>();
  for (const e of scope.entries) entryDatapoints.set(e, datapointsOfEntry(target, e));
  for (const s of scope.statements)
    for (const e of target.statements[s]?.entries ?? []) if (!entryDatapoints.has(e)) entryDatapoints.set(e, datapointsOfEntry(target, e));
  return entryDatapoints;
}

/** The nets with each datapoint used in scope moved down and up by `variation` of its magnitude. */
function movedNets(
  target: PreparedGraph,
  model: NetModel,
  entryDatapoints: ReadonlyMap<number, Set<number>>,
  variation: number,
): Map<number, MovedNets> {
  const used = new Set<number>();
  for (const set of entryDatapoints.values()) for (const d of set) used.add(d);
  const moved = new Map<number, MovedNets>();
  const si = target.siMagnitudes.slice();
  for (const d of [...used].sort((a, b) => a - b)) {
    const magnitude = target.datapointMagnitudes[d] as number;
    const scale = target.siScales[d] as number;
    // The move is of the magnitude as given; an offset unit (degC) keeps its offset.
    const offset = (target.siMagnitudes[d] as number) - magnitude * scale;
    const at = (factor: number): Float64Array | null => {
      si[d] = magnitude * factor * scale + offset;
      const nets = model.nets(si, d);
      si[d] = target.siMagnitudes[d] as number;
      return nets;
    };
    moved.set(d, { down: at(1 - variation), up: at(1 + variation) });
  }
  return moved;
}

/** A statement's sensitivity: the union of its entries' datapoints against the sum of their nets. */
function statementSensitivity(
  run: SensitivityRun,
  statement: PreparedStatement,
  entryDatapoints: ReadonlyMap<number, Set<number>>,
): GhgStatementSensitivity {
  const union = new Set<number>();
  for (const e of statement.entries) for (const d of entryDatapoints.get(e) ?? []) union.add(d);
  return {
    ghg_statement_id: statement.id,
    ...analyseNet(run, union, (nets) => {
      let total = 0;
      for (const e of statement.entries) total += nets[e] as number;
      return total;
    }),
  };
}

/** One net's sensitivity to each of `datapoints`, most sensitive first. */
function analyseNet(run: SensitivityRun, datapoints: Iterable<number>, netOf: (nets: Float64Array) => number): NetSensitivity {
  const net = netOf(run.base);
  const lines: DatapointSensitivity[] = [];
  for (const d of datapoints) lines.push(datapointLine(run, d, net, netOf));
  lines.sort(
    (a, b) =>
      (b.largest_relative_change ?? Infinity) - (a.largest_relative_change ?? Infinity) || compareStrings(a.datapoint_id, b.datapoint_id),
  );
  const sensitive = lines.filter((l) => l.sensitive);
  return {
    co2e_net_kg: net,
    datapoints: lines,
    sensitive_datapoint_ids: sensitive.map((l) => l.datapoint_id).sort(compareStrings),
    unjustified_datapoint_ids: sensitive
      .filter((l) => l.uncertainty_justification === null)
      .map((l) => l.datapoint_id)
      .sort(compareStrings),
  };
}

/** How the net `net` reacts to datapoint d moved down and up. */
function datapointLine(run: SensitivityRun, d: number, net: number, netOf: (nets: Float64Array) => number): DatapointSensitivity {
  const { target, threshold } = run;
  const m = run.moved.get(d);
  const down = m?.down === null || m === undefined ? null : finiteOrNull(netOf(m.down));
  const up = m?.up === null || m === undefined ? null : finiteOrNull(netOf(m.up));
  const relative = (v: number | null) => (v === null || net === 0 ? null : (v - net) / Math.abs(net));
  const rd = relative(down);
  const ru = relative(up);
  const changes = [rd, ru].filter((r): r is number => r !== null).map(Math.abs);
  const largest = changes.length === 0 ? null : Math.max(...changes);
  const sensitive = down === null || up === null || (net === 0 ? down !== 0 || up !== 0 : (largest ?? 0) > threshold);
  return {
    datapoint_id: target.datapointIds[d] as string,
    magnitude: target.datapointMagnitudes[d] as number,
    unit: target.datapointUnits[d] as string,
    net_kg_decreased: down,
    net_kg_increased: up,
    relative_change_decreased: rd,
    relative_change_increased: ru,
    largest_relative_change: largest,
    sensitive,
    uncertainty_justification: justificationOf(target, d),
  };
}

/** A datapoint's uncertainty justification, null when it has none (or only blanks). */
function justificationOf(target: PreparedGraph, d: number): string | null {
  const text = target.graph.datapoints[d]?.uncertainty_justification;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** The entries and statements (indexes, document order) an analysis covers. */
interface AnalysisScope {
  readonly entries: readonly number[];
  readonly statements: readonly number[];
}

/** The scope `only` asks for (everything when absent), or an issue for each id the graph lacks. */
function scopeOf(
  prepared: PreparedGraph,
  only: SensitivityOptions['only'],
): ({ readonly ok: true } & AnalysisScope) | { readonly ok: false; readonly issues: readonly GraphIssue[] } {
  const all = (n: number) => Array.from({ length: n }, (_, i) => i);
  if (only === undefined) return { ok: true, entries: all(prepared.entries.count), statements: all(prepared.statements.length) };
  const issues: GraphIssue[] = [];
  const pick = (
    ids: readonly string[] | undefined,
    known: readonly string[],
    key: 'ghgEntryIds' | 'ghgStatementIds',
    what: string,
  ): number[] => {
    const wanted = new Set(ids ?? []);
    const present = new Set(known);
    for (const id of wanted)
      if (!present.has(id))
        issues.push({ path: ['options', 'only', key], code: 'unknown_id', message: `the document has no ${what} '${id}'` });
    return all(known.length).filter((i) => wanted.has(known[i] as string));
  };
  const entries = pick(only.ghgEntryIds, prepared.entries.ids, 'ghgEntryIds', 'GHG entry');
  const statements = pick(
    only.ghgStatementIds,
    prepared.statements.map((s) => s.id),
    'ghgStatementIds',
    'GHG statement',
  );
  return issues.length > 0 ? { ok: false, issues } : { ok: true, entries, statements };
}

function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

/**
 * The datapoints an entry's net reads: those of its attributed components and legacy factor
 * datapoints, and, when it receives a tonnage-amortised share, those of its statement's
 * sequestration (the share depends on them).
 */
function datapointsOfEntry(prepared: PreparedGraph, e: number): Set<number> {
  const out = new Set<number>();
  const { slots, slotStart } = prepared.components;
  const { attributionStart, attributions } = prepared.entries;
  const addAttribution = (a: number) => {
    const c = attributions.component[a] as number;
    for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) out.add(slots[k] as number);
    const factorDatapoint = attributions.factorDatapoint[a] as number;
    if (factorDatapoint >= 0) out.add(factorDatapoint);
  };
  let tonnage = false;
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
    addAttribution(a);
    const slot = attributions.shareSlot[a] as number;
    if (slot >= 0)
      tonnage ||= prepared.amortisations.some((x) => x.strategy === 'ESTIMATED_PROJECT_TONNAGE' && x.slots.some((s) => s.slot === slot));
  }
  const s = prepared.entryStatement[e] ?? -1;
  if (tonnage && s >= 0) {
    for (const other of prepared.statements[s]?.entries ?? []) {
      for (let a = attributionStart[other] as number; a < (attributionStart[other + 1] as number); a++) {
        if (countsAsGrossSequestration(prepared, a)) addAttribution(a);
      }
    }
  }
  return out;
}

/** Nets of every entry for given SI magnitudes, or null when one is not finite. */
interface NetModel {
  /** `moved` is the datapoint that differs from the prepared magnitudes (-1: none). */
  nets(siMagnitudes: readonly number[], moved: number): Float64Array | null;
}

/**
 * The net before discount: component values are kept from the base evaluation and only the
 * components reading the moved datapoint are evaluated again.
 */
class SignedSumNets implements NetModel {
  private readonly baseValues: Float64Array;
  private readonly values: Float64Array;
  private readonly scratch: Float64Array;
  private readonly readers: readonly (readonly number[])[];

  constructor(private readonly prepared: PreparedGraph) {
    const { count, slots, slotStart } = prepared.components;
    this.scratch = new Float64Array(prepared.maxSlots);
    this.baseValues = new Float64Array(count);
    for (let c = 0; c < count; c++) this.baseValues[c] = this.evaluateComponent(c, prepared.siMagnitudes);
    this.values = Float64Array.from(this.baseValues);
    const readers: number[][] = prepared.datapointIds.map(() => []);
    for (let c = 0; c < count; c++) {
      for (const d of new Set(slots.subarray(slotStart[c] as number, slotStart[c + 1] as number))) readers[d]?.push(c);
    }
    this.readers = readers;
  }

  private evaluateComponent(c: number, si: readonly number[]): number {
    const { slots, slotStart, blueprint, inputStart } = this.prepared.components;
    const base = slotStart[c] as number;
    for (let k = base; k < (slotStart[c + 1] as number); k++) this.scratch[k - base] = si[slots[k] as number] as number;
    return (blueprint[c] as CompiledBlueprint).evaluate(this.scratch, inputStart[c] as Int32Array, null);
  }

  nets(si: readonly number[], moved: number): Float64Array | null {
    const touched = moved >= 0 ? (this.readers[moved] ?? []) : [];
    for (const c of touched) this.values[c] = this.evaluateComponent(c, si);
    const { prepared } = this;
    const amortised = amortiseProjectComponents(prepared, this.values, si);
    const { attributionStart, attributions } = prepared.entries;
    const nets = new Float64Array(prepared.entries.count);
    let finite = true;
    for (let e = 0; e < nets.length; e++) {
      let net = 0;
      for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
        net +=
          (attributions.sign[a] as number) *
          attributionFactor(attributions, a, si, amortised.shares) *
          (this.values[attributions.component[a] as number] as number);
      }
      nets[e] = net;
      if (!Number.isFinite(net)) finite = false;
    }
    for (const c of touched) this.values[c] = this.baseValues[c] as number;
    return finite ? nets : null;
  }
}

/** The net after discount: the full propagation on the prepared graph with the moved magnitude. */
class DiscountedNets implements NetModel {
  constructor(private readonly prepared: PreparedGraph) {}

  nets(si: readonly number[], moved: number): Float64Array | null {
    const graph: PreparedGraph = moved < 0 ? this.prepared : { ...this.prepared, siMagnitudes: si };
    const outcome = evaluatePreparedGraph(graph);
    if (!outcome.ok) return null;
    const nets = Float64Array.from(outcome.result.ghg_entries, (e) => e.co2e_net_removed_kg);
    return nets.every(Number.isFinite) ? nets : null;
  }
}
