/**
 * The credit ledger's refusals as 422 items located at fields of the request
 * (docs/service.md#orders-and-deliveries). A ledger problem's path is a path into the
 * ledger's input. Where a route hands the ledger its body as sent, that path is the body's; where
 * it builds the input (a delivery's order from the stored order, an issuance from the statement),
 * the route says which field of its request each ledger field came from. A path that still names
 * nothing the request holds is cut back to the deepest part it does hold, so that no `loc` points
 * at a field the request never had.
 * May import: registry (errors), model, ../../http.
 */
import type { IssuePath } from '../../../model/issues';
import type { ValidationErrorItem } from '../../../model/validation-error';
import { CreditLedgerError } from '../../../registry';
import { unprocessable } from '../../http/failures';

/** Where a ledger field sits in the request: its loc and the value there. */
export interface RequestPlace {
  readonly loc: readonly (string | number)[];
  readonly input: unknown;
}

/** The request field a ledger path came from, or undefined when it is the body's own path. */
export type LedgerPlaces = (path: IssuePath) => RequestPlace | undefined;

/** The deepest part of `path` the body holds, with the value there (the body itself at worst). */
function inBody(body: unknown, path: IssuePath): RequestPlace {
  const loc: (string | number)[] = ['body'];
  let input = body;
  for (const key of path) {
    if (typeof input !== 'object' || input === null || !Object.hasOwn(input, key)) break;
    input = (input as Record<string | number, unknown>)[key];
    loc.push(key);
  }
  return { loc, input: input === undefined ? null : input };
}

/** A ledger refusal as 422 items at the request's fields: `places` first, else the body's path. */
export function ledgerItems(error: CreditLedgerError, body: unknown, places?: LedgerPlaces): ValidationErrorItem[] {
  return error.problems.map((problem) => {
    const { loc, input } = places?.(problem.path) ?? inBody(body, problem.path);
    return { type: 'value_error', loc, msg: `Value error, ${problem.message}`, input, ctx: { error: problem.message } };
  });
}

/** Runs a ledger operation whose input the route built; a refusal is a 422 at the request's fields. */
export function inRequestTerms<T>(body: unknown, places: LedgerPlaces, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CreditLedgerError) throw unprocessable(ledgerItems(error, body, places));
    throw error;
  }
}
