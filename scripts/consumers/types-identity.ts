// Consumer type test under moduleResolution node16: the declarations an ES module and a CommonJS
// module receive are the same ones, so a class or a result type is one type for both.
import { GraphValidationError, type EvaluationResult } from 'cdr-engine';
import type { GraphValidationError as RequiredGraphValidationError, EvaluationResult as RequiredEvaluationResult } from 'cdr-engine' with {
  'resolution-mode': 'require',
};

export const asRequired: RequiredGraphValidationError = new GraphValidationError([]);
export function sameResult(result: EvaluationResult): RequiredEvaluationResult {
  return result;
}
