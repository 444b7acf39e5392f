/**
 * The state of one sandbox: the store and its tables, the clock, the id and cursor generators and
 * the credit ledger. Everything a handler reads or changes is reached from here.
 */
import { createIdGenerator, type IdGenerator, type IdKind } from '../model';
import { createLedger, type CreditLedger } from '../registry';
import { createRandomSource } from '../uncertainty';
import { CursorCodec } from './pagination';
import type {
  AttributionRow,
  BiocharApplicationRow,
  BlueprintRow,
  CheckoutSessionRow,
  ClientRow,
  ComponentRow,
  DatapointRow,
  FacilityRow,
  FeedstockBatchRow,
  FeedstockTypeRow,
  FileUploadRow,
  LedgerEntryRow,
  LedgerKind,
  MeasurementLocationRow,
  MeasurementSampleRow,
  MonitoringRequirementRow,
  MonitoringSubmissionRow,
  OrderRow,
  OrganisationRow,
  ProductionBatchRow,
  ProjectDocumentRow,
  ProjectRow,
  RemovalRow,
  SensorRow,
  SourceRow,
  StatementRow,
  StorageLocationRow,
  StorageUnitRow,
  StripeConfigurationRow,
  SubmissionRow,
  TemplateRow,
  TokenRow,
} from './rows';
import { Indexes } from './indexes';
import { ledgerKeys } from './ledger-keys';
import { Store } from './store';

/** Reads the caller's clock value as milliseconds since the epoch. */
function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new Error(`sandbox clock gave ${String(value)}, not a date`);
  return ms;
}

/** The service clock: the caller's clock plus the offset the test helper has advanced it by. */
export class Clock {
  #offsetMs = 0;
  #pinnedMs: number | null = null;

  constructor(
    private readonly source: () => Date | string | number,
    private readonly store: Store,
  ) {}

  nowMs(): number {
    return this.#pinnedMs ?? toMs(this.source()) + this.#offsetMs;
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward (journaled, so a failed request leaves it where it was). */
  advance(ms: number): void {
    const before = this.#offsetMs;
    this.#offsetMs += ms;
    this.store.record(() => {
      this.#offsetMs = before;
    });
  }

  /** Holds the clock at `ms` while a world's dated records are replayed (null releases it). */
  pin(ms: number | null): void {
    this.#pinnedMs = ms;
  }
}

/** Everything one sandbox holds. */
export class ServiceState {
  readonly store = new Store();
  readonly organisations = this.store.table<OrganisationRow>('organisations');
  readonly clients = this.store.table<ClientRow>('clients');
  readonly tokens = this.store.table<TokenRow>('access_tokens');
  readonly projects = this.store.table<ProjectRow>('projects');
  readonly feedstockTypes = this.store.table<FeedstockTypeRow>('feedstock_types');
  readonly feedstockBatches = this.store.table<FeedstockBatchRow>('feedstock_batches');
  readonly productionBatches = this.store.table<ProductionBatchRow>('production_batches');
  readonly facilities = this.store.table<FacilityRow>('facilities');
  readonly fileUploads = this.store.table<FileUploadRow>('file_uploads');
  readonly blueprints = this.store.table<BlueprintRow>('component_blueprints');
  readonly templates = this.store.table<TemplateRow>('removal_templates');
  readonly datapoints = this.store.table<DatapointRow>('datapoints');
  readonly sources = this.store.table<SourceRow>('sources');
  readonly components = this.store.table<ComponentRow>('components');
  readonly removals = this.store.table<RemovalRow>('removals');
  readonly attributions = this.store.table<AttributionRow>('component_attributions');
  readonly statements = this.store.table<StatementRow>('ghg_statements');
  readonly storageLocations = this.store.table<StorageLocationRow>('storage_locations');
  readonly biocharApplications = this.store.table<BiocharApplicationRow>('biochar_applications');
  readonly measurementLocations = this.store.table<MeasurementLocationRow>('measurement_locations');
  readonly measurementSamples = this.store.table<MeasurementSampleRow>('measurement_samples');
  readonly submissions = this.store.table<SubmissionRow>('data_upload_submissions');
  readonly orders = this.store.table<OrderRow>('orders');
  readonly ledgerEntries = this.store.table<LedgerEntryRow>('ledger_entries');
  readonly storageUnits = this.store.table<StorageUnitRow>('storage_units');
  readonly sensors = this.store.table<SensorRow>('sensors');
  readonly monitoringRequirements = this.store.table<MonitoringRequirementRow>('monitoring_requirements');
  readonly monitoringSubmissions = this.store.table<MonitoringSubmissionRow>('monitoring_submissions');
  readonly projectDocuments = this.store.table<ProjectDocumentRow>('project_documents');
  readonly stripeConfigurations = this.store.table<StripeConfigurationRow>('stripe_configurations');
  readonly checkoutSessions = this.store.table<CheckoutSessionRow>('checkout_sessions');
  /** The indexes over the tables, kept in step with every write and rollback (declared after the tables). */
  readonly indexes = new Indexes(this);

