/**
 * Table-driven checks over every schema of the model: each has a valid example that passes, and
 * each bound of interface.md (sections 2, 4.3 and 8) fails with the exact pydantic type and loc.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as model from '../../src/model';
import { RESOURCE_SCHEMAS as resourceSchemas } from '../../src/adapter/resources';
import * as graph from '../../src/model/graph';
import * as ids from '../../src/model/ids';
import * as kinds from '../../src/model/quantity-kinds';
import type { RequestLocation } from '../../src/model';
import {
  ENUM_EXAMPLES,
  HEADER_EXAMPLES,
  ID,
  PATH_EXAMPLES,
  QUERY_EXAMPLES,
  REMOVE,
  REQUEST_EXAMPLES,
  RESOURCE_EXAMPLES,
  SCALAR_EXAMPLES,
  withValue,
} from './fixtures';

// The model's shared schemas and every resource's own (src/adapter/resources/<resource>/schemas.ts).
const exported: Record<string, unknown> = { ...model, ...resourceSchemas };
const leadOwned = new Set<unknown>([...Object.values(graph), ...Object.values(ids), ...Object.values(kinds)]);

function schemaNamed(name: string): z.ZodType {
  const schema = exported[name];
  if (!(schema instanceof z.ZodType)) throw new Error(`${name} is not an exported schema`);
  return schema;
}

const GROUPS: readonly (readonly [RequestLocation, Record<string, unknown>])[] = [
  ['body', RESOURCE_EXAMPLES],
  ['body', REQUEST_EXAMPLES],
  ['query', QUERY_EXAMPLES],
  ['path', PATH_EXAMPLES],
  ['header', HEADER_EXAMPLES],
  ['body', SCALAR_EXAMPLES],
];

const ALL_EXAMPLES: Record<string, unknown> = Object.assign({}, ...GROUPS.map(([, examples]) => examples), ENUM_EXAMPLES);

function locationOf(name: string): RequestLocation {
  return GROUPS.find(([, examples]) => name in examples)?.[0] ?? 'body';
}

function check(name: string, input: unknown) {
  return model.validateRequestPart(schemaNamed(name), input, locationOf(name));
}

describe('every exported schema has a valid example', () => {
  const mine = Object.entries(exported).filter(([, value]) => value instanceof z.ZodType && !leadOwned.has(value));

  it('the model exports the schemas this table covers', () => {
    expect(mine.length).toBeGreaterThan(120);
    for (const name of Object.keys(ALL_EXAMPLES)) expect(exported[name], name).toBeInstanceOf(z.ZodType);
  });

  it.each(mine.map(([name]) => name))('%s', (name) => {
    // An alias (ghgEntrySchema, refundSchema, the list queries) shares its schema's example.
    const covering = Object.keys(ALL_EXAMPLES).find((other) => exported[other] === exported[name]);
    expect(covering, `no example for ${name}`).toBeDefined();
    const result = check(covering as string, ALL_EXAMPLES[covering as string]);
    expect(result).toMatchObject({ success: true });
  });
});

describe('enumerations', () => {
  it.each(Object.entries(ENUM_EXAMPLES))('%s accepts %s and rejects other values', (name, valid) => {
    const schema = schemaNamed(name);
    expect(schema.safeParse(valid).success).toBe(true);
    const result = model.validateRequestPart(schema, 'NOT_A_VALUE', 'body');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.detail).toHaveLength(1);
    const item = result.detail[0];
    if (name === 'countryCodeSchema') {
      expect(item).toEqual({ type: 'country_alpha3', loc: ['body'], msg: 'Invalid country alpha3 code', input: 'NOT_A_VALUE', ctx: {} });
      return;
    }
    const values = (schema as z.ZodEnum).options as string[];
    const expected =
      values.length === 1
        ? `'${values[0]}'`
        : `${values
            .slice(0, -1)
            .map((v) => `'${v}'`)
            .join(', ')} or '${values.at(-1)}'`;
    expect(item).toEqual({ type: 'enum', loc: ['body'], msg: `Input should be ${expected}`, input: 'NOT_A_VALUE', ctx: { expected } });
  });
});

/** [schema, path of the change, new value (REMOVE deletes the field), expected type, expected ctx]. */
type Row = readonly [string, readonly (string | number)[], unknown, string, Record<string, unknown>?];

