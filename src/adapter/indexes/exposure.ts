/**
 * Exposure (docs/service.md#visibility, docs/rules.md#service-behaviour): who, besides its owner, may see a record. A record
 * becomes part of a GHG statement only when an entry of a submitted statement reaches it, directly
 * or through records it references:
 *
 * - the statement, its project and its entries;
 * - an entry's attributions, components (with the template they were made from), feedstock type
 *   and template; its statement's statement-level components and the project's amortised components;
 * - a component's datapoints (inputs and legacy attribution factors), a datapoint's sources and its
 *   measurement sample, a sample's measurement location and production batch;
 * - the biochar applications that name the entry, an application's storage location, production
 *   batch and sources, a production batch's feedstock types.
 *
 * A submitted statement exposes what it reaches to its verifier (rules 2 and 5); once its credits
 * are issued, to every authenticated organisation (rule 3). Project-level records that no
 * submitted entry reaches (storage locations, samples, templates, ...) stay owner-only, whatever
 * else the project has submitted.
 *
 * Built from the tables when first needed, then kept until a change reaches something the build
 * walked (a rollback is a change like any other), so it never disagrees with the tables. The
 * records exposed to a viewer that it does not own are kept per table as a sequence in creation
 * order, so that a list of what a caller may see is a merge of two sequences (see visible-lists.ts).
 */
import { Sequence, type ReadonlySequence } from '../store/sequence';
import type {
  AttributionRow,
  BiocharApplicationRow,
  ComponentRow,
  DatapointRow,
  MeasurementSampleRow,
  ProductionBatchRow,
  RemovalRow,
  StatementRow,
} from '../rows';
import type { Row, Table, TableObserver } from '../store/store';
import type { RowsByKey } from '../store/rows-by-key';
import type { TemplatePlaces } from './template-places';

/** Who, besides the owner, may see a record. */
export interface Exposed {
  /** Every authenticated organisation: credits were issued on a statement reaching it (rule 3). */
  readonly public: boolean;
  /** Verifiers of submitted statements reaching it (rule 2). */
  readonly verifiers: ReadonlySet<string>;
}

interface Entry {
  public: boolean;
  readonly verifiers: Set<string>;
}

/** The tables and indexes the exposure is built from. */
export interface ExposureSources {
  readonly statements: Table<StatementRow>;
  readonly removals: Table<RemovalRow>;
  readonly attributions: Table<AttributionRow>;
  readonly components: Table<ComponentRow>;
  readonly datapoints: Table<DatapointRow>;
  readonly measurementSamples: Table<MeasurementSampleRow>;
  readonly biocharApplications: Table<BiocharApplicationRow>;
  readonly productionBatches: Table<ProductionBatchRow>;
  readonly attributionsByRemoval: RowsByKey<AttributionRow>;
  readonly applicationsByRemoval: RowsByKey<BiocharApplicationRow>;
  readonly componentsByStatement: RowsByKey<ComponentRow>;
  readonly projectComponents: RowsByKey<ComponentRow>;
  readonly templates: TemplatePlaces;
}

/** One build: what is exposed, and what the build read. */
interface Build {
  readonly exposed: Map<string, Entry>;
  /** Ids exposed, by table. */
  readonly byTable: Map<string, Set<string>>;
  readonly verifiedDatapoints: Set<string>;
  /** Every id the build looked at, found or not (a change to one of them invalidates the build). */
  readonly walked: Set<string>;
  /** Per table and viewer, the exposed records the viewer does not own, in creation order. */
  readonly foreign: Map<string, ReadonlySequence>;
}

/** An observer that calls `changed` with the rows of every change. */
function watch<T>(changed: (rows: readonly T[]) => void): TableObserver<T> {
  return {
    inserted: (row) => changed([row]),
    updated: (old, row) => changed([old, row]),
    deleted: (row) => changed([row]),
  };
}

/** The exposure of every record, rebuilt when a change reaches what it was built from. */
export class Exposure {
  #build: Build | null = null;

