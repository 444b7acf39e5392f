/**
 * The indexes of one sandbox, kept in step with its tables (each observes the tables it reads, so
 * a write updates it and a rollback puts it back): who uses what, which resources a submitted
 * statement exposes, the supplier references in use, and the per-owner and per-project orders the
 * list routes page through. No request rebuilds them from the tables; only the exposure is rebuilt,
 * and only when a change reaches what it was built from (see exposure.ts). The generic machinery
 * (RowsByKey, SupplierReferences) is in store/; the ledger's index keys are in ledger-keys.ts.
 * May import: store, rows.ts, registry.
 */
import type { Row, Table } from '../store/store';
import type {
  AttributionRow,
  BiocharApplicationRow,
  ComponentRow,
  DatapointRow,
  FeedstockBatchRow,
  FeedstockTypeRow,
  LedgerEntryRow,
  MeasurementLocationRow,
  MeasurementSampleRow,
  MonitoringRequirementRow,
  StorageLocationRow,
  MonitoringSubmissionRow,
  OrderRow,
  OrganisationRow,
  ProductionBatchRow,
  ProjectDocumentRow,
  RemovalRow,
  SourceRow,
  StatementRow,
  SubmissionRow,
  TemplateRow,
} from '../rows';
import { BatchDates } from './batch-dates';
import { Exposure } from './exposure';
import { distinct, RowsByKey } from '../store/rows-by-key';
import { type ReferencingRow, SupplierReferences } from '../store/supplier-references';
import { TemplatePlaces } from './template-places';

export type { Exposed } from './exposure';
export type { TemplateComponentPlace, TemplateComponentUse, TemplateGroupPlace } from './template-places';
export { RowsByKey } from '../store/rows-by-key';

/**
 * The tables the indexes observe, and the ledger the credit batch dates are read from: what a
 * sandbox's state holds, named here so that the indexes depend on the tables, not on the state
 * that owns them.
 */
export interface IndexedTables {
  readonly attributions: Table<AttributionRow>;
  readonly components: Table<ComponentRow>;
  readonly templates: Table<TemplateRow>;
  readonly datapoints: Table<DatapointRow>;
  readonly sources: Table<SourceRow>;
  readonly removals: Table<RemovalRow>;
  readonly statements: Table<StatementRow>;
  readonly measurementLocations: Table<MeasurementLocationRow>;
  readonly measurementSamples: Table<MeasurementSampleRow>;
  readonly submissions: Table<SubmissionRow>;
  readonly biocharApplications: Table<BiocharApplicationRow>;
  readonly monitoringSubmissions: Table<MonitoringSubmissionRow>;
  readonly monitoringRequirements: Table<MonitoringRequirementRow>;
  readonly ledgerEntries: Table<LedgerEntryRow>;
  readonly orders: Table<OrderRow>;
  readonly organisations: Table<OrganisationRow>;
  readonly projectDocuments: Table<ProjectDocumentRow>;
  readonly storageLocations: Table<StorageLocationRow>;
  readonly feedstockTypes: Table<FeedstockTypeRow>;
  readonly feedstockBatches: Table<FeedstockBatchRow>;
  readonly productionBatches: Table<ProductionBatchRow>;
  readonly ledger: { getCreditBatch(id: string): { readonly issued_at: string } | undefined };
}