const s = (n: number) => 'x'.repeat(n);

const BOUNDS: readonly Row[] = [
  // Identifiers: 20 to 37 characters; a named prefix must match.
  ['createRemovalRequestSchema', ['project_id'], s(19), 'string_too_short', { min_length: 20 }],
  ['createRemovalRequestSchema', ['project_id'], s(38), 'string_too_long', { max_length: 37 }],
  ['createRemovalRequestSchema', ['project_id'], null, 'string_type'],
  ['createRemovalRequestSchema', ['project_id'], REMOVE, 'missing'],
  [
    'createRemovalRequestSchema',
    ['started_on'],
    '2024-13-01',
    'date_from_datetime_parsing',
    { error: 'month value is outside expected range of 1-12' },
  ],
  [
    'createRemovalRequestSchema',
    ['started_on'],
    '2024/01/01',
    'date_from_datetime_parsing',
    { error: 'invalid date separator, expected `-`' },
  ],
  [
    'createRemovalRequestSchema',
    ['started_on'],
    '2023-02-29',
    'date_from_datetime_parsing',
    { error: 'day value is outside expected range' },
  ],
  ['createRemovalRequestSchema', ['completed_on'], '2024-03-31T00:00:00Z', 'date_parsing'],
  ['createRemovalRequestSchema', ['completed_on'], null, 'date_type'],
  ['createRemovalRequestSchema', ['completed_on'], REMOVE, 'missing'],
  ['createRemovalRequestSchema', ['supplier_reference_id'], '', 'string_too_short', { min_length: 1 }],
  ['createRemovalRequestSchema', ['supplier_reference_id'], s(201), 'string_too_long', { max_length: 200 }],
  ['createRemovalRequestSchema', ['supplier_reference_id'], null, 'string_type'],
  ['createRemovalRequestSchema', ['feedstock_type_id'], s(19), 'string_too_short'],
  ['createRemovalRequestSchema', ['removal_template_id'], s(38), 'string_too_long'],
  ['createRemovalRequestSchema', ['removal_template_components'], 'rtc', 'list_type'],
  [
    'createRemovalRequestSchema',
    ['removal_template_components', 0, 'removal_template_component_id'],
    ID.cmp,
    'string_pattern_mismatch',
    { pattern: '^rtc_' },
  ],
  [
    'createRemovalRequestSchema',
    ['removal_template_components', 0, 'inputs', 0, 'datapoint_ids', 0],
    ID.src,
    'string_pattern_mismatch',
    { pattern: '^dtp_' },
  ],
  ['createRemovalRequestSchema', ['removal_template_components', 0, 'inputs', 0, 'datapoint_ids'], REMOVE, 'missing'],
  [
    'createRemovalRequestSchema',
    ['removal_template_components', 0, 'inputs', 0, 'input_key'],
    s(101),
    'string_too_long',
    { max_length: 100 },
  ],
  ['createRemovalRequestSchema', ['steps', 0, 'components', 0, 'component_id'], ID.dtp, 'string_pattern_mismatch', { pattern: '^cmp_' }],
  ['createRemovalRequestSchema', ['steps', 0, 'process_step_key'], REMOVE, 'missing'],
  ['patchRemovalRequestSchema', ['started_on'], 'yesterday', 'date_from_datetime_parsing', { error: 'input is too short' }],
  ['patchRemovalRequestSchema', ['feedstock_type_id'], null, 'string_type'],
  ['patchRemovalRequestSchema', ['delete_component_ids', 0], s(5), 'string_too_short'],
  ['patchRemovalRequestSchema', ['add_components', 'component_id'], REMOVE, 'missing'],
  ['patchRemovalRequestSchema', ['add_components', 'process_step_key'], s(101), 'string_too_long', { max_length: 100 }],
  ['patchRemovalComponentAttributionsRequestSchema', ['components_to_add', 0, 'attribution_factor'], 0, 'greater_than', { gt: 0 }],
  ['patchRemovalComponentAttributionsRequestSchema', ['components_to_add', 0, 'attribution_factor'], 1.5, 'less_than_equal', { le: 1 }],
  ['patchRemovalComponentAttributionsRequestSchema', ['components_to_add', 0, 'component_group_key'], REMOVE, 'missing'],
  ['patchRemovalComponentAttributionsRequestSchema', ['components_to_remove', 0], s(38), 'string_too_long'],
  ['createBiocharApplicationRequestSchema', ['production_batch_id'], ID.ftb, 'string_pattern_mismatch', { pattern: '^ptb_' }],
  ['createBiocharApplicationRequestSchema', ['project_id'], ID.org, 'string_pattern_mismatch', { pattern: '^prj_' }],
  ['createBiocharApplicationRequestSchema', ['storage_site_id'], 'slc_short', 'string_too_short'],
  ['createBiocharApplicationRequestSchema', ['supplier_reference_id'], s(201), 'string_too_long'],
  ['createBiocharApplicationRequestSchema', ['application_date'], '01/03/2024', 'date_from_datetime_parsing'],
  ['createBiocharApplicationRequestSchema', ['average_application_rate', 'magnitude'], 'ten', 'float_parsing'],
  ['createBiocharApplicationRequestSchema', ['average_application_rate', 'unit'], REMOVE, 'missing'],
  ['createBiocharApplicationRequestSchema', ['truck_mass_on_arrival'], null, 'model_attributes_type'],
  ['createBiocharApplicationRequestSchema', ['truck_mass_on_departure', 'standard_deviation'], -1, 'greater_than_equal', { ge: 0 }],
  ['createBiocharApplicationRequestSchema', ['source_ids', 0], ID.dtp, 'string_pattern_mismatch', { pattern: '^src_' }],
  ['createFeedstockBatchRequestSchema', ['display_name'], '', 'string_too_short', { min_length: 1 }],
  ['createFeedstockBatchRequestSchema', ['display_name'], s(151), 'string_too_long', { max_length: 150 }],
  ['createFeedstockBatchRequestSchema', ['mass'], REMOVE, 'missing'],
  ['createFeedstockBatchRequestSchema', ['mass', 'unit'], 5, 'string_type'],
  ['createFeedstockBatchRequestSchema', ['delivery_date'], '2024-02-30', 'date_from_datetime_parsing'],
  ['createFeedstockBatchRequestSchema', ['feedstock_type_id'], 5, 'string_type'],
  ['createDataUploadSubmissionRequestSchema', ['file_upload_id'], ID.fcl, 'string_pattern_mismatch', { pattern: '^tfu_' }],
  ['createDataUploadSubmissionRequestSchema', ['submission_type'], 'csv', 'enum'],
  ['createDataUploadSubmissionRequestSchema', ['submission_type'], null, 'enum'],
  ['createDataUploadSubmissionRequestSchema', ['facility_id'], s(38), 'string_too_long'],
  ['createRetirementRequestSchema', ['notes'], s(257), 'string_too_long', { max_length: 256 }],
  ['createRetirementRequestSchema', ['notes'], REMOVE, 'missing'],
  ['createRetirementRequestSchema', ['notes'], 42, 'string_type'],
  ['createRetirementRequestSchema', ['credit_batch_quantities'], [], 'too_short', { field_type: 'List', min_length: 1, actual_length: 0 }],
  ['createRetirementRequestSchema', ['retirement_purposes'], [], 'too_short', { field_type: 'List', min_length: 1, actual_length: 0 }],
  ['createRetirementRequestSchema', ['retirement_purposes', 0], 'charity', 'enum'],
  [
    'createRetirementRequestSchema',
    ['credit_batch_quantities', 0, 'credit_batch_id'],
    ID.ret,
    'string_pattern_mismatch',
    { pattern: '^ctb_' },
  ],
  ['createRetirementRequestSchema', ['credit_batch_quantities', 0, 'credit_quantity_kg'], 0, 'greater_than', { gt: 0 }],
  ['createRetirementRequestSchema', ['credit_batch_quantities', 0, 'credit_quantity_kg'], 2.5, 'int_from_float'],
  ['createRetirementRequestSchema', ['supplier_id'], s(19), 'string_too_short'],
  ['createRetirementRequestSchema', ['beneficiary_organisation_id'], REMOVE, 'missing'],
  ['createRetirementOldestCreditsRequestSchema', ['vintage'], 1899, 'greater_than_equal', { ge: 1900 }],
  ['createRetirementOldestCreditsRequestSchema', ['vintage'], 2101, 'less_than_equal', { le: 2100 }],
  ['createRetirementOldestCreditsRequestSchema', ['credit_quantity_kg'], 'lots', 'int_parsing'],
  ['createDeliveryRequestSchema', ['notes'], s(257), 'string_too_long'],
  ['createDeliveryRequestSchema', ['credit_batch_quantities'], [], 'too_short'],
  ['createTransferRequestSchema', ['notes'], REMOVE, 'missing'],
  ['createDatapointRequestSchema', ['display_name'], s(101), 'string_too_long', { max_length: 100 }],
  ['createDatapointRequestSchema', ['type'], 'MEASURED', 'enum'],
  ['createDatapointRequestSchema', ['quantity', 'unit'], REMOVE, 'missing'],
  ['createDatapointRequestSchema', ['measured_at'], '2024-02-01', 'timezone_aware'],
  ['createDatapointRequestSchema', ['measured_at'], '2024-02', 'datetime_parsing', { error: 'input is too short' }],
  ['createDatapointRequestSchema', ['measured_at'], '2024-02-01T10:00:00', 'timezone_aware'],
  [
    'createDocumentSourceRequestSchema',
    ['__typename'],
    'CreateWebsiteSourceRequest',
    'literal_error',
    { expected: "'CreateDocumentSourceRequest'" },
  ],
  ['createDocumentSourceRequestSchema', ['content_length'], 50_000_001, 'less_than_equal', { le: 50_000_000 }],
  ['createDocumentSourceRequestSchema', ['is_public'], 'maybe', 'bool_parsing'],
  ['createFileUploadRequestSchema', ['content_type'], 'text/csv', 'literal_error'],
  ['createFileUploadRequestSchema', ['content_length'], 100_000_001, 'less_than_equal'],
  ['createComponentRequestSchema', ['activity_started_at'], '2024-01-01T00:00:00+01:00', 'datetime_parsing'],
  ['createComponentRequestSchema', ['inputs', 0, 'datapoint_id'], ID.src, 'string_pattern_mismatch'],
  ['createGhgStatementComponentRequestSchema', ['component_data', 'display_name'], '', 'string_too_short'],
  ['createProjectComponentRequestSchema', ['allocation_strategy'], 'EVENLY', 'enum'],
  ['updateProjectComponentRemovalAttributionRequestSchema', ['attribution_factor'], -0.1, 'greater_than'],
  ['createStorageLocationRequestSchema', ['name'], s(101), 'string_too_long', { max_length: 100 }],
  ['createStorageLocationRequestSchema', ['latitude'], 90.5, 'less_than_equal', { le: 90 }],
  ['createStorageLocationRequestSchema', ['longitude'], -180.5, 'greater_than_equal', { ge: -180 }],
  ['createStorageLocationRequestSchema', ['supplier_reference_id'], s(101), 'string_too_long', { max_length: 100 }],
  ['createStorageLocationRequestSchema', ['storage_method'], 'ocean', 'enum'],
  ['createMeasurementSampleRequestSchema', ['feedstock_batch_id'], REMOVE, 'missing'],
  ['createMeasurementSampleRequestSchema', ['measurement_type'], 'soil', 'enum'],
  ['createMeasurementSampleRequestSchema', ['values', 0, 'measurement_property', 'quantity_kind'], 'weight', 'enum'],
  ['createProductionBatchRequestSchema', ['kind'], 'bio-oil', 'enum', { expected: "'biochar'" }],
  // Resources (responses) carry the same bounds.
  ['removalSchema', ['id'], ID.ggs, 'string_pattern_mismatch', { pattern: '^rmv_' }],
  ['removalSchema', ['co2e_net_removed_kg'], null, 'float_type'],
  ['removalSchema', ['risk_of_reversal_percentage'], 101, 'less_than_equal', { le: 100 }],
  ['removalSchema', ['supplier_reference_id'], s(201), 'string_too_long'],
  ['componentAttributionSchema', ['attribution_factor'], 0, 'greater_than', { gt: 0 }],
  ['componentAttributionSchema', ['ghg_entry_id'], REMOVE, 'missing'],
  ['componentAttributionSchema', ['removal_template_component_id'], ID.rtg, 'string_pattern_mismatch'],
  ['componentSchema', ['activity_started_at'], 'soon', 'datetime_parsing'],
  ['datapointSchema', ['quantity', 'standard_deviation'], 'wide', 'float_parsing'],
  ['datapointSchema', ['locked_status'], 'locked', 'enum'],
  ['feedstockBatchSchema', ['display_name'], s(151), 'string_too_long', { max_length: 150 }],
  [
    'feedstockBatchSchema',
    ['created_at'],
    '2024-02-01T10:00:00.1234567Z',
    'datetime_parsing',
    { error: 'second fraction value is more than 6 digits long' },
  ],
  ['biocharApplicationSchema', ['uploaded_at'], '2024-03-02T08:00:00', 'timezone_aware'],
  ['storageLocationSchema', ['name'], s(101), 'string_too_long'],
  ['storageLocationSchema', ['latitude'], 91, 'less_than_equal', { le: 90 }],
  ['storageLocationSchema', ['longitude'], 181, 'less_than_equal', { le: 180 }],
  ['storageLocationSchema', ['supplier_reference_id'], '', 'string_too_short'],
  ['dataUploadSubmissionSchema', ['status'], 'done', 'enum', { expected: "'pending', 'completed' or 'failed'" }],
  ['measurementSampleSchema', ['measured_at'], '2024-02-01T10:00:00Z', 'date_parsing'],
  ['measurementSampleSchema', ['id'], s(38), 'string_too_long'],
  ['creditBatchSchema', ['country_of_issue'], 'XXX', 'country_alpha3'],
  ['creditBatchSchema', ['status'], 'frozen', 'enum'],
  ['creditBatchSchema', ['size', 'credit_kgs'], 1.5, 'int_from_float'],
  ['creditBatchSchema', ['ccp_approved'], 'perhaps', 'bool_parsing'],
  ['retirementSchema', ['purposes', 1], 'charity', 'enum'],
  ['deliverySchema', ['from_supplier', 'location', 'country_code'], 'UK', 'country_alpha3'],
  ['transferSchema', ['to_organisation', 'id'], ID.spl, 'string_pattern_mismatch', { pattern: '^org_' }],
  // Queries: values arrive as strings.
  ['paginationQuerySchema', ['first'], '51', 'less_than_equal', { le: 50 }],
  ['paginationQuerySchema', ['first'], '0', 'greater_than', { gt: 0 }],
  ['paginationQuerySchema', ['first'], '1.5', 'int_parsing'],
  ['paginationQuerySchema', ['first'], 'ten', 'int_parsing'],
  ['paginationQuerySchema', ['after'], '', 'string_too_short', { min_length: 1 }],
  ['listMeasurementSamplesQuerySchema', ['last'], '51', 'less_than_equal', { le: 50 }],
  ['listMeasurementSamplesQuerySchema', ['before'], '', 'string_too_short'],
  ['listDatapointsQuerySchema', ['quantity_kind'], 'weight', 'enum'],
  [
    'listDatapointsQuerySchema',
    ['used_in_scope'],
    'removal',
    'enum',
    { expected: "'REMOVAL', 'GHG_STATEMENT', 'PROJECT' or 'NET_NEGATIVITY'" },
  ],
  ['listDatapointsQuerySchema', ['supplier_reference_id'], '', 'string_too_short'],
  ['listDatapointsQuerySchema', ['project_id'], s(19), 'string_too_short'],
  ['listDatapointsQuerySchema', ['used_in_removal'], ID.ggs, 'string_pattern_mismatch', { pattern: '^rmv_' }],
  ['listDatapointsQuerySchema', ['used_in_ghg_statement'], ID.rmv, 'string_pattern_mismatch', { pattern: '^ggs_' }],
  ['listDatapointsQuerySchema', ['used_in_removal_template'], s(38), 'string_too_long'],
  ['listDataUploadSubmissionsQuerySchema', ['status'], 'done', 'enum'],
  ['listTransfersQuerySchema', ['to_organisation_id'], 'org_1', 'string_too_short'],
  // Paths and headers.
  ['removalIdPathSchema', ['id'], ID.ggs, 'string_pattern_mismatch', { pattern: '^rmv_' }],
  ['biocharApplicationIdPathSchema', ['id'], `bse_${s(34)}`, 'string_too_long', { max_length: 37 }],
  ['feedstockTypeIdPathSchema', ['id'], 'ftt_1', 'string_too_short'],
  ['datapointIdPathSchema', ['id'], ID.dtp.replace('dtp', 'src'), 'string_pattern_mismatch'],
  ['sourceIdPathSchema', ['id'], ID.dtp, 'string_pattern_mismatch', { pattern: '^src_' }],
  ['supplierIdPathSchema', ['id'], ID.org, 'string_pattern_mismatch', { pattern: '^spl_' }],
  ['refundIdPathSchema', ['id'], ID.ret, 'string_pattern_mismatch', { pattern: '^bpr_' }],
  ['projectIdPathSchema', ['project_id'], ID.slc, 'string_pattern_mismatch', { pattern: '^prj_' }],
  ['storageLocationPathSchema', ['id'], ID.prj, 'string_pattern_mismatch', { pattern: '^slc_' }],
  ['requestHeadersSchema', ['x-client-secret'], REMOVE, 'missing'],
];

