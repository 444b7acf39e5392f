// Consumer type test (TypeScript strict): checked by scripts/consumers.mjs with tsc under
// moduleResolution node16 (as an ES module) and bundler. Each line that must not compile carries
// an expect-error directive, so declarations that degrade to `any` fail as surely as missing ones.
import {
  evaluateGraph,
  evaluatePreparedGraph,
  GraphValidationError,
  isGraphValidationError,
  prepareGraph,
  safeEvaluateGraph,
  type EvaluationResult,
  type GhgEntryResult,
  type GraphIssue,
  type PreparedGraph,
} from 'cdr-engine';
import { createLedger, isCreditLedgerError, type CreditLedger } from 'cdr-engine/registry';
import { createSandbox, type SandboxResponse } from 'cdr-engine/sandbox';
import { toValidationErrorBody } from 'cdr-engine/schemas';
import { isUnitError, parseUnit, type ParsedUnit } from 'cdr-engine/units';

export function evaluate(graph: unknown): number {
  const result: EvaluationResult = evaluateGraph(graph);
  const first: GhgEntryResult | undefined = result.ghg_entries[0];
  // @ts-expect-error the result has no such field
  void result.no_such_field;
  // @ts-expect-error an entry's net is a number
  const wrong: string = first?.co2e_net_removed_kg;
  void wrong;
  return first?.co2e_net_removed_kg ?? 0;
}

export function evaluateSafely(graph: unknown): readonly GraphIssue[] {
  const outcome = safeEvaluateGraph(graph);
  if (outcome.ok) return [];
  return outcome.issues;
}

export function prepareOnce(graph: unknown): PreparedGraph | undefined {
  const prepared = prepareGraph(graph);
  if (!prepared.ok) return undefined;
  const again = evaluatePreparedGraph(prepared.prepared);
  void again;
  // @ts-expect-error the prepared graph's indexes are internal
  void prepared.prepared.datapointIds;
  return prepared.prepared;
}

export function issuesOf(error: unknown): readonly GraphIssue[] {
  if (isGraphValidationError(error)) return error.issues;
  if (error instanceof GraphValidationError) return error.issues;
  // @ts-expect-error unknown is not narrowed without the guard
  return error.issues;
}

export function siScale(unit: string): number {
  const parsed: ParsedUnit = parseUnit(unit);
  return parsed.scale;
}

export function refusal(error: unknown): string | undefined {
  if (isCreditLedgerError(error)) return error.operation;
  if (isUnitError(error)) return error.unit;
  return undefined;
}

export const ledger: CreditLedger = createLedger();
export const response: Promise<SandboxResponse> = createSandbox().handle({ method: 'GET', path: '/mrv/v0/datapoints', headers: {} });
export const bodyBuilder: typeof toValidationErrorBody = toValidationErrorBody;
