/**
 * The problem report shared by every validator of the engine: a path into the input and a message.
 */

/**
 * A path into a document: object keys and array indices, outermost first.
 * @public
 */
export type IssuePath = readonly (string | number)[];

/**
 * Every code a {@link GraphIssue} of the engine carries (docs/errors.md): the document's shape,
 * blueprint, document and option codes, and the codes of the schema library's own checks.
 * @public
 */
export const GRAPH_ISSUE_CODES = [
  'ambiguous_attribution',
  'ambiguous_entries',
  'ambiguous_input',
  'attribution_out_of_range',
  'attribution_over_one',
  'blueprint_duplicate_input',
  'blueprint_malformed',
  'blueprint_multiple_sinks',
  'blueprint_no_expressions',
  'blueprint_result_key_conflict',
  'blueprint_result_not_mass',
  'blueprint_unit_incompatible',
  'blueprint_unknown_quantity_kind',
  'blueprint_unknown_result_expression',
  'blueprint_unused_input',
  'component_scope_conflict',
  'correlation_not_positive_semidefinite',
  'correlation_same_datapoint',
  'correlation_without_standard_deviation',
  'custom',
  'custom_period_not_custom',
  'distribution_without_standard_deviation',
  'duplicate_attribution',
  'duplicate_component',
  'duplicate_correlation',
  'duplicate_entry',
  'duplicate_id',
  'duplicate_input',
  'duplicate_key',
  'duplicate_share',
  'empty_list_input',
  'entry_in_two_statements',
  'entry_not_evaluated',
  'entry_outside_period',
  'entry_project_mismatch',
  'entry_refused',
  'expression_arity',
  'expression_cycle',
  'expression_data_shape',
  'expression_dead',
  'expression_dimension',
  'expression_duplicate_key',
  'expression_forbidden',
  'expression_mapping_duplicate',
  'expression_mapping_unused',
  'expression_syntax',
  'expression_unknown_expression',
  'expression_unknown_input',
  'expression_unknown_mapping_type',
  'expression_variable_unmapped',
  'invalid_correlation',
  'invalid_date',
  'invalid_datetime',
  'invalid_distribution',
  'invalid_element',
  'invalid_format',
  'invalid_key',
  'invalid_option',
  'invalid_period',
  'invalid_realistic_range',
  'invalid_request',
  'invalid_standard_deviation',
  'invalid_text',
  'invalid_type',
  'invalid_union',
  'invalid_value',
  'list_length_mismatch',
  'lognormal_median_with_standard_deviation',
  'manual_attribution_not_manual',
  'missing_custom_period',
  'missing_input',
  'missing_option',
  'missing_project_field',
  'monte_carlo_no_valid_draw',
  'no_entries',
  'no_result',
  'not_finite',
  'not_multiple_of',
  'sample_set_column_lengths',
  'sample_set_column_units',
  'sample_set_datapoint_correlated',
  'sample_set_datapoint_distribution',
  'sample_set_datapoint_standard_deviation',
  'sample_set_duplicate_datapoint',
  'sample_set_empty',
  'sample_set_too_few_rows',
  'scalar_input_count',
  'statement_mismatch',
  'statement_refused',
  'time_before_last_event',
  'too_big',
  'too_small',
  'transition_not_allowed',
  'unit_incompatible',
  'unknown_blueprint',
  'unknown_component',
  'unknown_datapoint',
  'unknown_entry',
  'unknown_id',
  'unknown_input',
  'unknown_option',
  'unknown_project',
  'unknown_project_component',
  'unknown_statement',
  'unknown_unit',
  'unrecognized_key',
  'unrecognized_keys',
  'value_out_of_physical_range',
] as const satisfies readonly GraphIssueCode[];

/**
 * A {@link GraphIssue}'s code, for filtering problems with the compiler's help.
 * @public
 */
