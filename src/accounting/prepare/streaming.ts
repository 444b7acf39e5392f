/**
 * A preparation fed one run of items at a time while the document is parsed, for a caller that
 * only evaluates and reads the document from a file it can read again (`cdr-engine evaluate`,
 * docs/scaling.md). Each datapoint, component and GHG entry is checked (the exact-shape check of
 * model/graph-exact-shape.ts, which accepts only what zod accepts unchanged) and made columns as
 * it arrives, then dropped: the parsed document is never whole, and the peak memory of a large
 * document is its columns, not its items. The collections' sizes come from a first pass that only
 * counts items (the columns are made at their final size, as the whole-document preparation makes
 * them).
 *
 * The phases, their order and their code are those of `prepareGraph` (graph.ts), so a document it
 * accepts gives the same prepared graph. It takes on only what it can do in one pass: the
 * collections in the order blueprints, datapoints, components, GHG entries (what each one names is
 * then known when it arrives), correlations before the components, no sample sets, statements or
 * projects (those read the items after the entries), no entry naming a statement, every item of its
 * exact shape, no problem and no refused entry. For anything else it stops (`StreamAbort` while
 * feeding, `again` at the end), and its caller prepares the document the ordinary way from a second
 * read: problems, their paths and order, and every figure are then `prepareGraph`'s by construction,
 * whatever the document's order.
 *
 * Owns: StreamingPreparation. May import: graph.ts and the phases it runs, refusal.ts,
 * merge-plan.ts, evaluation-only.ts, release.ts (types), model, policies.ts.
 */
import type { GraphComponent, GraphDatapoint, GraphGhgEntry, RemovalGraph } from '../../model';
import { EXACT_ITEM_CHECKS, safeParseGraphCollection, safeParseGraphWithoutItems } from '../../model/graph-exact-shape';
import { policyIssues, resolvePolicies, type AccountingPolicies } from '../policies';
import { prepareBlueprints, type PreparedBlueprints } from './blueprints';
import { ComponentBuilder, type ComponentPhase } from './components';
import type { PrepareContext } from './context';
import { prepareCorrelations, type PreparedCorrelations } from './correlations';
import { DatapointReader } from './datapoints';
import { DimensionTable } from './dimension-table';
import { NameHints } from './hints';
import { EntryBuilder } from './entries';
import { evaluationOnly } from './evaluation-only';
import { componentNamed, finishPhases } from './graph';
import { mergePlanOf } from './merge-plan';
import { refusesEntries } from './refusal';
import type { ReleasingPrepare } from './release';
import { prepareSampleSets, type PreparedSampleSet } from './sample-sets';
import { ValueChecks } from './value-checks';

/** The collections a streaming preparation consumes, in the order it needs them. */
export const STREAMED_COLLECTIONS = ['datapoints', 'components', 'ghg_entries'] as const;
type Streamed = (typeof STREAMED_COLLECTIONS)[number];

/** Whether `key` names a collection whose items a streaming preparation consumes. */
export function isStreamedCollection(key: string): key is Streamed {
  return (STREAMED_COLLECTIONS as readonly string[]).includes(key);
}

/** Why a streaming preparation stopped: the document is to be prepared the ordinary way. */
export class StreamAbort extends Error {
  constructor(reason: string) {
    super(`the document cannot be prepared as it is read: ${reason}`);
    this.name = 'StreamAbort';
  }
}

/** What the phases before the entries made (see graph.ts `EarlyPhases`), as they become known. */
interface Phases {
  blueprints?: PreparedBlueprints;
  rawBlueprints?: unknown;
  datapoints?: DatapointReader;
  sampleSets?: PreparedSampleSet[];
  correlations?: PreparedCorrelations;
  rawCorrelations?: unknown;
  components?: ComponentBuilder;
  componentPhase?: ComponentPhase;
  entries?: EntryBuilder;
}

