/**
 * The error `evaluateGraph` throws for an invalid graph: every problem found, each with its path.
 */
import { brandErrorClass, errorBrand, hasErrorBrand, isBrandedInstance } from '../model/error-brand';
import { formatIssuePath, type GraphIssue } from '../model/issues';

const BRAND = errorBrand('GraphValidationError');

/**
 * Thrown by `evaluateGraph` when the graph document is invalid. No partial result exists: `issues`
 * lists every problem found (path into the document, message, code).
 *
 * `instanceof GraphValidationError` and {@link isGraphValidationError} recognise the error thrown
 * by either build of the package (ESM or CommonJS) when both are loaded in one process.
 * @public
 */
export class GraphValidationError extends Error {
  /** Every problem found, in document order. */
  readonly issues: readonly GraphIssue[];

  /** Builds the error from the problems found; its message shows the first five. */
  constructor(issues: readonly GraphIssue[]) {
    const shown = issues.slice(0, 5).map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
    const more = issues.length > 5 ? `\n  ... and ${issues.length - 5} more` : '';
    super(`invalid removal graph (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'GraphValidationError';
    this.issues = issues;
  }

  /** Recognises a `GraphValidationError` of either build of the package (see {@link isGraphValidationError}). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(this, GraphValidationError, BRAND, value);
  }

  static {
    brandErrorClass(this, BRAND);
  }
}

/**
 * Whether `value` is a {@link GraphValidationError}, thrown by the ESM or the CommonJS build of
 * the package (the two builds are separate copies of the code; the error carries a
 * `Symbol.for('cdr-engine.GraphValidationError')` brand that both recognise).
 * @public
 */
export function isGraphValidationError(value: unknown): value is GraphValidationError {
  return hasErrorBrand(value, BRAND);
}