/** Every index of a sandbox. */
export class Indexes {
  /** Attributions of each GHG entry, in creation order. */
  readonly attributionsByRemoval: RowsByKey<AttributionRow>;
  /** Attributions of each component, in creation order. */
  readonly attributionsByComponent: RowsByKey<AttributionRow>;
  /** Attributions using a datapoint as legacy attribution factor. */
  readonly attributionsByFactorDatapoint: RowsByKey<AttributionRow>;
  /** Components using a datapoint in an input, in creation order. */
  readonly componentsByDatapoint: RowsByKey<ComponentRow>;
  readonly templates: TemplatePlaces;
  readonly templatesByProject: RowsByKey<TemplateRow>;
  readonly datapointsByOwner: RowsByKey<DatapointRow>;
  /** Datapoints by the unit of their quantity (the `quantity_kind` filter reads the compatible units' groups). */
  readonly datapointsByUnit: RowsByKey<DatapointRow>;
  readonly measurementSamplesByOwner: RowsByKey<MeasurementSampleRow>;
  readonly measurementSamplesByProject: RowsByKey<MeasurementSampleRow>;
  readonly submissionsByOwner: RowsByKey<SubmissionRow>;
  /** Data upload submissions by `owner+status` (the status filter of the caller's list). */
  readonly submissionsByOwnerStatus: RowsByKey<SubmissionRow>;
  /** Biochar applications of each GHG entry. */
  readonly applicationsByRemoval: RowsByKey<BiocharApplicationRow>;
  /** Statement-level components of each GHG statement. */
  readonly componentsByStatement: RowsByKey<ComponentRow>;
  /** Project-level components of each project. */
  readonly projectComponents: RowsByKey<ComponentRow>;
  /** What names each source: datapoints, biochar applications, monitoring submissions. */
  readonly datapointsBySource: RowsByKey<DatapointRow>;
  readonly applicationsBySource: RowsByKey<BiocharApplicationRow>;
  readonly monitoringSubmissionsBySource: RowsByKey<MonitoringSubmissionRow>;
  readonly submissionsByRequirement: RowsByKey<MonitoringSubmissionRow>;
  /** Records of the credit ledger by their list keys (ledger-keys.ts). */
  readonly ledger: RowsByKey<LedgerEntryRow>;
  /** Credit batches of each owner by issue date (the date filters of the credit batch list). */
  readonly batchDates: BatchDates;
  /** Orders by buyer and by supplier. */
  readonly ordersByBuyer: RowsByKey<OrderRow>;
  readonly ordersBySupplier: RowsByKey<OrderRow>;
  /** Organisations by kind: `supplier`, `registry` (the world's), `beneficiary:<org>` (registered by one). */
  readonly organisationsByKind: RowsByKey<OrganisationRow>;
  /** The organisation of each supplier id. */
  readonly organisationOfSupplier: RowsByKey<OrganisationRow>;
  /** Project documents of each project. */
  readonly documentsByProject: RowsByKey<ProjectDocumentRow>;
  /** Storage locations and monitoring requirements of each project; feedstock batches of each type. */
  readonly storageLocationsByProject: RowsByKey<StorageLocationRow>;
  readonly requirementsByProject: RowsByKey<MonitoringRequirementRow>;
  readonly batchesByType: RowsByKey<FeedstockBatchRow>;
  /** Measurement samples by their location, production batch and feedstock batch. */
  readonly samplesByLocation: RowsByKey<MeasurementSampleRow>;
  readonly samplesByBatch: RowsByKey<MeasurementSampleRow>;
  /** Biochar applications by production batch and by storage location. */
  readonly applicationsByBatch: RowsByKey<BiocharApplicationRow>;
  readonly applicationsBySite: RowsByKey<BiocharApplicationRow>;
  readonly references = new SupplierReferences();
  readonly exposure: Exposure;
  /** Rows of each table by owner, made when a table is first listed by owner. */
  readonly #byOwner = new Map<string, RowsByKey<Row & { readonly owner: string }>>();
  /** Rows of a table by the value of one of its fields, made when a list first filters on it. */
  readonly #byField = new Map<string, RowsByKey<Row>>();