export type GraphIssueCode =
  | 'ambiguous_attribution'
  | 'ambiguous_entries'
  | 'ambiguous_input'
  | 'attribution_out_of_range'
  | 'attribution_over_one'
  | 'blueprint_duplicate_input'
  | 'blueprint_malformed'
  | 'blueprint_multiple_sinks'
  | 'blueprint_no_expressions'
  | 'blueprint_result_key_conflict'
  | 'blueprint_result_not_mass'
  | 'blueprint_unit_incompatible'
  | 'blueprint_unknown_quantity_kind'
  | 'blueprint_unknown_result_expression'
  | 'blueprint_unused_input'
  | 'component_scope_conflict'
  | 'correlation_not_positive_semidefinite'
  | 'correlation_same_datapoint'
  | 'correlation_without_standard_deviation'
  | 'custom'
  | 'custom_period_not_custom'
  | 'distribution_without_standard_deviation'
  | 'duplicate_attribution'
  | 'duplicate_component'
  | 'duplicate_correlation'
  | 'duplicate_entry'
  | 'duplicate_id'
  | 'duplicate_input'
  | 'duplicate_key'
  | 'duplicate_share'
  | 'empty_list_input'
  | 'entry_in_two_statements'
  | 'entry_not_evaluated'
  | 'entry_outside_period'
  | 'entry_project_mismatch'
  | 'entry_refused'
  | 'expression_arity'
  | 'expression_cycle'
  | 'expression_data_shape'
  | 'expression_dead'
  | 'expression_dimension'
  | 'expression_duplicate_key'
  | 'expression_forbidden'
  | 'expression_mapping_duplicate'
  | 'expression_mapping_unused'
  | 'expression_syntax'
  | 'expression_unknown_expression'
  | 'expression_unknown_input'
  | 'expression_unknown_mapping_type'
  | 'expression_variable_unmapped'
  | 'invalid_correlation'
  | 'invalid_date'
  | 'invalid_datetime'
  | 'invalid_distribution'
  | 'invalid_element'
  | 'invalid_format'
  | 'invalid_key'
  | 'invalid_option'
  | 'invalid_period'
  | 'invalid_realistic_range'
  | 'invalid_request'
  | 'invalid_standard_deviation'
  | 'invalid_text'
  | 'invalid_type'
  | 'invalid_union'
  | 'invalid_value'
  | 'list_length_mismatch'
  | 'lognormal_median_with_standard_deviation'
  | 'manual_attribution_not_manual'
  | 'missing_custom_period'
  | 'missing_input'
  | 'missing_option'
  | 'missing_project_field'
  | 'monte_carlo_no_valid_draw'
  | 'no_entries'
  | 'no_result'
  | 'not_finite'
  | 'not_multiple_of'
  | 'sample_set_column_lengths'
  | 'sample_set_column_units'
  | 'sample_set_datapoint_correlated'
  | 'sample_set_datapoint_distribution'
  | 'sample_set_datapoint_standard_deviation'
  | 'sample_set_duplicate_datapoint'
  | 'sample_set_empty'
  | 'sample_set_too_few_rows'
  | 'scalar_input_count'
  | 'statement_mismatch'
  | 'statement_refused'
  | 'time_before_last_event'
  | 'too_big'
  | 'too_small'
  | 'transition_not_allowed'
  | 'unit_incompatible'
  | 'unknown_blueprint'
  | 'unknown_component'
  | 'unknown_datapoint'
  | 'unknown_entry'
  | 'unknown_id'
  | 'unknown_input'
  | 'unknown_option'
  | 'unknown_project'
  | 'unknown_project_component'
  | 'unknown_statement'
  | 'unknown_unit'
  | 'unrecognized_key'
  | 'unrecognized_keys'
  | 'value_out_of_physical_range';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyGraphIssueCode: readonly (typeof GRAPH_ISSUE_CODES)[number][] = [] as GraphIssueCode[];
void _everyGraphIssueCode;

/**
 * Every code an evaluation warning carries (docs/errors.md, "Warning codes"): the names the policy
 * `silencedWarnings` accepts.
 * @public
 */
export const EVALUATION_WARNING_CODES = [
  'branch_near_threshold',
  'first_order_discount_not_conservative',
  'monte_carlo_invalid_draws',
  'risk_of_reversal_fraction_suspected',
  'standard_deviation_exceeds_magnitude',
  'value_out_of_physical_range',
  'value_outside_realistic_range',
] as const satisfies readonly EvaluationWarningCode[];

/**
 * An evaluation warning's code.
 * @public
 */
export type EvaluationWarningCode =
  | 'branch_near_threshold'
  | 'first_order_discount_not_conservative'
  | 'monte_carlo_invalid_draws'
  | 'risk_of_reversal_fraction_suspected'
  | 'standard_deviation_exceeds_magnitude'
  | 'value_out_of_physical_range'
  | 'value_outside_realistic_range';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyEvaluationWarningCode: readonly (typeof EVALUATION_WARNING_CODES)[number][] = [] as EvaluationWarningCode[];
void _everyEvaluationWarningCode;

/**
 * One problem found in an input: where it is and what is wrong. `Code` is the union of its codes:
 * `GraphIssueCode` for the engine's documents and options; the ledger's problems and the
 * sandbox's world documents have their own.
 * @public
 */
export interface GraphIssue<Code extends string = GraphIssueCode> {
  /** Where the problem is, e.g. `["components", 3, "inputs", 0, "datapoint_ids", 1]`. */
  readonly path: IssuePath;
  /** What is wrong, naming the offending value and what was expected. */
  readonly message: string;
  /** A stable machine-readable kind of problem, e.g. `unit_incompatible` or `expression_cycle` (docs/errors.md). */
  readonly code: Code;
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
