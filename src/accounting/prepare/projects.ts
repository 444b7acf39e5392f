/**
 * Preparation of the project-level components (docs/rules.md#statement-and-project-components): MANUAL components become
 * ordinary attributions; the others are amortised over the project's statements, one share slot
 * per statement, whose factor is a share computed at evaluation (the tonnage share needs the
 * evaluated sequestration) divided by the statement's number of entries. Imports the model's
 * types, units, the statement preparation's state and hints.ts.
 */
import type { GhgStatementStatus, IssuePath, ProjectComponentAllocationStrategy } from '../../model';
import { formatIssuePath } from '../../model/issues';
import { dimension, dimensionsEqual, tryParseUnit } from '../../units';
import type { AccountingPolicies } from '../policies';
import { compareStrings } from '../compare-strings';
import { unknownUnitHint } from './hints';
import type { PreparedShareSlot, PreparedStatement, StatementContext } from './statement-parts';
import {
  claim,
  epochDay,
  inclusiveDays,
  preparedComponent,
  type DocumentProject,
  type DocumentProjectComponent,
  type FrozenShares,
  type StatementPass,
} from './statement-pass';

const TIME = dimension({ time: 1 });
const VERIFIED_STATUSES: ReadonlySet<GhgStatementStatus> = new Set<GhgStatementStatus>(['VERIFIED', 'CREDITS_ISSUED']);

/** A project's statements in amortisation order: reporting period start, end, then id. */
interface OrderedStatement {
  readonly statement: PreparedStatement;
  readonly s: number;
}

/** The project being prepared, as its amortised components read it. */
interface ProjectRead {
  readonly pass: StatementPass;
  readonly project: DocumentProject;
  /** Its statements in amortisation order. */
  readonly statements: readonly OrderedStatement[];
  /** Its estimated lifetime in days, NaN when it has none or its unit is not a time. */
  readonly lifetimeDays: number;
  readonly frozen: FrozenShares;
}

/** A project component being prepared: itself, the index of its prepared component and its path. */
interface ProjectComponentRead {
  readonly projectComponent: DocumentProjectComponent;
  readonly component: number;
  readonly at: IssuePath;
}

/** Checks one project and prepares its components. */
export function prepareProject(pass: StatementPass, project: DocumentProject, p: number, frozen: FrozenShares): void {
  const projectStatements: OrderedStatement[] = pass.statements
    .map((statement, s) => ({ statement, s }))
    .filter((x) => x.statement.projectId === project.id)
    .sort(
      (a, b) =>
        compareStrings(a.statement.reportingPeriodStart, b.statement.reportingPeriodStart) ||
        compareStrings(a.statement.reportingPeriodEnd, b.statement.reportingPeriodEnd) ||
        compareStrings(a.statement.id, b.statement.id),
    );
  const read: ProjectRead = {
    pass,
    project,
    statements: projectStatements,
    lifetimeDays: projectLifetimeDays(pass.context, project, p),
    frozen,
  };
  const listedAt = new Map<string, number>();
  project.components.forEach((pc, k) => {
    const at: IssuePath = ['projects', p, 'components', k];
    if (listedTwice(pass.context, project, p, listedAt, k)) return;
    const c = preparedComponent(pass.context, pc.component_id, [...at, 'component_id']);
    if (c === undefined) frozen.unchecked.add(`${project.id}\u0000${pc.component_id}`);
    if (!claim(pass, pc.component_id, `project '${project.id}'`, [...at, 'component_id']) || c === undefined) return;
    const strategy = pc.allocation_strategy;
    if (!strategyFieldsAgree(pass.context, pc, at)) return;
    if (strategy === 'MANUAL') attributeManually(pass, pc, c, at);
    else {
      const componentRead: ProjectComponentRead = { projectComponent: pc, component: c, at };
      const period = amortisationPeriod(read, componentRead, strategy);
      if (period !== undefined) amortise(read, componentRead, period);
    }
  });
}

/**
 * Whether project component k names a component the project lists before it (reported, naming both
 * places): amortised or attributed twice, it would be counted twice (docs/rules.md#statement-and-project-components).
 */
function listedTwice(context: StatementContext, project: DocumentProject, p: number, listedAt: Map<string, number>, k: number): boolean {
  const componentId = (project.components[k] as DocumentProjectComponent).component_id;
  const first = listedAt.get(componentId);
  if (first === undefined) {
    listedAt.set(componentId, k);
    return false;
  }
  const where = (i: number): string => formatIssuePath(['projects', p, 'components', i]);
  context.problem(
    ['projects', p, 'components', k, 'component_id'],
    'duplicate_component',
    `project '${project.id}' lists component '${componentId}' more than once (${where(first)} and ${where(k)}); a project component is listed once`,
  );
  return true;
}

/**
 * Whether a project component gives only the fields its strategy reads (the others reported): explicit
 * removal_attributions belong to MANUAL and a custom period to CUSTOM_TIME_PERIOD; under any other
 * strategy they would be ignored silently (docs/graph-document.md, "Project component").
 */
