/**
 * `cdr-engine`: evaluation of removal graph documents (docs/graph-document.md, docs/rules.md#package-and-entry-points). Validate and
 * evaluate a document (`evaluateGraph`, `safeEvaluateGraph`), or prepare it once and evaluate it
 * often (`prepareGraph`, `evaluatePreparedGraph`); explain an entry (calculation report) or
 * analyse its sensitivity; the result and document types, the validation error, the policies.
 *
 * The other entry points hold the rest: `cdr-engine/units`, `cdr-engine/schemas`,
 * `cdr-engine/registry`, `cdr-engine/sandbox`, `cdr-engine/testing`, `cdr-engine/report`.
 * This file is an export list only: it loads the evaluation and nothing of the service, the
 * ledger or the resource schemas (the build test scripts/check-build.mjs holds it to that).
 *
 * @packageDocumentation
 */
export { VERSION } from './version';

// Evaluation: validate and evaluate, or prepare once and evaluate often.
export {
  evaluateGraph,
  evaluatePreparedGraph,
  safeEvaluateGraph,
  type EvaluateOptions,
  type EvaluationOutcome,
} from './accounting/evaluate';
export { prepareGraph, type PreparedGraph, type PrepareResult } from './accounting/prepare';

// The result (docs/result.md).
export type {
  ComponentResult,
  EvaluationResult,
  EvaluationWarning,
  GhgEntryResult,
  GhgStatementEntryTotal,
  GhgStatementResult,
  MonteCarloSummary,
  ProjectComponentShareResult,
  ReusedDatapoint,
  UncertaintyBudgetLine,
} from './accounting/result';
export type { CreditAllocation } from './accounting/credits';
export type { AttributionScope } from './accounting/prepare';

// The document (docs/graph-document.md). Its types are derived from a zod schema, exported beside
// them; `cdr-engine/schemas` has every part's (a blueprint's, `ComponentBlueprintDefinition`, also
// `cdr-engine/expressions`).
export { removalGraphSchema } from './model/graph';
export type {
  ComponentType,
  GhgStatementStatus,
  ProjectComponentAllocationStrategy,
  RemovalGraph,
  RemovalGraphInput,
} from './model/graph';

// Errors: every problem with its path.
export { GraphValidationError, isGraphValidationError } from './accounting/errors';
export { formatIssuePath, type EvaluationWarningCode, type GraphIssue, type GraphIssueCode, type IssuePath } from './model/issues';

// Policies: every [decision] of docs/rules.md, with its documented default.
export {
  DEFAULT_ACCOUNTING_POLICIES,
  type AccountingPolicies,
  type BufferPoolRounding,
  type RoundingTies,
  type SensitivityMeasure,
} from './accounting/policies';

// Reports: the calculation report of one entry, and the sensitivity analysis.
export {
  explainGhgEntry,
  explainPreparedGhgEntry,
  formatCalculationReport,
  type CalculationReport,
  type CalculationReportOutcome,
  type CalculationReportPolicies,
  type ReportAttribution,
  type ReportComponent,
  type ReportDatapoint,
  type ReportExpression,
  type ReportPartialDerivative,
  type ReportPropagationLine,
} from './accounting/report';
export {
  analysePreparedSensitivity,
  analyseSensitivity,
  type DatapointSensitivity,
  type GhgEntrySensitivity,
  type GhgStatementSensitivity,
  type NetSensitivity,
  type SensitivityAnalysis,
  type SensitivityOptions,
  type SensitivityOutcome,
} from './accounting/sensitivity';
