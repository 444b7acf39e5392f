// Consumer type test of a CommonJS module under moduleResolution node16: its imports are
// `require` calls, so they resolve to the CommonJS declarations, which must exist and be CommonJS.
import { evaluateGraph, isGraphValidationError, type EvaluationResult, type GraphIssue } from 'cdr-engine';
import { createLedger } from 'cdr-engine/registry';
import { createSandbox } from 'cdr-engine/sandbox';
import { toValidationErrorBody } from 'cdr-engine/schemas';
import { parseUnit } from 'cdr-engine/units';

export function evaluate(graph: unknown): EvaluationResult {
  return evaluateGraph(graph);
}

export function issuesOf(error: unknown): readonly GraphIssue[] {
  return isGraphValidationError(error) ? error.issues : [];
}

// @ts-expect-error a scale is a number
export const scale: string = parseUnit('kg').scale;
export const made = [createLedger, createSandbox, toValidationErrorBody] as const;