function strategyFieldsAgree(context: StatementContext, pc: DocumentProjectComponent, at: IssuePath): boolean {
  const strategy = pc.allocation_strategy;
  let agree = true;
  if (strategy !== 'MANUAL' && pc.removal_attributions.length > 0) {
    context.problem(
      [...at, 'removal_attributions'],
      'manual_attribution_not_manual',
      `project component '${pc.component_id}' is amortised by ${strategy}; explicit removal_attributions need allocation_strategy MANUAL`,
    );
    agree = false;
  }
  if (strategy === 'CUSTOM_TIME_PERIOD') return agree;
  for (const field of ['custom_period_start_on', 'custom_period_end_on'] as const) {
    const date = pc[field];
    if (date === null || date === undefined) continue;
    context.problem(
      [...at, field],
      'custom_period_not_custom',
      `project component '${pc.component_id}' is amortised by ${strategy} but gives ${field} ${date}; a custom period needs allocation_strategy CUSTOM_TIME_PERIOD (otherwise it would be ignored)`,
    );
    agree = false;
  }
  return agree;
}

/** The project's estimated lifetime in days, NaN when it has none or its unit is unknown or not a time (reported). */
function projectLifetimeDays(context: StatementContext, project: DocumentProject, p: number): number {
  const lifetime = project.estimated_lifetime;
  if (lifetime === null || lifetime === undefined) return Number.NaN;
  const unit = tryParseUnit(lifetime.unit);
  if (unit === undefined) {
    context.problem(
      ['projects', p, 'estimated_lifetime', 'unit'],
      'unknown_unit',
      `project '${project.id}' has estimated lifetime unit '${lifetime.unit}', which is not a known unit${unknownUnitHint(lifetime.unit)}`,
    );
    return Number.NaN;
  }
  if (!dimensionsEqual(unit.dimension, TIME) || unit.offset !== 0) {
    context.problem(
      ['projects', p, 'estimated_lifetime', 'unit'],
      'unit_incompatible',
      `project '${project.id}' has estimated lifetime unit '${lifetime.unit}'; it must be a unit of time such as yr or d`,
    );
    return Number.NaN;
  }
  return (lifetime.magnitude * unit.scale) / 86_400;
}

/** A MANUAL project component: its explicit attributions, each to one known entry, once. */
function attributeManually(pass: StatementPass, pc: DocumentProjectComponent, c: number, at: IssuePath): void {
  const { problem, entryIndex } = pass.context;
  const seen = new Set<number>();
  pc.removal_attributions.forEach((attribution, j) => {
    const aPath: IssuePath = [...at, 'removal_attributions', j];
    const both =
      attribution.removal_id !== undefined && attribution.ghg_entry_id !== undefined && attribution.removal_id !== attribution.ghg_entry_id;
    const id = attribution.removal_id ?? attribution.ghg_entry_id;
    if (both || id === undefined) {
      problem(
        aPath,
        'ambiguous_entries',
        `a manual attribution of project component '${pc.component_id}' needs one GHG entry: removal_id or ghg_entry_id`,
      );
      return;
    }
    const e = entryIndex.get(id);
    if (e < 0) {
      problem(
        aPath,
        'unknown_entry',
        `project component '${pc.component_id}' is attributed to GHG entry '${id}', which the document does not define${pass.context.hints.hint(id, entryIndex.names())}`,
      );
      return;
    }
    if (seen.has(e)) {
      problem(aPath, 'duplicate_attribution', `project component '${pc.component_id}' is attributed to GHG entry '${id}' more than once`);
      return;
    }
    seen.add(e);
    pass.attributions.push({
      entry: e,
      component: c,
      factor: attribution.attribution_factor,
      scope: 'PROJECT',
      path: [...aPath, 'attribution_factor'],
    });
  });
}

type AmortisedStrategy = Exclude<ProjectComponentAllocationStrategy, 'MANUAL'>;

/** What an amortisation strategy divides by. */
interface AmortisationPeriod {
  readonly strategy: AmortisedStrategy;
  /** The project's estimated gross tonnage (kg) for `ESTIMATED_PROJECT_TONNAGE`, else NaN. */
  readonly tonnage: number;
  /** The lifetime or custom period in days (NaN for tonnage). */
  readonly periodDays: number;
  /** The custom period's inclusive dates, empty unless `CUSTOM_TIME_PERIOD`. */
  readonly customStart: string;
  readonly customEnd: string;
}

/**
 * What the strategy of an amortised project component needs from the project or the component,
 * or undefined when it is missing or invalid (reported, except a lifetime whose unit was).
 */
