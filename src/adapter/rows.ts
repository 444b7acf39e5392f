/**
 * What the store holds: the service's resources in their own field names, plus the owning
 * organisation (`owner`) and the links the service keeps to itself. Rows are immutable; a change
 * stores a new row. A row that stores a resource is that resource's schema output (see `Stored`),
 * less the fields the service computes when it answers, plus its links: its fields and their
 * enumerations are declared once, by the schema.
 *
 * Each resource's row types are its own (resources/<resource>/rows.ts), on the generic ones of
 * store/stored.ts; this module lists them all, with the rows of the service's own records
 * (organisations, clients, tokens, suppliers).
 */
import type { Stored } from './store/stored';
import type { SupplierView } from '../registry';
import type { organisationSchema } from '../model';

export type { QuantityRow } from './store/stored';
export * from './resources/components/rows';
export * from './resources/credit-ledger/rows';
export * from './resources/datapoints/rows';
export * from './resources/feedstock/rows';
export * from './resources/ghg-statements/rows';
export * from './resources/measurements/rows';
export * from './resources/monitoring/rows';
export * from './resources/projects/rows';
export * from './resources/registry-parties/rows';
export * from './resources/removals/rows';
export * from './resources/sources/rows';
export * from './resources/storage/rows';
export * from './resources/stripe/rows';

/** A supplier record: the registry's supplier without its organisation (the row holding it). */
export type SupplierRow = Omit<SupplierView, 'organisation'>;

export type OrganisationRow = Stored<typeof organisationSchema> & {
  readonly supplier: SupplierRow | null;
  readonly buffer_pool: boolean;
  /**
   * The organisation that registered this one as a retirement beneficiary (`POST /beneficiary`);
   * null for the organisations of the world. A beneficiary is seen by the one that registered it.
   */
  readonly registered_by: string | null;
  /** An individual beneficiary's e-mail address (never shown; an organisation's domain is). */
  readonly email: string | null;
};

/** A client secret (the row id is the secret itself). */
export interface ClientRow {
  readonly id: string;
  readonly name: string | null;
}

/** A bearer token (the row id is the token itself). */
export interface TokenRow {
  readonly id: string;
  readonly organisation_id: string;
  readonly expires_at_ms: number;
}
