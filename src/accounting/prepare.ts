/**
 * Validation and preparation of a removal graph: the whole document is checked (shapes, unique
 * ids, references, units against quantity kinds, blueprint compilation, attribution shares) and
 * every problem is reported before anything is evaluated. The prepared graph holds dense indices,
 * typed arrays and packed arrays of doubles (doubles.ts) so that evaluation touches no strings and
 * allocates little.
 *
 * Ownership rule: everything evaluation reads is copied out of the document at preparation (ids,
 * units and numbers into the prepared arrays, blueprints compiled, statements prepared), so a
 * prepared graph never changes with the caller's document. Only `PreparedGraph.graph` may share
 * objects with the caller (see there). The implementation is in prepare-graph.ts.
 */
import type { CompiledBlueprint } from '../expressions';
import type { GraphIssue, RemovalGraph } from '../model';
import type { AccountingPolicies } from './policies';
import { mergePlanOf } from './merge-plan';
import { prepareGraphDocument } from './prepare-graph';
import type { AttributionScope, PreparedAmortisation, PreparedStatement } from './prepare-statements';

export type { AttributionScope, PreparedAmortisation, PreparedShareSlot, PreparedStatement } from './prepare-statements';

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
  /** Components, by dense index. @internal */
  readonly components: readonly PreparedComponent[];
  /** GHG entries, in document order. @internal */
  readonly entries: readonly PreparedEntry[];
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
}

/**
 * A component ready to evaluate: its compiled blueprint and the datapoint index of each slot.
 * @public
 */
export interface PreparedComponent {
  /** The component's id. */
  readonly id: string;
  /** Its index in the document's `components`. */
  readonly documentIndex: number;
  /** The compiled blueprint. */
  readonly blueprint: CompiledBlueprint;
  /**
   * Datapoint index of each value slot, inputs concatenated in blueprint order. A view into a
   * buffer shared with other components of the prepared graph (read it; never write to it).
   */
  readonly slots: Int32Array;
  /** Input i occupies slots `inputStart[i]` to `inputStart[i + 1]`. */
  readonly inputStart: Int32Array;
  /** How many times each slot's value enters the result (the blueprint input's use count). */
  readonly slotUses: Int32Array;
}

/**
 * One attribution of a prepared entry.
 * @public
 */
export interface PreparedAttribution {
  /** Index into {@link PreparedGraph.components}. */
  readonly component: number;
  /** The attribution factor (ignored when `factorDatapoint` is not -1). */
  readonly factor: number;
  /** Datapoint index of a legacy factor-as-datapoint, or -1. */
  readonly factorDatapoint: number;
  /** +1 or -1 from the component type and the sign policy. */
  readonly sign: 1 | -1;
  /** Where the attribution comes from; absent for the entry's own (`REMOVAL`). */
  readonly scope?: AttributionScope;
  /**
   * For an amortised project component: index of the statement's share among the shares computed
   * at evaluation; the factor is then that share divided by {@link PreparedAttribution.divisor}.
   */
  readonly shareSlot?: number;
  /** For statement- and project-level attributions: the number of entries the share is split over. */
  readonly divisor?: number;
}

/**
 * A GHG entry ready to evaluate.
 * @public
 */
export interface PreparedEntry {
  /** The entry's id. */
  readonly id: string;
  /** Risk of reversal in percent, or null. */
  readonly riskOfReversalPercentage: number | null;
  /** Its attributions, in document order. */
  readonly attributions: readonly PreparedAttribution[];
}

/**
 * Outcome of {@link prepareGraph}.
 * @public
 */
export type PrepareResult =
  | { readonly ok: true; readonly prepared: PreparedGraph }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Validates a removal graph document and prepares it for evaluation. Never throws for bad data:
 * every problem found is returned with its path into the document.
 * @public
 */
export function prepareGraph(document: unknown, policyOverrides?: Partial<AccountingPolicies>): PrepareResult {
  const result = prepareGraphDocument(document, policyOverrides, true);
  // The merge plan is part of what is prepared once: an evaluation finds it ready.
  if (result.ok) mergePlanOf(result.prepared);
  return result;
}
