/**
 * The zod schema of a world document (docs/rules.md#world-document-and-test-helpers): the
 * document's own collections (organisations, clients, tokens, the registry's records and settings,
 * declared here) and every collection a resource holds (declared in its descriptor,
 * `resources/<resource>/resource.ts`, and its `world.ts`), in the document's key order. Unknown
 * keys are reported by model/schema-walk.ts with the nearest known key, so the objects here are not
 * strict themselves. The document's types (world-types.ts) are this schema's input, so each field
 * is documented once, where its collection is declared.
 */
import * as z from 'zod';
import { idSchema } from '../../model';
import { CREDIT_POOLS } from '../../model/enums';
import { WORLD_COLLECTIONS } from '../resources';
import { countryCode, dateTime, date, optionalText, owner, serialCode, text } from '../resources/world-shapes';

const batchQuantities = z
  .array(
    z.object({
      /** `ctb_` id of a world credit batch. */
      credit_batch_id: idSchema('credit_batch'),
      /** Whole kilograms, a JSON number (the batch is a world credit batch not split by an earlier world transaction). */
      credit_quantity_kg: z.number().int().gt(0),
    }),
  )
  .min(1)
  .readonly();

/** A collection of the document: a read-only list, empty when absent. */
function collection<T extends z.ZodType>(record: T) {
  return z.array(record).readonly().default([]);
}

