/**
 * The credit ledger: issuance, split trees, deliveries, transfers, retirements and buffer-pool
 * refunds over exact integer kilograms (bigint), with O(1) batch reads and O(1) balances.
 *
 * Every request runs in three phases: read and check the whole request, collecting every problem
 * (nothing changes; a refusal throws {@link CreditLedgerError}); draw the clock and the new ids
 * (still nothing changes); then apply, which cannot fail. So a refused request leaves the ledger,
 * and {@link CreditLedger.serialize}, exactly as it was.
 */
import { createIdGenerator, ID_PREFIXES, type IdGenerator, type IdKind } from '../model/ids';
import { CreditLedgerError, type LedgerOperation } from './errors';
import { CARBON_FIELDS, checkIssuanceRequest } from './issuance-request';
import { DEFAULT_LEDGER_POLICIES, type LedgerPolicies } from './policies';
import { creditQuantity } from './quantity';
import {
  BatchRecord,
  type DeliveryRecord,
  type IssuanceRecord,
  type Origin,
  type Pool,
  type RefundRecord,
  type RetirementRecord,
  type SupplierRecord,
  type TransactionRecord,
  type TransferRecord,
} from './records';
import { RunningTotals, type Tally } from './totals';
import type {
  BufferPoolRefundView,
  CreditBalanceView,
  CreditBatchFilter,
  CreditBatchView,
  DeliveryInput,
  DeliveryView,
  IssuanceCreditBatchesView,
  IssuanceInput,
  IssuanceView,
  LedgerCounts,
  OrganisationCreditBalanceView,
  OrganisationView,
  RefundInput,
  RetirementByBatchInput,
  RetirementFromOldestInput,
  RetirementPurposeValue,
  RetirementView,
  SupplierInput,
  SupplierView,
  TransferInput,
  TransferView,
} from './types';
import {
  Problems,
  readId,
  readLocation,
  readNotes,
  readObject,
  readOptionalText,
  readOrganisation,
  readPositiveKg,
  readPurposes,
  readString,
  type Path,
} from './validate';

/**
 * Options of {@link createLedger}.
 * @public
 */
export interface CreditLedgerOptions {
  /** Id generator; defaults to `createIdGenerator()`. Inject a seeded one for reproducible ids. */
  readonly ids?: IdGenerator;
  /** Clock giving ISO 8601 date-times; defaults to the system clock. */
  readonly now?: () => string;
  /** Overrides of {@link DEFAULT_LEDGER_POLICIES}. */
  readonly policies?: Partial<LedgerPolicies>;
}

/** A checked line of a transaction. */
interface PlannedLine {
  readonly batch: BatchRecord;
  readonly kg: bigint;
}

/** What the lines of a request must satisfy; an undefined rule is not checked. */
interface LineRules {
  readonly owner: string | undefined;
  readonly supplierId: string | undefined;
  readonly bufferPoolOnly: boolean;
}

/** The common fields of both retirement requests, as checked. */
interface RetirementHead {
  readonly owner: string | undefined;
  readonly beneficiary: string | undefined;
  readonly supplierId: string | undefined;
  readonly purposes: readonly RetirementPurposeValue[];
  readonly notes: string | null;
}

/** The transactions that take credits from batches; each name is both its operation and its id kind. */
type TransactionKind = 'delivery' | 'transfer' | 'retirement' | 'refund';

/** Id and clock reading of a transaction being applied. */
interface Stamp {
  readonly id: string;
  readonly at: string;
}

/** Clock reading and fresh ids of a checked transaction. */
interface Prepared extends Stamp {
  /** Per line, the ids of its two children when the line splits its batch. */
  readonly childIds: readonly (readonly [string, string] | null)[];
}

/** An id index and the key to look up in it; an undefined key means the filter was not given. */
type IndexLookup = readonly [ReadonlyMap<string, readonly string[]>, string | undefined];

const ZERO_BALANCE: CreditBalanceView = Object.freeze({
  active_credits_total: Object.freeze(creditQuantity(0n)),
  retired_credits_total: Object.freeze(creditQuantity(0n)),
});

function holdingKey(owner: string, supplierId: string): string {
  return `${owner} ${supplierId}`;
}

function pushTo(index: Map<string, string[]>, key: string, id: string): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [id]);
  else list.push(id);
}

/**
 * Starts checking a request: a fresh problem list and the request object, or a refusal when the
 * request is not an object (nothing else can be read from it).
 */
function openRequest(input: unknown, operation: LedgerOperation, what: string): { readonly req: Record<string, unknown>; readonly problems: Problems } {
  const problems = new Problems();
  const req = readObject(input, [], problems, what);
  if (req === undefined) throw new CreditLedgerError(operation, problems.list);
  return { req, problems };
}

/** The records of `ids`, in order. Ids come from the ledger's own records and indexes, so the check only narrows. */
function recordsOf<R>(store: ReadonlyMap<string, R>, ids: readonly string[]): R[] {
  const out: R[] = [];
  for (const id of ids) {
    const record = store.get(id);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/**
 * The records listed under the first lookup whose key is given, or every record when none is.
 * Creation order either way: indexes are only ever appended to. O(result).
 */
function selectRecords<R>(store: ReadonlyMap<string, R>, ...lookups: readonly IndexLookup[]): R[] {
  for (const [index, key] of lookups) {
    if (key !== undefined) return recordsOf(store, index.get(key) ?? []);
  }
  return [...store.values()];
}

function balanceView(tally: Tally): CreditBalanceView {
  return { active_credits_total: creditQuantity(tally.active), retired_credits_total: creditQuantity(tally.retired) };
}

function balancesOf<K extends string>(map: ReadonlyMap<string, Tally>, key: K): ({ readonly total: CreditBalanceView } & Record<K, string>)[] {
  return [...map]
    .filter(([, tally]) => tally.active !== 0n || tally.retired !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, tally]) => ({ [key]: id, total: balanceView(tally) }) as { readonly total: CreditBalanceView } & Record<K, string>);
}

/**
 * The in-memory credit ledger. Amounts are exact integer kilograms; every transaction is atomic.
 * Create one with {@link createLedger}.
 * @public
 */
export class CreditLedger {
  readonly #ids: IdGenerator;
  readonly #now: () => string;
  readonly #policies: LedgerPolicies;

  readonly #organisations = new Map<string, OrganisationView>();
  readonly #suppliers = new Map<string, SupplierRecord>();
  readonly #batches = new Map<string, BatchRecord>();
  readonly #issuances = new Map<string, IssuanceRecord>();
  readonly #issuedStatements = new Map<string, string>();
  readonly #deliveries = new Map<string, DeliveryRecord>();
  readonly #transfers = new Map<string, TransferRecord>();
  readonly #retirements = new Map<string, RetirementRecord>();
  readonly #refunds = new Map<string, RefundRecord>();

