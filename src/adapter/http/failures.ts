/**
 * Refusals. A handler that refuses a request throws a {@link Refusal}; the pipeline turns it into
 * the response. Only the pipeline catches, so a refusal can never be mistaken for a defect.
 */
import type { ValidationErrorItem } from '../../model/validation-error';
import { boundDetail } from './request-limits';

/** A refused request: its status, body and extra headers. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** 422 with the given items (pydantic's shape), at most a hundred of them and the count of the rest. */
export function unprocessable(detail: readonly ValidationErrorItem[]): Refusal {
  return new Refusal(422, { detail: boundDetail(detail) });
}

/** 404, identical for a missing and an invisible resource (no existence leak). */
export function notFound(what = 'Not Found'): Refusal {
  return new Refusal(404, { detail: what });
}

/** 409: the request conflicts with stored state. */
export function conflict(message: string): Refusal {
  return new Refusal(409, { detail: message });
}

/** 401: credentials missing, unknown or expired. */
export function unauthorized(message: string, bearer: boolean): Refusal {
  return new Refusal(401, { detail: message }, bearer ? { 'www-authenticate': 'Bearer' } : {});
}

/** One 422 item of a check that needs stored state (a reference, an order of dates, ...). */
export function valueError(loc: readonly (string | number)[], message: string, input: unknown): ValidationErrorItem {
  return { type: 'value_error', loc, msg: `Value error, ${message}`, input: input === undefined ? null : input, ctx: { error: message } };
}

/** Collects 422 items of one request and refuses it when any was found. */
export class Problems {
  readonly items: ValidationErrorItem[] = [];

  add(loc: readonly (string | number)[], message: string, input: unknown): void {
    this.items.push(valueError(loc, message, input));
  }

  push(...items: readonly ValidationErrorItem[]): void {
    this.items.push(...items);
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** Throws the 422 when a problem was recorded. */
  check(): void {
    if (this.items.length > 0) throw unprocessable(this.items);
  }
}

/**
 * Refuses the request with a 422 at `["body"]` when an evaluation has problems (the graph an entry
 * depends on no longer evaluates); the pipeline then rolls every change back.
 */
export function refuseProblems(problems: readonly { readonly message: string }[]): void {
  if (problems.length === 0) return;
  throw unprocessable(problems.map((p) => valueError(['body'], p.message, null)));
}