/** The document's own collections: accounts, the registry's records and its settings. */
const OWN_SHAPE = {
  /** Organisations, with their supplier records; with `supplier` an organisation can own projects and receive credits. */
  organisations: collection(
    z.object({
      /** `org_` id. */
      id: idSchema('organisation'),
      /** Display name. */
      name: text,
      /** Web domain. */
      domain: optionalText,
      /**
       * The organisation's supplier record, when it supplies removals: the registry's supplier, whose
       * organisation is this one; the location's `description` may be left out.
       */
      supplier: z
        .object({
          /** `spl_` id. */
          id: idSchema('supplier'),
          /** Short description. */
          short_description: optionalText,
          /** Long description. */
          long_description: optionalText,
          /** Where the supplier is. */
          location: z
            .object({
              /** ISO 3166-1 alpha-3 code. */
              country_code: countryCode,
              /** Country name. */
              country_name: text,
              /** Degrees, -90 to 90. */
              latitude: z.number().gte(-90).lte(90),
              /** Degrees, -180 to 180. */
              longitude: z.number().gte(-180).lte(180),
              /** Free text. */
              description: optionalText,
            })
            .nullable()
            .optional(),
        })
        .optional(),
      /** Whether this organisation holds the buffer pool (at most one may). */
      buffer_pool: z.boolean().optional(),
    }),
  ),
  /** Client applications and their secrets (sent as `x-client-secret`). */
  clients: collection(
    z.object({
      /** The secret. */
      client_secret: z.string().min(1),
      /** A name for humans. */
      name: z.string().optional(),
    }),
  ),
  /** Bearer tokens, each scoped to one organisation: give `expires_at`, or `generated_at` (it then expires one year later). */
  access_tokens: collection(
    z
      .object({
        /** The token as sent after `Bearer `. */
        token: z.string().min(1),
        /** `org_` id of the organisation it acts for. */
        organisation_id: owner,
        /** UTC date-time after which it is refused. */
        expires_at: dateTime.optional(),
        /** UTC date-time it was generated. */
        generated_at: dateTime.optional(),
      })
      .refine((t) => t.expires_at !== undefined || t.generated_at !== undefined, 'give expires_at or generated_at'),
  ),
  /** Credit batches issued before the start, to the supplier owning `project_id` (or to the buffer pool). */
  credit_batches: collection(
    z.object({
      /** `ctb_` id. */
      id: idSchema('credit_batch'),
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** `rmv_` id of the GHG entry it was issued for. */
      ghg_entry_id: idSchema('ghg_entry'),
      /** Date of sequestration; its year is the vintage. */
      sequestered_on: date,
      /** Size in whole kilograms. */
      size_kg: z.number().int().gt(0),
      /** `supplier` (default) or `buffer_pool`. */
      pool: z.enum(CREDIT_POOLS).optional(),
      /** When it was issued (default: the clock at start). */
      issued_at: dateTime.optional(),
      /** Figures of the GHG entry, in kg (default zeros). */
      carbon_removal_data: z
        .object({
          /** Counterfactual emissions. */
          counterfactuals_kg: z.number(),
          /** Project emissions. */
          emissions_kg: z.number(),
          /** Gross CO2e removed. */
          gross_carbon_removed_kg: z.number(),
          /** Losses. */
          losses_kg: z.number(),
          /** Net CO2e removed. */
          net_carbon_removed_kg: z.number(),
        })
        .optional(),
      /** Issued under a CCP-approved project. */
      ccp_approved: z.boolean().optional(),
    }),
  ),
  /** Deliveries made before the start, replayed in order after the credit batches. */
  deliveries: collection(
    z.object({
      /** `dlv_` id. */
      id: idSchema('delivery'),
      /** `ord_` id. */
      order_id: idSchema('order'),
      /** Batches delivered. */
      credit_batch_quantities: batchQuantities,
      /** Public note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      delivered_at: dateTime.optional(),
    }),
  ),
  /** Transfers made before the start, replayed in order after the deliveries. */
  transfers: collection(
    z.object({
      /** `tfr_` id. */
      id: idSchema('transfer'),
      /** The organisation owning every batch. */
      from_organisation_id: owner,
      /** The receiver. */
      to_organisation_id: owner,
      /** Every batch must come from this supplier (`spl_`). */
      supplier_id: idSchema('supplier'),
      /** Batches transferred. */
      credit_batch_quantities: batchQuantities,
      /** Public note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      transferred_at: dateTime.optional(),
    }),
  ),
  /** Buffer-pool refunds made before the start, replayed in order after the transfers. */
  refunds: collection(
    z.object({
      /** `bpr_` id. */
      id: idSchema('refund'),
      /** The receiver. */
      to_organisation_id: owner,
      /** Buffer-pool batches refunded (from the organisation marked `buffer_pool`). */
      credit_batch_quantities: batchQuantities,
      /** Note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      refunded_at: dateTime.optional(),
    }),
  ),
  /** Registry settings: the registry code of serial numbers (default `CDR`). */
  registry: z.object({ registry_code: serialCode.optional() }).optional(),
};

/** Each resource's world collections as the document's lists of its records. */
type CollectionShapes<W> = {
  [K in keyof W]: W[K] extends { readonly record: infer S extends z.ZodType } ? ReturnType<typeof collection<S>> : never;
};

/**
 * The document's keys in the order its schema lists them (the order zod reports shape problems
 * in); a key not named here (a resource added since) comes after these, in resource-list order.
 */
const KEY_ORDER = [
  'organisations',
  'clients',
  'access_tokens',
  'projects',
  'feedstock_types',
  'production_batches',
  'facilities',
  'file_uploads',
  'component_blueprints',
  'removal_templates',
  'datapoints',
  'sources',
  'components',
  'measurement_samples',
  'orders',
  'credit_batches',
  'deliveries',
  'transfers',
  'refunds',
  'monitoring_requirements',
  'project_documents',
  'stripe_configurations',
  'registry',
];

/** `shape` with its keys in {@link KEY_ORDER}, the others after them in their own order. */
function inKeyOrder<T extends object>(shape: T): T {
  const rank = (key: string): number => {
    const at = KEY_ORDER.indexOf(key);
    return at === -1 ? KEY_ORDER.length : at;
  };
  const keys = Object.keys(shape).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(keys.map((key) => [key, shape[key as keyof T]])) as T;
}

function worldShape(): typeof OWN_SHAPE & CollectionShapes<typeof WORLD_COLLECTIONS> {
  const resources = Object.fromEntries(Object.entries(WORLD_COLLECTIONS).map(([key, c]) => [key, collection(c.record)]));
  const twice = Object.keys(resources).find((key) => key in OWN_SHAPE);
  if (twice !== undefined) throw new Error(`world collection '${twice}' is the document's own`);
  return inKeyOrder({ ...OWN_SHAPE, ...(resources as CollectionShapes<typeof WORLD_COLLECTIONS>) });
}

/**
 * The schema of a world document: what a sandbox starts with (docs/rules.md#world-document-and-test-helpers). Every
 * collection is optional; response-only fields (`locked_status`, `uploaded_at`, ...) are filled in
 * by the service. `createSandbox` parses a world with it and also refuses unknown keys (naming the
 * nearest known one) and references to records the world lacks.
 */
export const worldSchema = z.object(worldShape());

/** A parsed world document. */
export type World = z.output<typeof worldSchema>;
