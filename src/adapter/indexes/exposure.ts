/**
 * Exposure (interface.md 1): who, besides its owner, may see a resource. A submitted GHG statement
 * exposes itself, its project, its entries and what they are built from (attributions, components,
 * datapoints and their sources) to its verifier (rule 2); a statement whose credits were issued
 * exposes them to everyone (rule 3). The datapoints of entries of verified statements are locked.
 *
 * Built from the tables when first needed, then kept until a change reaches something the build
 * read: any statement; an attribution of a GHG entry it walked; a component or a datapoint it
 * walked (a source added to an exposed datapoint is exposed from then on, rule 5). Other changes,
 * such as a new datapoint, leave it as it is. A rollback is a change like any other, so the
 * exposure can never disagree with the tables, whether the request committed or not.
 */
import { Sequence, type ReadonlySequence } from '../sequence';
import type { AttributionRow, ComponentRow, DatapointRow, StatementRow } from '../rows';
import type { Sequenced, Table, TableObserver } from '../store';
import type { RowsByKey } from './rows-by-key';

/** Who, besides the owner, may see a resource. */
export interface Exposed {
  /** Everyone: credits were issued on a statement using it (interface.md 1 rule 3). */
  readonly public: boolean;
  /** Verifiers of submitted statements using it (rule 2). */
  readonly verifiers: ReadonlySet<string>;
}

interface Entry {
  public: boolean;
  readonly verifiers: Set<string>;
}

/** One build: what is exposed, and what the build read. */
interface Build {
  readonly exposed: Map<string, Entry>;
  readonly verifiedDatapoints: Set<string>;
  /** GHG entries, components and datapoints the build walked (whether they exist or not). */
  readonly removals: Set<string>;
  readonly components: Set<string>;
  readonly datapoints: Set<string>;
  /** Projects of submitted statements. */
  readonly projects: Set<string>;
  /** Per viewer (the empty key: the public), datapoints exposed to it that it does not own. */
  readonly foreignDatapoints: Map<string, ReadonlySequence>;
}

/** The tables and index the exposure is built from. */
export interface ExposureSources {
  readonly statements: Table<StatementRow>;
  readonly attributions: Table<AttributionRow>;
  readonly attributionsByRemoval: RowsByKey<AttributionRow>;
  readonly components: Table<ComponentRow>;
  readonly datapoints: Table<DatapointRow>;
}

/** An observer that calls `changed` with the rows of every change. */
function watch<T>(changed: (rows: readonly T[]) => void): TableObserver<T> {
  return {
    inserted: (row) => changed([row]),
    updated: (old, row) => changed([old, row]),
    deleted: (row) => changed([row]),
  };
}

/** The exposure of every resource, rebuilt when a change reaches what it was built from. */
export class Exposure {
  #build: Build | null = null;

  constructor(private readonly sources: ExposureSources) {
    sources.statements.observe(watch(() => this.#invalidate()));
    sources.attributions.observe(watch((rows) => {
      if (this.#build !== null && rows.some((a) => this.#build?.removals.has(a.removal_id))) this.#invalidate();
    }));
    sources.components.observe(watch((rows) => {
      if (this.#build?.components.has((rows[0] as ComponentRow).id)) this.#invalidate();
    }));
    sources.datapoints.observe(watch((rows) => {
      if (this.#build?.datapoints.has((rows[0] as DatapointRow).id)) this.#invalidate();
    }));
  }

  /** Who may see `id` besides its owner; undefined when no submitted statement uses it. */
  of(id: string): Exposed | undefined {
    return this.#current().exposed.get(id);
  }

  /** Whether `id` is a datapoint of an entry of a verified statement (its `locked_status`). */
  isVerifiedDatapoint(id: string): boolean {
    return this.#current().verifiedDatapoints.has(id);
  }

  /** Whether a submitted statement exposes `id` to `viewer` (null: the public). */
  isExposedTo(id: string, viewer: string | null): boolean {
    const e = this.#current().exposed.get(id);
    return e !== undefined && (e.public || (viewer !== null && e.verifiers.has(viewer)));
  }

  /** Datapoints exposed to `viewer` (null: the public) that it does not own, in creation order. */
  foreignDatapoints(viewer: string | null): ReadonlySequence {
    const build = this.#current();
    const key = viewer ?? '';
    let found = build.foreignDatapoints.get(key);
    if (found === undefined) {
      const entries: Sequenced<DatapointRow>[] = [];
      for (const id of build.datapoints) {
        const entry = this.sources.datapoints.entry(id);
        if (entry !== undefined && entry.row.owner !== viewer && this.isExposedTo(id, viewer)) entries.push(entry);
      }
      entries.sort((a, b) => a.seq - b.seq);
      const sequence = new Sequence();
      for (const entry of entries) sequence.add(entry.row.id, entry.seq);
      found = sequence;
      build.foreignDatapoints.set(key, found);
    }
    return found;
  }

  /** Projects exposed to `viewer` (null: the public). */
  projectsExposedTo(viewer: string | null): string[] {
    return [...this.#current().projects].filter((id) => this.isExposedTo(id, viewer));
  }

  #invalidate(): void {
    this.#build = null;
  }

  #current(): Build {
    this.#build ??= this.#rebuild();
    return this.#build;
  }

  #rebuild(): Build {
    const { statements, attributionsByRemoval, components, datapoints } = this.sources;
    const build: Build = {
      exposed: new Map(),
      verifiedDatapoints: new Set(),
      removals: new Set(),
      components: new Set(),
      datapoints: new Set(),
      projects: new Set(),
      foreignDatapoints: new Map(),
    };
    const expose = (id: string, verifier: string | null, isPublic: boolean): void => {
      let e = build.exposed.get(id);
      if (e === undefined) {
        e = { public: false, verifiers: new Set() };
        build.exposed.set(id, e);
      }
      if (isPublic) e.public = true;
      if (verifier !== null) e.verifiers.add(verifier);
    };
    for (const statement of statements.rows()) {
      const { record } = statement;
      if (record.status === 'DRAFT') continue;
      const verifier = statement.verifier_organisation_id;
      const isPublic = record.status === 'CREDITS_ISSUED';
      const verified = isPublic || record.status === 'VERIFIED';
      expose(statement.id, verifier, isPublic);
      expose(record.project_id, verifier, isPublic);
      build.projects.add(record.project_id);
      for (const removalId of record.removal_ids) {
        expose(removalId, verifier, isPublic);
        build.removals.add(removalId);
        for (const a of attributionsByRemoval.rows(removalId)) {
          expose(a.id, verifier, isPublic);
          build.components.add(a.component_id);
          const component = components.get(a.component_id);
          const datapointIds: string[] = a.attribution_factor_datapoint_id === null ? [] : [a.attribution_factor_datapoint_id];
          if (component !== undefined) {
            expose(component.id, verifier, isPublic);
            for (const input of component.inputs) datapointIds.push(...input.datapoint_ids);
          }
          for (const d of datapointIds) {
            expose(d, verifier, isPublic);
            build.datapoints.add(d);
            if (verified) build.verifiedDatapoints.add(d);
            for (const s of datapoints.get(d)?.source_ids ?? []) expose(s, verifier, isPublic);
          }
        }
      }
    }
    return build;
  }
}