  // Secondary indexes: id lists in creation order, so lists never scan unrelated records.
  readonly #issuancesBySupplier = new Map<string, string[]>();
  readonly #deliveriesBySupplier = new Map<string, string[]>();
  readonly #deliveriesTo = new Map<string, string[]>();
  readonly #transfersFrom = new Map<string, string[]>();
  readonly #transfersTo = new Map<string, string[]>();
  readonly #retirementsByOwner = new Map<string, string[]>();
  /** Active batches per (owner, supplier): the candidates of retirement from oldest credits. */
  readonly #activeHoldings = new Map<string, Set<BatchRecord>>();
  #activeCount = 0;

  readonly #totals = new RunningTotals();
  #issuanceCount = 0;
  readonly #projectNumbering = new Map<string, { sequence: number; nextUnit: bigint }>();

  /** Creates an empty ledger; {@link createLedger} does the same. */
  constructor(options: CreditLedgerOptions = {}) {
    this.#ids = options.ids ?? createIdGenerator();
    this.#now = options.now ?? (() => new Date().toISOString());
    this.#policies = { ...DEFAULT_LEDGER_POLICIES, ...options.policies };
  }

  /** The policies in force. O(1). */
  get policies(): LedgerPolicies {
    return this.#policies;
  }

  // ---------------------------------------------------------------------------------------------
  // Organisations and suppliers

  /**
   * Registers an organisation, or updates its name and domain. O(1).
   * @throws {@link CreditLedgerError} when the organisation is malformed.
   */
  registerOrganisation(organisation: OrganisationView): OrganisationView {
    const problems = new Problems();
    const org = readOrganisation(organisation, [], problems, 'organisation');
    if (org === undefined) throw new CreditLedgerError('organisation', problems.list);
    this.#organisations.set(org.id, org);
    return org;
  }

  /**
   * Registers a supplier and its organisation, or updates them; a supplier never changes
   * organisation. O(1).
   * @throws {@link CreditLedgerError} when the supplier is malformed or names another organisation.
   */
  registerSupplier(supplier: SupplierInput): SupplierView {
    const { req: obj, problems } = openRequest(supplier, 'supplier', 'supplier');
    const id = readId('supplier', obj.id, ['id'], problems, 'supplier id');
    const org = readOrganisation(obj.organisation, ['organisation'], problems, 'organisation');
    const shortDescription = readOptionalText(obj.short_description, ['short_description'], problems, 'short_description');
    const longDescription = readOptionalText(obj.long_description, ['long_description'], problems, 'long_description');
    const location = readLocation(obj.location, ['location'], problems);
    if (id !== undefined && org !== undefined) this.#checkSupplierOrganisation(id, org.id, ['organisation', 'id'], problems);
    if (!problems.empty || id === undefined || org === undefined || location === undefined) {
      throw new CreditLedgerError('supplier', problems.list);
    }
    this.#organisations.set(org.id, org);
    this.#suppliers.set(id, { id, organisationId: org.id, shortDescription, longDescription, location });
    return this.#supplierView(id);
  }

  /** An organisation by id, or undefined. O(1). */
  getOrganisation(id: string): OrganisationView | undefined {
    return this.#organisations.get(id);
  }

