/**
 * Which expression is a blueprint's result (docs/graph-document.md, "The result expression"): the
 * one named by the document's `result_expression_key` (or a host's compile option), else the single
 * sink, the one expression no other expression uses. Nothing is guessed from the order in which
 * expressions are written: two sinks without a name, or an expression the result does not depend on,
 * are errors, because either means the document says something other than what would be credited.
 * Internal to expressions.
 */
import type { GraphIssueCode, IssuePath } from '../model/issues';
import { nearestName } from '../model/nearest-name';
import { BLUEPRINT_ISSUE_CODES } from './blueprint-types';
import type { ExpressionState } from './compile-state';

/** Where problems go, and the blueprint's name for their messages. */
interface Reporter {
  readonly bpName: string;
  report(path: IssuePath, code: GraphIssueCode, message: string): void;
}

/**
 * The key naming the result: the host's option, else the document's `result_expression_key`; null
 * when neither names one. A document key and an option that disagree are reported.
 */
export function namedResultKey(raw: Record<string, unknown>, optionKey: string | null, { bpName, report }: Reporter): string | null {
  const field = raw['result_expression_key'];
  if (field !== undefined && typeof field !== 'string') {
    report(
      ['result_expression_key'],
      BLUEPRINT_ISSUE_CODES.malformed,
      `${bpName}: result_expression_key must be a string naming an expression`,
    );
    return optionKey;
  }
  if (optionKey !== null && field !== undefined && field !== optionKey) {
    report(
      ['result_expression_key'],
      BLUEPRINT_ISSUE_CODES.resultKeyConflict,
      `${bpName}: result_expression_key is "${field}" but the compile option resultExpressionKey names "${optionKey}"`,
    );
  }
  return optionKey ?? (field as string | undefined) ?? null;
}

/**
 * Index of the result expression, or -1 when it cannot be told (the problem is reported, or was
 * already: a malformed expression leaves the references unknown).
 */
export function resolveResultExpression(
  states: readonly (ExpressionState | null)[],
  exprIndex: ReadonlyMap<string, number>,
  named: string | null,
  inCycle: readonly boolean[],
  reporter: Reporter,
): number {
  if (named !== null) {
    const index = exprIndex.get(named);
    if (index === undefined) {
      const near = nearestName(named, [...exprIndex.keys()]);
      const hint = near === undefined ? '' : `; did you mean "${near}"?`;
      reporter.report(
        ['result_expression_key'],
        BLUEPRINT_ISSUE_CODES.unknownResultExpression,
        `${reporter.bpName}: the result expression "${named}" is not an expression of the blueprint${hint}`,
      );
      return -1;
    }
    if (isComplete(states, exprIndex)) reportDead(states, index, inCycle, reporter);
    return index;
  }
  if (!isComplete(states, exprIndex)) return -1;
  const sinks = sinksOf(states);
  if (sinks.length === 1) {
    reportDead(states, sinks[0] as number, inCycle, reporter);
    return sinks[0] as number;
  }
  if (sinks.length > 1) {
    const keys = sinks.map((i) => `"${states[i]?.key ?? ''}"`).join(', ');
    reporter.report(
      ['expressions'],
      BLUEPRINT_ISSUE_CODES.multipleSinks,
      `${reporter.bpName}: expressions ${keys} are each used by no other expression, so which one is the component's value is ambiguous; make the result use the others, remove the unused ones, or name the result with result_expression_key`,
    );
  }
  return -1;
}

/** Whether every expression was read under a key of its own, so that the references are known. */
function isComplete(states: readonly (ExpressionState | null)[], exprIndex: ReadonlyMap<string, number>): boolean {
  return exprIndex.size === states.length && states.every((s) => s !== null);
}

/** The expressions no other expression uses, in document order. */
function sinksOf(states: readonly (ExpressionState | null)[]): number[] {
  const used = new Uint8Array(states.length);
  for (const state of states) for (const target of state?.dependsOn.keys() ?? []) used[target] = 1;
  const sinks: number[] = [];
  for (let i = 0; i < states.length; i++) if (used[i] === 0) sinks.push(i);
  return sinks;
}

/** Reports each expression the result at `resultIndex` does not depend on (a cycle is reported as such). */
function reportDead(
  states: readonly (ExpressionState | null)[],
  resultIndex: number,
  inCycle: readonly boolean[],
  { bpName, report }: Reporter,
): void {
  const reached = new Uint8Array(states.length);
  const stack = [resultIndex];
  reached[resultIndex] = 1;
  while (stack.length > 0) {
    for (const target of states[stack.pop() as number]?.dependsOn.keys() ?? []) {
      if (reached[target] === 0) {
        reached[target] = 1;
        stack.push(target);
      }
    }
  }
  const resultKey = states[resultIndex]?.key ?? '';
  states.forEach((state, i) => {
    if (reached[i] === 1 || state === null || inCycle[i] === true) return;
    report(
      ['expressions', i, 'key'],
      BLUEPRINT_ISSUE_CODES.deadExpression,
      `${bpName}, expression "${state.key}": the result "${resultKey}" does not depend on this expression, so its value would be dropped; use it in the result or remove it`,
    );
  });
}
