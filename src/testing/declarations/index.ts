/**
 * testing/declarations: the methodology document `cdr-engine check` reads (a blueprint library and
 * what it declares: worked examples, bounds, LIST semantics, homogeneity, adjustment signs, entry
 * templates, monotonicities, input ranges, tolerances), the checks of those declarations, the lint
 * of a blueprint, and `checkMethodology`, which runs every property and declaration on every
 * blueprint. The top of testing: nothing in it is imported by its siblings.
 * May import: arbitraries, verdicts and properties (its siblings), accounting, expressions, units, model, fast-check.
 */
export {
  type InputRangeDeclaration,
  type Methodology,
  type MethodologyChecks,
  type MethodologyParse,
  type MethodologyGraphs,
  type MethodologyTolerances,
  parseMethodology,
} from './methodology';
export type {
  AdjustmentSignDeclaration,
  BoundDeclaration,
  EntryTemplateDeclaration,
  HomogeneityDeclaration,
  ListSemanticsDeclaration,
  QuantityLiteral,
  WorkedExample,
} from './declarations';
export {
  type BlueprintReport,
  checkMethodology,
  type MethodologyCheckOptions,
  type MethodologyReport,
  type PropertyNotRun,
} from './check-methodology';
