/**
 * The implementation of `prepareGraph` (see prepared-graph.ts for the types), in named phases over the
 * parsed document: blueprints (blueprints.ts), datapoints (datapoints.ts),
 * components (components.ts), entries (entries.ts), statements and projects
 * (statements.ts), then the shares of every component and the datapoint values against the
 * quantity kinds they feed (values.ts). Internal: `fastPath` false parses
 * the whole document with zod (tests compare both ways); the package always passes true.
 *
 * Written for documents of 100,000s of datapoints and components, where what costs is memory
 * rather than arithmetic: the items of the three large arrays are not copied by zod when they
 * already have their exact shape (model/graph-exact-shape.ts); ids are looked up in
 * open-addressing tables (id-index.ts); units are compared by dimension id; the loops build no
 * path, closure or intermediate array per item; components and attributions become columns.
 * Problems, their paths, messages and order are the same as a plain zod parse followed by
 * per-item checks would give. A document whose shape is wrong is checked too, item by item as far
 * as its readable items allow (model/graph-parse.ts), so that every problem comes out at once.
 */
import type { GraphIssue, RemovalGraph } from '../../model';
import { parseRemovalGraph, type GraphCollection, type PartialGraph } from '../../model/graph-parse';
import { DimensionTable } from './dimension-table';
import { NameHints } from './hints';
import { policyIssues, resolvePolicies, type AccountingPolicies } from '../policies';
import type { PrepareResult } from './prepared-graph';
import { prepareBlueprints, type PreparedBlueprints } from './blueprints';
import { prepareComponents, type ComponentPhase } from './components';
import type { PrepareContext } from './context';
import { prepareCorrelations, type PreparedCorrelations } from './correlations';
import { applyLognormalMedians, prepareDatapoints, type DatapointColumns } from './datapoints';
import { applySampleSets, prepareSampleSets, rereadSampleSets, type PreparedSampleSet } from './sample-sets';
import { EntryBuilder } from './entries';
import { checkValues, readDifferences } from './values';
import { ValueChecks } from './value-checks';
import { prepareStatements } from './statements';

/**
 * Validates a removal graph document and prepares it for evaluation: see `prepareGraph`.
 */
export function prepareGraphDocument(
  document: unknown,
  policyOverrides: Partial<AccountingPolicies> | undefined,
  fastPath: boolean,
  release = false,
): PrepareResult {
  const invalid = policyIssues(policyOverrides);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const policies = resolvePolicies(policyOverrides);
  const parsed = parseRemovalGraph(document, fastPath);
  // A document whose shape is wrong is still checked, as far as its readable items allow, so that
  // every problem comes out in one pass: `broken` says what could not be read.
  const issues: GraphIssue[] = parsed.success ? [] : parsed.issues;
  if (!parsed.success && parsed.partial === undefined) return { ok: false, issues };
  const broken: PartialGraph | undefined = parsed.success ? undefined : parsed.partial;
  const graph = parsed.success ? parsed.data : (broken as PartialGraph).graph;
  // Releasing (release.ts): the caller's arrays are emptied, so that the phases' copies hold the last references to the items.
  if (release && parsed.success) releaseDocument(document);
  const context = {
    graph,
    policies,
    broken,
    dimensions: new DimensionTable(),
    issues,
    componentName: componentNamed,
    hints: new NameHints(),
  };
  return preparePhases(context, release && parsed.success);
}

/** Empties the document's three large arrays (the caller of a releasing preparation gave it up). */
function releaseDocument(document: unknown): void {
  const collections = document as Partial<Record<'datapoints' | 'components' | 'ghg_entries', unknown>>;
  for (const items of [collections.datapoints, collections.components, collections.ghg_entries]) if (Array.isArray(items)) items.length = 0;
}

/** Drops the items of a collection no later phase reads (holes keep its length and indices). */
function releaseItems(items: readonly unknown[]): void {
  (items as unknown[]).fill(undefined);
}

/** How a problem names a component of a document: by its id. */
export function componentNamed(id: string): string {
  return `component '${id}'`;
}

/**
 * Prepares a graph whose shape is known to be right (built by the caller from parts it validated
 * itself, as the service builds one from its rows): the same phases and checks as
 * {@link prepareGraphDocument} after its parse, so the same problems and the same prepared graph,
 * without the parse. `componentName` says how problems name a component (default `component 'id'`).
 */
export function prepareGraphParts(
  graph: RemovalGraph,
  policies: AccountingPolicies,
  componentName: (id: string) => string = componentNamed,
): PrepareResult {
  return preparePhases({
    graph,
    policies,
    broken: undefined,
    dimensions: new DimensionTable(),
    issues: [],
    componentName,
    hints: new NameHints(),
  });
}