/**
 * A preparation fed by a chunked parse (see the module comment): {@link consumes} says which
 * arrays it takes, {@link items} takes each run of their items, {@link finish} the rest of the
 * document once it is read. `counts`: the number of items of each consumed collection (a first
 * pass); `soFar`: the document as parsed so far (the small collections).
 */
export class StreamingPreparation {
  private readonly context: PrepareContext;
  private readonly checks = new ValueChecks();
  private readonly phases: Phases = {};
  /** Index in STREAMED_COLLECTIONS of the collection being filled (-1: none yet). */
  private stage = -1;
  private filled = 0;
  private readonly opened = new Set<string>();

  constructor(
    private readonly counts: ReadonlyMap<string, number>,
    policyOverrides: Partial<AccountingPolicies> | undefined,
    private readonly soFar: () => Readonly<Record<string, unknown>>,
  ) {
    if (policyIssues(policyOverrides).length > 0) throw new StreamAbort('a policy is invalid');
    const graph = {
      component_blueprints: [],
      datapoints: new Array<GraphDatapoint>(this.countOf('datapoints')),
      components: new Array<GraphComponent>(this.countOf('components')),
      ghg_entries: new Array<GraphGhgEntry>(this.countOf('ghg_entries')),
    } as RemovalGraph;
    const policies = resolvePolicies(policyOverrides);
    this.context = {
      graph,
      policies,
      broken: undefined,
      dimensions: new DimensionTable(),
      issues: [],
      componentName: componentNamed,
      hints: new NameHints(),
    };
  }

  private countOf(key: Streamed): number {
    return this.counts.get(key) ?? 0;
  }

  /** Whether the array at top-level `key` is consumed here (its items are not kept); a second array of one key stops. */
  consumes(key: string): boolean {
    if (!isStreamedCollection(key)) return false;
    if (this.opened.has(key)) throw new StreamAbort(`'${key}' is given twice`);
    this.opened.add(key);
    return true;
  }

  /** Checks and prepares a run of items of the consumed collection `key`, in document order. */
  items(key: string, items: readonly unknown[]): void {
    const stage = (STREAMED_COLLECTIONS as readonly string[]).indexOf(key);
    if (stage < 0) return;
    if (stage < this.stage) throw new StreamAbort(`'${key}' comes after a collection that names it`);
    while (this.stage < stage) this.advance();
    const exact = EXACT_ITEM_CHECKS[key as Streamed];
    const count = this.countOf(key as Streamed);
    for (const item of items) {
      if (!exact(item)) throw new StreamAbort(`an item of '${key}' is not of its exact shape`);
      // The statement it names is checked on the document's entries, which are not kept here (and a
      // document taken on here has no statements: statements.ts refuses it).
      if (stage === 2 && typeof (item as GraphGhgEntry).ghg_statement_id === 'string')
        throw new StreamAbort('a GHG entry names a GHG statement');
      if (this.filled >= count) throw new StreamAbort(`'${key}' has more items than counted`);
      this.add(stage, item, this.filled++);
    }
    if (this.context.issues.length > 0) throw new StreamAbort('the document has a problem');
  }

  private add(stage: number, item: unknown, index: number): void {
    const { datapoints, components, entries } = this.phases;
    if (stage === 0) (datapoints as DatapointReader).add(item as GraphDatapoint, index);
    else if (stage === 1) (components as ComponentBuilder).add(index, item as GraphComponent);
    else (entries as EntryBuilder).addOne(index, item as GraphGhgEntry);
  }

  /** Closes the collection being filled (every counted item read) and opens the next one. */
  private advance(): void {
    if (this.stage >= 0 && this.filled !== this.countOf(STREAMED_COLLECTIONS[this.stage] as Streamed))
      throw new StreamAbort('a collection has fewer items than counted');
    this.stage++;
    this.filled = 0;
    if (this.stage === 0) this.openDatapoints();
    else if (this.stage === 1) this.openComponents();
    else if (this.stage === 2) this.openEntries();
  }