function amortisationPeriod(
  read: ProjectRead,
  componentRead: ProjectComponentRead,
  strategy: AmortisedStrategy,
): AmortisationPeriod | undefined {
  const { project, lifetimeDays } = read;
  const { projectComponent: pc, at } = componentRead;
  const { problem } = read.pass.context;
  if (strategy === 'ESTIMATED_PROJECT_TONNAGE') {
    const tonnage = project.estimated_gross_tonnage_kg;
    if (tonnage === null || tonnage === undefined) {
      problem(
        [...at, 'allocation_strategy'],
        'missing_project_field',
        `project component '${pc.component_id}' is amortised by ESTIMATED_PROJECT_TONNAGE, but project '${project.id}' has no estimated_gross_tonnage_kg`,
      );
      return undefined;
    }
    return { strategy, tonnage, periodDays: Number.NaN, customStart: '', customEnd: '' };
  }
  if (strategy === 'ESTIMATED_PROJECT_LIFETIME') {
    if (!Number.isNaN(lifetimeDays)) return { strategy, tonnage: Number.NaN, periodDays: lifetimeDays, customStart: '', customEnd: '' };
    if (project.estimated_lifetime === null || project.estimated_lifetime === undefined) {
      problem(
        [...at, 'allocation_strategy'],
        'missing_project_field',
        `project component '${pc.component_id}' is amortised by ESTIMATED_PROJECT_LIFETIME, but project '${project.id}' has no estimated_lifetime`,
      );
    }
    return undefined;
  }
  const s0 = pc.custom_period_start_on;
  const s1 = pc.custom_period_end_on;
  if (s0 === null || s0 === undefined || s1 === null || s1 === undefined) {
    problem(
      at,
      'missing_custom_period',
      `project component '${pc.component_id}' is amortised by CUSTOM_TIME_PERIOD and needs custom_period_start_on and custom_period_end_on`,
    );
    return undefined;
  }
  if (s0 > s1) {
    problem(
      [...at, 'custom_period_end_on'],
      'invalid_period',
      `project component '${pc.component_id}' has a custom period ending on ${s1}, before it starts (${s0})`,
    );
    return undefined;
  }
  return { strategy, tonnage: Number.NaN, periodDays: inclusiveDays(s0, s1), customStart: s0, customEnd: s1 };
}

/**
 * An automatically amortised project component: one share slot per statement of the project, an
 * attribution on each entry of a statement that has or receives a share, and the amortisation.
 */
function amortise(read: ProjectRead, componentRead: ProjectComponentRead, period: AmortisationPeriod): void {
  const { pass, project, statements: projectStatements, frozen } = read;
  const { projectComponent: pc, component: c, at } = componentRead;
  const { strategy, customStart, customEnd } = period;
  let frozenTotal = 0;
  const slots: PreparedShareSlot[] = [];
  for (const { statement, s } of projectStatements) {
    const key = `${statement.documentIndex}\u0000${pc.component_id}`;
    const fixed = frozen.byKey.get(key);
    if (fixed !== undefined) {
      frozen.used.add(key);
      frozenTotal += fixed.share;
    }
    const receives = fixed === undefined && !VERIFIED_STATUSES.has(statement.status) && statement.entries.length > 0;
    const countedDays = countedDaysOf(pass.context.policies, period, statement);
    const timeShare = countedDays / period.periodDays;
    const slot: PreparedShareSlot = {
      slot: pass.shareSlotCount++,
      statement: s,
      fixedShare: fixed?.share ?? null,
      receives,
      timeShare,
      countedDays,
    };
    slots.push(slot);
    if ((fixed !== undefined && fixed.share > 0) || receives) {
      for (const e of statement.entries) {
        pass.attributions.push({
          entry: e,
          component: c,
          factor: 0,
          scope: 'PROJECT',
          shareSlot: slot.slot,
          divisor: statement.entries.length,
          path: [...at, 'component_id'],
        });
      }
    }
  }
  if (frozenTotal > 1 + pass.context.policies.attributionTolerance) {
    pass.context.problem(
      [...at, 'component_id'],
      'attribution_over_one',
      `project component '${pc.component_id}' has shares frozen on statements totalling ${Number(frozenTotal.toPrecision(12))}; they must not exceed 1`,
    );
  }
  pass.amortisations.push({
    componentId: pc.component_id,
    component: c,
    projectId: project.id,
    strategy,
    estimatedGrossTonnageKg: period.tonnage,
    periodDays: period.periodDays,
    customPeriod: strategy === 'CUSTOM_TIME_PERIOD' ? { start: customStart, end: customEnd } : null,
    frozenTotal,
    slots,
  });
}

/** Days of a statement that count for a time-based share (NaN for `ESTIMATED_PROJECT_TONNAGE`). */
function countedDaysOf(policies: AccountingPolicies, period: AmortisationPeriod, statement: PreparedStatement): number {
  if (period.strategy === 'ESTIMATED_PROJECT_LIFETIME') return statement.days;
  if (period.strategy !== 'CUSTOM_TIME_PERIOD') return Number.NaN;
  if (policies.customTimePeriodShare === 'statement_period') return statement.days;
  const overlapEnd = Math.min(epochDay(statement.reportingPeriodEnd), epochDay(period.customEnd));
  const overlapStart = Math.max(epochDay(statement.reportingPeriodStart), epochDay(period.customStart));
  return Math.max(0, overlapEnd - overlapStart + 1);
}