  constructor(private readonly sources: ExposureSources) {
    const byId = (rows: readonly Row[]): boolean => rows.some((r) => this.#build?.walked.has(r.id) === true);
    const byRemoval = (rows: readonly { readonly id: string; readonly removal_id: string | null }[]): boolean =>
      rows.some((r) => this.#build?.walked.has(r.id) === true || (r.removal_id !== null && this.#build?.walked.has(r.removal_id) === true));
    sources.statements.observe(watch(() => this.#invalidate()));
    this.#observe(sources.removals, byId);
    this.#observe(sources.attributions, byRemoval);
    this.#observe(sources.biocharApplications, byRemoval);
    this.#observe(sources.components, (rows) =>
      rows.some(
        (c) =>
          this.#build?.walked.has(c.id) === true ||
          (c.ghg_statement_id !== null && this.#build?.walked.has(c.ghg_statement_id) === true) ||
          (c.scope === 'PROJECT' && this.#build?.walked.has(c.project_id) === true),
      ),
    );
    this.#observe(sources.datapoints, byId);
    this.#observe(sources.measurementSamples, byId);
    this.#observe(sources.productionBatches, byId);
  }

  #observe<T extends Row>(table: Table<T>, reaches: (rows: readonly T[]) => boolean): void {
    table.observe(
      watch((rows) => {
        if (this.#build !== null && reaches(rows)) this.#invalidate();
      }),
    );
  }

  /** Who may see `id` besides its owner; undefined when no submitted statement reaches it. */
  of(id: string): Exposed | undefined {
    return this.#current().exposed.get(id);
  }

  /** Whether `id` is a datapoint of an entry of a verified statement (its `locked_status`). */
  isVerifiedDatapoint(id: string): boolean {
    return this.#current().verifiedDatapoints.has(id);
  }

  /** Whether a submitted statement exposes `id` to `viewer`. */
  isExposedTo(id: string, viewer: string): boolean {
    const e = this.#current().exposed.get(id);
    return e !== undefined && (e.public || e.verifiers.has(viewer));
  }

  /** The records of `table` exposed to `viewer` that it does not own, in creation order. */
  foreign<T extends Row & { readonly owner: string }>(table: Table<T>, viewer: string): ReadonlySequence {
    const build = this.#current();
    const key = `${table.kind}\u0000${viewer}`;
    let found = build.foreign.get(key);
    if (found === undefined) {
      const entries: { seq: number; id: string }[] = [];
      for (const id of build.byTable.get(table.kind) ?? []) {
        const entry = table.entry(id);
        if (entry !== undefined && entry.row.owner !== viewer && this.isExposedTo(id, viewer)) entries.push({ seq: entry.seq, id });
      }
      entries.sort((a, b) => a.seq - b.seq);
      const sequence = new Sequence();
      for (const entry of entries) sequence.add(entry.id, entry.seq);
      found = sequence;
      build.foreign.set(key, found);
    }
    return found;
  }

  #invalidate(): void {
    this.#build = null;
  }

  #current(): Build {
    this.#build ??= this.#rebuild();
    return this.#build;
  }

  #rebuild(): Build {
    const s = this.sources;
    const build: Build = { exposed: new Map(), byTable: new Map(), verifiedDatapoints: new Set(), walked: new Set(), foreign: new Map() };
    for (const statement of s.statements.rows()) {
      const { record } = statement;
      if (record.status === 'DRAFT') continue;
      const walk = new Walk(
        s,
        build,
        statement.verifier_organisation_id,
        record.status === 'CREDITS_ISSUED',
        record.status === 'VERIFIED' || record.status === 'CREDITS_ISSUED',
      );
      walk.expose('ghg_statements', statement.id);
      walk.expose('projects', record.project_id);
      for (const component of s.componentsByStatement.rows(statement.id)) walk.component(component.id);
      for (const component of s.projectComponents.rows(record.project_id))
        if (component.allocation_strategy !== 'MANUAL') walk.component(component.id);
      for (const removalId of record.removal_ids) walk.removal(removalId);
    }
    return build;
  }
}

/** One statement's walk over what its entries reach. */
class Walk {
  constructor(
    private readonly s: ExposureSources,
    private readonly build: Build,
    private readonly verifier: string | null,
    private readonly isPublic: boolean,
    private readonly verified: boolean,
  ) {}

  /** Marks `id` of `table` exposed; false when this walk exposed it already (stop there). */
  expose(table: string, id: string): boolean {
    const { build } = this;
    build.walked.add(id);
    let e = build.exposed.get(id);
    if (e === undefined) {
      e = { public: false, verifiers: new Set() };
      build.exposed.set(id, e);
      let ids = build.byTable.get(table);
      if (ids === undefined) build.byTable.set(table, (ids = new Set()));
      ids.add(id);
    }
    const known = (!this.isPublic || e.public) && (this.verifier === null || e.verifiers.has(this.verifier));
    if (this.isPublic) e.public = true;
    if (this.verifier !== null) e.verifiers.add(this.verifier);
    return !known;
  }

  removal(id: string): void {
    const { s } = this;
    this.expose('removals', id);
    const removal = s.removals.get(id);
    if (removal?.feedstock_type_id != null) this.expose('feedstock_types', removal.feedstock_type_id);
    if (removal?.removal_template_id != null) this.expose('removal_templates', removal.removal_template_id);
    for (const a of s.attributionsByRemoval.rows(id)) {
      this.expose('component_attributions', a.id);
      if (a.attribution_factor_datapoint_id !== null) this.datapoint(a.attribution_factor_datapoint_id);
      this.component(a.component_id);
    }
    for (const application of s.applicationsByRemoval.rows(id)) {
      if (!this.expose('biochar_applications', application.id)) continue;
      this.expose('storage_locations', application.storage_location_id);
      this.productionBatch(application.production_batch_id);
      for (const source of application.source_ids) this.expose('sources', source);
    }
  }

  component(id: string): void {
    if (!this.expose('components', id)) return;
    const component = this.s.components.get(id);
    if (component === undefined) return;
    const slot = component.removal_template_component_id;
    const place = slot === null ? undefined : this.s.templates.component(slot);
    if (place !== undefined) this.expose('removal_templates', place.template.id);
    for (const input of component.inputs) for (const d of input.datapoint_ids) this.datapoint(d);
  }

  datapoint(id: string): void {
    if (this.verified) this.build.verifiedDatapoints.add(id);
    if (!this.expose('datapoints', id)) return;
    const datapoint = this.s.datapoints.get(id);
    if (datapoint === undefined) return;
    for (const source of datapoint.source_ids) this.expose('sources', source);
    const sampleId = datapoint.measurement_sample_id;
    if (sampleId === null || !this.expose('measurement_samples', sampleId)) return;
    const sample = this.s.measurementSamples.get(sampleId);
    if (sample?.measurement_location_id != null) this.expose('measurement_locations', sample.measurement_location_id);
    if (sample?.production_batch_id != null) this.productionBatch(sample.production_batch_id);
  }

  productionBatch(id: string): void {
    if (!this.expose('production_batches', id)) return;
    for (const feedstockType of this.s.productionBatches.get(id)?.feedstock_type_ids ?? []) this.expose('feedstock_types', feedstockType);
  }
}
