/**
 * The shapes of a prepared removal graph (docs/rules.md): what `prepareGraph` returns and every
 * part of accounting reads. A leaf of the folder: it holds types, the attribution scope codes and
 * the accessors that read one row of the columns, so that the phases that build a prepared graph
 * and the passes that evaluate it import it without importing each other.
 *
 * Owns: PreparedGraph, its columns and the document's warnings. May import (types only):
 * expressions, model, ../policies.ts, ../result.ts, correlations.ts, sample-sets.ts, statement-parts.ts.
 */
import type { CompiledBlueprint } from '../../expressions';
import type { GraphIssue, RemovalGraph } from '../../model';
import type { AccountingPolicies } from '../policies';
import type { PreparedCorrelations } from './correlations';
import type { PreparedSampleSet } from './sample-sets';
import type { EvaluationWarning, RefusedItem } from '../result';
import type { AttributionScope, PreparedAmortisation, PreparedStatement } from './statement-parts';

/**
 * A validated removal graph, compiled and indexed for evaluation. Opaque to callers: build it with
 * {@link prepareGraph} and pass it to `evaluatePreparedGraph` as many times as needed.
 * @public
 */
export interface PreparedGraph {
  /**
   * The validated document as zod's schema returns it (defaults applied), for what the prepared
   * arrays do not carry: the extra fields of datapoints and components that reports show (display
   * names, uncertainty justifications) and whether the document has `ghg_statements`.
   *
   * The top level, blueprints, statements and projects are always zod's copies (extra fields kept
   * as given). The items of `datapoints`, `components` and `ghg_entries`, the bulk of a large
   * document, are the caller's own objects (in arrays of their own) when every one of them already
   * has exactly the schema's shape, as a JSON document usually has, instead of equal copies;
   * otherwise they are zod's copies. Evaluation (`evaluatePreparedGraph`) does not read these
   * items, so changing the document after preparing it changes no evaluation; a calculation
   * report or a sensitivity analysis of the prepared graph reads display names and
   * justifications from them, so prepare again after editing those.
   */
  readonly graph: RemovalGraph;
  /** The policies the graph was prepared with. */
  readonly policies: AccountingPolicies;
  /** Datapoint ids, by dense index. @internal */
  readonly datapointIds: readonly string[];
  /** Datapoint units as given, by dense index. @internal */
  readonly datapointUnits: readonly string[];
  /**
   * Datapoint magnitudes as given. This and the other per-datapoint numbers are plain arrays of
   * doubles, not `Float64Array`s: they live as long as the prepared graph, and typed-array memory
   * makes V8 collect the caller's whole heap once per 64 MB allocated.
   * @internal
   */
  readonly datapointMagnitudes: readonly number[];
  /** Datapoint standard deviations as given; NaN when none. @internal */
  readonly datapointStandardDeviations: readonly number[];
  /** SI magnitudes. @internal */
  readonly siMagnitudes: readonly number[];
  /** SI standard deviations; NaN when none. @internal */
  readonly siStandardDeviations: readonly number[];
  /** d(SI magnitude)/d(magnitude as given): converts sensitivities back to the datapoint's unit. @internal */
  readonly siScales: readonly number[];
  /** Each datapoint's distribution type (`DISTRIBUTION_CODE`, 0 normal). @internal */
  readonly distributionType: Uint8Array;
  /** A trapezoid's beta or a t's degrees of freedom; NaN otherwise. @internal */
  readonly distributionParameter: readonly number[];
  /** The declared correlations, checked, with the same-row pairs of the sample sets. @internal */
  readonly correlations: PreparedCorrelations;
  /** The sample sets, rows in canonical order (resampled together under Monte Carlo). @internal */
  readonly sampleSets: readonly PreparedSampleSet[];
  /** Components, by dense index, as columns. @internal */
  readonly components: PreparedComponents;
  /** GHG entries, in document order, and their attributions, as columns. @internal */
  readonly entries: PreparedEntries;
  /** Compiled blueprints by key. @internal */
  readonly blueprints: ReadonlyMap<string, CompiledBlueprint>;
  /** Largest number of datapoint slots of any component (sizes scratch buffers). @internal */
  readonly maxSlots: number;
  /** GHG statements, in document order (empty when the document has none). @internal */
  readonly statements: readonly PreparedStatement[];
  /** Index into `statements` of each entry's statement, -1 when it is in none. @internal */
  readonly entryStatement: Int32Array;
  /** Project components amortised automatically (every strategy but MANUAL). @internal */
  readonly amortisations: readonly PreparedAmortisation[];
  /** Number of amortised shares computed at evaluation (one per amortisation and project statement). @internal */
  readonly shareSlotCount: number;
  /** The document's warnings (datapoint values, risks of reversal), by datapoint, by entry and all. @internal */
  readonly documentWarnings: DocumentWarnings;
  /**
   * The entries refused alone (refusal.ts): left out of this prepared graph, which is the
   * document without them. Absent or empty when none. @internal
   */
  readonly refusedEntries?: readonly RefusedItem[];
  /** The statements that held a refused entry, refused with it (still prepared, left out of the result). @internal */
  readonly refusedStatements?: readonly RefusedItem[];
}