  /** The blueprints (read before the datapoints, as graph.ts prepares them), then the datapoint columns. */
  private openDatapoints(): void {
    const raw = this.soFar()['component_blueprints'];
    const parsed = safeParseGraphCollection('component_blueprints', raw);
    if (raw === undefined || !parsed.success) throw new StreamAbort("'component_blueprints' is not read before the datapoints");
    const graph = this.context.graph as { component_blueprints: RemovalGraph['component_blueprints'] };
    graph.component_blueprints = parsed.data;
    this.phases.rawBlueprints = raw;
    this.phases.blueprints = prepareBlueprints(this.context, this.checks);
    this.phases.datapoints = new DatapointReader(this.context, this.countOf('datapoints'));
  }

  /** Sample sets (none) and correlations (read before the components), then the component phase. */
  private openComponents(): void {
    const columns = (this.phases.datapoints as DatapointReader).columns;
    this.phases.sampleSets = prepareSampleSets(this.context, columns);
    const raw = this.soFar()['correlations'];
    if (raw !== undefined) {
      const parsed = safeParseGraphCollection('correlations', raw);
      if (!parsed.success) throw new StreamAbort("'correlations' is not valid");
      (this.context.graph as { correlations?: RemovalGraph['correlations'] }).correlations = parsed.data;
      this.phases.rawCorrelations = raw;
    }
    this.phases.correlations = prepareCorrelations(this.context, columns);
    this.phases.components = new ComponentBuilder(this.context, this.phases.blueprints as PreparedBlueprints, columns);
  }

  private openEntries(): void {
    const components = (this.phases.components as ComponentBuilder).done();
    this.phases.entries = new EntryBuilder(this.context, (this.phases.datapoints as DatapointReader).columns, components);
    this.phases.components = undefined;
    this.phases.componentPhase = components;
  }

  /**
   * The prepared graph of the whole `document` (as parsed, its consumed arrays empty), for
   * evaluation only (`evaluationOnly`), or `again` when it is to be prepared the ordinary way.
   */
  finish(document: unknown): ReleasingPrepare {
    while (this.stage < STREAMED_COLLECTIONS.length) this.advance();
    const rest = safeParseGraphWithoutItems(document);
    if (!rest.success || !this.streamable(rest.data, document as Record<string, unknown>)) return { again: true };
    const { graph } = this.context;
    const whole: RemovalGraph = {
      ...rest.data,
      component_blueprints: graph.component_blueprints,
      datapoints: graph.datapoints,
      components: graph.components,
      ghg_entries: graph.ghg_entries,
      ...(graph.correlations === undefined ? {} : { correlations: graph.correlations }),
    };
    const { blueprints, datapoints, sampleSets, correlations, componentPhase, entries } = this.phases as Required<Phases>;
    const result = finishPhases(
      { ...this.context, graph: whole },
      {
        checks: this.checks,
        blueprints,
        datapoints: datapoints.columns,
        sampleSets,
        declaredCorrelations: correlations,
        components: componentPhase,
        entries,
      },
    );
    if (!result.ok || refusesEntries(result)) return { again: true };
    const prepared = evaluationOnly(result.prepared);
    mergePlanOf(prepared);
    return { again: false, result: { ok: true, prepared } };
  }

  /** Whether the rest of the document is what the phases run here took it to be (see the module comment). */
  private streamable(rest: RemovalGraph, document: Record<string, unknown>): boolean {
    const empty = (items: readonly unknown[] | undefined): boolean => items === undefined || items.length === 0;
    if (!empty(rest.sample_sets) || !empty(rest.ghg_statements) || !empty(rest.projects)) return false;
    if (document['component_blueprints'] !== this.phases.rawBlueprints) return false;
    const correlations = document['correlations'];
    return correlations === this.phases.rawCorrelations || (this.phases.rawCorrelations === undefined && empty(rest.correlations));
  }
}