  readonly clock: Clock;
  /** Draws an id: a replayed request's recorded one, else a new one (kept when recording). */
  readonly ids: IdGenerator = (kind) => {
    const replayed = this.#replayIds?.shift();
    if (replayed !== undefined) return replayed;
    const id = this.#draw(kind);
    this.#drawn?.push(id);
    return id;
  };
  #draw: IdGenerator;
  #replayIds: string[] | null = null;
  #drawn: string[] | null = null;
  readonly cursors: CursorCodec;
  readonly ledger: CreditLedger;
  /**
   * How many graphs the accounting evaluated for this state (evaluation.ts): tests count them to
   * hold the service to one evaluation per statement per change, and none for a read.
   */
  evaluations = 0;
  /** Registry code of serial numbers. */
  registryCode = 'CDR';
  /** Ids the ledger must use next, by kind: how a world's own batch and transaction ids are kept. */
  readonly #ledgerIdOverrides = new Map<IdKind, string[]>();

  constructor(now: () => Date | string | number, seed: number) {
    this.clock = new Clock(now, this.store);
    const random = createRandomSource(seed);
    this.#draw = createIdGenerator({ now: () => this.clock.nowMs(), random });
    // The cursor secret comes from the seeded source: stable for equal seeds, distinct across seeds.
    this.cursors = new CursorCodec(Math.floor(random() * 2 ** 52).toString(36));
    this.ledger = createLedger({
      ids: (kind) => this.#ledgerIdOverrides.get(kind)?.shift() ?? this.ids(kind),
      now: () => this.clock.nowIso(),
    });
  }

  /**
   * Draws new ids from a generator seeded with `seed` from now on: a sandbox restarted on its
   * journal continues with a sequence of its own, not the one its first start drew.
   */
  reseedIds(seed: number): void {
    this.#draw = createIdGenerator({ now: () => this.clock.nowMs(), random: createRandomSource(seed) });
  }

  /** Runs `work` handing out `ids` first (a replayed request's ids); returns those left over. */
  withIds(ids: readonly string[], work: () => void): number {
    this.#replayIds = [...ids];
    try {
      work();
      return this.#replayIds.length;
    } finally {
      this.#replayIds = null;
    }
  }

  /** Runs `work` and returns it with the ids it drew, in order (a request to journal). */
  recordingIds<R>(work: () => R): { readonly result: R; readonly ids: readonly string[] } {
    const drawn: string[] = [];
    this.#drawn = drawn;
    try {
      return { result: work(), ids: drawn };
    } finally {
      this.#drawn = null;
    }
  }

  /** Makes the ledger's next draws of `kind` return `ids` (world loading only). */
  overrideLedgerIds(kind: IdKind, ids: readonly string[]): void {
    this.#ledgerIdOverrides.set(kind, [...ids]);
  }

  /** Remembers a ledger record's place in the creation order, and its list keys as they are now. */
  recordLedgerEntry(kind: LedgerKind, id: string): void {
    const row: LedgerEntryRow = { id, kind, keys: ledgerKeys(this.ledger, kind, id) };
    const old = this.ledgerEntries.get(id);
    if (old === undefined) this.ledgerEntries.insert(row);
    else if (old.keys.join('\n') !== row.keys.join('\n')) this.ledgerEntries.update(row);
  }

  /** Remembers the batches an issuance created. */
  recordIssuance(issuanceId: string): void {
    this.recordLedgerEntry('issuance', issuanceId);
    const batches = this.ledger.getIssuanceCreditBatches(issuanceId);
    for (const b of [...(batches?.supplier_credit_batches ?? []), ...(batches?.buffer_pool_credit_batches ?? [])])
      this.recordLedgerEntry('credit_batch', b.id);
  }

  /** Remembers a transaction and the children its lines split off. */
  recordTransaction(
    kind: Exclude<LedgerKind, 'issuance' | 'credit_batch'>,
    id: string,
    lines: readonly { readonly credit_batch_id: string }[],
  ): void {
    this.recordLedgerEntry(kind, id);
    for (const line of lines) {
      // The batch itself may have changed hands (or status); its children are new.
      this.recordLedgerEntry('credit_batch', line.credit_batch_id);
      const batch = this.ledger.getCreditBatch(line.credit_batch_id);
      if (batch?.left_child_id != null) this.recordLedgerEntry('credit_batch', batch.left_child_id);
      if (batch?.right_child_id != null) this.recordLedgerEntry('credit_batch', batch.right_child_id);
    }
  }

  /** The store and the ledger as one deterministic text: equal texts, equal states. */
  snapshot(): string {
    return `${this.store.snapshot()}\n${this.ledger.serialize()}\n${this.clock.offsetMs}`;
  }
}
