/**
 * The service's schemas of the registry's parties: orders, registry projects and their documents as
 * read, the beneficiary bodies and the supplier's path parameter (docs/service.md#routes). Owned by
 * this resource's module (its routes and view read them); the world document, the rows, the OpenAPI
 * document and the `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { idSchema } from '../../../model/ids';
import { addPydanticIssue } from '../../../model/pydantic-issue';
import { idPathSchema } from '../../../model/queries';
import {
  countryCodeSchema,
  creditQuantitySchema,
  dateSchema,
  dateTimeSchema,
  literalSchema,
  locationSchema,
  organisationSchema,
  supplierSchema,
} from '../../../model/shapes';

/** Schema of an order's status. @public */
export const orderStatusSchema = z.enum(['placed', 'in_progress', 'completed']);
/** Status of an order. */
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Schema of a project's status in the registry. @public */
export const projectStatusSchema = z.enum(['draft', 'preview', 'under_validation', 'validated', 'validation_unsuccessful', 'cancelled']);
/** Status of a project in the registry. */
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** Schema of a carbon removal pathway. @public */
export const pathwaySchema = z.enum([
  'biomass_carbon_removal_and_storage',
  'direct_air_capture',
  'enhanced_weathering',
  'carbon_mineralization',
  'reforestation',
  'marine',
  'superpollutants',
]);
/** Carbon removal pathway of a project. */
export type Pathway = z.infer<typeof pathwaySchema>;

/**
 * Schema of an Order (OpenAPI).
 * @public
 */
export const orderSchema = z.object({
  id: idSchema('order'),
  effective_contract_date: dateSchema,
  fulfilled_at: dateTimeSchema.nullable(),
  buyer_organisation: organisationSchema,
  supplier: supplierSchema,
  status: orderStatusSchema,
  credits_ordered: creditQuantitySchema,
  credits_delivered: creditQuantitySchema,
});
/** An order of credits. */
export type Order = z.infer<typeof orderSchema>;

/**
 * Schema of a Project as the registry operations return it (OpenAPI `/registry/v0`).
 * @public
 */
export const registryProjectSchema = z.object({
  id: idSchema('project'),
  name: z.string(),
  supplier: supplierSchema,
  status: projectStatusSchema,
  short_code: z.string(),
  url: z.string(),
  process_key: z.string(),
  pathway: pathwaySchema,
  protocol_slug: z.string(),
  country_code: countryCodeSchema,
  validator_name: z.string().nullable(),
  current_verifier_name: z.string().nullable(),
  crediting_period_start: dateSchema.nullable(),
  crediting_period_end: dateSchema.nullable(),
  issued_credits_total: creditQuantitySchema,
  retired_credits_total: creditQuantitySchema,
  issued_buffer_pool_credits_total: creditQuantitySchema,
  retired_buffer_pool_credits_total: creditQuantitySchema,
  location: locationSchema.nullable(),
});
/** A project (registry view). */
export type RegistryProject = z.infer<typeof registryProjectSchema>;

/**
 * Schema of a ProjectDocument (OpenAPI): a public document of a project.
 * @public
 */
export const projectDocumentSchema = z.object({
  id: idSchema('project_document'),
  display_name: z.string(),
  project_id: idSchema('project'),
  url: z.string(),
});
/** A public document of a project. */
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * Schema of the body of `POST /beneficiary` registering an organisation as a beneficiary
 * (OpenAPI CreateOrganizationBeneficiary).
 * @public
 */
export const createOrganizationBeneficiarySchema = z.strictObject({
  __typename: literalSchema('CreateOrganizationBeneficiary').optional(),
  beneficiary_name: z.string().min(1).max(256),
  beneficiary_domain: z.string().min(1).max(256),
});

/** An e-mail address as pydantic's `email` format checks it (one `@`, a dot in the domain). */
const emailSchema = z.string().superRefine((value, ctx) => {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
    addPydanticIssue(ctx, value, {
      type: 'value_error',
      msg: 'value is not a valid email address: An email address must have an @-sign and a domain with a dot.',
      ctx: { reason: 'An email address must have an @-sign and a domain with a dot.' },
    });
  }
});

/**
 * Schema of the body of `POST /beneficiary` registering a person as a beneficiary (OpenAPI
 * CreateIndividualBeneficiary).
 * @public
 */
export const createIndividualBeneficiarySchema = z.strictObject({
  __typename: literalSchema('CreateIndividualBeneficiary').optional(),
  beneficiary_name: z.string().min(1).max(256),
  beneficiary_email: emailSchema,
});

/**
 * Schema of the body of `POST /beneficiary`: an organisation (with a domain) or an individual
 * (with an e-mail address), told apart by `__typename` or, without it, by the fields given.
 * @public
 */
export const createBeneficiaryRequestSchema = z.union([createOrganizationBeneficiarySchema, createIndividualBeneficiarySchema]);
/** Body of `POST /beneficiary`. */
export type CreateBeneficiaryRequest = z.infer<typeof createBeneficiaryRequestSchema>;

/** Path of `/suppliers/{id}/deliveries`: `id` of a supplier. @public */
export const supplierIdPathSchema = idPathSchema('supplier');
