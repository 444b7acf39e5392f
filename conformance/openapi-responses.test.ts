/**
 * Every operation the sandbox serves that the OpenAPI documents describe answers a body its 200
 * response schema accepts (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it), and a status the
 * operation declares. The bodies are real: one scenario takes the demo world from evidence to
 * issued, delivered, transferred and retired credits. The GHG entry paths (`/ghg_entries/...`)
 * are checked against the OpenAPI's `/removals/...` operations.
 *
 * The real documents' schemas are used as they are: no response needs them patched. Where the
 * service deliberately answers more than they show (new fields, other statuses), the differences are
 * named, with their reasons, in deliberate-differences.ts.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, test } from 'vitest';
import { OPERATION_SCHEMAS } from '../test/adapter/documented-operations';
import { ROUTES } from '../src/adapter/resources/routes';
import type { SandboxResponse } from '../src/adapter/types';
import { BATCH_A, Client, datapointBody, demoSandbox, IDS, removalBody, sampleBody, type Who } from '../test/adapter/fixtures';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  readonly components: { schemas: Record<string, JsonObject> };
}

const SPECS = {
  mrv: { prefix: '/mrv/v0', file: 'certify-v0.json' },
  registry: { prefix: '/registry/v0', file: 'registry-v0.json' },
} as const;
type Api = keyof typeof SPECS;

function load(api: Api): OpenApiDocument {
  return JSON.parse(readFileSync(new URL(`../../shared/spec/openapi/${SPECS[api].file}`, import.meta.url), 'utf8')) as OpenApiDocument;
}

/** The OpenAPI operation of a sandbox route: its API, its path in that document (`{}` for every parameter) and method. */
function operationOf(method: string, path: string): { api: Api; key: string } | undefined {
  for (const api of Object.keys(SPECS) as Api[]) {
    const { prefix } = SPECS[api];
    if (!path.startsWith(`${prefix}/`)) continue;
    const local = path
      .slice(prefix.length)
      .replace(/^\/ghg_entries(?=\/|$)/, '/removals')
      .replace(/\/ghg_entry_attributions(?=\/|$)/, '/removal_attributions');
    return { api, key: `${method.toUpperCase()} ${local.replace(/\{[^}]+\}/g, '{}')}` };
  }
  return undefined;
}

interface Operation {
  readonly api: Api;
  readonly method: string;
  readonly path: string;
  readonly statuses: readonly string[];
  readonly validate: ValidateFunction | null;
}

