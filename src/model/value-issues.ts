/**
 * zod's issues about a value, made precise with the value itself (docs/errors.md): a number that is
 * not finite is `not_finite`, naming the datapoint when it is one's (JSON has no Infinity, but a
 * JSON number beyond the range of a double, 1e999, reads as one), and a value outside its
 * enumeration names the nearest value when one is close (`SEQUESTRATON`: did you mean
 * 'SEQUESTRATION'?). Internal to model.
 */
import type * as z from 'zod';
import { formatIssuePath, type GraphIssue, type IssuePath } from './issues';
import { nearestName } from './nearest-name';

/** zod's `issue` at `path` of `document` as a graph issue. */
export function valueIssue(issue: z.core.$ZodIssue, path: IssuePath, document: unknown): GraphIssue {
  const value = valueAt(document, path);
  if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof value === 'number' && !Number.isFinite(value))
    return { path, code: 'not_finite', message: notFiniteMessage(path, value, document) };
  if (issue.code === 'invalid_value' && typeof value === 'string') {
    const values = issue.values.filter((v): v is string => typeof v === 'string');
    const near = nearestName(value, values);
    if (near !== undefined) return { path, code: issue.code, message: `${issue.message}; did you mean '${near}'?` };
  }
  return { path, code: issue.code, message: issue.message };
}

/** The value at `path` in `document`, undefined when there is none. */
function valueAt(document: unknown, path: IssuePath): unknown {
  let node = document;
  for (const step of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

/** What is wrong with a number that is not finite, naming its datapoint when it is one's magnitude or standard deviation. */
function notFiniteMessage(path: IssuePath, value: number, document: unknown): string {
  const why = Number.isNaN(value)
    ? ': it is not a number'
    : ', beyond the range of a double (about 1.8e308): it is not a finite number (a JSON number such as 1e999 reads as Infinity)';
  const [collection, d, quantity, field] = path;
  const id = collection === 'datapoints' && quantity === 'quantity' ? valueAt(document, [collection, d as number, 'id']) : undefined;
  if (typeof id === 'string' && path.length === 4 && (field === 'magnitude' || field === 'standard_deviation'))
    return `datapoint '${id}' has ${field === 'magnitude' ? 'magnitude' : 'standard deviation'} ${value}${why}`;
  return `${formatIssuePath(path)} is ${value}${why}`;
}