  /**
   * The indexes over `state`'s tables; `referenceTables` are the tables whose rows carry supplier
   * references, in the order the resource list declares them (the last one scanned wins a reference
   * used twice).
   */
  constructor(state: IndexedTables, referenceTables: readonly Table<ReferencingRow>[]) {
    this.attributionsByRemoval = new RowsByKey(state.attributions, (a) => a.removal_id);
    this.attributionsByComponent = new RowsByKey(state.attributions, (a) => a.component_id);
    this.attributionsByFactorDatapoint = new RowsByKey(state.attributions, (a) => a.attribution_factor_datapoint_id);
    this.componentsByDatapoint = new RowsByKey(state.components, (c) => distinct(c.inputs.flatMap((input) => input.datapoint_ids)));
    this.templates = new TemplatePlaces(state.templates);
    this.templatesByProject = new RowsByKey(state.templates, (t) => t.project_id);
    this.datapointsByOwner = new RowsByKey(state.datapoints, (d) => d.owner, 'owner');
    this.datapointsByUnit = new RowsByKey(state.datapoints, (d) => d.quantity.unit);
    this.measurementSamplesByOwner = new RowsByKey(state.measurementSamples, (m) => m.owner);
    this.measurementSamplesByProject = new RowsByKey(state.measurementSamples, (m) => m.project_id);
    this.submissionsByOwner = new RowsByKey(state.submissions, (s) => s.owner);
    this.submissionsByOwnerStatus = new RowsByKey(state.submissions, (s) => `${s.owner}+${s.status}`);
    this.applicationsByRemoval = new RowsByKey(state.biocharApplications, (a) => a.removal_id);
    this.componentsByStatement = new RowsByKey(state.components, (c) => c.ghg_statement_id);
    this.projectComponents = new RowsByKey(state.components, (c) => (c.scope === 'PROJECT' ? c.project_id : null));
    this.datapointsBySource = new RowsByKey(state.datapoints, (d) => distinct(d.source_ids));
    this.applicationsBySource = new RowsByKey(state.biocharApplications, (a) => distinct(a.source_ids));
    this.monitoringSubmissionsBySource = new RowsByKey(state.monitoringSubmissions, (m) => m.source_id);
    this.submissionsByRequirement = new RowsByKey(state.monitoringSubmissions, (m) => m.project_monitoring_requirement_id);
    this.ledger = new RowsByKey(state.ledgerEntries, (e) => e.keys);
    // The ledger is made after the indexes: read it when a record is listed, not now.
    this.batchDates = new BatchDates(state.ledgerEntries, (id) => state.ledger.getCreditBatch(id)?.issued_at);
    this.ordersByBuyer = new RowsByKey(state.orders, (o) => o.organisation_id);
    this.ordersBySupplier = new RowsByKey(state.orders, (o) => o.supplier_id);
    this.organisationsByKind = new RowsByKey(state.organisations, (o) =>
      o.registered_by !== null ? `beneficiary:${o.registered_by}` : o.supplier !== null ? ['registry', 'supplier'] : 'registry',
    );
    this.organisationOfSupplier = new RowsByKey(state.organisations, (o) => o.supplier?.id ?? null);
    this.documentsByProject = new RowsByKey(state.projectDocuments, (d) => d.project_id);
    this.storageLocationsByProject = new RowsByKey(state.storageLocations, (l) => l.project_id);
    this.requirementsByProject = new RowsByKey(state.monitoringRequirements, (r) => r.project_id);
    this.batchesByType = new RowsByKey(state.feedstockBatches, (b) => b.feedstock_type_id);
    this.samplesByLocation = new RowsByKey(state.measurementSamples, (m) => m.measurement_location_id);
    this.samplesByBatch = new RowsByKey(state.measurementSamples, (m) => distinct([m.production_batch_id, m.feedstock_batch_id]));
    this.applicationsByBatch = new RowsByKey(state.biocharApplications, (a) => a.production_batch_id);
    this.applicationsBySite = new RowsByKey(state.biocharApplications, (a) => a.storage_location_id);
    // The order of a scan of the tables, the last one winning a reference used twice.
    for (const table of referenceTables) this.references.register(table);
    this.exposure = new Exposure({
      statements: state.statements,
      removals: state.removals,
      attributions: state.attributions,
      components: state.components,
      datapoints: state.datapoints,
      measurementSamples: state.measurementSamples,
      biocharApplications: state.biocharApplications,
      productionBatches: state.productionBatches,
      attributionsByRemoval: this.attributionsByRemoval,
      applicationsByRemoval: this.applicationsByRemoval,
      componentsByStatement: this.componentsByStatement,
      projectComponents: this.projectComponents,
      templates: this.templates,
    });
  }

  /** The rows of `table` grouped by owner (kept in step with the table from its first use). */
  byOwner<T extends Row & { readonly owner: string }>(table: Table<T>): RowsByKey<T> {
    let index = this.#byOwner.get(table.kind);
    if (index === undefined) {
      index = new RowsByKey(table as unknown as Table<Row & { readonly owner: string }>, (r) => r.owner, 'owner');
      this.#byOwner.set(table.kind, index);
    }
    return index as unknown as RowsByKey<T>;
  }

  /**
   * The rows of `table` grouped by the string value of `field` (`supplier_reference_id`,
   * `project_id`, ...), kept in step with the table from its first use: a list filtered on the
   * field reads the matching rows only, however many others there are.
   */
  byField<T extends Row>(table: Table<T>, field: keyof T & string): RowsByKey<T> {
    const name = `${table.kind}.${field}`;
    let index = this.#byField.get(name);
    if (index === undefined) {
      index = new RowsByKey(
        table as unknown as Table<Row>,
        (r) => {
          const value = (r as unknown as Record<string, unknown>)[field];
          return typeof value === 'string' ? value : null;
        },
        field === 'supplier_reference_id' || field === 'owner' ? field : undefined,
      );
      this.#byField.set(name, index);
    }
    return index as unknown as RowsByKey<T>;
  }
}
