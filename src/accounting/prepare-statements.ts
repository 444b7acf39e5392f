/**
 * Validation and preparation of the statement- and project-level parts of a graph (semantics.md
 * section 4): GHG statements with their entries and statement components, projects with their
 * amortised components. Statement components become attributions of factor 1/n on each of the
 * statement's n entries; amortised project components become attributions whose factor is a share
 * computed at evaluation (the tonnage share needs the evaluated sequestration) divided by n.
 */
import type {
  GhgStatementStatus,
  IssuePath,
  ProjectComponentAllocationStrategy,
  RemovalGraph,
} from '../model';
import { dimension, dimensionsEqual, tryParseUnit } from '../units';
import type { PartialGraph } from '../model/graph-parse';
import type { IdLookup } from './id-index';
import type { AccountingPolicies } from './policies';
import { compareStrings } from './compare-strings';

/**
 * Where an attributed component comes from: the entry's own attribution (`REMOVAL`), a component
 * attributed at GHG-statement level, or a project-level component (the service's scope names).
 * @public
 */
export type AttributionScope = 'REMOVAL' | 'GHG_STATEMENT' | 'PROJECT';

/**
 * A GHG statement ready to evaluate.
 * @public
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
 * @public
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
 * @public
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
  readonly scope: 'GHG_STATEMENT' | 'PROJECT';
  /** Index of the amortised share, when the factor is a computed share. */
  readonly shareSlot?: number;
  /** Number of entries the share is split over. */
  readonly divisor?: number;
  /** Where it is declared, for attribution-share messages. */
  readonly path: IssuePath;
}

/** What {@link prepareStatements} needs from the rest of the preparation. */
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
  readonly problem: (path: IssuePath, code: string, message: string) => void;
  /**
   * When the document's shape is wrong: what could not be read (its items are holes in `graph`).
   * Unreadable projects still count as defined, and checks that conclude from an absence are skipped.
   */
  readonly broken?: PartialGraph | undefined;
}

/** What {@link prepareStatements} adds to the prepared graph. */
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

const DAY_MS = 86_400_000;
const TIME = dimension({ time: 1 });
const VERIFIED_STATUSES: ReadonlySet<GhgStatementStatus> = new Set<GhgStatementStatus>(['VERIFIED', 'CREDITS_ISSUED']);

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (validated by the schema). */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Number of days of an inclusive period. */
export function inclusiveDays(start: string, end: string): number {
  return epochDay(end) - epochDay(start) + 1;
}

/**
 * Checks the `ghg_statements` and `projects` collections against the rest of the document and
 * prepares them. Problems go to `context.problem`; the parts returned are only used when there
 * were none.
 */
