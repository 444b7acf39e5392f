/**
 * The monitoring resource's collections of the world document: file uploads and monitoring
 * requirements, each record's schema (every field documented here, once) and its row.
 */
import * as z from 'zod';
import { idSchema } from '../../../model';
import type { WorldStart } from '../../store/resource';
import { optionalText, owner, text } from '../world-shapes';
import { type FileUploadRow, type MonitoringRequirementRow, uploadUrl } from './rows';
import { frequencySchema, monitoringPhaseSchema } from './schemas';

/** An uploaded data file, ready to be submitted for processing. */
export const worldFileUploadSchema = z.object({
  /** `tfu_` id. */
  id: idSchema('file_upload'),
  /** Owner. */
  owner_organisation_id: owner,
  /** File name. */
  file_name: text,
  /** Media type (default `application/vnd.apache.parquet`). */
  content_type: z.string().optional(),
  /** Size in bytes. */
  content_length: z.number().int().gte(0).optional(),
});

/** A monitoring requirement the service set on a project. */
export const worldMonitoringRequirementSchema = z.object({
  /** `mnr_` id. */
  id: idSchema('monitoring_requirement'),
  /** Project. */
  project_id: idSchema('project'),
  /** Name. */
  display_name: text,
  /** Phase of the project it applies to. */
  monitoring_phase: monitoringPhaseSchema,
  /** How often it must be met. */
  frequency: frequencySchema,
  /** Notes. */
  notes: optionalText,
});

/** A file upload as the sandbox stores it. */
export function fileUploadRow(u: z.output<typeof worldFileUploadSchema>): FileUploadRow {
  return {
    id: u.id,
    owner: u.owner_organisation_id,
    file_name: u.file_name,
    content_type: u.content_type ?? 'application/vnd.apache.parquet',
    content_length: u.content_length ?? null,
    upload_url: uploadUrl(u.id),
  };
}

/** A monitoring requirement; its owner is its project's. */
export function monitoringRequirementRow(
  r: z.output<typeof worldMonitoringRequirementSchema>,
  start: WorldStart,
): MonitoringRequirementRow {
  return {
    id: r.id,
    owner: start.project(r.project_id)?.owner ?? '',
    project_id: r.project_id,
    storage_location_id: null,
    storage_unit_id: null,
    display_name: r.display_name,
    monitoring_phase: r.monitoring_phase,
    frequency: r.frequency,
    notes: r.notes ?? null,
  };
}