function compileOperations(): Map<string, Operation> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const operations = new Map<string, Operation>();
  for (const api of Object.keys(SPECS) as Api[]) {
    const doc = load(api);
    const id = `https://openapi.test/${SPECS[api].file}`;
    // The whole document is one schema: `#/components/schemas/...` references resolve inside it.
    ajv.addSchema({ ...doc, $id: id } as unknown as JsonObject);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.responses['200']?.content?.['application/json']?.schema;
        const validate = schema === undefined ? null : ajv.compile(rebase(schema, id) as JsonObject);
        const key = `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
        operations.set(`${api} ${key}`, { api, method: method.toUpperCase(), path, statuses: Object.keys(op.responses), validate });
      }
    }
  }
  return operations;
}

/** The schema with its document-local references (`#/components/...`) made absolute. */
function rebase(schema: Json, id: string): Json {
  if (Array.isArray(schema)) return schema.map((s) => rebase(s, id));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${id}${v}` : rebase(v, id);
  return out;
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map((e) => `  at '${e.instancePath || '/'}' (${e.schemaPath}): ${e.message ?? ''} ${JSON.stringify(e.params).slice(0, 160)}`)
    .join('\n');
}

/** One answer of the scenario: the route template it was sent to, and the response. */
interface Sample {
  readonly method: string;
  readonly template: string;
  readonly path: string;
  readonly response: SandboxResponse;
}

/** The scenario: every route of the sandbox, with real ids, in an order in which each succeeds. */
async function scenario(): Promise<Sample[]> {
  const client = new Client(demoSandbox());
  const samples: Sample[] = [];
  const call = async <T = Record<string, unknown>>(
    who: Who | null,
    method: string,
    template: string,
    params: Record<string, string> = {},
    body?: unknown,
    query = '',
  ): Promise<T> => {
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const response = await client.request(who, method, `${path}${query}`, body);
    if (response.status >= 300) throw new Error(`${method} ${path}${query}: ${response.status} ${JSON.stringify(response.body)}`);
    samples.push({ method, template, path, response });
    return response.body as T;
  };
  const A = 'supplierA';
  const project = IDS.projectA;

  // Evidence.
  const source = await call<{ source: { id: string } }>(
    A,
    'POST',
    '/mrv/v0/sources',
    {},
    {
      supplier_reference_id: 'oa-source',
      __typename: 'CreateDocumentSourceRequest',
      display_name: 'Calibration certificate',
      published_at: '2026-02-01',
      is_public: true,
      file_name: 'cert.pdf',
      content_type: 'application/pdf',
      content_length: 5000,
      project_id: project,
    },
  );
  for (const id of [source.source.id, IDS.labSource, IDS.weighbridgeSource]) await call(A, 'GET', '/mrv/v0/sources/{id}', { id });
  await call(A, 'GET', '/mrv/v0/sources/{id}/private_url', { id: IDS.labSource });
  const datapoint = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/datapoints',
    {},
    { ...datapointBody('oa-dp', 12, 'kgCO2e/kWh', 0.5), measured_at: '2026-01-01T00:00:00Z', source_ids: [source.source.id] },
  );
  await call(
    A,
    'PATCH',
    '/mrv/v0/datapoints/{id}',
    { id: datapoint.id },
    { display_name: 'Grid factor', quantity: { magnitude: 13, unit: 'kgCO2e/kWh', standard_deviation: 0.4 } },
  );
  await call(A, 'GET', '/mrv/v0/datapoints/{id}', { id: datapoint.id });
  const component = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/components',
    {},
    {
      supplier_reference_id: 'oa-component',
      project_id: project,
      component_blueprint_key: 'diesel_combustion',
      display_name: 'Loader diesel',
      activity_started_at: '2026-03-01T00:00:00Z',
      activity_completed_at: '2026-03-31T00:00:00Z',
      inputs: [
        { input_key: 'volume', datapoint_id: IDS.dieselA },
        { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
      ],
    },
  );
  await call(A, 'GET', '/mrv/v0/components/{id}', { id: component.id });
  await call(A, 'GET', '/mrv/v0/components/{id}', { id: IDS.sharedComponent });
  const location = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/measurement_locations',
    {},
    { supplier_reference_id: 'oa-location', latitude: 52.1, longitude: 13.4, project_id: project },
  );
  await call(A, 'GET', '/mrv/v0/measurement_locations/{id}', { id: location.id });
  await call(A, 'POST', '/mrv/v0/measurement_samples', {}, sampleBody('oa-sample', { project, location: location.id }));
  await call(A, 'GET', '/mrv/v0/component_blueprints', {}, undefined, '?first=50');
  await call(A, 'GET', '/mrv/v0/component_blueprints/{key}', { key: 'diesel_combustion' });
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/removal_templates', { project_id: project });
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/removal_templates/{id}', { project_id: project, id: IDS.template });
  await call(A, 'GET', '/mrv/v0/datapoints/{id}/removal_template_components', { id: IDS.permanence });

  // Field operations and files.
  // A storage location; the second one takes the default storage method.
  const storageLocation = (name: string, method?: string) =>
    call<{ id: string }>(
      A,
      'POST',
      '/mrv/v0/projects/{project_id}/storage_locations',
      { project_id: project },
      {
        project_id: project,
        name,
        ...(method === undefined ? {} : { storage_method: method }),
        latitude: 52.4,
        longitude: 13.1,
        supplier_reference_id: `oa-${name}`,
      },
    );
  const site = await storageLocation('field-7', 'biochar_field');
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/storage_locations/{id}', { project_id: project, id: site.id });
  const application = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/biochar_applications',
    {},
    {
      application_date: '2026-04-02',
      average_application_rate: { magnitude: 5, unit: 't/ha', standard_deviation: 0.2 },
      production_batch_id: IDS.productionBatch,
      project_id: project,
      storage_site_id: site.id,
      supplier_reference_id: 'oa-spread',
      truck_mass_on_arrival: { magnitude: 26, unit: 't' },
      truck_mass_on_departure: { magnitude: 14, unit: 't' },
      source_ids: [IDS.labSource],
    },
  );
  await call(A, 'GET', '/mrv/v0/biochar_applications/{id}', { id: application.id });
  const spare = await storageLocation('field-8');
  await call(A, 'DELETE', '/mrv/v0/projects/{project_id}/storage_locations/{id}', { project_id: project, id: spare.id });
  const feedstockBatch = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/feedstock_batches',
    {},
    {
      delivery_date: '2026-02-20',
      display_name: 'Residues lot 3',
      feedstock_type_id: IDS.feedstockType,
      mass: { magnitude: 40, unit: 't', standard_deviation: 1 },
      supplier_reference_id: 'oa-lot',
    },
  );
  await call(A, 'GET', '/mrv/v0/feedstock_batches/{id}', { id: feedstockBatch.id });
  await call(A, 'GET', '/mrv/v0/feedstock_types/{id}', { id: IDS.feedstockType });
  await call(A, 'DELETE', '/mrv/v0/feedstock_types/{id}', { id: IDS.feedstockTypeUnused });
  const productionBatch = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/production_batches',
    {},
    {
      facility_id: IDS.facility,
      feedstock_type_ids: [IDS.feedstockType],
      supplier_reference_id: 'oa-pb',
      kind: 'biochar',
      started_at: '2026-04-01T00:00:00Z',
      ended_at: '2026-04-02T00:00:00Z',
      mass: { magnitude: 3.2, unit: 't', standard_deviation: null },
    },
  );
  await call(A, 'GET', '/mrv/v0/production_batches/{id}', { id: productionBatch.id });
  await call(A, 'GET', '/mrv/v0/production_batches/{id}', { id: IDS.productionBatch });
  const upload = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/file-uploads',
    {},
    { content_type: 'application/vnd.apache.parquet', content_length: 2048, file_name: 'reactor.parquet' },
  );
  const submission = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/data-upload-submissions',
    {},
    { file_upload_id: upload.id, submission_type: 'biochar_pyrolysis_reactor_facility_time_series', facility_id: IDS.facility },
  );
  await call(
    A,
    'POST',
    '/mrv/v0/data-upload-submissions',
    {},
    { file_upload_id: IDS.fileUpload, submission_type: 'dac_storage_site_time_series', storage_location_id: site.id },
  );
  await call(
    A,
    'POST',
    '/sandbox/v0/data-upload-submissions/{id}/process',
    { id: submission.id },
    { status: 'failed', error_message: 'bad columns' },
  );
  await call(A, 'GET', '/mrv/v0/data-upload-submissions/{id}', { id: submission.id });
  await call(A, 'GET', '/mrv/v0/data-upload-submissions');

  // Every other operation of the data ingestion document, on fresh records where it deletes.
  const dpFor = async (ref: string) => (await call<{ id: string }>(A, 'POST', '/mrv/v0/datapoints', {}, datapointBody(ref, 1, 't'))).id;
  await call(A, 'DELETE', '/mrv/v0/datapoints/{id}', { id: await dpFor('oa-doomed-dp') });
  await call(A, 'GET', '/mrv/v0/sources', {}, undefined, '?first=50');
  await call(A, 'PATCH', '/mrv/v0/sources/{id}', { id: source.source.id }, { display_name: 'Calibration certificate (signed)' });
  await call(
    A,
    'POST',
    '/mrv/v0/sources/{id}/signed_upload_url',
    { id: source.source.id },
    { content_type: 'application/pdf', content_length: 6000 },
  );
  const doomedSource = await call<{ source: { id: string } }>(
    A,
    'POST',
    '/mrv/v0/sources',
    {},
    {
      supplier_reference_id: 'oa-doomed-source',
      __typename: 'CreateDocumentSourceRequest',
      display_name: 'Draft',
      published_at: '2026-02-01',
      file_name: 'd.pdf',
      content_type: 'application/pdf',
      content_length: 10,
      project_id: project,
    },
  );
  await call(A, 'DELETE', '/mrv/v0/sources/{id}', { id: doomedSource.source.id });
  await call(A, 'GET', '/mrv/v0/organisation');
  await call(A, 'GET', '/mrv/v0/projects');
  await call(A, 'GET', '/mrv/v0/processes');
  await call(A, 'GET', '/mrv/v0/components', {}, undefined, '?first=50');
  await call(A, 'PATCH', '/mrv/v0/components/{id}', { id: component.id }, { display_name: 'Loader diesel (March)' });
  const componentBody = (ref: string) => ({
    supplier_reference_id: ref,
    project_id: project,
    component_blueprint_key: 'diesel_combustion',
    display_name: 'Generator diesel',
    activity_started_at: '2026-03-01T00:00:00Z',
    activity_completed_at: '2026-03-31T00:00:00Z',
    inputs: [
      { input_key: 'volume', datapoint_ids: [IDS.dieselA] },
      { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
    ],
  });
  const doomedComponent = await call<{ id: string }>(A, 'POST', '/mrv/v0/components', {}, componentBody('oa-doomed-cmp'));
  await call(A, 'DELETE', '/mrv/v0/components/{id}', { id: doomedComponent.id });
  await call(A, 'GET', '/mrv/v0/feedstock_types', {}, undefined, '?first=50');
  await call(A, 'PATCH', '/mrv/v0/feedstock_types/{id}', { id: IDS.feedstockType }, { name: 'Forestry residues (chipped)' });
  await call(A, 'GET', '/mrv/v0/feedstock_types/{feedstock_type_id}/feedstock_batches', { feedstock_type_id: IDS.feedstockType });
  await call(A, 'DELETE', '/mrv/v0/feedstock_batches/{id}', { id: feedstockBatch.id });
  await call(A, 'GET', '/mrv/v0/production_batches', {}, undefined, '?first=50');
  await call(A, 'DELETE', '/mrv/v0/production_batches/{id}', { id: productionBatch.id });
  await call(A, 'GET', '/mrv/v0/biochar_applications', {}, undefined, '?first=50');
  const doomedApplication = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/biochar_applications',
    {},
    {
      application_date: '2026-04-03',
      average_application_rate: { magnitude: 4, unit: 't/ha' },
      production_batch_id: IDS.productionBatch,
      project_id: project,
      storage_site_id: site.id,
      supplier_reference_id: 'oa-doomed-spread',
      truck_mass_on_arrival: { magnitude: 20, unit: 't' },
      truck_mass_on_departure: { magnitude: 12, unit: 't' },
    },
  );
  await call(A, 'DELETE', '/mrv/v0/biochar_applications/{id}', { id: doomedApplication.id });
  await call(A, 'GET', '/mrv/v0/measurement_locations', {}, undefined, '?first=50');
  const doomedLocation = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/measurement_locations',
    {},
    { supplier_reference_id: 'oa-doomed-loc', latitude: 1, longitude: 2, project_id: project },
  );
  await call(A, 'DELETE', '/mrv/v0/measurement_locations/{id}', { id: doomedLocation.id });
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/storage_locations', { project_id: project });
  await call(
    A,
    'PATCH',
    '/mrv/v0/projects/{project_id}/storage_locations/{id}',
    { project_id: project, id: site.id },
    { description: 'North field' },
  );
  const unit = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/storage_units',
    {},
    { storage_location_id: site.id, name: 'Plot 7a', latitude: 52.41, longitude: 13.11 },
  );
  await call(A, 'GET', '/mrv/v0/storage_units', {}, undefined, `?storage_location_id=${site.id}`);
  await call(A, 'GET', '/mrv/v0/storage_units/{id}', { id: unit.id });
  const sensor = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/sensors',
    {},
    {
      reference: 'probe-7a',
      measurement_property: { quantity_kind: 'temperature', qualifier: null },
      units: 'degC',
      storage_location_id: site.id,
    },
  );
  await call(A, 'GET', '/mrv/v0/sensors', {}, undefined, `?project_id=${project}`);
  await call(A, 'GET', '/mrv/v0/sensors/{id}', { id: sensor.id });
  const requirement = await call<{ id: string }>(
    A,
    'POST',
    '/sandbox/v0/projects/{id}/monitoring_requirements',
    { id: project },
    { display_name: 'Plot survey', monitoring_phase: 'post_op', frequency: 'once', storage_location_id: site.id },
  );
  await call(A, 'GET', '/mrv/v0/projects/{id}/monitoring_requirements', { id: project });
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/storage_locations/{id}/monitoring_requirements', {
    project_id: project,
    id: site.id,
  });
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/monitoring_requirements/{requirement_id}', {
    project_id: project,
    requirement_id: requirement.id,
  });
  const monitoring = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/projects/{project_id}/monitoring_requirements/{id}/submissions',
    { project_id: project, id: requirement.id },
    { source_id: IDS.labSource, valid_from: '2026-04-01T00:00:00Z', valid_to: null, notes: 'pages 3-4' },
  );
  await call(A, 'GET', '/mrv/v0/projects/{project_id}/monitoring_requirements/{id}/submissions', {
    project_id: project,
    id: requirement.id,
  });
  await call(A, 'DELETE', '/mrv/v0/projects/{project_id}/monitoring_requirements/{monitoring_requirement_id}/submissions/{id}', {
    project_id: project,
    monitoring_requirement_id: requirement.id,
    id: monitoring.id,
  });

  // GHG entries, the statement, verification and issuance.
  const removal = await call<{ id: string }>(A, 'POST', '/mrv/v0/removals', {}, removalBody('oa-removal', BATCH_A));
  const second = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/ghg_entries',
    {},
    { ...removalBody('oa-entry', BATCH_A), started_on: '2026-02-01', completed_on: '2026-02-28' },
  );
  await call(A, 'PATCH', '/mrv/v0/removals/{id}', { id: removal.id }, { started_on: '2026-03-02' });
  await call(
    A,
    'PATCH',
    '/mrv/v0/ghg_entries/{id}',
    { id: second.id },
    { completed_on: '2026-02-27', add_components: [{ component_id: component.id, attribution_factor_datapoint_id: null }] },
  );
  await call(
    A,
    'PATCH',
    '/mrv/v0/removals/{id}/component_attributions',
    { id: removal.id },
    {
      components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.5 }],
      components_to_remove: [],
    },
  );
  await call(
    A,
    'PATCH',
    '/mrv/v0/ghg_entries/{id}/component_attributions',
    { id: second.id },
    { components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.25 }] },
  );
  const doomed = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/ghg_entries',
    {},
    { ...removalBody('oa-doomed-entry', BATCH_A), started_on: '2026-05-01', completed_on: '2026-05-31' },
  );
  await call(A, 'DELETE', '/mrv/v0/removals/{id}', { id: doomed.id });
  await call(A, 'GET', '/mrv/v0/removals', {}, undefined, '?first=50');
  await call(A, 'GET', '/mrv/v0/ghg_entries', {}, undefined, '?first=50');
  const manual = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/project_components',
    {},
    { allocation_strategy: 'MANUAL', component_data: componentBody('oa-project-cmp') },
  );
  await call(
    A,
    'POST',
    '/mrv/v0/project_components/{id}/removal_attributions',
    { id: manual.id },
    { removal_id: second.id, attribution_factor: 0.5 },
  );
  await call(A, 'DELETE', '/mrv/v0/project_components/{component_id}/removal_attributions/{removal_id}', {
    component_id: manual.id,
    removal_id: second.id,
  });
  await call(
    A,
    'POST',
    '/mrv/v0/project_components/{id}/ghg_entry_attributions',
    { id: manual.id },
    { removal_id: second.id, attribution_factor: 0.25 },
  );
  await call(A, 'DELETE', '/mrv/v0/project_components/{component_id}/ghg_entry_attributions/{ghg_entry_id}', {
    component_id: manual.id,
    ghg_entry_id: second.id,
  });
  const doomedToo = await call<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/removals',
    {},
    { ...removalBody('oa-doomed-entry-2', BATCH_A), started_on: '2026-05-01', completed_on: '2026-05-31' },
  );
  await call(A, 'DELETE', '/mrv/v0/ghg_entries/{id}', { id: doomedToo.id });
  const statement = await call<{ id: string }>(A, 'POST', '/mrv/v0/ghg_statements', {}, { project_id: project, end_on: '2026-03-31' });
  await call(
    A,
    'POST',
    '/mrv/v0/ghg_statement_components',
    {},
    { ghg_statement_id: statement.id, component_data: componentBody('oa-statement-cmp') },
  );
  await call(A, 'GET', '/mrv/v0/ghg_statements', {}, undefined, '?first=50');
  await call(A, 'GET', '/mrv/v0/ghg_statements/{id}', { id: statement.id });
  await call(
    A,
    'POST',
    '/mrv/v0/ghg_statements/{id}/submit',
    { id: statement.id },
    { ghg_statement_report_url: 'https://reports.example/ggs.pdf' },
  );
  await call('verifier', 'POST', '/sandbox/v0/ghg_statements/{id}/verify', { id: statement.id }, {});
  await call('verifier', 'GET', '/mrv/v0/ghg_statements/{id}', { id: statement.id });
  const issued = await call<{ issuance: { id: string }; credit_batches: { supplier_credit_batches: { id: string }[] } }>(
    'verifier',
    'POST',
    '/sandbox/v0/ghg_statements/{id}/issue_credits',
    { id: statement.id },
  );
  // The owner and another organisation read the issued entry alike.
  for (const who of [A, 'buyer'] as const) {
    await call(who, 'GET', '/mrv/v0/ghg_statements/{id}', { id: statement.id });
    await call(who, 'GET', '/mrv/v0/removals/{id}', { id: removal.id });
    await call(who, 'GET', '/mrv/v0/ghg_entries/{id}', { id: second.id });
    await call(who, 'GET', '/mrv/v0/removals/{id}/component_attributions', { id: removal.id }, undefined, '?first=50');
    await call(who, 'GET', '/mrv/v0/ghg_entries/{id}/component_attributions', { id: second.id }, undefined, '?first=50');
    await call(who, 'GET', '/mrv/v0/datapoints', {}, undefined, '?first=50');
    await call(who, 'GET', '/mrv/v0/datapoints/{id}', { id: IDS.carbonA1 });
    await call(who, 'GET', '/mrv/v0/datapoints/{id}/components', { id: IDS.dieselA }, undefined, '?first=50');
    await call(who, 'GET', '/mrv/v0/measurement_samples', {}, undefined, '?first=50');
  }

  // The registry.
  const batch = issued.credit_batches.supplier_credit_batches[0]?.id as string;
  const registry = (who: Who | null, template: string, params: Record<string, string> = {}, query = '') =>
    call(who, 'GET', template, params, undefined, query);
  await registry(A, '/registry/v0/issuances/{id}', { id: issued.issuance.id });
  await registry(A, '/registry/v0/issuances/{id}/credit_batches', { id: issued.issuance.id });
  const order = await call<{ id: string }>(
    'buyer',
    'POST',
    '/sandbox/v0/orders',
    {},
    { buyer_organisation_id: IDS.buyer, supplier_id: IDS.supplierA, credits_ordered_kg: 1000 },
  );
  const delivery = await call<{ id: string }>(
    A,
    'POST',
    '/registry/v0/deliveries',
    {},
    { credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 1000 }], order_id: order.id, notes: 'first delivery' },
  );
  await registry('buyer', '/registry/v0/orders/{id}', { id: order.id });
  await registry('buyer', '/registry/v0/orders/{id}', { id: IDS.orderB });
  for (const id of [delivery.id, IDS.deliveryB]) {
    await registry('buyer', '/registry/v0/deliveries/{id}', { id });
    await registry('buyer', '/registry/v0/deliveries/{id}/credit_batches', { id });
  }
  await registry('buyer', '/registry/v0/suppliers/{id}/deliveries', { id: IDS.supplierA });
  await registry('buyer', '/registry/v0/suppliers/{id}/deliveries', { id: IDS.supplierB });
  /** An active batch of supplier A the buyer holds (the credits delivered, or what is left of them). */
  const heldBatch = async (): Promise<string> => {
    const holdings = await call<{ nodes: { id: string; status: string; supplier_id: string }[] }>(
      'buyer',
      'GET',
      '/registry/v0/organisations/{id}/credit_batches',
      { id: IDS.buyer },
      undefined,
      '?first=50',
    );
    return (holdings.nodes.find((b) => b.status === 'active' && b.supplier_id === IDS.supplierA) as { id: string }).id;
  };
  const transfer = await call<{ id: string }>(
    'buyer',
    'POST',
    '/registry/v0/transfers',
    {},
    {
      credit_batch_quantities: [{ credit_batch_id: await heldBatch(), credit_quantity_kg: 100 }],
      from_organisation_id: IDS.buyer,
      to_organisation_id: IDS.orgB,
      supplier_id: IDS.supplierA,
      notes: 'a transfer',
    },
  );
  await registry('buyer', '/registry/v0/transfers', {}, '?first=50');
  for (const id of [transfer.id, IDS.transfer]) {
    const party = id === IDS.transfer ? A : 'buyer';
    await registry(party, '/registry/v0/transfers/{id}', { id });
    await registry(party, '/registry/v0/transfers/{id}/credit_batches', { id });
  }
  const retirement = await call<{ id: string }>(
    'buyer',
    'POST',
    '/registry/v0/retirements',
    {},
    {
      beneficiary_organisation_id: IDS.buyer,
      owner_organisation_id: IDS.buyer,
      credit_batch_quantities: [{ credit_batch_id: await heldBatch(), credit_quantity_kg: 100 }],
      retirement_purposes: ['corporate_targets'],
      notes: 'FY2026 claims',
      supplier_id: IDS.supplierA,
    },
  );
  const oldest = await call<{ id: string }>(
    'buyer',
    'POST',
    '/registry/v0/retirements/from_oldest_credits',
    {},
    {
      owner_organisation_id: IDS.buyer,
      beneficiary_organisation_id: IDS.orgA,
      supplier_id: IDS.supplierA,
      retirement_purposes: ['other'],
      notes: null,
      credit_quantity_kg: 50,
    },
  );
  for (const id of [retirement.id, oldest.id]) {
    await registry('buyer', '/registry/v0/retirements/{id}', { id });
    await registry('buyer', '/registry/v0/retirements/{id}/credit_batches', { id });
  }
  for (const id of [batch, await heldBatch(), IDS.batchB1, IDS.batchB1Buffer])
    await registry('buyer', '/registry/v0/credit_batches/{id}', { id });
  await registry('buyer', '/registry/v0/refunds/{id}', { id: IDS.refund });
  await registry('buyer', '/registry/v0/refunds/{id}/credit_batches', { id: IDS.refund });
  for (const org of [IDS.buyer, IDS.orgA, IDS.orgB, IDS.bufferPool]) {
    await registry('buyer', '/registry/v0/organisations/{id}/credit_balance', { id: org });
    await registry('buyer', '/registry/v0/organisations/{id}/credit_batches', { id: org }, '?first=50');
  }
  // Every other operation of the registry document.
  for (const path of [
    '/registry/v0/organisation',
    '/registry/v0/supplier',
    '/registry/v0/suppliers',
    '/registry/v0/projects',
    '/registry/v0/issuances',
    '/registry/v0/deliveries',
    '/registry/v0/retirements',
    '/registry/v0/transferees',
  ]) {
    await registry(A, path, {}, '?first=50'.slice(0, path.endsWith('organisation') || path.endsWith('supplier') ? 0 : 9));
  }
  await registry('buyer', '/registry/v0/organisations/{id}', { id: IDS.orgA });
  await registry('buyer', '/registry/v0/organisations/{id}/orders', { id: IDS.buyer });
  await registry('buyer', '/registry/v0/suppliers/{id}', { id: IDS.supplierA });
  await registry('buyer', '/registry/v0/suppliers/{id}/projects', { id: IDS.supplierA });
  await registry(A, '/registry/v0/suppliers/{id}/orders', { id: IDS.supplierA });
  await registry('buyer', '/registry/v0/suppliers/{id}/issuances', { id: IDS.supplierA });
  await registry('buyer', '/registry/v0/projects/{id}', { id: project });
  await registry('buyer', '/registry/v0/projects/{id}/documents', { id: project });
  await registry('buyer', '/registry/v0/orders/{id}/deliveries', { id: order.id });
  await call('buyer', 'POST', '/registry/v0/beneficiary', {}, { beneficiary_name: 'Acme Corporation', beneficiary_domain: 'acme.example' });
  await call(
    'buyer',
    'POST',
    '/registry/v0/beneficiary',
    {},
    { __typename: 'CreateIndividualBeneficiary', beneficiary_name: 'Jo Smith', beneficiary_email: 'jo@example.com' },
  );
  await registry('buyer', '/registry/v0/beneficiaries');
  await registry(A, '/registry/v0/stripe/configuration');
  const checkout = await call<{ redirect_url: string }>(
    A,
    'POST',
    '/registry/v0/stripe/checkout',
    {},
    {
      quantity_kg: 2000,
      frequency: 'one_time',
      isometric_terms_and_conditions_accepted: true,
      supplier_terms_and_conditions_accepted: true,
      customer_email: 'buyer@example.com',
      success_url: 'https://shop.example/ok',
      cancel_url: 'https://shop.example/cancel',
    },
  );
  await call(
    A,
    'POST',
    '/sandbox/v0/stripe/checkout_sessions/{id}/complete',
    { id: checkout.redirect_url.split('/').pop() as string },
    { buyer_organisation_id: IDS.buyer },
  );
  return samples;
}

describe('responses conform to the OpenAPI documents', () => {
  let operations: Map<string, Operation>;
  let samples: Sample[];

  beforeAll(async () => {
    operations = compileOperations();
    samples = await scenario();
  });

  test('every route of the service (test helpers aside) is an operation of the OpenAPI documents', () => {
    const missing = ROUTES.filter((r) => !r.path.startsWith('/sandbox/')).flatMap((r) => {
      const op = operationOf(r.method, r.path);
      return op !== undefined && operations.has(`${op.api} ${op.key}`) ? [] : [`${r.method} ${r.path}`];
    });
    expect(missing).toEqual([]);
  });

  test('the scenario calls every route of the service and each of the 23 operations of interface.md 4.2', () => {
    const called = new Set(samples.map((s) => `${s.method} ${s.template}`));
    const notCalled = ROUTES.filter((r) => !r.path.startsWith('/sandbox/') && !called.has(`${r.method} ${r.path}`)).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(notCalled).toEqual([]);
    for (const spec of Object.values(OPERATION_SCHEMAS))
      expect(called, `${spec.method} ${spec.path}`).toContain(`${spec.method} ${spec.path}`);
  });

  test('every answer has a status its operation declares, and every 200 body matches the response schema', () => {
    const checked = samples.flatMap((sample) => {
      const outcome = check(operations, sample);
      return outcome === 'helper' ? [] : [outcome];
    });
    expect(checked.filter((o) => o !== 'ok' && o !== 'no body').join('\n')).toBe('');
    expect(checked.filter((o) => o === 'ok').length).toBeGreaterThan(100);
  });

  test('every operation of both real documents answered 2xx to a valid request, its body valid against the real schema: 125 of 125', () => {
    const answered = new Set<string>();
    for (const sample of samples) {
      const op = operationOf(sample.method, sample.template);
      if (op === undefined || sample.response.status >= 300) continue;
      if (check(operations, sample) === 'ok' || check(operations, sample) === 'no body') answered.add(`${op.api} ${op.key}`);
    }
    const all = [...operations.keys()];
    const missing = all.filter((key) => !answered.has(key));
    expect(missing).toEqual([]);
    expect(all.length).toBe(125);
    expect(answered.size).toBe(125);
  });

  test('a body that does not match is reported with its operation and the path of the problem', () => {
    const sample = samples.find((s) => s.template === '/registry/v0/credit_batches/{id}') as Sample;
    const { serial_number: _dropped, ...rest } = sample.response.body as Record<string, unknown>;
    const broken = { ...sample, response: { ...sample.response, body: { ...rest, size: { credits: 'many', credit_kgs: 1 } } } };
    const report = check(operations, broken);
    expect(report).toContain(`GET /registry/v0/credit_batches/{id} (sandbox GET ${sample.path})`);
    expect(report).toContain("at '/' (#/required): must have required property 'serial_number'");
    expect(report).toContain("at '/size/credits'");
    const entry = samples.find((s) => s.template === '/mrv/v0/ghg_entries/{id}' && s.method === 'GET') as Sample;
    const wrongEntry = check(operations, {
      ...entry,
      response: { ...entry.response, body: { ...(entry.response.body as object), id: 7 } },
    });
    expect(wrongEntry).toContain(`GET /mrv/v0/removals/{id} (sandbox GET ${entry.path})`);
    expect(wrongEntry).toContain("at '/id'");
  });
});

/**
 * What one answer of the scenario is: `ok` (a 200 body matching its schema), `no body` (a
 * declared status without a JSON body, such as a 204), `helper` (a test helper), or a report
 * naming the operation, the request and each problem with its place in the body.
 */
function check(operations: Map<string, Operation>, sample: Sample): string {
  const op = operationOf(sample.method, sample.template);
  if (op === undefined) return 'helper';
  const operation = operations.get(`${op.api} ${op.key}`);
  const name = `${sample.method} ${SPECS[op.api].prefix}${operation?.path ?? op.key.slice(op.key.indexOf(' ') + 1)} (sandbox ${sample.method} ${sample.path})`;
  if (operation === undefined) return `${name}: no such operation in ${SPECS[op.api].file}`;
  if (!operation.statuses.includes(String(sample.response.status)))
    return `${name}: status ${sample.response.status} is not one of ${operation.statuses.join(', ')}`;
  if (sample.response.status !== 200 || operation.validate === null) return 'no body';
  return operation.validate(sample.response.body) ? 'ok' : `${name}:\n${describeErrors(operation.validate.errors)}`;
}
