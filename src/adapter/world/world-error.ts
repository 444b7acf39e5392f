/**
 * The error of a world document that cannot be loaded.
 */
import { formatIssuePath, type GraphIssue } from '../../model';

/**
 * Thrown by `createSandbox` for a world document that cannot be loaded; lists every problem with
 * its path into the document.
 */
export class WorldDocumentError extends Error {
  readonly issues: readonly GraphIssue<string>[];

  constructor(issues: readonly GraphIssue<string>[]) {
    const shown = issues.slice(0, 10).map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
    const more = issues.length > 10 ? `\n  ... and ${issues.length - 10} more` : '';
    super(`invalid world document (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'WorldDocumentError';
    this.issues = issues;
  }
}
