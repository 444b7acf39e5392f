/**
 * The ledger's internal records. Batches hold only what differs between them; everything a batch
 * inherits from its issuance entry lives once in a shared {@link Origin}, which keeps a ledger of
 * a million batches small. Not part of the public API.
 */
import type { CREDIT_POOLS } from '../model/enums';
import type { CarbonRemovalDataView, CreditBatchStatusValue, RetirementPurposeValue, SupplierLocationView } from './types';

/** Whether credits were issued to the supplier or contributed to the buffer pool. */
export type Pool = (typeof CREDIT_POOLS)[number];

/** What every batch descended from one issued batch shares. */
export interface Origin {
  readonly issuanceId: string;
  /** Position among the issuance's origins (for snapshots). */
  readonly index: number;
  readonly pool: Pool;
  readonly projectId: string;
  readonly supplierId: string;
  readonly ghgEntryId: string;
  readonly sequesteredOn: string;
  readonly vintage: number;
  readonly countryOfIssue: string;
  readonly ccpApproved: boolean;
  readonly issuedAt: string;
  /** `issued_at` in ms, to order oldest-first without re-parsing. */
  readonly issuedAtMs: number;
  readonly carbonRemovalData: CarbonRemovalDataView;
  readonly registryCode: string;
  readonly pathwayCode: string;
  readonly projectCode: string;
  readonly issuanceSequence: number;
}

/** What a credit batch is made with; its status, beneficiary, children and retirement are set as it changes. */
export interface BatchFields {
  readonly id: string;
  readonly origin: Origin;
  /** First unit (kg) of the batch's serial range. */
  readonly firstUnit: bigint;
  readonly size: bigint;
  readonly owner: string;
  readonly parentId: string | null;
  /** Delivery facts are inherited by children: the credits were delivered, whichever part moves on. */
  readonly deliveryId: string | null;
  readonly deliveredAt: string | null;
  readonly orderId: string | null;
}

/** One credit batch: a node of a split tree. */
export class BatchRecord {
  status: CreditBatchStatusValue = 'active';
  beneficiary: string | null = null;
  leftChildId: string | null = null;
  rightChildId: string | null = null;
  retirementId: string | null = null;
  retiredAt: string | null = null;
  readonly id: string;
  readonly origin: Origin;
  /** First unit (kg) of the batch's serial range. */
  readonly firstUnit: bigint;
  readonly size: bigint;
  owner: string;
  readonly parentId: string | null;
  // Delivery facts are inherited by children: the credits were delivered, whichever part moves on.
  deliveryId: string | null;
  deliveredAt: string | null;
  orderId: string | null;

  constructor(fields: BatchFields) {
    this.id = fields.id;
    this.origin = fields.origin;
    this.firstUnit = fields.firstUnit;
    this.size = fields.size;
    this.owner = fields.owner;
    this.parentId = fields.parentId;
    this.deliveryId = fields.deliveryId;
    this.deliveredAt = fields.deliveredAt;
    this.orderId = fields.orderId;
  }
}

/** A supplier as stored. */
export interface SupplierRecord {
  readonly id: string;
  readonly organisationId: string;
  readonly shortDescription: string | null;
  readonly longDescription: string | null;
  readonly location: SupplierLocationView | null;
}

/** An issuance as stored. */
export interface IssuanceRecord {
  readonly id: string;
  readonly ghgStatementId: string;
  readonly issuedAt: string;
  readonly supplierId: string;
  readonly projectId: string;
  readonly bufferPoolOrganisationId: string;
  readonly reportingPeriodStart: string;
  readonly reportingPeriodEnd: string;
  readonly supplierTotal: bigint;
  readonly bufferPoolTotal: bigint;
  readonly origins: readonly Origin[];
  readonly supplierBatchIds: readonly string[];
  readonly bufferPoolBatchIds: readonly string[];
}

/** Fields every transaction shares. */
export interface TransactionRecord {
  readonly id: string;
  readonly at: string;
  readonly total: bigint;
  /** The batches that moved or retired: whole batches or left children of splits. */
  readonly batchIds: readonly string[];
  readonly notes: string | null;
}

/** A delivery as stored. */
export interface DeliveryRecord extends TransactionRecord {
  readonly orderId: string;
  readonly supplierId: string;
  readonly toOrganisationId: string;
}

/** A transfer as stored. */
export interface TransferRecord extends TransactionRecord {
  readonly supplierId: string;
  readonly fromOrganisationId: string;
  readonly toOrganisationId: string;
}

/** A retirement as stored. */
export interface RetirementRecord extends TransactionRecord {
  readonly supplierId: string;
  readonly ownerOrganisationId: string;
  readonly beneficiaryOrganisationId: string;
  readonly purposes: readonly RetirementPurposeValue[];
}

/** A refund as stored. */
export interface RefundRecord extends TransactionRecord {
  readonly fromOrganisationId: string;
  readonly toOrganisationId: string;
}
