/**
 * registry: the credit ledger (issuance, split trees, deliveries, transfers, retirements,
 * buffer-pool refunds) in exact integer kilograms (bigint); atomic transactions; O(1) batch reads
 * and O(1) organisation balances from running totals; a deterministic snapshot.
 * Imports: model (ids, issues, enums), decimal.js. It does not import accounting: issuance takes each
 * entry's allocation (kg) and carbon removal figures as plain input fields.
 */
export { createLedger, CreditLedger, type CreditLedgerOptions } from './ledger';
export { CreditLedgerError, isCreditLedgerError, type LedgerOperation, type LedgerProblem, type LedgerProblemCode } from './errors';
export { DEFAULT_LEDGER_POLICIES, type LedgerPolicies, type LedgerUrlKind } from './policies';
export { creditQuantity, MAX_CREDIT_KG, type CreditQuantityView, type KgAmount } from './quantity';
export {
  formatSerialNumber,
  parseSerialNumber,
  type SerialNumberFormatter,
  type SerialNumberParts,
  type UnitNumbering,
} from './serial';
export {
  CREDIT_BATCH_STATUSES,
  RETIREMENT_PURPOSES,
  type BufferPoolRefundView,
  type CarbonRemovalDataView,
  type CreditBalanceView,
  type CreditBatchFilter,
  type CreditBatchQuantityInput,
  type CreditBatchStatusValue,
  type CreditBatchView,
  type DeliveryInput,
  type DeliveryView,
  type IssuanceCreditBatchesView,
  type IssuanceEntryInput,
  type IssuanceInput,
  type IssuanceView,
  type LedgerCounts,
  type OrderInput,
  type OrganisationCreditBalanceView,
  type OrganisationView,
  type RefundInput,
  type RetirementByBatchInput,
  type RetirementFromOldestInput,
  type RetirementPurposeValue,
  type RetirementView,
  type SupplierInput,
  type SupplierLocationView,
  type SupplierView,
  type TransferInput,
  type TransferView,
} from './types';
