/**
 * The shapes of the statement- and project-level preparation (docs/rules.md#statement-and-project-components): prepared
 * statements, amortised project components with their share slots, the attributions statements and
 * projects add to entries, and what the preparation needs and returns. Types only; imports the
 * model's types and the accounting lookups.
 */
import type { GhgStatementStatus, GraphIssueCode, IssuePath, ProjectComponentAllocationStrategy, RemovalGraph } from '../../model';
import type { PartialGraph } from '../../model/graph-parse';
import type { IdLookup } from './id-index';
import type { NameHints } from './hints';
import type { AccountingPolicies } from '../policies';

/**
 * Where an attributed component comes from: the entry's own attribution (`REMOVAL`), a component
 * attributed at GHG-statement level, or a project-level component (the service's scope names).
 * @public
 */
export type AttributionScope = 'REMOVAL' | 'GHG_STATEMENT' | 'PROJECT';

/**
 * A GHG statement ready to evaluate.
 */
export interface PreparedStatement {
  /** The statement's id. */
  readonly id: string;
  /** Its index in the document's `ghg_statements`. */
  readonly documentIndex: number;
  /** The project it belongs to. */
  readonly projectId: string;
  /** Its status (decides whether it still receives project allocations). */
  readonly status: GhgStatementStatus;
  /** First day of the reporting period, `YYYY-MM-DD`. */
  readonly reportingPeriodStart: string;
  /** Last day of the reporting period (inclusive), `YYYY-MM-DD`. */
  readonly reportingPeriodEnd: string;
  /** Length of the reporting period in days, both ends included. */
  readonly days: number;
  /** Indices into `PreparedGraph.entries` of its entries, in the statement's order. */
  readonly entries: Int32Array;
}

/**
 * One statement's place in the amortisation of a project component.
 */
export interface PreparedShareSlot {
  /** Index of this share in the shares computed at evaluation. */
  readonly slot: number;
  /** Index into `PreparedGraph.statements`. */
  readonly statement: number;
  /** A share frozen on the statement (`project_component_shares`), or null when it is computed. */
  readonly fixedShare: number | null;
  /** Whether the statement receives a computed share (unverified, with entries, nothing frozen). */
  readonly receives: boolean;
  /** The time-based share before the cap (NaN for `ESTIMATED_PROJECT_TONNAGE`). */
  readonly timeShare: number;
  /** Days of the statement that count for a time-based share (NaN for `ESTIMATED_PROJECT_TONNAGE`). */
  readonly countedDays: number;
}

/**
 * A project component amortised automatically over its project's statements.
 */
export interface PreparedAmortisation {
  /** The component's id. */
  readonly componentId: string;
  /** Index into `PreparedGraph.components`. */
  readonly component: number;
  /** The project's id. */
  readonly projectId: string;
  /** The allocation strategy (never MANUAL here: manual attributions are ordinary attributions). */
  readonly strategy: Exclude<ProjectComponentAllocationStrategy, 'MANUAL'>;
  /** The project's estimated gross tonnage (kg) for `ESTIMATED_PROJECT_TONNAGE`, else NaN. */
  readonly estimatedGrossTonnageKg: number;
  /** The project lifetime or the custom period in days, the time-based shares' denominator (NaN for tonnage). */
  readonly periodDays: number;
  /** The custom period of `CUSTOM_TIME_PERIOD` (inclusive dates), else null. */
  readonly customPeriod: { readonly start: string; readonly end: string } | null;
  /** Sum of the shares frozen on statements; computed shares get at most `1 - frozenTotal`. */
  readonly frozenTotal: number;
  /** The project's statements in amortisation order: reporting period start, end, then id. */
  readonly slots: readonly PreparedShareSlot[];
}

/** An attribution added to an entry by a statement or a project. */
export interface ScopedAttribution {
  /** Index of the entry that receives it. */
  readonly entry: number;
  /** Prepared index of the component. */
  readonly component: number;
  /** Factor (for amortised shares, set at evaluation). */
  readonly factor: number;
  /** Statement or project level. */
  readonly scope: Exclude<AttributionScope, 'REMOVAL'>;
  /** Index of the amortised share, when the factor is a computed share. */
  readonly shareSlot?: number;
  /** Number of entries the share is split over. */
  readonly divisor?: number;
  /** Where it is declared, for attribution-share messages. */
  readonly path: IssuePath;
}

/** What `prepareStatements` needs from the rest of the preparation. */
export interface StatementContext {
  /** The parsed document. */
  readonly graph: RemovalGraph;
  /** The policies in force. */
  readonly policies: AccountingPolicies;
  /** Entry index by id (first occurrence), -1 when none. */
  readonly entryIndex: IdLookup;
  /** Document component index by id (first occurrence), -1 when none. */
  readonly componentIndex: IdLookup;
  /** Prepared component index of each document component, -1 when invalid. */
  readonly componentOfDocument: Int32Array;
  /** Reports one problem. */
  readonly problem: (path: IssuePath, code: GraphIssueCode, message: string) => void;
  /**
   * When the document's shape is wrong: what could not be read (its items are holes in `graph`).
   * Unreadable projects still count as defined, and checks that conclude from an absence are skipped.
   */
  readonly broken?: PartialGraph | undefined;
  /** The "did you mean" of a reference that names nothing (the preparation's, hints.ts). */
  readonly hints: NameHints;
}

/** What `prepareStatements` adds to the prepared graph. */
export interface PreparedStatementParts {
  /** The statements, in document order. */
  readonly statements: readonly PreparedStatement[];
  /** The automatically amortised project components. */
  readonly amortisations: readonly PreparedAmortisation[];
  /** Number of amortised shares. */
  readonly shareSlotCount: number;
  /** Statement index of each entry, -1 when in none. */
  readonly entryStatement: Int32Array;
  /** The attributions statements and projects add to entries. */
  readonly attributions: readonly ScopedAttribution[];
}
