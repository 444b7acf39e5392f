/**
 * Refusals of the ledger: one error per refused request, listing every problem found, so a
 * caller can fix a request in one round trip. Nothing has changed when one is thrown.
 */
import { brandErrorClass, errorBrand, hasErrorBrand, isBrandedInstance } from '../model/error-brand';
import { formatIssuePath, type GraphIssue } from '../model/issues';

/**
 * Machine-readable kinds of ledger problems.
 * @public
 */
export type LedgerProblemCode =
  | 'invalid_type'
  | 'missing'
  | 'invalid_id'
  | 'invalid_number'
  | 'fractional_kg'
  | 'unsafe_integer'
  | 'amount_too_large'
  | 'not_positive'
  | 'negative_amount'
  | 'no_lines'
  | 'duplicate_credit_batch'
  | 'unknown_credit_batch'
  | 'unknown_organisation'
  | 'unknown_supplier'
  | 'exceeds_batch_size'
  | 'batch_split'
  | 'batch_retired'
  | 'supplier_mismatch'
  | 'not_owner'
  | 'not_buffer_pool_credit'
  | 'same_organisation'
  | 'notes_too_long'
  | 'no_purposes'
  | 'invalid_purpose'
  | 'duplicate_purpose'
  | 'insufficient_credits'
  | 'invalid_vintage'
  | 'invalid_date'
  | 'invalid_period'
  | 'invalid_country'
  | 'invalid_serial_code'
  | 'no_entries'
  | 'duplicate_ghg_entry'
  | 'statement_already_issued'
  | 'supplier_organisation_conflict'
  | 'invalid_clock'
  | 'id_generator_failure';

/**
 * One problem of a refused ledger request: where (`path` into the request, e.g.
 * `['credit_batch_quantities', 1, 'credit_quantity_kg']`), what, and its code.
 * @public
 */
export interface LedgerProblem extends GraphIssue<LedgerProblemCode> {
  /** The kind of problem. */
  readonly code: LedgerProblemCode;
}

/**
 * The ledger operations that can be refused.
 * @public
 */
export type LedgerOperation = 'issuance' | 'delivery' | 'transfer' | 'retirement' | 'refund' | 'organisation' | 'supplier';

const LEDGER_ERROR_BRAND = errorBrand('CreditLedgerError');

/**
 * Thrown when the ledger refuses a request. The ledger is unchanged (requests are atomic).
 * @public
 */
export class CreditLedgerError extends Error {
  /** The refused operation. */
  readonly operation: LedgerOperation;
  /** Every problem found, in request order. Never empty. */
  readonly problems: readonly LedgerProblem[];

  /** Creates the error of a refused `operation` with its problems. */
  constructor(operation: LedgerOperation, problems: readonly LedgerProblem[]) {
    const first = problems[0];
    const summary = first === undefined ? 'refused' : `${formatIssuePath(first.path)}: ${first.message}`;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    super(`${operation} refused: ${summary}${more}`);
    this.name = 'CreditLedgerError';
    this.operation = operation;
    this.problems = problems;
  }

  /** Recognises a `CreditLedgerError` of either build of the package (see {@link isCreditLedgerError}). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(this, CreditLedgerError, LEDGER_ERROR_BRAND, value);
  }

  static {
    brandErrorClass(this, LEDGER_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link CreditLedgerError}, thrown by the ESM or the CommonJS build of the
 * package (both recognise its `Symbol.for('cdr-engine.CreditLedgerError')` brand).
 * @public
 */
export function isCreditLedgerError(value: unknown): value is CreditLedgerError {
  return hasErrorBrand(value, LEDGER_ERROR_BRAND);
}
