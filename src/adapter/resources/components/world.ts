/** The components of the world document: a record's schema (every field documented here, once) and its row. */
import * as z from 'zod';
import { idSchema } from '../../../model';
import { dateTime, optionalText, owner, reference, text } from '../world-shapes';
import type { ComponentRow } from './rows';

/** A component: a blueprint instantiated with datapoints. */
export const worldComponentSchema = z.object({
  /** `cmp_` id. */
  id: idSchema('component'),
  /** Owner. */
  owner_organisation_id: owner,
  /** `prj_` id. */
  project_id: idSchema('project'),
  /** Blueprint key. */
  blueprint_key: z.string().min(1),
  /** Name. */
  display_name: text,
  /** Description. */
  description: optionalText,
  /** Start of the activity (UTC date-time). */
  activity_started_at: dateTime.nullable().optional(),
  /** End of the activity (UTC date-time). */
  activity_completed_at: dateTime.nullable().optional(),
  /** One entry per blueprint input. */
  inputs: z
    .array(
      z.object({
        /** The blueprint input. */
        input_key: z.string().min(1),
        /** `dtp_` ids (a LIST input). */
        datapoint_ids: z.array(idSchema('datapoint')).readonly().optional(),
        /** `dtp_` id (a SCALAR input). */
        datapoint_id: idSchema('datapoint').optional(),
      }),
    )
    .readonly(),
  /** Client reference. */
  supplier_reference_id: reference,
  /** Template component it instantiates. */
  removal_template_component_id: idSchema('removal_template_component').nullable().optional(),
});

/** A component of the world: removal-level, its inputs as lists of datapoint ids. */
export function componentRow(c: z.output<typeof worldComponentSchema>): ComponentRow {
  return {
    id: c.id,
    owner: c.owner_organisation_id,
    project_id: c.project_id,
    blueprint_key: c.blueprint_key,
    display_name: c.display_name,
    description: c.description ?? null,
    activity_started_at: c.activity_started_at ?? null,
    activity_completed_at: c.activity_completed_at ?? null,
    inputs: c.inputs.map((input) => ({
      input_key: input.input_key,
      datapoint_ids: input.datapoint_ids ?? (input.datapoint_id === undefined ? [] : [input.datapoint_id]),
    })),
    removal_template_component_id: c.removal_template_component_id ?? null,
    scope: 'REMOVAL',
    ghg_statement_id: null,
    allocation_strategy: null,
    supplier_reference_id: c.supplier_reference_id ?? null,
  };
}