  /** A supplier by id, or undefined. O(1). */
  getSupplier(id: string): SupplierView | undefined {
    return this.#suppliers.has(id) ? this.#supplierView(id) : undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Issuance

  /**
   * Issues the credits of a verified GHG statement: per entry a supplier batch (owned by the
   * supplier's organisation) and a buffer-pool batch (owned by the buffer pool organisation); a
   * zero-size batch is not created. Serial ranges follow the entries in order and never overlap.
   * Registers the two organisations and, if new, the supplier. O(entries).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing is issued.
   */
  createIssuance(input: IssuanceInput): IssuanceView {
    const checked = checkIssuanceRequest(input, {
      issuedAs: (statementId) => this.#issuedStatements.get(statementId),
      supplierOrganisation: (supplierId) => this.#suppliers.get(supplierId)?.organisationId,
    });
    if (!checked.ok) throw new CreditLedgerError('issuance', checked.problems);
    const { statementId, projectId, supplierId, supplierOrg, bufferOrg, country, registryCode, pathwayCode, projectCode, ccpApproved, start, end, entries } = checked.issuance;

    // Phase 2: clock and ids. Nothing has changed yet.
    const issuedAt = this.#timestamp('issuance');
    const batchCount = entries.reduce((n, e) => n + (e.supplierKg > 0n ? 1 : 0) + (e.bufferKg > 0n ? 1 : 0), 0);
    const [issuanceId, ...batchIds] = this.#freshIds('issuance', [['issuance', 1], ['credit_batch', batchCount]]);
    if (issuanceId === undefined) throw new CreditLedgerError('issuance', [{ path: [], code: 'id_generator_failure', message: 'no issuance id' }]);

    // Phase 3: apply.
    const numbering = this.#policies.unitNumbering;
    const counter = this.#projectNumbering.get(projectId) ?? { sequence: 0, nextUnit: 1n };
    const sequence = numbering === 'per_project' ? counter.sequence + 1 : this.#issuanceCount + 1;
    let nextUnit = numbering === 'per_project' ? counter.nextUnit : 1n;
    this.#issuanceCount += 1;

    this.#organisations.set(supplierOrg.id, supplierOrg);
    this.#organisations.set(bufferOrg.id, bufferOrg);
    if (!this.#suppliers.has(supplierId)) {
      this.#suppliers.set(supplierId, { id: supplierId, organisationId: supplierOrg.id, shortDescription: null, longDescription: null, location: null });
    }
    const origins: Origin[] = [];
    const supplierBatchIds: string[] = [];
    const bufferPoolBatchIds: string[] = [];
    let supplierTotal = 0n;
    let bufferPoolTotal = 0n;
    let nextBatch = 0;
    const issuedAtMs = Date.parse(issuedAt);
    for (const entry of entries) {
      for (const pool of ['supplier', 'buffer_pool'] as const satisfies readonly Pool[]) {
        const kg = pool === 'supplier' ? entry.supplierKg : entry.bufferKg;
        if (kg === 0n) continue;
        const origin: Origin = Object.freeze({
          issuanceId,
          index: origins.length,
          pool,
          projectId,
          supplierId,
          ghgEntryId: entry.ghgEntryId,
          sequesteredOn: entry.sequesteredOn,
          vintage: Number(entry.sequesteredOn.slice(0, 4)),
          countryOfIssue: country,
          ccpApproved,
          issuedAt,
          issuedAtMs,
          carbonRemovalData: entry.carbon,
          registryCode,
          pathwayCode,
          projectCode,
          issuanceSequence: sequence,
        });
        origins.push(origin);
        const id = batchIds[nextBatch++] ?? '';
        const owner = pool === 'supplier' ? supplierOrg.id : bufferOrg.id;
        const batch = new BatchRecord(id, origin, nextUnit, kg, owner, null, null, null, null);
        nextUnit += kg;
        this.#batches.set(id, batch);
        this.#deposit(batch);
        if (pool === 'supplier') {
          supplierBatchIds.push(id);
          supplierTotal += kg;
        } else {
          bufferPoolBatchIds.push(id);
          bufferPoolTotal += kg;
        }
      }
    }
    if (numbering === 'per_project') this.#projectNumbering.set(projectId, { sequence, nextUnit });
    const issuance: IssuanceRecord = {
      id: issuanceId,
      ghgStatementId: statementId,
      issuedAt,
      supplierId,
      projectId,
      bufferPoolOrganisationId: bufferOrg.id,
      reportingPeriodStart: start,
      reportingPeriodEnd: end,
      supplierTotal,
      bufferPoolTotal,
      origins,
      supplierBatchIds,
      bufferPoolBatchIds,
    };
    this.#issuances.set(issuanceId, issuance);
    this.#issuedStatements.set(statementId, issuanceId);
    pushTo(this.#issuancesBySupplier, supplierId, issuanceId);
    return this.#issuanceView(issuance);
  }

  // ---------------------------------------------------------------------------------------------
  // Transactions

  /**
   * Delivers a supplier's credits to the buyer of an order. The acting organisation is the
   * supplier's: every batch must be owned by it and come from the order's supplier. Registers the
   * buyer organisation. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createDelivery(input: DeliveryInput): DeliveryView {
    const { req, problems } = openRequest(input, 'delivery', 'delivery request');
    const order = readObject(req.order, ['order'], problems, 'order');
    const orderId = order === undefined ? undefined : readId('order', order.id, ['order', 'id'], problems, 'order id');
    const buyer = order === undefined ? undefined : readOrganisation(order.organisation, ['order', 'organisation'], problems, 'order organisation');
    const supplierId = order === undefined ? undefined : this.#readKnownSupplier(order.supplier_id, ['order', 'supplier_id'], problems);
    const supplierOrgId = supplierId === undefined ? undefined : this.#suppliers.get(supplierId)?.organisationId;
    if (buyer !== undefined && supplierOrgId !== undefined && buyer.id === supplierOrgId) {
      problems.add(['order', 'organisation', 'id'], 'same_organisation', `the buyer ${buyer.id} is the supplier's own organisation`);
    }
    const notes = readNotes(req.notes, ['notes'], problems);
    const lines = this.#readLines(req.credit_batch_quantities, { owner: supplierOrgId, supplierId, bufferPoolOnly: false }, problems);
    if (!problems.empty || orderId === undefined || buyer === undefined || supplierId === undefined) {
      throw new CreditLedgerError('delivery', problems.list);
    }
    const delivery = this.#transact(
      'delivery',
      lines,
      notes,
      (batch, tx) => {
        this.#changeOwner(batch, buyer.id, orderId);
        batch.deliveryId = tx.id;
        batch.deliveredAt = tx.at;
      },
      (common) => {
        const record: DeliveryRecord = { ...common, orderId, supplierId, toOrganisationId: buyer.id };
        // Registered only now, when the delivery can no longer be refused.
        this.#organisations.set(buyer.id, buyer);
        this.#deliveries.set(record.id, record);
        pushTo(this.#deliveriesBySupplier, supplierId, record.id);
        pushTo(this.#deliveriesTo, buyer.id, record.id);
        return record;
      },
    );
    return this.#deliveryView(delivery);
  }

  /**
   * Transfers credits of one supplier from the acting organisation (`from_organisation_id`, owner
   * of every batch) to another registered organisation. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createTransfer(input: TransferInput): TransferView {
    const { req, problems } = openRequest(input, 'transfer', 'transfer request');
    const { from, to } = this.#readParties(req, 'from_organisation_id', 'transfer', problems);
    const supplierId = this.#readKnownSupplier(req.supplier_id, ['supplier_id'], problems);
    const notes = readNotes(req.notes, ['notes'], problems);
    const lines = this.#readLines(req.credit_batch_quantities, { owner: from, supplierId, bufferPoolOnly: false }, problems);
    if (!problems.empty || from === undefined || to === undefined || supplierId === undefined) {
      throw new CreditLedgerError('transfer', problems.list);
    }
    const transfer = this.#transact(
      'transfer',
      lines,
      notes,
      (batch) => this.#changeOwner(batch, to, batch.orderId),
      (common) => {
        const record: TransferRecord = { ...common, supplierId, fromOrganisationId: from, toOrganisationId: to };
        this.#transfers.set(record.id, record);
        pushTo(this.#transfersFrom, from, record.id);
        pushTo(this.#transfersTo, to, record.id);
        return record;
      },
    );
    return this.#transferView(transfer);
  }

  /**
   * Retires given batches of one supplier owned by the acting organisation, in the name of a
   * registered beneficiary (interface.md op 20). Retirement is final. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRetirement(input: RetirementByBatchInput): RetirementView {
    const { req, problems } = openRequest(input, 'retirement', 'retirement request');
    const head = this.#readRetirementHead(req, problems);
    const lines = this.#readLines(req.credit_batch_quantities, { owner: head.owner, supplierId: head.supplierId, bufferPoolOnly: false }, problems);
    return this.#retire(head, lines, problems);
  }

  /**
   * Retires `credit_quantity_kg` of the oldest active credits of a supplier owned by the acting
   * organisation: batches in ascending `issued_at`, then id, optionally only one vintage (year of
   * `sequestered_on`) or one order; the last batch taken is split when needed.
   * O(a log a) for the a active batches the organisation holds of that supplier.
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRetirementFromOldestCredits(input: RetirementFromOldestInput): RetirementView {
    const { req, problems } = openRequest(input, 'retirement', 'retirement request');
    const head = this.#readRetirementHead(req, problems);
    const quantity = readPositiveKg(req.credit_quantity_kg, ['credit_quantity_kg'], problems, 'credit_quantity_kg: ');
    let vintage: number | null = null;
    if (req.vintage !== undefined && req.vintage !== null) {
      if (typeof req.vintage === 'number' && Number.isInteger(req.vintage) && req.vintage >= 1900 && req.vintage <= 2100) vintage = req.vintage;
      else problems.add(['vintage'], 'invalid_vintage', `vintage must be a year from 1900 to 2100, got ${String(req.vintage)}`);
    }
    let orderId: string | null = null;
    if (req.order_id !== undefined && req.order_id !== null) orderId = readId('order', req.order_id, ['order_id'], problems, 'order_id') ?? null;

    const lines: PlannedLine[] = [];
    if (problems.empty && head.owner !== undefined && head.supplierId !== undefined && quantity !== undefined) {
      const holding = this.#activeHoldings.get(holdingKey(head.owner, head.supplierId));
      const candidates = holding === undefined ? [] : [...holding].filter((b) => (vintage === null || b.origin.vintage === vintage) && (orderId === null || b.orderId === orderId));
      candidates.sort((a, b) => a.origin.issuedAtMs - b.origin.issuedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      let remaining = quantity;
      for (const batch of candidates) {
        if (remaining === 0n) break;
        const kg = batch.size < remaining ? batch.size : remaining;
        lines.push({ batch, kg });
        remaining -= kg;
      }
      if (remaining > 0n) {
        const filters = [vintage === null ? '' : ` of vintage ${vintage}`, orderId === null ? '' : ` delivered against ${orderId}`].join('');
        problems.add(['credit_quantity_kg'], 'insufficient_credits', `${head.owner} holds only ${quantity - remaining} kg of active credits of ${head.supplierId}${filters}; ${quantity} kg were asked`);
      }
    }
    return this.#retire(head, lines, problems);
  }

  /**
   * Records a buffer-pool refund, with this meaning [decision]: the buffer pool organisation hands
   * buffer-pool credits (batches issued as buffer-pool contributions, which it owns) to another
   * registered organisation, typically to make good credits lost to a reversal. It moves credits
   * like a transfer, so nothing is created or destroyed; the batches of one refund may come from
   * several suppliers, as the buffer pool is shared. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRefund(input: RefundInput): BufferPoolRefundView {
    const { req, problems } = openRequest(input, 'refund', 'refund request');
    const { from, to } = this.#readParties(req, 'from_buffer_pool_organisation_id', 'refund', problems);
    const notes = readNotes(req.notes, ['notes'], problems);
    const lines = this.#readLines(req.credit_batch_quantities, { owner: from, supplierId: undefined, bufferPoolOnly: true }, problems);
    if (!problems.empty || from === undefined || to === undefined) throw new CreditLedgerError('refund', problems.list);
    const refund = this.#transact(
      'refund',
      lines,
      notes,
      (batch) => this.#changeOwner(batch, to, batch.orderId),
      (common) => {
        const record: RefundRecord = { ...common, fromOrganisationId: from, toOrganisationId: to };
        this.#refunds.set(record.id, record);
        return record;
      },
    );
    return this.#refundView(refund);
  }

  // ---------------------------------------------------------------------------------------------
  // Reads

  /** A credit batch by id, or undefined. O(1): one Map lookup. */
  getCreditBatch(id: string): CreditBatchView | undefined {
    const batch = this.#batches.get(id);
    return batch === undefined ? undefined : this.#batchView(batch);
  }

  /**
   * Credit batches matching every given filter, in creation order. O(n) over all batches: meant
   * for exports and checks, not for hot paths.
   */
  listCreditBatches(filter: CreditBatchFilter = {}): CreditBatchView[] {
    const out: CreditBatchView[] = [];
    for (const batch of this.#batches.values()) {
      if (filter.owner_organisation_id !== undefined && batch.owner !== filter.owner_organisation_id) continue;
      if (filter.supplier_id !== undefined && batch.origin.supplierId !== filter.supplier_id) continue;
      if (filter.project_id !== undefined && batch.origin.projectId !== filter.project_id) continue;
      if (filter.status !== undefined && batch.status !== filter.status) continue;
      out.push(this.#batchView(batch));
    }
    return out;
  }

  /** An issuance by id, or undefined. O(1). */
  getIssuance(id: string): IssuanceView | undefined {
    const issuance = this.#issuances.get(id);
    return issuance === undefined ? undefined : this.#issuanceView(issuance);
  }

  /** The issuance of a GHG statement, or undefined. O(1). */
  getIssuanceOfStatement(ghgStatementId: string): IssuanceView | undefined {
    const id = this.#issuedStatements.get(ghgStatementId);
    return id === undefined ? undefined : this.getIssuance(id);
  }

  /**
   * Issuances, optionally of one supplier, in creation order. O(issuances of the supplier) via the
   * supplier index; O(all issuances) unfiltered.
   */
  listIssuances(filter: { readonly supplier_id?: string } = {}): IssuanceView[] {
    return selectRecords(this.#issuances, [this.#issuancesBySupplier, filter.supplier_id]).map((i) => this.#issuanceView(i));
  }

  /** The batches an issuance created (some may since be split), or undefined. O(batches issued). */
  getIssuanceCreditBatches(id: string): IssuanceCreditBatchesView | undefined {
    const issuance = this.#issuances.get(id);
    if (issuance === undefined) return undefined;
    return {
      issuance_id: id,
      supplier_credit_batches: this.#batchViews(issuance.supplierBatchIds),
      supplier_credit_batch_size_total: creditQuantity(issuance.supplierTotal),
      buffer_pool_credit_batches: this.#batchViews(issuance.bufferPoolBatchIds),
      buffer_pool_credit_batch_size_total: creditQuantity(issuance.bufferPoolTotal),
      credit_batch_size_total: creditQuantity(issuance.supplierTotal + issuance.bufferPoolTotal),
    };
  }

  /** A delivery by id, or undefined. O(1). */
  getDelivery(id: string): DeliveryView | undefined {
    const delivery = this.#deliveries.get(id);
    return delivery === undefined ? undefined : this.#deliveryView(delivery);
  }

  /** The batches a delivery moved (as they are now), or undefined. O(lines of the delivery). */
  getDeliveryCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#takenBatches(this.#deliveries.get(id));
  }

  /**
   * Deliveries, optionally from one supplier and/or to one organisation, in creation order.
   * O(deliveries of the supplier or organisation) via id indexes; O(all deliveries) unfiltered.
   */
  listDeliveries(filter: { readonly from_supplier_id?: string; readonly to_organisation_id?: string } = {}): DeliveryView[] {
    const { from_supplier_id: supplier, to_organisation_id: to } = filter;
    return selectRecords(this.#deliveries, [this.#deliveriesBySupplier, supplier], [this.#deliveriesTo, to])
      .filter((d) => to === undefined || d.toOrganisationId === to)
      .map((d) => this.#deliveryView(d));
  }

  /** Deliveries from a supplier (interface.md op 21), in creation order. O(its deliveries). */
  listSupplierDeliveries(supplierId: string): DeliveryView[] {
    return this.listDeliveries({ from_supplier_id: supplierId });
  }

  /** A transfer by id, or undefined. O(1). */
  getTransfer(id: string): TransferView | undefined {
    const transfer = this.#transfers.get(id);
    return transfer === undefined ? undefined : this.#transferView(transfer);
  }

  /** The batches a transfer moved (as they are now), or undefined. O(lines of the transfer). */
  getTransferCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#takenBatches(this.#transfers.get(id));
  }

  /**
   * Transfers, optionally from and/or to one organisation (interface.md op 22), in creation order.
   * O(transfers of that organisation) via id indexes; O(all transfers) unfiltered.
   */
  listTransfers(filter: { readonly from_organisation_id?: string; readonly to_organisation_id?: string } = {}): TransferView[] {
    const { from_organisation_id: from, to_organisation_id: to } = filter;
    return selectRecords(this.#transfers, [this.#transfersFrom, from], [this.#transfersTo, to])
      .filter((t) => to === undefined || t.toOrganisationId === to)
      .map((t) => this.#transferView(t));
  }

  /** A retirement by id, or undefined. O(1). */
  getRetirement(id: string): RetirementView | undefined {
    const retirement = this.#retirements.get(id);
    return retirement === undefined ? undefined : this.#retirementView(retirement);
  }

  /** The batches a retirement retired, or undefined. O(lines of the retirement). */
  getRetirementCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#takenBatches(this.#retirements.get(id));
  }

  /**
   * Retirements, optionally by one owner organisation, in creation order. O(its retirements) via
   * the owner index; O(all retirements) unfiltered.
   */
  listRetirements(filter: { readonly owner_organisation_id?: string } = {}): RetirementView[] {
    return selectRecords(this.#retirements, [this.#retirementsByOwner, filter.owner_organisation_id]).map((r) => this.#retirementView(r));
  }

  /** A refund by id, or undefined. O(1). */
  getRefund(id: string): BufferPoolRefundView | undefined {
    const refund = this.#refunds.get(id);
    return refund === undefined ? undefined : this.#refundView(refund);
  }

  /** The batches a refund moved (as they are now; interface.md op 23), or undefined. O(lines of the refund). */
  getRefundCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#takenBatches(this.#refunds.get(id));
  }

  /** Refunds in creation order. O(all refunds). */
  listRefunds(): BufferPoolRefundView[] {
    return [...this.#refunds.values()].map((r) => this.#refundView(r));
  }

  /**
   * An organisation's active and retired credits; zero for an organisation that never held any.
   * O(1): read from running totals, never by scanning batches.
   */
  getCreditBalance(organisationId: string): CreditBalanceView {
    const totals = this.#totals.byOrganisation.get(organisationId);
    return totals === undefined ? ZERO_BALANCE : balanceView(totals.total);
  }

  /**
   * An organisation's balance with its split by supplier, project and order (OpenAPI
   * OrganisationCreditBalance). O(k log k) for the k suppliers, projects and orders the
   * organisation has held credits of; independent of the number of batches.
   */
  getOrganisationCreditBalance(organisationId: string): OrganisationCreditBalanceView {
    const totals = this.#totals.byOrganisation.get(organisationId);
    if (totals === undefined) return { total: ZERO_BALANCE, supplier_balances: [], project_balances: [], order_balances: [] };
    return {
      total: balanceView(totals.total),
      supplier_balances: balancesOf(totals.bySupplier, 'supplier_id'),
      project_balances: balancesOf(totals.byProject, 'project_id'),
      order_balances: balancesOf(totals.byOrder, 'order_id'),
    };
  }

  /** How many records the ledger holds. O(1). */
  counts(): LedgerCounts {
    return {
      credit_batches: this.#batches.size,
      active_credit_batches: this.#activeCount,
      issuances: this.#issuances.size,
      deliveries: this.#deliveries.size,
      transfers: this.#transfers.size,
      retirements: this.#retirements.size,
      refunds: this.#refunds.size,
    };
  }

  /**
   * The whole state as a deterministic JSON string: the same history always gives the same bytes,
   * and a refused request leaves them unchanged. Amounts are decimal strings. O(size of the ledger).
   */
  serialize(): string {
    const kg = (value: bigint): string => value.toString();
    const tallies = (map: ReadonlyMap<string, Tally>): [string, string, string][] => [...map].map(([id, t]) => [id, kg(t.active), kg(t.retired)]);
    const index = (map: ReadonlyMap<string, readonly string[]>): [string, readonly string[]][] => [...map];
    // Every transaction row starts with the fields all transactions share.
    const common = (t: TransactionRecord): unknown[] => [t.id, t.at, kg(t.total), t.batchIds, t.notes];
    return JSON.stringify({
      format: 'cdr-engine/credit-ledger/1',
      numbering: { issuances: this.#issuanceCount, projects: [...this.#projectNumbering].map(([id, c]) => [id, c.sequence, kg(c.nextUnit)]) },
      organisations: [...this.#organisations.values()].map((o) => [o.id, o.name, o.domain]),
      suppliers: [...this.#suppliers.values()].map((s) => [s.id, s.organisationId, s.shortDescription, s.longDescription, s.location]),
      issuances: [...this.#issuances.values()].map((i) => ({
        id: i.id,
        ghg_statement_id: i.ghgStatementId,
        issued_at: i.issuedAt,
        supplier_id: i.supplierId,
        project_id: i.projectId,
        buffer_pool_organisation_id: i.bufferPoolOrganisationId,
        period: [i.reportingPeriodStart, i.reportingPeriodEnd],
        totals: [kg(i.supplierTotal), kg(i.bufferPoolTotal)],
        origins: i.origins.map((o) => [
          o.pool,
          o.ghgEntryId,
          o.sequesteredOn,
          o.countryOfIssue,
          o.ccpApproved,
          o.registryCode,
          o.pathwayCode,
          o.projectCode,
          o.issuanceSequence,
          CARBON_FIELDS.map((f) => o.carbonRemovalData[f]),
        ]),
        supplier_batch_ids: i.supplierBatchIds,
        buffer_pool_batch_ids: i.bufferPoolBatchIds,
      })),
      credit_batches: [...this.#batches.values()].map((b) => [
        b.id,
        b.origin.issuanceId,
        b.origin.index,
        kg(b.firstUnit),
        kg(b.size),
        b.status,
        b.owner,
        b.beneficiary,
        b.parentId,
        b.leftChildId,
        b.rightChildId,
        b.deliveryId,
        b.deliveredAt,
        b.orderId,
        b.retirementId,
        b.retiredAt,
      ]),
      deliveries: [...this.#deliveries.values()].map((d) => [...common(d), d.orderId, d.supplierId, d.toOrganisationId]),
      transfers: [...this.#transfers.values()].map((t) => [...common(t), t.supplierId, t.fromOrganisationId, t.toOrganisationId]),
      retirements: [...this.#retirements.values()].map((r) => [...common(r), r.supplierId, r.ownerOrganisationId, r.beneficiaryOrganisationId, r.purposes]),
      refunds: [...this.#refunds.values()].map((r) => [...common(r), r.fromOrganisationId, r.toOrganisationId]),
      balances: [...this.#totals.byOrganisation].map(([org, t]) => [
        org,
        kg(t.total.active),
        kg(t.total.retired),
        tallies(t.bySupplier),
        tallies(t.byProject),
        tallies(t.byOrder),
      ]),
      indexes: {
        issued_statements: [...this.#issuedStatements],
        issuances_by_supplier: index(this.#issuancesBySupplier),
        deliveries_by_supplier: index(this.#deliveriesBySupplier),
        deliveries_to: index(this.#deliveriesTo),
        transfers_from: index(this.#transfersFrom),
        transfers_to: index(this.#transfersTo),
        retirements_by_owner: index(this.#retirementsByOwner),
        active_count: this.#activeCount,
        active_holdings: [...this.#activeHoldings].map(([key, set]) => [key, [...set].map((b) => b.id).sort()]),
      },
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Checking requests (phase 1: no change)

  /** Reads the field `field` of a request: the id of a registered organisation. */
  #readKnownOrganisation(req: Record<string, unknown>, field: string, problems: Problems): string | undefined {
    const id = readString(req[field], [field], problems, field);
    if (id === undefined) return undefined;
    if (!this.#organisations.has(id)) {
      problems.add([field], 'unknown_organisation', `${field}: no organisation ${id} is known to the registry`);
      return undefined;
    }
    return id;
  }

  /** Reads the sender (`fromField`) and receiver of a move of credits: registered and distinct. */
  #readParties(req: Record<string, unknown>, fromField: string, verb: 'transfer' | 'refund', problems: Problems): { from: string | undefined; to: string | undefined } {
    const from = this.#readKnownOrganisation(req, fromField, problems);
    const to = this.#readKnownOrganisation(req, 'to_organisation_id', problems);
    if (from !== undefined && from === to) problems.add(['to_organisation_id'], 'same_organisation', `cannot ${verb} from ${from} to itself`);
    return { from, to };
  }

  #readKnownSupplier(value: unknown, path: Path, problems: Problems): string | undefined {
    const id = readString(value, path, problems, 'supplier_id');
    if (id === undefined) return undefined;
    if (!this.#suppliers.has(id)) {
      problems.add(path, 'unknown_supplier', `no supplier ${id} is known to the registry`);
      return undefined;
    }
    return id;
  }

  #checkSupplierOrganisation(supplierId: string, organisationId: string, path: Path, problems: Problems): void {
    const known = this.#suppliers.get(supplierId);
    if (known !== undefined && known.organisationId !== organisationId) {
      problems.add(path, 'supplier_organisation_conflict', `supplier ${supplierId} belongs to ${known.organisationId}, not ${organisationId}`);
    }
  }

  #readRetirementHead(req: Record<string, unknown>, problems: Problems): RetirementHead {
    const owner = this.#readKnownOrganisation(req, 'owner_organisation_id', problems);
    const beneficiary = this.#readKnownOrganisation(req, 'beneficiary_organisation_id', problems);
    const supplierId = this.#readKnownSupplier(req.supplier_id, ['supplier_id'], problems);
    const purposes = readPurposes(req.retirement_purposes, ['retirement_purposes'], problems);
    const notes = readNotes(req.notes, ['notes'], problems);
    return { owner, beneficiary, supplierId, purposes, notes };
  }

  /**
   * Checks every line of a transaction and returns the checked lines. Each line is checked in
   * full (status, owner, supplier, amount) so a caller sees all of its problems at once.
   */
  #readLines(value: unknown, rules: LineRules, problems: Problems): PlannedLine[] {
    const path: Path = ['credit_batch_quantities'];
    if (!Array.isArray(value)) {
      problems.add(path, value === undefined ? 'missing' : 'invalid_type', 'credit_batch_quantities must be an array of {credit_batch_id, credit_quantity_kg}');
      return [];
    }
    if (value.length === 0) {
      problems.add(path, 'no_lines', 'credit_batch_quantities needs at least one line');
      return [];
    }
    const seen = new Map<string, number>();
    const planned: PlannedLine[] = [];
    value.forEach((raw: unknown, i) => {
      const line = readObject(raw, [...path, i], problems, `line ${i}`);
      if (line === undefined) return;
      const before = problems.list.length;
      const idPath: Path = [...path, i, 'credit_batch_id'];
      const kgPath: Path = [...path, i, 'credit_quantity_kg'];
      let batch: BatchRecord | undefined;
      const batchId = readString(line.credit_batch_id, idPath, problems, 'credit_batch_id');
      if (batchId !== undefined) {
        const first = seen.get(batchId);
        if (first !== undefined) {
          problems.add(idPath, 'duplicate_credit_batch', `credit batch ${batchId} already appears in line ${first}`);
        } else {
          seen.set(batchId, i);
          batch = this.#batches.get(batchId);
          if (batch === undefined) problems.add(idPath, 'unknown_credit_batch', `no credit batch ${batchId}`);
        }
      }
      const kg = readPositiveKg(line.credit_quantity_kg, kgPath, problems, '');
      if (batch !== undefined) {
        if (batch.status === 'split') {
          problems.add(idPath, 'batch_split', `credit batch ${batch.id} was split into ${batch.leftChildId ?? ''} and ${batch.rightChildId ?? ''}; only active batches can be transacted`);
        } else if (batch.status === 'retired') {
          problems.add(idPath, 'batch_retired', `credit batch ${batch.id} is retired (${batch.retirementId ?? ''}); retirement is final`);
        }
        if (rules.owner !== undefined && batch.owner !== rules.owner) {
          problems.add(idPath, 'not_owner', `credit batch ${batch.id} is owned by ${batch.owner}, not by ${rules.owner}`);
        }
        if (rules.supplierId !== undefined && batch.origin.supplierId !== rules.supplierId) {
          problems.add(idPath, 'supplier_mismatch', `credit batch ${batch.id} comes from supplier ${batch.origin.supplierId}, not ${rules.supplierId}; one request takes credits of one supplier`);
        }
        if (rules.bufferPoolOnly && batch.origin.pool !== 'buffer_pool') {
          problems.add(idPath, 'not_buffer_pool_credit', `credit batch ${batch.id} was issued to the supplier, not to the buffer pool`);
        }
        if (kg !== undefined && kg > batch.size) {
          problems.add(kgPath, 'exceeds_batch_size', `${kg} kg asked from credit batch ${batch.id}, which holds ${batch.size} kg`);
        }
      }
      if (batch !== undefined && kg !== undefined && problems.list.length === before) planned.push({ batch, kg });
    });
    return planned;
  }

  // ---------------------------------------------------------------------------------------------
  // Preparing (phase 2: clock and ids, no change) and applying (phase 3: cannot fail)

  #timestamp(operation: LedgerOperation): string {
    const at: unknown = this.#now();
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) {
      throw new CreditLedgerError(operation, [{ path: [], code: 'invalid_clock', message: `the ledger clock gave ${JSON.stringify(at) ?? 'nothing'}, not an ISO 8601 date-time` }]);
    }
    return at;
  }

  /** Draws fresh ids and checks them, so a faulty generator is caught before anything changes. */
  #freshIds(operation: LedgerOperation, wanted: readonly (readonly [IdKind, number])[]): string[] {
    const out: string[] = [];
    const drawn = new Set<string>();
    for (const [kind, count] of wanted) {
      const prefix = `${ID_PREFIXES[kind]}_`;
      for (let i = 0; i < count; i++) {
        const id: unknown = this.#ids(kind);
        if (typeof id !== 'string' || !id.startsWith(prefix) || drawn.has(id) || this.#idTaken(kind, id)) {
          throw new CreditLedgerError(operation, [{ path: [], code: 'id_generator_failure', message: `the id generator gave ${JSON.stringify(id) ?? 'nothing'} for a new ${kind}: not a fresh ${prefix} id` }]);
        }
        drawn.add(id);
        out.push(id);
      }
    }
    return out;
  }

  #idTaken(kind: IdKind, id: string): boolean {
    switch (kind) {
      case 'credit_batch':
        return this.#batches.has(id);
      case 'issuance':
        return this.#issuances.has(id);
      case 'delivery':
        return this.#deliveries.has(id);
      case 'transfer':
        return this.#transfers.has(id);
      case 'retirement':
        return this.#retirements.has(id);
      case 'refund':
        return this.#refunds.has(id);
      default:
        return false;
    }
  }

  #prepare(kind: TransactionKind, lines: readonly PlannedLine[]): Prepared {
    const at = this.#timestamp(kind);
    const splits = lines.reduce((n, line) => n + (line.kg < line.batch.size ? 1 : 0), 0);
    const [id = '', ...children] = this.#freshIds(kind, [[kind, 1], ['credit_batch', 2 * splits]]);
    let next = 0;
    const childIds = lines.map((line) => (line.kg < line.batch.size ? ([children[next++] ?? '', children[next++] ?? ''] as const) : null));
    return { id, at, childIds };
  }

  /**
   * Phases 2 and 3 of a checked transaction, shared by all four kinds: draws the clock and ids,
   * takes each line's credits (splitting where needed) and applies `effect` to each batch taken,
   * then hands the fields every transaction has to `record`, which stores and indexes the
   * transaction and returns it. So each transaction states only its effect and its record.
   */
  #transact<R extends TransactionRecord>(
    kind: TransactionKind,
    lines: readonly PlannedLine[],
    notes: string | null,
    effect: (batch: BatchRecord, tx: Stamp) => void,
    record: (common: TransactionRecord) => R,
  ): R {
    const prepared = this.#prepare(kind, lines);
    const batchIds: string[] = [];
    let total = 0n;
    lines.forEach((line, i) => {
      const children = prepared.childIds[i];
      const taken = children === null || children === undefined ? line.batch : this.#split(line.batch, line.kg, children[0], children[1]);
      effect(taken, prepared);
      batchIds.push(taken.id);
      total += line.kg;
    });
    return record({ id: prepared.id, at: prepared.at, total, batchIds, notes });
  }

  /**
   * Splits an active batch: the left child holds the `kg` transacted and the first `kg` units of
   * the range, the right child the rest [decision]. Both stay with the owner, so no balance changes.
   */
  #split(parent: BatchRecord, kg: bigint, leftId: string, rightId: string): BatchRecord {
    const inherit = [parent.owner, parent.id, parent.deliveryId, parent.deliveredAt, parent.orderId] as const;
    const left = new BatchRecord(leftId, parent.origin, parent.firstUnit, kg, ...inherit);
    const right = new BatchRecord(rightId, parent.origin, parent.firstUnit + kg, parent.size - kg, ...inherit);
    this.#removeActive(parent);
    parent.status = 'split';
    parent.leftChildId = leftId;
    parent.rightChildId = rightId;
    this.#batches.set(leftId, left);
    this.#batches.set(rightId, right);
    this.#addActive(left);
    this.#addActive(right);
    return left;
  }

  /** Counts an active batch into its owner's active credits: holdings and running balance. */
  #deposit(batch: BatchRecord): void {
    this.#addActive(batch);
    this.#totals.adjust(batch.owner, batch.origin.supplierId, batch.origin.projectId, batch.orderId, batch.size, 0n);
  }

  /** Takes an active batch out of its owner's active credits: holdings and running balance. */
  #withdraw(batch: BatchRecord): void {
    this.#removeActive(batch);
    this.#totals.adjust(batch.owner, batch.origin.supplierId, batch.origin.projectId, batch.orderId, -batch.size, 0n);
  }

  #changeOwner(batch: BatchRecord, to: string, orderId: string | null): void {
    this.#withdraw(batch);
    batch.owner = to;
    batch.orderId = orderId;
    this.#deposit(batch);
  }

  #retire(head: RetirementHead, lines: readonly PlannedLine[], problems: Problems): RetirementView {
    const { owner, beneficiary, supplierId, purposes, notes } = head;
    if (!problems.empty || owner === undefined || beneficiary === undefined || supplierId === undefined) {
      throw new CreditLedgerError('retirement', problems.list);
    }
    const countFor = this.#policies.retiredCreditsCountFor === 'beneficiary' ? beneficiary : owner;
    const retirement = this.#transact(
      'retirement',
      lines,
      notes,
      (batch, tx) => {
        this.#withdraw(batch);
        this.#totals.adjust(countFor, batch.origin.supplierId, batch.origin.projectId, batch.orderId, 0n, batch.size);
        batch.status = 'retired';
        batch.beneficiary = beneficiary;
        batch.retirementId = tx.id;
        batch.retiredAt = tx.at;
      },
      (common) => {
        const record: RetirementRecord = { ...common, supplierId, ownerOrganisationId: owner, beneficiaryOrganisationId: beneficiary, purposes };
        this.#retirements.set(record.id, record);
        pushTo(this.#retirementsByOwner, owner, record.id);
        return record;
      },
    );
    return this.#retirementView(retirement);
  }

  #addActive(batch: BatchRecord): void {
    const key = holdingKey(batch.owner, batch.origin.supplierId);
    let holding = this.#activeHoldings.get(key);
    if (holding === undefined) {
      holding = new Set();
      this.#activeHoldings.set(key, holding);
    }
    holding.add(batch);
    this.#activeCount += 1;
  }

  #removeActive(batch: BatchRecord): void {
    if (this.#activeHoldings.get(holdingKey(batch.owner, batch.origin.supplierId))?.delete(batch) === true) this.#activeCount -= 1;
  }

  // ---------------------------------------------------------------------------------------------
  // Views

  #organisationView(id: string): OrganisationView {
    // Owners and counterparties are registered before they appear on a record; the fallback only
    // keeps the view total.
    return this.#organisations.get(id) ?? { id, name: '', domain: null };
  }

  #supplierView(id: string): SupplierView {
    const supplier = this.#suppliers.get(id);
    if (supplier === undefined) return { id, short_description: null, long_description: null, organisation: this.#organisationView(''), location: null };
    return {
      id,
      short_description: supplier.shortDescription,
      long_description: supplier.longDescription,
      organisation: this.#organisationView(supplier.organisationId),
      location: supplier.location,
    };
  }

  #batchView(batch: BatchRecord): CreditBatchView {
    const o = batch.origin;
    return {
      id: batch.id,
      serial_number: this.#policies.formatSerialNumber({
        registry_code: o.registryCode,
        issuance_sequence: o.issuanceSequence,
        pathway_code: o.pathwayCode,
        country_of_issue: o.countryOfIssue,
        project_code: o.projectCode,
        vintage: o.vintage,
        first_unit: batch.firstUnit,
        last_unit: batch.firstUnit + batch.size - 1n,
      }),
      status: batch.status,
      size: creditQuantity(batch.size),
      issued_at: o.issuedAt,
      retired_at: batch.retiredAt,
      delivered_at: batch.deliveredAt,
      sequestered_on: o.sequesteredOn,
      country_of_issue: o.countryOfIssue,
      supplier_id: o.supplierId,
      parent_id: batch.parentId,
      left_child_id: batch.leftChildId,
      right_child_id: batch.rightChildId,
      issuance_id: o.issuanceId,
      delivery_id: batch.deliveryId,
      beneficiary: batch.beneficiary === null ? null : this.#organisationView(batch.beneficiary),
      retirement_id: batch.retirementId,
      ghg_entry_id: o.ghgEntryId,
      removal_id: o.ghgEntryId,
      owner: this.#organisationView(batch.owner),
      project_id: o.projectId,
      carbon_removal_data: { ...o.carbonRemovalData },
      ccp_approved: o.ccpApproved,
    };
  }

  #batchViews(ids: readonly string[]): CreditBatchView[] {
    return recordsOf(this.#batches, ids).map((batch) => this.#batchView(batch));
  }

  /** The batches a transaction took, as they are now, or undefined when there is no transaction. */
  #takenBatches(transaction: TransactionRecord | undefined): CreditBatchView[] | undefined {
    return transaction === undefined ? undefined : this.#batchViews(transaction.batchIds);
  }

  #issuanceView(i: IssuanceRecord): IssuanceView {
    return {
      id: i.id,
      issued_at: i.issuedAt,
      ghg_statement_id: i.ghgStatementId,
      supplier: this.#supplierView(i.supplierId),
      project_id: i.projectId,
      reporting_period_start_at: i.reportingPeriodStart,
      reporting_period_end_at: i.reportingPeriodEnd,
      supplier_credit_batch_size_total: creditQuantity(i.supplierTotal),
      buffer_pool_credit_batch_size_total: creditQuantity(i.bufferPoolTotal),
      credit_batch_size_total: creditQuantity(i.supplierTotal + i.bufferPoolTotal),
    };
  }

  #deliveryView(d: DeliveryRecord): DeliveryView {
    return {
      id: d.id,
      delivered_at: d.at,
      order_id: d.orderId,
      from_supplier: this.#supplierView(d.supplierId),
      to_organisation: this.#organisationView(d.toOrganisationId),
      credit_batch_size_total: creditQuantity(d.total),
      url: this.#policies.resourceUrl('delivery', d.id),
      notes: d.notes,
    };
  }

  #transferView(t: TransferRecord): TransferView {
    return {
      id: t.id,
      transferred_at: t.at,
      from_organisation: this.#organisationView(t.fromOrganisationId),
      to_organisation: this.#organisationView(t.toOrganisationId),
      credit_batch_size_total: creditQuantity(t.total),
      notes: t.notes,
    };
  }

  #retirementView(r: RetirementRecord): RetirementView {
    return {
      id: r.id,
      retired_at: r.at,
      purposes: [...r.purposes],
      beneficiary: this.#organisationView(r.beneficiaryOrganisationId),
      owner: this.#organisationView(r.ownerOrganisationId),
      credit_batch_size_total: creditQuantity(r.total),
      url: this.#policies.resourceUrl('retirement', r.id),
      notes: r.notes,
    };
  }

  #refundView(r: RefundRecord): BufferPoolRefundView {
    return {
      id: r.id,
      refunded_at: r.at,
      from_buffer_pool_organisation: this.#organisationView(r.fromOrganisationId),
      to_organisation: this.#organisationView(r.toOrganisationId),
      credit_batch_size_total: creditQuantity(r.total),
      notes: r.notes ?? '',
    };
  }
}

/**
 * Creates an empty credit ledger.
 * @public
 */
export function createLedger(options: CreditLedgerOptions = {}): CreditLedger {
  return new CreditLedger(options);
}
