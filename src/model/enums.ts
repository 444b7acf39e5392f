/**
 * The service's enumerations that more than one folder spells out, each declared once as a
 * readonly tuple: the registry and the accounting take their member types from here, and the
 * resource and world schemas build their `z.enum` from the same tuple. An enumeration that one
 * resource schema alone owns stays beside that schema (`src/adapter/resources/<resource>/schemas.ts`).
 * Imports nothing, so the ledger and the accounting can use it without zod.
 */

/**
 * Statuses of a credit batch.
 * @public
 */
export const CREDIT_BATCH_STATUSES = ['active', 'split', 'retired'] as const;

/**
 * The retirement purposes of the service (docs/rules.md#service-resources).
 * @public
 */
export const RETIREMENT_PURPOSES = [
  'corporate_targets',
  'public_environmental_claims',
  'insetting',
  'regulatory_requirement',
  'other',
] as const;

/**
 * The two pools an issuance credits: the supplier's batches and the buffer pool's contribution.
 * In this order: issuance numbers each entry's supplier batch before its buffer-pool batch.
 */
export const CREDIT_POOLS = ['supplier', 'buffer_pool'] as const;

/** The outcomes of a GHG statement's verification (the statuses a verifier may move it to). */
export const VERIFICATION_OUTCOMES = ['VERIFIED', 'FAILED_VERIFICATION'] as const;
