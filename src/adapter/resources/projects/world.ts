/**
 * The projects resource's collections of the world document: projects, component blueprints and
 * removal templates, each record's schema (every field documented here, once) and its row.
 */
import * as z from 'zod';
import { componentBlueprintDefinitionSchema, idSchema } from '../../../model';
import type { WorldStart } from '../../store/resource';
import { countryCode, date, optionalText, owner, reference, serialCode, text } from '../world-shapes';
import { pathwaySchema, projectStatusSchema } from '../registry-parties/schemas';
import type { BlueprintRow, ProjectRow, TemplateRow } from './rows';
import { riskOfReversalSchema } from './schemas';

/** A project of a supplier organisation. */
export const worldProjectSchema = z.object({
  /** `prj_` id. */
  id: idSchema('project'),
  /** The supplier organisation that owns it. */
  owner_organisation_id: owner,
  /** Name. */
  name: text,
  /** ISO 3166-1 alpha-3 country (the country of issue of its credits). */
  country_code: countryCode,
  /** Description. */
  description: optionalText,
  /** Short description. */
  short_description: optionalText,
  /** The deprecated process key; `process_key` of its templates when they carry none. */
  process_key: z.string().optional(),
  /** Risk of reversal in percent, applied to every GHG entry of the project; null: not set. */
  risk_of_reversal_percentage: z.number().gte(0).lte(100).nullable().optional(),
  /** Risk-of-reversal rating shown on the project (`low`, `medium`, ...); null: not rated. */
  risk_of_reversal: riskOfReversalSchema.nullable().optional(),
  /** The verifier organisation assigned to the project's GHG statements. */
  verifier_organisation_id: owner.nullable().optional(),
  /** Short code in serial numbers (letters and digits); default from the id. */
  project_code: serialCode.optional(),
  /** Pathway code in serial numbers (letters and digits); default `CDR`. */
  pathway_code: serialCode.optional(),
  /** Estimated gross sequestration of the project in kg (ESTIMATED_PROJECT_TONNAGE amortisation). */
  estimated_gross_tonnage_kg: z.number().positive().nullable().optional(),
  /** Estimated lifetime, a time quantity such as `{magnitude: 10, unit: "yr"}` (ESTIMATED_PROJECT_LIFETIME amortisation). */
  estimated_lifetime: z.object({ magnitude: z.number().positive(), unit: z.string() }).nullable().optional(),
  /** Registry status (default `validated`). */
  status: projectStatusSchema.optional(),
  /** Registry pathway (default `biomass_carbon_removal_and_storage`). */
  pathway: pathwaySchema.optional(),
  /** Protocol slug on the registry. */
  protocol_slug: z.string().optional(),
  /** Name of the validation body. */
  validator_name: z.string().nullable().optional(),
  /** Start of the crediting period, `YYYY-MM-DD`. */
  crediting_period_start: date.nullable().optional(),
  /** End of the crediting period, `YYYY-MM-DD`. */
  crediting_period_end: date.nullable().optional(),
});

// The service's blueprints have no result_expression_key (a graph-document extension): their
// result is always the single sink, so a world document refuses the key like any unknown one.
/** A component blueprint, in the removal graph document's shape without `result_expression_key`. */
export const worldBlueprintSchema = componentBlueprintDefinitionSchema.omit({ result_expression_key: true });

/** A removal (GHG entry) template of a project. */
export const worldTemplateSchema = z.object({
  /** `rvt_` id. */
  id: idSchema('removal_template'),
  /** `prj_` id; the project's owner owns the template. */
  project_id: idSchema('project'),
  /** Name. */
  display_name: text,
  /** Client reference. */
  supplier_reference_id: reference,
  /** The deprecated process key naming this template (default: the project's). */
  process_key: z.string().optional(),
  /** Component groups. */
  groups: z
    .array(
      z.object({
        /** `rtg_` id. */
        id: idSchema('removal_template_component_group'),
        /** Key, also the deprecated process step key. */
        key: z.string().min(1),
        /** Name. */
        display_name: text,
        /** Description. */
        description: z.string().optional(),
        /** Component slots. */
        components: z
          .array(
            z.object({
              /** `rtc_` id. */
              id: idSchema('removal_template_component'),
              /** Name. */
              display_name: text,
              /** Description. */
              description: optionalText,
              /** Blueprint instantiated. */
              blueprint_key: z.string().min(1),
              /** Inputs with their default datapoint (null: the request must supply one). */
              inputs: z
                .array(
                  z.object({
                    /** The blueprint input. */
                    input_key: z.string().min(1),
                    /** Name. */
                    display_name: z.string().optional(),
                    /** `dtp_` id of its default datapoint; null: the request must supply one. */
                    datapoint_id: idSchema('datapoint').nullable().optional(),
                  }),
                )
                .readonly(),
            }),
          )
          .readonly(),
      }),
    )
    .readonly(),
});

/** A project as the sandbox stores it; the service's defaults where the world is silent. */
export function projectRow(p: z.output<typeof worldProjectSchema>): ProjectRow {
  return {
    id: p.id,
    owner: p.owner_organisation_id,
    name: p.name,
    country_code: p.country_code,
    description: p.description ?? null,
    short_description: p.short_description ?? null,
    process_key: p.process_key ?? 'default',
    risk_of_reversal_percentage: p.risk_of_reversal_percentage ?? null,
    risk_of_reversal: p.risk_of_reversal ?? null,
    verifier_organisation_id: p.verifier_organisation_id ?? null,
    project_code:
      p.project_code ??
      p.id
        .slice(-6)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X'),
    pathway_code: p.pathway_code ?? 'CDR',
    estimated_gross_tonnage_kg: p.estimated_gross_tonnage_kg ?? null,
    estimated_lifetime: p.estimated_lifetime ?? null,
    registry: {
      status: p.status ?? 'validated',
      pathway: p.pathway ?? 'biomass_carbon_removal_and_storage',
      protocol_slug: p.protocol_slug ?? 'biochar',
      validator_name: p.validator_name ?? null,
      crediting_period_start: p.crediting_period_start ?? null,
      crediting_period_end: p.crediting_period_end ?? null,
    },
  };
}

/** A blueprint as the sandbox stores it: by its key. */
export function blueprintRow(b: z.output<typeof worldBlueprintSchema>): BlueprintRow {
  return { id: b.key, definition: b };
}

/** A removal template with its groups and components; its owner is its project's. */
export function templateRow(t: z.output<typeof worldTemplateSchema>, start: WorldStart): TemplateRow {
  const project = start.project(t.project_id);
  return {
    id: t.id,
    owner: project?.owner ?? '',
    project_id: t.project_id,
    display_name: t.display_name,
    supplier_reference_id: t.supplier_reference_id ?? null,
    process_key: t.process_key ?? project?.process_key ?? 'default',
    groups: t.groups.map((g) => ({
      id: g.id,
      key: g.key,
      display_name: g.display_name,
      description: g.description ?? '',
      components: g.components.map((c) => ({
        id: c.id,
        display_name: c.display_name,
        description: c.description ?? null,
        blueprint_key: c.blueprint_key,
        inputs: c.inputs.map((input) => ({
          input_key: input.input_key,
          display_name: input.display_name ?? input.input_key,
          datapoint_id: input.datapoint_id ?? null,
        })),
      })),
    })),
  };
}
