/**
 * The problem report shared by every validator of the engine: a path into the input and a message.
 */

/**
 * A path into a document: object keys and array indices, outermost first.
 * @public
 */
export type IssuePath = readonly (string | number)[];

/**
 * One problem found in an input: where it is and what is wrong.
 * @public
 */
export interface GraphIssue {
  /** Where the problem is, e.g. `["components", 3, "inputs", 0, "datapoint_ids", 1]`. */
  readonly path: IssuePath;
  /** What is wrong, naming the offending value and what was expected. */
  readonly message: string;
  /** A stable machine-readable kind of problem, e.g. `unit_incompatible` or `expression_cycle`. */
  readonly code: string;
}

/**
 * Formats a path as `components[3].inputs[0]` for messages.
 * @public
 */
export function formatIssuePath(path: IssuePath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out === '' ? '(document)' : out;
}