export function prepareStatements(context: StatementContext): PreparedStatementParts {
  const { graph, problem, entryIndex, componentIndex, componentOfDocument, policies, broken } = context;
  const entryCount = graph.ghg_entries.length;
  const entryStatement = new Int32Array(entryCount).fill(-1);
  const statements: PreparedStatement[] = [];
  const attributions: ScopedAttribution[] = [];
  const amortisations: PreparedAmortisation[] = [];
  const documentStatements = graph.ghg_statements ?? [];
  const documentProjects = graph.projects ?? [];

  // Which scope uses each component first, so that one component serves one scope only. Entries
  // are kept by index (a label is only written for a conflict), and only statements and projects
  // ever claim, so a document without them skips the pass.
  const scopeOf = new Map<string, number | string>();
  if (documentStatements.length > 0 || documentProjects.length > 0) {
    graph.ghg_entries.forEach((entry, e) => {
      for (const a of entry.component_attributions) if (!scopeOf.has(a.component_id)) scopeOf.set(a.component_id, e);
    });
  }
  const label = (owner: number | string): string =>
    typeof owner === 'number' ? `GHG entry '${(graph.ghg_entries[owner] as { id: string }).id}'` : owner;
  const claim = (componentId: string, owner: string, path: IssuePath): boolean => {
    const previous = scopeOf.get(componentId);
    if (previous !== undefined && previous !== owner) {
      problem(path, 'component_scope_conflict', `component '${componentId}' is attributed by ${label(previous)} and by ${owner}; a component belongs to one GHG entry set, one GHG statement or one project`);
      return false;
    }
    scopeOf.set(componentId, owner);
    return true;
  };
  const preparedComponent = (componentId: string, path: IssuePath): number | undefined => {
    const c = componentIndex.get(componentId);
    if (c < 0) {
      problem(path, 'unknown_component', `component '${componentId}' is not defined in the document`);
      return undefined;
    }
    const prepared = componentOfDocument[c] as number;
    return prepared < 0 ? undefined : prepared; // an invalid component was reported where it is defined
  };

  // Projects first: statements check their project against them.
  const projectSeen = new Map<string, number>();
  documentProjects.forEach((project, p) => {
    if (projectSeen.has(project.id)) problem(['projects', p, 'id'], 'duplicate_id', `project id '${project.id}' is used more than once`);
    else projectSeen.set(project.id, p);
  });
  if (broken !== undefined) for (const [p, id] of broken.brokenIds.projects) if (!projectSeen.has(id)) projectSeen.set(id, p);

  // Statements.
  const statementSeen = new Set<string>();
  documentStatements.forEach((statement, s) => {
    const path: IssuePath = ['ghg_statements', s];
    if (statementSeen.has(statement.id)) problem([...path, 'id'], 'duplicate_id', `GHG statement id '${statement.id}' is used more than once`);
    statementSeen.add(statement.id);
    if (graph.projects !== undefined && !projectSeen.has(statement.project_id)) {
      problem([...path, 'project_id'], 'unknown_project', `GHG statement '${statement.id}' names project '${statement.project_id}', which the document's projects do not define`);
    }
    const start = statement.reporting_period_start_at;
    const end = statement.reporting_period_end_at;
    if (start > end) {
      problem([...path, 'reporting_period_end_at'], 'invalid_period', `GHG statement '${statement.id}' ends on ${end}, before its reporting period starts (${start})`);
    }
    const both = statement.removal_ids !== undefined && statement.ghg_entry_ids !== undefined;
    if (both && JSON.stringify(statement.removal_ids) !== JSON.stringify(statement.ghg_entry_ids)) {
      problem(path, 'ambiguous_entries', `GHG statement '${statement.id}' gives removal_ids and ghg_entry_ids that differ; give one`);
    }
    const field = statement.removal_ids !== undefined ? 'removal_ids' : 'ghg_entry_ids';
    const ids = statement.removal_ids ?? statement.ghg_entry_ids ?? [];
    const members: number[] = [];
    const inThis = new Set<string>();
    ids.forEach((id, k) => {
      const at: IssuePath = [...path, field, k];
      const e = entryIndex.get(id);
      if (e < 0) {
        problem(at, 'unknown_entry', `GHG statement '${statement.id}' lists GHG entry '${id}', which the document does not define`);
        return;
      }
      if (inThis.has(id)) {
        problem(at, 'duplicate_entry', `GHG statement '${statement.id}' lists GHG entry '${id}' more than once`);
        return;
      }
      inThis.add(id);
      if (entryStatement[e] !== -1) {
        const other = documentStatements[entryStatement[e] as number]?.id ?? '';
        problem(at, 'entry_in_two_statements', `GHG entry '${id}' is listed by GHG statements '${other}' and '${statement.id}'; an entry belongs to one statement`);
        return;
      }
      entryStatement[e] = statements.length;
      members.push(e);
      const entry = graph.ghg_entries[e] as Record<string, unknown> | undefined; // undefined: unreadable
      const entryProject = entry?.['project_id'];
      if (typeof entryProject === 'string' && entryProject !== statement.project_id) {
        problem(at, 'entry_project_mismatch', `GHG entry '${id}' belongs to project '${entryProject}', but GHG statement '${statement.id}' is for project '${statement.project_id}'`);
      }
      const completed = entry?.['completed_on'];
      if (typeof completed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(completed) && (completed < start || completed > end)) {
        problem(at, 'entry_outside_period', `GHG entry '${id}' was completed on ${completed}, outside the reporting period ${start} to ${end} of GHG statement '${statement.id}'`);
      }
    });
    statements.push({
      id: statement.id,
      documentIndex: s,
      projectId: statement.project_id,
      status: statement.status,
      reportingPeriodStart: start,
      reportingPeriodEnd: end,
      days: start <= end ? inclusiveDays(start, end) : 0,
      entries: Int32Array.from(members),
    });
    // Statement-level components: split evenly over the entries, 1/n each.
    statement.component_ids.forEach((componentId, k) => {
      const at: IssuePath = [...path, 'component_ids', k];
      if (statement.component_ids.indexOf(componentId) !== k) {
        problem(at, 'duplicate_component', `GHG statement '${statement.id}' lists component '${componentId}' more than once`);
        return;
      }
      const c = preparedComponent(componentId, at);
      if (!claim(componentId, `GHG statement '${statement.id}'`, at) || c === undefined) return;
      for (const e of members) attributions.push({ entry: e, component: c, factor: 1 / members.length, scope: 'GHG_STATEMENT', divisor: members.length, path: at });
    });
  });

  // An entry that names its statement must be listed by it.
  graph.ghg_entries.forEach((entry, e) => {
    const named = (entry as Record<string, unknown>)['ghg_statement_id'];
    if (typeof named !== 'string') return;
    const listedBy = entryStatement[e] === -1 ? null : (statements[entryStatement[e] as number]?.id ?? null);
    if (listedBy !== named && statementSeen.has(named)) {
      problem(['ghg_entries', e, 'ghg_statement_id'], 'statement_mismatch', `GHG entry '${entry.id}' names GHG statement '${named}', which does not list it`);
    }
  });

  // Frozen shares, by statement and component.
  const frozen = new Map<string, { share: number; path: IssuePath }>();
  documentStatements.forEach((statement, s) => {
    statement.project_component_shares.forEach((share, k) => {
      const key = `${s}\u0000${share.component_id}`;
      const at: IssuePath = ['ghg_statements', s, 'project_component_shares', k];
      if (frozen.has(key)) problem([...at, 'component_id'], 'duplicate_share', `GHG statement '${statement.id}' fixes the share of component '${share.component_id}' more than once`);
      else frozen.set(key, { share: share.share, path: at });
    });
  });
  const frozenUsed = new Set<string>();
  // Project components left unchecked because the component itself is invalid (reported where it
  // is defined), by project and component: their frozen shares are not reported as unknown.
  const unchecked = new Set<string>();

  // Projects and their components.
  let shareSlotCount = 0;
  documentProjects.forEach((project, p) => {
    const path: IssuePath = ['projects', p];
    const projectStatements = statements
      .map((statement, s) => ({ statement, s }))
      .filter((x) => x.statement.projectId === project.id)
      .sort((a, b) =>
        compareStrings(a.statement.reportingPeriodStart, b.statement.reportingPeriodStart) ||
        compareStrings(a.statement.reportingPeriodEnd, b.statement.reportingPeriodEnd) ||
        compareStrings(a.statement.id, b.statement.id),
      );
    let lifetimeDays = Number.NaN;
    if (project.estimated_lifetime !== null && project.estimated_lifetime !== undefined) {
      const unit = tryParseUnit(project.estimated_lifetime.unit);
      if (unit === undefined || !dimensionsEqual(unit.dimension, TIME) || unit.offset !== 0) {
        problem([...path, 'estimated_lifetime', 'unit'], 'unit_incompatible', `project '${project.id}' has estimated lifetime unit '${project.estimated_lifetime.unit}'; it must be a unit of time such as yr or d`);
      } else {
        lifetimeDays = (project.estimated_lifetime.magnitude * unit.scale) / 86_400;
      }
    }
    project.components.forEach((pc, k) => {
      const at: IssuePath = [...path, 'components', k];
      const c = preparedComponent(pc.component_id, [...at, 'component_id']);
      if (c === undefined) unchecked.add(`${project.id}\u0000${pc.component_id}`);
      if (!claim(pc.component_id, `project '${project.id}'`, [...at, 'component_id']) || c === undefined) return;
      const strategy = pc.allocation_strategy;
      if (strategy !== 'MANUAL' && pc.removal_attributions.length > 0) {
        problem([...at, 'removal_attributions'], 'manual_attribution_not_manual', `project component '${pc.component_id}' is amortised by ${strategy}; explicit removal_attributions need allocation_strategy MANUAL`);
        return;
      }
      if (strategy === 'MANUAL') {
        const seen = new Set<number>();
        pc.removal_attributions.forEach((attribution, j) => {
          const aPath: IssuePath = [...at, 'removal_attributions', j];
          const both = attribution.removal_id !== undefined && attribution.ghg_entry_id !== undefined && attribution.removal_id !== attribution.ghg_entry_id;
          const id = attribution.removal_id ?? attribution.ghg_entry_id;
          if (both || id === undefined) {
            problem(aPath, 'ambiguous_entries', `a manual attribution of project component '${pc.component_id}' needs one GHG entry: removal_id or ghg_entry_id`);
            return;
          }
          const e = entryIndex.get(id);
          if (e < 0) {
            problem(aPath, 'unknown_entry', `project component '${pc.component_id}' is attributed to GHG entry '${id}', which the document does not define`);
            return;
          }
          if (seen.has(e)) {
            problem(aPath, 'duplicate_attribution', `project component '${pc.component_id}' is attributed to GHG entry '${id}' more than once`);
            return;
          }
          seen.add(e);
          attributions.push({ entry: e, component: c, factor: attribution.attribution_factor, scope: 'PROJECT', path: [...aPath, 'attribution_factor'] });
        });
        return;
      }
      let tonnage = Number.NaN;
      if (strategy === 'ESTIMATED_PROJECT_TONNAGE') {
        if (project.estimated_gross_tonnage_kg === null || project.estimated_gross_tonnage_kg === undefined) {
          problem([...at, 'allocation_strategy'], 'missing_project_field', `project component '${pc.component_id}' is amortised by ESTIMATED_PROJECT_TONNAGE, but project '${project.id}' has no estimated_gross_tonnage_kg`);
          return;
        }
        tonnage = project.estimated_gross_tonnage_kg;
      }
      if (strategy === 'ESTIMATED_PROJECT_LIFETIME' && Number.isNaN(lifetimeDays)) {
        if (project.estimated_lifetime === null || project.estimated_lifetime === undefined) {
          problem([...at, 'allocation_strategy'], 'missing_project_field', `project component '${pc.component_id}' is amortised by ESTIMATED_PROJECT_LIFETIME, but project '${project.id}' has no estimated_lifetime`);
        }
        return;
      }
      let customStart = '';
      let customEnd = '';
      if (strategy === 'CUSTOM_TIME_PERIOD') {
        const s0 = pc.custom_period_start_on;
        const s1 = pc.custom_period_end_on;
        if (s0 === null || s0 === undefined || s1 === null || s1 === undefined) {
          problem(at, 'missing_custom_period', `project component '${pc.component_id}' is amortised by CUSTOM_TIME_PERIOD and needs custom_period_start_on and custom_period_end_on`);
          return;
        }
        if (s0 > s1) {
          problem([...at, 'custom_period_end_on'], 'invalid_period', `project component '${pc.component_id}' has a custom period ending on ${s1}, before it starts (${s0})`);
          return;
        }
        customStart = s0;
        customEnd = s1;
      }
      const periodDays = strategy === 'ESTIMATED_PROJECT_LIFETIME' ? lifetimeDays : strategy === 'CUSTOM_TIME_PERIOD' ? inclusiveDays(customStart, customEnd) : Number.NaN;
      let frozenTotal = 0;
      const slots: PreparedShareSlot[] = [];
      for (const { statement, s } of projectStatements) {
        const key = `${statement.documentIndex}\u0000${pc.component_id}`;
        const fixed = frozen.get(key);
        if (fixed !== undefined) {
          frozenUsed.add(key);
          frozenTotal += fixed.share;
        }
        const receives = fixed === undefined && !VERIFIED_STATUSES.has(statement.status) && statement.entries.length > 0;
        let countedDays = Number.NaN;
        if (strategy === 'ESTIMATED_PROJECT_LIFETIME') countedDays = statement.days;
        else if (strategy === 'CUSTOM_TIME_PERIOD') {
          countedDays =
            policies.customTimePeriodShare === 'statement_period'
              ? statement.days
              : Math.max(0, Math.min(epochDay(statement.reportingPeriodEnd), epochDay(customEnd)) - Math.max(epochDay(statement.reportingPeriodStart), epochDay(customStart)) + 1);
        }
        const timeShare = countedDays / periodDays;
        const slot: PreparedShareSlot = { slot: shareSlotCount++, statement: s, fixedShare: fixed?.share ?? null, receives, timeShare, countedDays };
        slots.push(slot);
        if ((fixed !== undefined && fixed.share > 0) || receives) {
          for (const e of statement.entries) {
            attributions.push({ entry: e, component: c, factor: 0, scope: 'PROJECT', shareSlot: slot.slot, divisor: statement.entries.length, path: [...at, 'component_id'] });
          }
        }
      }
      if (frozenTotal > 1 + policies.attributionTolerance) {
        problem([...at, 'component_id'], 'attribution_over_one', `project component '${pc.component_id}' has shares frozen on statements totalling ${Number(frozenTotal.toPrecision(12))}; they must not exceed 1`);
      }
      amortisations.push({
        componentId: pc.component_id,
        component: c,
        projectId: project.id,
        strategy,
        estimatedGrossTonnageKg: tonnage,
        periodDays,
        customPeriod: strategy === 'CUSTOM_TIME_PERIOD' ? { start: customStart, end: customEnd } : null,
        frozenTotal,
        slots,
      });
    });
  });
  // An unreadable project may have been the one amortising a component.
  const projectsComplete = broken === undefined || (broken.brokenIds.projects.size === 0 && !broken.unreadable.has('projects'));
  for (const [key, fixed] of frozen) {
    if (frozenUsed.has(key) || !projectsComplete) continue;
    const componentId = key.slice(key.indexOf('\u0000') + 1);
    const projectId = documentStatements[Number(key.slice(0, key.indexOf('\u0000')))]?.project_id;
    if (unchecked.has(`${projectId}\u0000${componentId}`)) continue;
    problem([...fixed.path, 'component_id'], 'unknown_project_component', `component '${componentId}' has a frozen share, but it is not an amortised component of the statement's project`);
  }
  return { statements, amortisations, shareSlotCount, entryStatement, attributions };
}