/**
 * The components of a prepared graph as columns, one row per component (dense index): a large
 * graph's 100,000s of components are a few arrays rather than an object and a typed-array view
 * each. {@link componentAt} gives one component as an object.
 * @internal
 */
export interface PreparedComponents {
  /** Number of components. */
  readonly count: number;
  /** Each component's id. */
  readonly ids: readonly string[];
  /** Each component's index in the document's `components`. */
  readonly documentIndex: Int32Array;
  /** Each component's compiled blueprint. */
  readonly blueprint: readonly CompiledBlueprint[];
  /**
   * Datapoint index of each value slot of every component: component c's are `slots[slotStart[c]]`
   * to `slots[slotStart[c + 1] - 1]`, its inputs concatenated in blueprint order.
   */
  readonly slots: Int32Array;
  readonly slotStart: Int32Array;
  /** Per component: input i occupies its slots `inputStart[i]` to `inputStart[i + 1]` (shared by components of one layout). */
  readonly inputStart: readonly Int32Array[];
  /** Per component: how many times each slot's value enters the result (the blueprint input's use count). */
  readonly slotUses: readonly Int32Array[];
}

/**
 * The GHG entries of a prepared graph and their attributions as columns: entry e's attributions
 * are rows `attributionStart[e]` to `attributionStart[e + 1] - 1` of `attributions`.
 * {@link attributionAt} gives one attribution as an object.
 * @internal
 */
export interface PreparedEntries {
  /** Number of entries. */
  readonly count: number;
  /** Each entry's id. */
  readonly ids: readonly string[];
  /** Each entry's risk of reversal in percent, or null. */
  readonly riskOfReversalPercentage: readonly (number | null)[];
  readonly attributionStart: Int32Array;
  readonly attributions: PreparedAttributions;
}

/**
 * Every attribution of every entry, one row each, in entry order, each entry's own attributions
 * (document order) before those its statement or project adds.
 * @internal
 */
export interface PreparedAttributions {
  /** Index into the prepared components. */
  readonly component: Int32Array;
  /** The attribution factor (ignored when `factorDatapoint` is not -1 or `shareSlot` is not -1). */
  readonly factor: Float64Array;
  /** Datapoint index of a legacy factor-as-datapoint, or -1. */
  readonly factorDatapoint: Int32Array;
  /** +1 or -1 from the component type and the sign policy. */
  readonly sign: Float64Array;
  /** Where it comes from: {@link ATTRIBUTION_SCOPES}[scope]; 0 for the entry's own (`REMOVAL`). */
  readonly scope: Uint8Array;
  /**
   * For an amortised project component: index of the statement's share among the shares computed
   * at evaluation (the factor is then that share divided by `divisor`); -1 otherwise.
   */
  readonly shareSlot: Int32Array;
  /** For statement- and amortised project-level attributions: the number of entries the share is split over; NaN otherwise. */
  readonly divisor: Float64Array;
}

/** The scopes by their code in {@link PreparedAttributions.scope}. */
export const ATTRIBUTION_SCOPES: readonly AttributionScope[] = ['REMOVAL', 'GHG_STATEMENT', 'PROJECT'];