describe('each bound fails with the exact pydantic type and loc', () => {
  it.each(
    BOUNDS.map(
      (row) =>
        [`${row[0]} ${row[1].join('.')} = ${String(row[2] === REMOVE ? '(absent)' : JSON.stringify(row[2])).slice(0, 40)}`, row] as const,
    ),
  )('%s', (_, [name, path, value, type, ctx]) => {
    const location = locationOf(name);
    const input = withValue(ALL_EXAMPLES[name], path, value);
    const result = check(name, input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.detail.map((item) => ({ type: item.type, loc: item.loc }))).toEqual([{ type, loc: [location, ...path] }]);
    const item = result.detail[0];
    if (ctx !== undefined) expect(item?.ctx).toMatchObject(ctx);
    expect(item?.msg).toEqual(expect.any(String));
  });
});

/** Values that sit exactly on a bound are accepted. */
const AT_BOUND: readonly (readonly [string, readonly (string | number)[], unknown])[] = [
  ['createRemovalRequestSchema', ['project_id'], s(20)],
  ['createRemovalRequestSchema', ['project_id'], s(37)],
  ['createRemovalRequestSchema', ['supplier_reference_id'], s(200)],
  ['createRemovalRequestSchema', ['supplier_reference_id'], 'x'],
  ['createRemovalRequestSchema', ['feedstock_type_id'], null],
  ['patchRemovalRequestSchema', ['completed_on'], null],
  ['createRetirementRequestSchema', ['notes'], s(256)],
  ['createRetirementRequestSchema', ['notes'], null],
  ['createFeedstockBatchRequestSchema', ['display_name'], s(150)],
  ['createStorageLocationRequestSchema', ['name'], s(100)],
  ['createStorageLocationRequestSchema', ['latitude'], -90],
  ['createStorageLocationRequestSchema', ['longitude'], 180],
  ['createStorageLocationRequestSchema', ['supplier_reference_id'], s(100)],
  ['patchRemovalComponentAttributionsRequestSchema', ['components_to_add', 0, 'attribution_factor'], 1],
  ['paginationQuerySchema', ['first'], '50'],
  ['paginationQuerySchema', ['first'], '1'],
  ['listDatapointsQuerySchema', ['used_in_scope'], 'NET_NEGATIVITY'],
  ['createRetirementOldestCreditsRequestSchema', ['vintage'], 1900],
  ['createDocumentSourceRequestSchema', ['content_length'], 50_000_000],
  ['storageLocationSchema', ['latitude'], null],
  ['feedstockBatchSchema', ['mass'], null],
  ['removalSchema', ['credit_allocation'], null],
];

