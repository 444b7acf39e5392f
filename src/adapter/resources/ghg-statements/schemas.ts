/**
 * The service's schemas of GHG statements: the statement as read, and the create, submit and
 * resubmit bodies (docs/service.md#routes). Owned by this resource's module (its routes and view
 * read them); the world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry
 * import them from here.
 */
import * as z from 'zod';
import { ghgStatementStatusSchema } from '../../../model/graph';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { dateSchema, dateTimeSchema, laxNumber } from '../../../model/shapes';

/**
 * Schema of a GhgStatement (OpenAPI).
 * @public
 */
export const ghgStatementSchema = z.object({
  id: idSchema('ghg_statement'),
  project_id: idSchema('project'),
  verifier: z.string().nullable(),
  removal_ids: z.array(idSchema('ghg_entry')),
  ghg_statement_report_url: z.string().nullable(),
  status: ghgStatementStatusSchema,
  reporting_period_start_at: dateSchema,
  reporting_period_end_at: dateSchema,
  submitted_at: dateTimeSchema.nullable(),
  credits_issued_at: dateTimeSchema.nullable(),
  total_co2e_removed_kg: laxNumber().nullable(),
  pending_total_co2e_removed_kg: laxNumber().nullable(),
});
/** A GHG statement: GHG entries submitted together for verification. */
export type GhgStatement = z.infer<typeof ghgStatementSchema>;

/**
 * Schema of the body of `POST /ghg_statements` (OpenAPI CreateGhgStatementRequest).
 * @public
 */
export const createGhgStatementRequestSchema = z.strictObject({ end_on: dateSchema, project_id: anyIdSchema });
/** Body of `POST /ghg_statements`. */
export type CreateGhgStatementRequest = z.infer<typeof createGhgStatementRequestSchema>;

/**
 * Schema of the body of `POST /ghg_statements/{id}/submit`: the OpenAPI's SubmitGhgStatementRequest
 * or, with `summary_of_changes`, its ResubmitGhgStatementRequest (a statement that failed
 * verification submitted again).
 * @public
 */
export const submitGhgStatementRequestSchema = z.strictObject({
  ghg_statement_report_url: z.string(),
  summary_of_changes: z.string().optional(),
});
/** Body of a GHG statement submission. */
export type SubmitGhgStatementRequest = z.infer<typeof submitGhgStatementRequestSchema>;

/**
 * Schema of the body of a GHG statement resubmission (OpenAPI ResubmitGhgStatementRequest).
 * @public
 */
export const resubmitGhgStatementRequestSchema = z.strictObject({
  ghg_statement_report_url: z.string(),
  summary_of_changes: z.string(),
});
/** Body of a GHG statement resubmission. */
export type ResubmitGhgStatementRequest = z.infer<typeof resubmitGhgStatementRequestSchema>;
