/**
 * Thousands of random and mutated requests (fast-check, fixed seed): the service never answers
 * 5xx and never rejects, and a request it refuses leaves the state exactly as it was.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SandboxRequest } from '../../src/adapter/types';
import { BATCH_A, datapointBody, demoSandbox, IDS, removalBody, SECRET, TOKENS } from './fixtures';

const ID_POOL = [
  IDS.projectA,
  IDS.projectB,
  IDS.template,
  IDS.sharedComponent,
  IDS.feedstockType,
  IDS.feedstockTypeUnused,
  IDS.labSource,
  IDS.weighbridgeSource,
  IDS.dryMassA,
  IDS.carbonA1,
  IDS.permanence,
  IDS.sample,
  IDS.orderA,
  IDS.orderB,
  IDS.batchB1,
  IDS.batchB2,
  IDS.deliveryB,
  IDS.transfer,
  IDS.refund,
  IDS.supplierA,
  IDS.supplierB,
  IDS.orgA,
  IDS.buyer,
  IDS.fileUpload,
  IDS.facility,
  IDS.productionBatch,
  IDS.rtcSequestration,
  'rmv_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  'ggs_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  'slc_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  'x',
  '',
  'rmv_',
  '%00',
  '..',
  'a'.repeat(300),
];

const PATHS = [
  '/mrv/v0/removals',
  '/mrv/v0/ghg_entries',
  '/mrv/v0/removals/{id}',
  '/mrv/v0/ghg_entries/{id}',
  '/mrv/v0/removals/{id}/component_attributions',
  '/mrv/v0/ghg_entries/{id}/component_attributions',
  '/mrv/v0/datapoints',
  '/mrv/v0/datapoints/{id}',
  '/mrv/v0/datapoints/{id}/components',
  '/mrv/v0/datapoints/{id}/removal_template_components',
  '/mrv/v0/sources',
  '/mrv/v0/sources/{id}',
  '/mrv/v0/sources/{id}/private_url',
  '/mrv/v0/components',
  '/mrv/v0/components/{id}',
  '/mrv/v0/measurement_samples',
  '/mrv/v0/measurement_locations',
  '/mrv/v0/component_blueprints',
  '/mrv/v0/component_blueprints/{id}',
  '/mrv/v0/projects/{id}/removal_templates',
  '/mrv/v0/projects/{id}/removal_templates/{id}',
  '/mrv/v0/projects/{id}/storage_locations',
  '/mrv/v0/projects/{id}/storage_locations/{id}',
  '/mrv/v0/biochar_applications',
  '/mrv/v0/biochar_applications/{id}',
  '/mrv/v0/feedstock_batches',
  '/mrv/v0/feedstock_types/{id}',
  '/mrv/v0/production_batches',
  '/mrv/v0/file-uploads',
  '/mrv/v0/data-upload-submissions',
  '/mrv/v0/data-upload-submissions/{id}',
  '/mrv/v0/ghg_statements',
  '/mrv/v0/ghg_statements/{id}',
  '/mrv/v0/ghg_statements/{id}/submit',
  '/registry/v0/retirements',
  '/registry/v0/retirements/from_oldest_credits',
  '/registry/v0/deliveries',
  '/registry/v0/transfers',
  '/registry/v0/transfers/{id}',
  '/registry/v0/suppliers/{id}/deliveries',
  '/registry/v0/refunds/{id}/credit_batches',
  '/registry/v0/credit_batches/{id}',
  '/registry/v0/organisations/{id}/credit_batches',
  '/registry/v0/organisations/{id}/credit_balance',
  '/registry/v0/orders/{id}',
  '/sandbox/v0/ghg_statements/{id}/verify',
  '/sandbox/v0/ghg_statements/{id}/issue_credits',
  '/sandbox/v0/data-upload-submissions/{id}/process',
  '/sandbox/v0/orders',
  '/sandbox/v0/refunds',
  '/sandbox/v0/clock/advance',
  '/nothing',
  '/mrv/v0/removals/{id}/extra',
];

const BODIES: readonly unknown[] = [
  removalBody('fuzz', BATCH_A),
  { started_on: '2026-03-05', add_components: [{ component_id: IDS.sharedComponent, attribution_factor_datapoint_id: null }] },
  {
    components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.5 }],
    components_to_remove: [],
  },
  datapointBody('fuzz-dp', 3, 't', 0.1),
  {
    supplier_reference_id: 'fuzz-src',
    __typename: 'CreateDocumentSourceRequest',
    display_name: 'Doc',
    published_at: '2026-01-01',
    is_public: true,
    file_name: 'a.pdf',
    content_type: 'application/pdf',
    content_length: 10,
    project_id: IDS.projectA,
  },
  {
    supplier_reference_id: 'fuzz-cmp',
    project_id: IDS.projectA,
    component_blueprint_key: 'diesel_combustion',
    display_name: 'Diesel',
    activity_started_at: '2026-01-01T00:00:00Z',
    activity_completed_at: '2026-01-02T00:00:00Z',
    inputs: [
      { input_key: 'volume', datapoint_id: IDS.dryMassA },
      { input_key: 'emission_factor', datapoint_ids: [IDS.permanence] },
    ],
  },
  {
    delivery_date: '2026-02-20',
    display_name: 'Lot',
    feedstock_type_id: IDS.feedstockType,
    mass: { magnitude: 4, unit: 't' },
    supplier_reference_id: 'fuzz-lot',
  },
  { file_upload_id: IDS.fileUpload, submission_type: 'dac_facility_time_series', facility_id: IDS.facility },
  { project_id: IDS.projectA, end_on: '2026-12-31' },
  { ghg_statement_report_url: 'https://r.example' },
  {
    beneficiary_organisation_id: IDS.buyer,
    owner_organisation_id: IDS.buyer,
    credit_batch_quantities: [{ credit_batch_id: IDS.batchB2, credit_quantity_kg: 10 }],
    retirement_purposes: ['other'],
    notes: null,
    supplier_id: IDS.supplierB,
  },
  {
    credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 100 }],
    from_organisation_id: IDS.orgB,
    to_organisation_id: IDS.buyer,
    supplier_id: IDS.supplierB,
    notes: 'n',
  },
  { credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 100 }], order_id: IDS.orderB, notes: null },
  { buyer_organisation_id: IDS.buyer, supplier_id: IDS.supplierA, credits_ordered_kg: 10 },
  { seconds: 60 },
  { status: 'failed', error_message: 'bad file' },
  { project_id: IDS.projectA, name: 'Site', latitude: 1, longitude: 2 },
];

const WHO = [TOKENS.supplierA, TOKENS.supplierA, TOKENS.supplierA, ...Object.values(TOKENS), 'unknown-token', null] as const;

/** Well-formed operations on real ids (method, path, index into BODIES or -1): most of them reach a handler. */
const TEMPLATES: readonly (readonly [string, string, number])[] = [
  ['POST', '/mrv/v0/removals', 0],
  ['POST', '/mrv/v0/datapoints', 3],
  ['POST', '/mrv/v0/sources', 4],
  ['POST', '/mrv/v0/components', 5],
  ['POST', '/mrv/v0/feedstock_batches', 6],
  ['POST', '/mrv/v0/data-upload-submissions', 7],
  ['POST', '/mrv/v0/ghg_statements', 8],
  ['POST', '/registry/v0/retirements', 10],
  ['POST', '/registry/v0/transfers', 11],
  ['POST', '/registry/v0/deliveries', 12],
  ['POST', '/sandbox/v0/orders', 13],
  ['POST', '/sandbox/v0/clock/advance', 14],
  ['POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, 16],
  ['GET', '/mrv/v0/datapoints', -1],
  ['GET', `/mrv/v0/datapoints/${IDS.carbonA1}`, -1],
  ['PATCH', `/mrv/v0/datapoints/${IDS.carbonA1}`, 3],
  ['GET', `/mrv/v0/datapoints/${IDS.dryMassA}/components`, -1],
  ['GET', '/mrv/v0/component_blueprints', -1],
  ['GET', `/mrv/v0/projects/${IDS.projectA}/removal_templates`, -1],
  ['GET', '/mrv/v0/measurement_samples', -1],
  ['GET', '/mrv/v0/data-upload-submissions', -1],
  ['GET', `/mrv/v0/sources/${IDS.labSource}/private_url`, -1],
  ['DELETE', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`, -1],
  ['GET', '/registry/v0/transfers', -1],
  ['GET', `/registry/v0/suppliers/${IDS.supplierB}/deliveries`, -1],
  ['GET', `/registry/v0/refunds/${IDS.refund}/credit_batches`, -1],
  ['GET', `/registry/v0/organisations/${IDS.buyer}/credit_batches`, -1],
];

/** Applies one mutation to a JSON value. */
function mutate(value: unknown, choice: number, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return replacement;
  const key = keys[choice % keys.length] as string;
  const target = copy as Record<string, unknown>;
  switch (choice % 4) {
    case 0:
      delete target[key];
      break;
    case 1:
      target[key] = replacement;
      break;
    case 2:
      target[key] = mutate(target[key], Math.floor(choice / 4), replacement);
      break;
    default:
      target[`${key}_extra`] = replacement;
  }
  return copy;
}

const requestArbitrary = fc
  .record({
    method: fc.constantFrom<string>('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'get', 'HEAD'),
    path: fc.constantFrom(...PATHS),
    ids: fc.array(fc.constantFrom(...ID_POOL), { minLength: 2, maxLength: 2 }),
    query: fc.option(
      fc.constantFrom(
        'first=3',
        'last=2',
        'first=0',
        'first=51',
        'after=abc',
        'before=',
        'first=2&last=2',
        'status=failed',
        'quantity_kind=mass',
        'used_in_scope=REMOVAL',
        'first=1e3',
        'first=%ZZ',
      ),
    ),
    who: fc.constantFrom(...WHO),
    secret: fc.constantFrom(SECRET, SECRET, SECRET, 'wrong', null),
    bodyKind: fc.constantFrom('catalog', 'catalog', 'mutated', 'mutated', 'json', 'text', 'none'),
    catalog: fc.nat({ max: BODIES.length - 1 }),
    choice: fc.nat({ max: 1000 }),
    replacement: fc.jsonValue({ maxDepth: 3 }),
    text: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '{"a":', '[1,]', '"\\u12"', 'nul', '{"a":1}}', '\u0000')),
    contentType: fc.constantFrom(undefined, undefined, undefined, 'application/json', 'text/plain', 'application/merge-patch+json'),
    template: fc.option(fc.nat({ max: TEMPLATES.length - 1 }), { freq: 2 }),
  })
  .map((r): SandboxRequest => {
    const template = r.template === null ? undefined : TEMPLATES[r.template];
    let path = template?.[1] ?? r.path;
    for (const id of r.ids) path = path.replace('{id}', encodeURIComponent(id));
    if (template !== undefined) {
      r.method = template[0];
      if (template[2] >= 0) r.catalog = template[2];
    }
    if (r.query !== null) path = `${path}?${r.query}`;
    const headers: Record<string, string> = {};
    if (r.secret !== null) headers['x-client-secret'] = r.secret;
    if (r.who !== null) headers.authorization = `Bearer ${r.who}`;
    if (r.contentType !== undefined) headers['content-type'] = r.contentType;
    const base = BODIES[r.catalog];
    let body: unknown;
    if (r.bodyKind === 'catalog') body = base;
    else if (r.bodyKind === 'mutated') body = mutate(base, r.choice, r.replacement);
    else if (r.bodyKind === 'json') body = r.replacement;
    else if (r.bodyKind === 'text') body = r.text;
    // The pipeline sees a JSON value or raw text, as over the wire.
    const wire = body === undefined || typeof body === 'string' ? body : r.choice % 2 === 0 ? JSON.stringify(body) : body;
    return { method: r.method, path, headers, ...(wire === undefined ? {} : { body: wire }) };
  });

describe('fuzz', () => {
  test('random and mutated requests: never 5xx, and a refused request changes nothing', async () => {
    let requests = 0;
    let accepted = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(requestArbitrary, { minLength: 40, maxLength: 40 }), async (batch) => {
        const sandbox = demoSandbox({
          onInternalError: (error) => {
            throw error;
          },
        });
        let before = sandbox.state.snapshot();
        for (const request of batch) {
          const response = await sandbox.handle(request);
          requests += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${request.method} ${request.path} ${JSON.stringify(response.body)}`).toBeLessThan(500);
          const after = sandbox.state.snapshot();
          if (response.status >= 400)
            expect(after, `${request.method} ${request.path} changed state but answered ${response.status}`).toBe(before);
          else accepted += 1;
          before = after;
        }
      }),
      { seed: 424242, numRuns: 75 },
    );
    expect(requests).toBe(3000);
    // The mix reaches the handlers: some requests succeed, most are refused for many reasons.
    expect(accepted).toBeGreaterThan(50);
    for (const status of [401, 404, 405, 409, 422]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  });
});