describe('values on a bound are accepted', () => {
  it.each(AT_BOUND.map((row) => [`${row[0]} ${row[1].join('.')}`, row] as const))('%s', (_, [name, path, value]) => {
    expect(check(name, withValue(ALL_EXAMPLES[name], path, value))).toMatchObject({ success: true });
  });
});

/** Required fields as interface.md states them; every other field of the example is optional. */
const REQUIRED: Record<string, readonly string[]> = {
  createRemovalRequestSchema: ['project_id', 'started_on', 'completed_on', 'supplier_reference_id'],
  patchRemovalRequestSchema: [],
  patchRemovalComponentAttributionsRequestSchema: [],
  createBiocharApplicationRequestSchema: [
    'application_date',
    'average_application_rate',
    'production_batch_id',
    'project_id',
    'storage_site_id',
    'supplier_reference_id',
    'truck_mass_on_arrival',
    'truck_mass_on_departure',
  ],
  createFeedstockBatchRequestSchema: ['delivery_date', 'display_name', 'feedstock_type_id', 'mass', 'supplier_reference_id'],
  createDataUploadSubmissionRequestSchema: ['file_upload_id', 'submission_type'],
  createRetirementRequestSchema: [
    'beneficiary_organisation_id',
    'owner_organisation_id',
    'credit_batch_quantities',
    'retirement_purposes',
    'notes',
    'supplier_id',
  ],
  listDatapointsQuerySchema: [],
  listTransfersQuerySchema: [],
  removalSchema: Object.keys(RESOURCE_EXAMPLES.removalSchema as object),
  feedstockBatchSchema: Object.keys(RESOURCE_EXAMPLES.feedstockBatchSchema as object),
  biocharApplicationSchema: Object.keys(RESOURCE_EXAMPLES.biocharApplicationSchema as object),
  storageLocationSchema: ['id', 'name', 'project_id', 'supplier_id', 'storage_method'],
  dataUploadSubmissionSchema: ['id', 'status', 'submission_type', 'facility_id', 'storage_location_id'],
  componentAttributionSchema: Object.keys(RESOURCE_EXAMPLES.componentAttributionSchema as object),
  creditBatchSchema: Object.keys(RESOURCE_EXAMPLES.creditBatchSchema as object),
};

describe('required and optional fields', () => {
  it.each(Object.entries(REQUIRED))('%s', (name, required) => {
    const example = ALL_EXAMPLES[name] as Record<string, unknown>;
    const location = locationOf(name);
    for (const key of Object.keys(example)) {
      const result = check(name, withValue(example, [key], REMOVE));
      if (required.includes(key)) {
        expect(result, key).toMatchObject({ success: false, detail: [{ type: 'missing', loc: [location, key], msg: 'Field required' }] });
      } else {
        expect(result, key).toMatchObject({ success: true });
      }
    }
  });
});