/**
 * The phases of a preparation over a parsed document (see the module comment). `release`: the
 * datapoint items are dropped once the datapoints, sample sets and correlations are prepared, and
 * the component items once the components are, when they all are valid, and the entry items once
 * the entries and statements are: no later phase reads them (release.ts).
 */
function preparePhases(context: PrepareContext, release = false): PrepareResult {
  const { graph, issues } = context;

  const checks = new ValueChecks();
  const blueprints = prepareBlueprints(context, checks);
  const datapoints = prepareDatapoints(context);
  const sampleSets = prepareSampleSets(context, datapoints);
  const declaredCorrelations = prepareCorrelations(context, datapoints);
  if (release) releaseItems(graph.datapoints);
  const components = prepareComponents(context, blueprints, datapoints);
  // Only when every component is valid: a problem of a later phase names a component by its prepared id (entries.ts).
  if (release && issues.length === 0) releaseItems(graph.components);
  const entries = new EntryBuilder(context, datapoints, components);
  entries.addAll();
  return finishPhases(context, { checks, blueprints, datapoints, sampleSets, declaredCorrelations, components, entries }, release);
}

/** What the phases up to the entries' own attributions made (graph.ts, or a streaming preparation: streaming.ts). */
export interface EarlyPhases {
  readonly checks: ValueChecks;
  readonly blueprints: PreparedBlueprints;
  readonly datapoints: DatapointColumns;
  readonly sampleSets: PreparedSampleSet[];
  readonly declaredCorrelations: PreparedCorrelations;
  readonly components: ComponentPhase;
  /** Every entry added. */
  readonly entries: EntryBuilder;
}

/**
 * The phases after the entries' own attributions: statements and projects, the shares, the
 * values, and the prepared graph (or every problem). `release`: the entry items are dropped once
 * the statements are prepared.
 */
export function finishPhases(context: PrepareContext, early: EarlyPhases, release = false): PrepareResult {
  const { graph, policies, broken, issues } = context;
  const { checks, blueprints, datapoints, declaredCorrelations, components, entries } = early;
  // Statements and projects add attributions to the entries (docs/rules.md#statement-and-project-components).
  const statementParts = prepareStatements({
    graph,
    policies,
    entryIndex: entries.index,
    componentIndex: components.index,
    componentOfDocument: components.componentOfDocument,
    problem: (path, code, message) => issues.push({ path, code, message }),
    broken,
    hints: context.hints,
  });
  const preparedEntries = entries.entries(statementParts.attributions);
  if (release) releaseItems(graph.ghg_entries);
  entries.checkShares();
  // A difference in an offset unit is a change: its SI value by the unit's scale alone (docs/units.md).
  const changed = readDifferences(context, checks, datapoints, components.datapointKinds);
  const sampleSets = rereadSampleSets(early.sampleSets, datapoints, changed);
  const documentWarnings = checkValues(context, checks, datapoints, components.datapointKinds, preparedEntries.riskOfReversalPercentage);
  // Standard deviations the engine derives (not the document's): after the values are checked.
  applyLognormalMedians(datapoints);
  const correlations = applySampleSets(sampleSets, datapoints, declaredCorrelations);

  if (broken !== undefined) return { ok: false, issues: withoutUnreadableReferences(issues, broken) };
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    prepared: {
      graph,
      policies,
      datapointIds: datapoints.ids,
      datapointUnits: datapoints.units,
      datapointMagnitudes: datapoints.magnitudes,
      datapointStandardDeviations: datapoints.standardDeviations,
      siMagnitudes: datapoints.siMagnitudes,
      siStandardDeviations: datapoints.siStandardDeviations,
      siScales: datapoints.siScales,
      distributionType: datapoints.distributionType,
      distributionParameter: datapoints.distributionParameter,
      correlations,
      sampleSets,
      components: components.components,
      entries: preparedEntries,
      blueprints: blueprints.compiled,
      maxSlots: components.maxSlots,
      statements: statementParts.statements,
      entryStatement: statementParts.entryStatement,
      amortisations: statementParts.amortisations,
      shareSlotCount: statementParts.shareSlotCount,
      documentWarnings,
    },
  };
}

/** The collection each "names something the document does not define" problem looks into. */
const REFERENCE_CODES: Readonly<Record<string, GraphCollection>> = {
  unknown_blueprint: 'component_blueprints',
  unknown_datapoint: 'datapoints',
  unknown_component: 'components',
  unknown_entry: 'ghg_entries',
  unknown_project: 'projects',
  unknown_statement: 'ghg_statements',
};

/** The problems, less the references into a collection that could not be read at all. */
function withoutUnreadableReferences(issues: readonly GraphIssue[], broken: PartialGraph): GraphIssue[] {
  if (broken.unreadable.size === 0) return [...issues];
  return issues.filter((issue) => {
    const into = REFERENCE_CODES[issue.code];
    return into === undefined || !broken.unreadable.has(into);
  });
}
