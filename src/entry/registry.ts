/**
 * Entry point `cdr-engine/registry`: the credit ledger (`createLedger`) and its types, with the id
 * generator its options take; and the GHG statement lifecycle credits are issued from (a statement
 * created, submitted with its entries' figures frozen, verified, then marked as issued once the
 * ledger has issued its credits), each operation pure: a new record or a typed refusal.
 *
 * @packageDocumentation
 */
export * from '../registry';
export { createIdGenerator, type IdGenerator, type IdGeneratorOptions, type IdKind } from '../model/ids';
// The problem type the ledger's refusals extend.
export type { EvaluationWarningCode, GraphIssue, GraphIssueCode, IssuePath } from '../model/issues';

// The GHG statement lifecycle (docs/rules.md#statement-and-project-components, docs/errors.md).
export {
  amendGhgStatement,
  canTransitionGhgStatement,
  createGhgStatement,
  failGhgStatementVerification,
  markGhgStatementCreditsIssued,
  resubmitGhgStatement,
  submitGhgStatement,
  verifyGhgStatement,
} from '../accounting/statements/lifecycle';
export { pendingGhgStatementTotal } from '../accounting/statements/resource';
export type {
  AmendGhgStatementInput,
  CreateGhgStatementInput,
  GhgStatementEntryFigures,
  GhgStatementError,
  GhgStatementErrorCode,
  GhgStatementOptions,
  GhgStatementOutcome,
  GhgStatementRecord,
  GhgStatementSubmission,
  GhgStatementVerificationOutcome,
  ResubmitGhgStatementInput,
  SubmitGhgStatementInput,
  VerificationInput,
} from '../accounting/statements/types';
// The types those operations' records and options are made of.
export type { GhgStatementEntryTotal } from '../accounting/result';
export type { CreditAllocation } from '../accounting/credits/credits';
export type { AccountingPolicies, BufferPoolRounding, RoundingTies, SensitivityMeasure } from '../accounting/policies';
export type { ComponentType, GhgStatementStatus } from '../model/graph';