/**
 * A component as one object.
 */
export interface PreparedComponent {
  /** The component's id. */
  readonly id: string;
  /** Its index in the document's `components`. */
  readonly documentIndex: number;
  /** The compiled blueprint. */
  readonly blueprint: CompiledBlueprint;
  /** Datapoint index of each value slot, inputs concatenated in blueprint order (a view: read it, never write to it). */
  readonly slots: Int32Array;
  /** Input i occupies slots `inputStart[i]` to `inputStart[i + 1]`. */
  readonly inputStart: Int32Array;
  /** How many times each slot's value enters the result. */
  readonly slotUses: Int32Array;
}

/**
 * One attribution as one object.
 */
export interface PreparedAttribution {
  /** Index into the prepared components. */
  readonly component: number;
  /** The attribution factor (ignored when `factorDatapoint` is not -1). */
  readonly factor: number;
  /** Datapoint index of a legacy factor-as-datapoint, or -1. */
  readonly factorDatapoint: number;
  /** +1 or -1 from the component type and the sign policy. */
  readonly sign: 1 | -1;
  /** Where the attribution comes from; absent for the entry's own (`REMOVAL`). */
  readonly scope?: Exclude<AttributionScope, 'REMOVAL'>;
  /** For an amortised project component: index of the statement's share among the shares computed at evaluation. */
  readonly shareSlot?: number;
  /** For statement- and project-level attributions: the number of entries the share is split over. */
  readonly divisor?: number;
}

/** Component c of a prepared graph as an object (for reports; evaluation reads the columns). */
export function componentAt(prepared: Pick<PreparedGraph, 'components'>, c: number): PreparedComponent {
  const { ids, documentIndex, blueprint, slots, slotStart, inputStart, slotUses } = prepared.components;
  return {
    id: ids[c] as string,
    documentIndex: documentIndex[c] as number,
    blueprint: blueprint[c] as CompiledBlueprint,
    slots: slots.subarray(slotStart[c] as number, slotStart[c + 1] as number),
    inputStart: inputStart[c] as Int32Array,
    slotUses: slotUses[c] as Int32Array,
  };
}

/** Attribution row a of a prepared graph as an object (for reports; evaluation reads the columns). */
export function attributionAt(prepared: Pick<PreparedGraph, 'entries'>, a: number): PreparedAttribution {
  const { component, factor, factorDatapoint, sign, scope, shareSlot, divisor } = prepared.entries.attributions;
  const code = scope[a] as number;
  const slot = shareSlot[a] as number;
  const n = divisor[a] as number;
  return {
    component: component[a] as number,
    factor: factor[a] as number,
    factorDatapoint: factorDatapoint[a] as number,
    sign: sign[a] as 1 | -1,
    ...(code === 0 ? {} : { scope: ATTRIBUTION_SCOPES[code] as Exclude<AttributionScope, 'REMOVAL'> }),
    ...(slot < 0 ? {} : { shareSlot: slot }),
    ...(Number.isNaN(n) ? {} : { divisor: n }),
  };
}

/** Entry e's attributions as objects. */
export function attributionsOf(prepared: Pick<PreparedGraph, 'entries'>, e: number): PreparedAttribution[] {
  const { attributionStart } = prepared.entries;
  const out: PreparedAttribution[] = [];
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) out.push(attributionAt(prepared, a));
  return out;
}

/**
 * Outcome of {@link prepareGraph}.
 * @public
 */
export type PrepareResult =
  | { readonly ok: true; readonly prepared: PreparedGraph }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** The document's warnings: by datapoint, by entry, and all of them in order. */
export interface DocumentWarnings {
  /** Every warning of the document, ordered by path then code. */
  readonly all: readonly EvaluationWarning[];
  /** The warnings of each datapoint that has any, by dense index. */
  readonly byDatapoint: ReadonlyMap<number, readonly EvaluationWarning[]>;
  /** The warnings of each entry that has any of its own, by index. */
  readonly byEntry: ReadonlyMap<number, readonly EvaluationWarning[]>;
}
