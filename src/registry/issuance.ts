/**
 * Issuance: turning a checked GHG statement into credit batches. Per entry a supplier batch and a
 * buffer-pool batch (a zero-size one is not created), with serial ranges that follow the entries
 * in order and never overlap, numbered per project or across the ledger as the policy says.
 * Not part of the public API.
 * Imports: errors, issuance-request (phase 1), the pipeline (phase 2), records and the store of
 * this folder, and model's enumerations (the pools).
 */
import { CREDIT_POOLS } from '../model/enums';
import { CreditLedgerError } from './errors';
import { checkIssuanceRequest, type CheckedIssuance } from './issuance-request';
import { freshIds, timestamp, type LedgerContext } from './pipeline';
import { BatchRecord, type IssuanceRecord, type Origin } from './records';
import { pushTo, type LedgerStore } from './store';
import type { IssuanceInput, IssuanceView } from './types';

/** The batches an issuance creates, by pool, with their totals. */
interface IssuedBatches {
  readonly origins: Origin[];
  readonly supplierBatchIds: string[];
  readonly bufferPoolBatchIds: string[];
  supplierTotal: bigint;
  bufferPoolTotal: bigint;
}

/** Where an issuance's serial numbers start. */
interface Numbering {
  readonly sequence: number;
  readonly firstUnit: bigint;
}

/** Phase 2 of an issuance: the clock, then one issuance id and an id per non-empty batch. */
function stampIssuance(
  ctx: LedgerContext,
  issuance: CheckedIssuance,
): { readonly issuedAt: string; readonly issuanceId: string; readonly batchIds: readonly string[] } {
  const issuedAt = timestamp(ctx, 'issuance');
  const batchCount = issuance.entries.reduce((n, e) => n + (e.supplierKg > 0n ? 1 : 0) + (e.bufferKg > 0n ? 1 : 0), 0);
  const [issuanceId, ...batchIds] = freshIds(ctx, 'issuance', [
    ['issuance', 1],
    ['credit_batch', batchCount],
  ]);
  if (issuanceId === undefined)
    throw new CreditLedgerError('issuance', [{ path: [], code: 'id_generator_failure', message: 'no issuance id' }]);
  return { issuedAt, issuanceId, batchIds };
}

/** Takes the next issuance sequence and first unit, per project or ledger-wide as the policy says. */
function takeNumbering(ctx: LedgerContext, projectId: string): Numbering {
  const perProject = ctx.policies.unitNumbering === 'per_project';
  const counter = ctx.store.projectNumbering.get(projectId) ?? { sequence: 0, nextUnit: 1n };
  const sequence = perProject ? counter.sequence + 1 : ctx.store.issuanceCount + 1;
  ctx.store.issuanceCount += 1;
  return { sequence, firstUnit: perProject ? counter.nextUnit : 1n };
}

/** Registers the supplier's and buffer pool's organisations and, if new, the supplier. */
function registerParties(store: LedgerStore, issuance: CheckedIssuance): void {
  const { supplierId, supplierOrg, bufferOrg } = issuance;
  store.organisations.set(supplierOrg.id, supplierOrg);
  store.organisations.set(bufferOrg.id, bufferOrg);
  if (!store.suppliers.has(supplierId)) {
    store.suppliers.set(supplierId, {
      id: supplierId,
      organisationId: supplierOrg.id,
      shortDescription: null,
      longDescription: null,
      location: null,
    });
  }
}

/**
 * Creates and deposits the batches of every entry, supplier's before buffer pool's, consuming
 * `batchIds` in order; returns them and the next free unit.
 */
function createBatches(
  store: LedgerStore,
  issuance: CheckedIssuance,
  stamp: { readonly issuedAt: string; readonly issuanceId: string; readonly batchIds: readonly string[] },
  numbering: Numbering,
): { readonly batches: IssuedBatches; readonly nextUnit: bigint } {
  const { issuedAt, issuanceId, batchIds } = stamp;
  const batches: IssuedBatches = { origins: [], supplierBatchIds: [], bufferPoolBatchIds: [], supplierTotal: 0n, bufferPoolTotal: 0n };
  let nextUnit = numbering.firstUnit;
  let nextBatch = 0;
  const issuedAtMs = Date.parse(issuedAt);
  for (const entry of issuance.entries) {
    for (const pool of CREDIT_POOLS) {
      const kg = pool === 'supplier' ? entry.supplierKg : entry.bufferKg;
      if (kg === 0n) continue;
      const origin: Origin = Object.freeze({
        issuanceId,
        index: batches.origins.length,
        pool,
        projectId: issuance.projectId,
        supplierId: issuance.supplierId,
        ghgEntryId: entry.ghgEntryId,
        sequesteredOn: entry.sequesteredOn,
        vintage: Number(entry.sequesteredOn.slice(0, 4)),
        countryOfIssue: issuance.country,
        ccpApproved: issuance.ccpApproved,
        issuedAt,
        issuedAtMs,
        carbonRemovalData: entry.carbon,
        registryCode: issuance.registryCode,
        pathwayCode: issuance.pathwayCode,
        projectCode: issuance.projectCode,
        issuanceSequence: numbering.sequence,
      });
      batches.origins.push(origin);
      const id = batchIds[nextBatch++] ?? '';
      const owner = pool === 'supplier' ? issuance.supplierOrg.id : issuance.bufferOrg.id;
      const batch = new BatchRecord({
        id,
        origin,
        firstUnit: nextUnit,
        size: kg,
        owner,
        parentId: null,
        deliveryId: null,
        deliveredAt: null,
        orderId: null,
      });
      nextUnit += kg;
      store.batches.set(id, batch);
      store.deposit(batch);
      if (pool === 'supplier') {
        batches.supplierBatchIds.push(id);
        batches.supplierTotal += kg;
      } else {
        batches.bufferPoolBatchIds.push(id);
        batches.bufferPoolTotal += kg;
      }
    }
  }
  return { batches, nextUnit };
}

/** See CreditLedger.createIssuance. */
export function createIssuance(ctx: LedgerContext, input: IssuanceInput): IssuanceView {
  const { store } = ctx;
  const checked = checkIssuanceRequest(input, {
    issuedAs: (statementId) => store.issuedStatements.get(statementId),
    supplierOrganisation: (supplierId) => store.suppliers.get(supplierId)?.organisationId,
  });
  if (!checked.ok) throw new CreditLedgerError('issuance', checked.problems);
  const issuance = checked.issuance;
  // Phase 2: clock and ids. Nothing has changed yet.
  const stamp = stampIssuance(ctx, issuance);

  // Phase 3: apply.
  const numbering = takeNumbering(ctx, issuance.projectId);
  registerParties(store, issuance);
  const { batches, nextUnit } = createBatches(store, issuance, stamp, numbering);
  if (ctx.policies.unitNumbering === 'per_project')
    store.projectNumbering.set(issuance.projectId, { sequence: numbering.sequence, nextUnit });
  const record: IssuanceRecord = {
    id: stamp.issuanceId,
    ghgStatementId: issuance.statementId,
    issuedAt: stamp.issuedAt,
    supplierId: issuance.supplierId,
    projectId: issuance.projectId,
    bufferPoolOrganisationId: issuance.bufferOrg.id,
    reportingPeriodStart: issuance.start,
    reportingPeriodEnd: issuance.end,
    ...batches,
  };
  store.issuances.set(record.id, record);
  store.issuedStatements.set(issuance.statementId, record.id);
  pushTo(store.issuancesBySupplier, issuance.supplierId, record.id);
  return ctx.views.issuance(record);
}
