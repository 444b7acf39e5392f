/**
 * The error `evaluateGraph` throws for an invalid graph: every problem found, each with its path.
 */
import { formatIssuePath, type GraphIssue } from '../model';

/**
 * Thrown by `evaluateGraph` when the graph document is invalid. No partial result exists: `issues`
 * lists every problem found (path into the document, message, code).
 * @public
 */
export class GraphValidationError extends Error {
  /** Every problem found, in document order. */
  readonly issues: readonly GraphIssue[];

  constructor(issues: readonly GraphIssue[]) {
    const shown = issues.slice(0, 5).map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
    const more = issues.length > 5 ? `\n  ... and ${issues.length - 5} more` : '';
    super(`invalid removal graph (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'GraphValidationError';
    this.issues = issues;
  }
}
