/**
 * Shared fixtures of the adapter tests: the bundled demo world, a sandbox on a fixed clock, a
 * small client, and the response checks.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { z } from 'zod';
import { createSandboxWithState, type SandboxWithState } from '../../src/adapter/sandbox';
import type { SandboxOptions, SandboxResponse } from '../../src/adapter/types';
import type { WorldDocument } from '../../src/adapter/world/world-types';
import { documentProblem } from './service-document';

export const DEMO_WORLD: WorldDocument = JSON.parse(
  readFileSync(new URL('../../worlds/demo.json', import.meta.url), 'utf8'),
) as WorldDocument;

export const SECRET = 'demo-client-secret';
export const TOKENS = {
  supplierA: 'demo-token-supplier-a',
  supplierB: 'demo-token-supplier-b',
  buyer: 'demo-token-buyer',
  verifier: 'demo-token-verifier',
  bufferPool: 'demo-token-buffer-pool',
} as const;
export type Who = keyof typeof TOKENS;

export const IDS = {
  orgA: 'org_01JDEMOSUPPLIERA00000',
  orgB: 'org_01JDEMOSUPPLIERB00000',
  buyer: 'org_01JDEMOBUYER000000000',
  verifier: 'org_01JDEMOVERIFIER0000000',
  bufferPool: 'org_01JDEMOBUFFERPOOL0000',
  supplierA: 'spl_01JDEMOSUPPLIERA00000',
  supplierB: 'spl_01JDEMOSUPPLIERB00000',
  projectA: 'prj_01JDEMOBIOCHARPROJA00',
  projectB: 'prj_01JDEMOBIOCHARPROJB00',
  template: 'rvt_01JDEMOBIOCHARTPL0000',
  rtcSequestration: 'rtc_01JDEMOTPLCOMP000001',
  rtcFeedstock: 'rtc_01JDEMOTPLCOMP000002',
  rtcEnergy: 'rtc_01JDEMOTPLCOMP000003',
  rtcDiesel: 'rtc_01JDEMOTPLCOMP000004',
  rtgFieldTransport: 'rtg_01JDEMOTPLGROUP00006',
  sharedComponent: 'cmp_01JA0FIELDTRANSPORT0',
  feedstockType: 'ftt_01JDEMOFORESTRYRES000',
  feedstockTypeUnused: 'ftt_01JDEMOSTRAW0000000000',
  facility: 'fcl_01JDEMOREACTOR00000000',
  productionBatch: 'ptb_01JDEMOPRODBATCHA00000',
  fileUpload: 'tfu_01JDEMOREACTORLOG00000',
  fileUpload2: 'tfu_01JDEMOREACTORLOG00001',
  labSource: 'src_01JDEMOLABREPORT00000',
  weighbridgeSource: 'src_01JDEMOWEIGHBRIDGE000',
  sample: 'mts_01JDEMOSAMPLEA00000000',
  orderA: 'ord_01JDEMOORDERA000000000',
  orderB: 'ord_01JDEMOORDERB000000000',
  batchB1: 'ctb_01JDEMOBATCHB1SUPPLIER',
  batchB1Buffer: 'ctb_01JDEMOBATCHB1BUFFER00',
  batchB2: 'ctb_01JDEMOBATCHB2SUPPLIER',
  deliveryB: 'dlv_01JDEMODELIVERYB000000',
  transfer: 'tfr_01JDEMOTRANSFER0000000',
  refund: 'bpr_01JDEMOREFUND000000000',
  dryMassA: 'dtp_01JA0CHARMASSA000000',
  carbonA1: 'dtp_01JA0CARBONA1000000',
  carbonA2: 'dtp_01JA0CARBONA2000000',
  carbonA3: 'dtp_01JA0CARBONA3000000',
  feedMassA: 'dtp_01JA0FEEDMASSA000000',
  energyA: 'dtp_01JA0ENERGYA00000000',
  dieselA: 'dtp_01JA0DIESELA00000000',
  permanence: 'dtp_01JA0PERMANENCE00000',
} as const;

/** A syntactically valid id of the kind that exists nowhere. */
export const MISSING = {
  removal: 'rmv_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  datapoint: 'dtp_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  source: 'src_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  project: 'prj_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  storageLocation: 'slc_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  biocharApplication: 'bse_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  feedstockType: 'ftt_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  supplier: 'spl_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  refund: 'bpr_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  component: 'cmp_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  statement: 'ggs_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  batch: 'ctb_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
} as const;

export const START = Date.parse('2026-06-01T00:00:00Z');

/** A sandbox of the demo world on a fixed clock. */
export function demoSandbox(options: SandboxOptions = {}): SandboxWithState {
  return createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined, ...options });
}

/** A tiny client bound to one sandbox. */
export class Client {
  constructor(readonly sandbox: SandboxWithState) {}

  headers(who: Who | null): Record<string, string> {
    return who === null ? { 'x-client-secret': SECRET } : { 'x-client-secret': SECRET, authorization: `Bearer ${TOKENS[who]}` };
  }

  /** Sends a request; the answer must agree with the service's own OpenAPI document (status and body). */
  async request(who: Who | null, method: string, path: string, body?: unknown): Promise<SandboxResponse> {
    const response = await this.sandbox.handle({ method, path, headers: this.headers(who), ...(body === undefined ? {} : { body }) });
    const problem = documentProblem(method, path, response);
    if (problem !== undefined) throw new Error(problem);
    return response;
  }

  get(who: Who | null, path: string) {
    return this.request(who, 'GET', path);
  }

  post(who: Who | null, path: string, body: unknown) {
    return this.request(who, 'POST', path, body);
  }

  patch(who: Who | null, path: string, body: unknown) {
    return this.request(who, 'PATCH', path, body);
  }

  delete(who: Who | null, path: string) {
    return this.request(who, 'DELETE', path);
  }

  /** A request that must succeed (200); returns the body. */
  async ok<T = Record<string, unknown>>(who: Who | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(who, method, path, body);
    if (response.status !== 200)
      throw new Error(`${method} ${path}: expected 200, got ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as T;
  }
}

/** Checks a body against a zod schema, showing the problems when it does not fit. */
export function expectShape(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(
      `response does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 5))}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}

/** Expects a 422 with an item at `loc`. */
export function expect422(response: SandboxResponse, loc: readonly (string | number)[]): void {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  const detail = (response.body as { detail: { loc: unknown[]; type: unknown; msg: unknown }[] }).detail;
  expect(Array.isArray(detail)).toBe(true);
  const locs = detail.map((d) => JSON.stringify(d.loc));
  expect(locs, JSON.stringify(response.body)).toContain(JSON.stringify(loc));
  for (const item of detail) {
    expect(typeof item.type).toBe('string');
    expect(typeof item.msg).toBe('string');
  }
}

/** Datapoint creation body. */
export function datapointBody(
  reference: string,
  magnitude: number,
  unit: string,
  sd: number | null = null,
  project: string = IDS.projectA,
) {
  return {
    supplier_reference_id: reference,
    display_name: `datapoint ${reference}`,
    type: 'REPORTED',
    quantity: { magnitude, unit, standard_deviation: sd },
    description: 'created by a test',
    source_ids: [],
    project_id: project,
  };
}

/** Measurement sample creation body: one total-organic-carbon value of a production batch. */
export function sampleBody(reference: string, options: { project?: string; location?: string | null } = {}) {
  return {
    supplier_reference_id: reference,
    measured_at: '2026-03-20T08:00:00Z',
    project_id: options.project ?? IDS.projectA,
    feedstock_batch_id: null,
    measurement_location_id: options.location ?? null,
    measurement_type: 'biochar_production_batch',
    values: [
      {
        value: { magnitude: 81.3, unit: '%', standard_deviation: 1.2 },
        measurement_property: { quantity_kind: 'mass_fraction', qualifier: 'total_organic_carbon' },
      },
    ],
    storage_location_id: null,
    production_batch_id: IDS.productionBatch,
  };
}

/** Body creating a removal from the demo template, with the batch-specific datapoints given. */
export function removalBody(
  reference: string,
  data: { dryMass: string; carbon: readonly string[]; feedMass: string; energy: string; diesel: string },
) {
  return {
    project_id: IDS.projectA,
    started_on: '2026-03-01',
    completed_on: '2026-03-31',
    supplier_reference_id: reference,
    removal_template_id: IDS.template,
    removal_template_components: [
      {
        removal_template_component_id: IDS.rtcSequestration,
        inputs: [
          { input_key: 'dry_mass', datapoint_ids: [data.dryMass] },
          { input_key: 'carbon_content', datapoint_ids: [...data.carbon] },
        ],
      },
      { removal_template_component_id: IDS.rtcFeedstock, inputs: [{ input_key: 'mass', datapoint_id: data.feedMass }] },
      { removal_template_component_id: IDS.rtcEnergy, inputs: [{ input_key: 'energy', datapoint_id: data.energy }] },
      { removal_template_component_id: IDS.rtcDiesel, inputs: [{ input_key: 'volume', datapoint_id: data.diesel }] },
    ],
  };
}

/** The batch A datapoints of the demo world. */
export const BATCH_A = {
  dryMass: IDS.dryMassA,
  carbon: [IDS.carbonA1, IDS.carbonA2, IDS.carbonA3],
  feedMass: IDS.feedMassA,
  energy: IDS.energyA,
  diesel: IDS.dieselA,
};

/** Creates a removal of batch A; returns its body. */
export function createRemovalA(client: Client, reference = 'removal-a') {
  return client.ok<{ id: string } & Record<string, unknown>>('supplierA', 'POST', '/mrv/v0/removals', removalBody(reference, BATCH_A));
}

/**
 * Creates a removal, a statement and submits it (the verifier sees it from then on); returns the ids.
 */
export async function submittedRemoval(client: Client): Promise<{ removal: string; statement: string }> {
  const removal = await createRemovalA(client);
  const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
    project_id: IDS.projectA,
    end_on: '2026-03-31',
  });
  await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
    ghg_statement_report_url: 'https://reports.example/ggs.pdf',
  });
  return { removal: removal.id, statement: statement.id };
}

/** Takes a removal all the way to issued credits; returns the ids and the issuance answer. */
export async function issuedRemoval(client: Client) {
  const ids = await submittedRemoval(client);
  await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/verify`, {});
  const issued = await client.ok<{
    credit_batches: {
      supplier_credit_batches: { id: string; size: { credit_kgs: number } }[];
      buffer_pool_credit_batches: { id: string }[];
    };
  }>('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/issue_credits`);
  return { ...ids, issued };
}

/**
 * Component data of a diesel combustion component of project A (demo diesel and factor datapoints,
 * the whole of 2026), without a supplier reference: for plain, statement and project components.
 */
export const DIESEL_COMPONENT = {
  project_id: IDS.projectA,
  component_blueprint_key: 'diesel_combustion',
  display_name: 'Generator diesel',
  activity_started_at: '2026-01-01T00:00:00Z',
  activity_completed_at: '2026-12-31T00:00:00Z',
  inputs: [
    { input_key: 'volume', datapoint_ids: [IDS.dieselA] },
    { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
  ],
};

/** Body creating a loader's diesel component (March 2026; the singular `datapoint_id` spelling). */
export function loaderDieselBody(reference: string) {
  return {
    supplier_reference_id: reference,
    project_id: IDS.projectA,
    component_blueprint_key: 'diesel_combustion',
    display_name: 'Loader diesel',
    activity_started_at: '2026-03-01T00:00:00Z',
    activity_completed_at: '2026-03-31T00:00:00Z',
    inputs: [
      { input_key: 'volume', datapoint_id: IDS.dieselA },
      { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
    ],
  };
}

/** Creates a storage location of project A as supplier A. */
export function createStorageLocation(client: Client, name: string): Promise<{ id: string }> {
  return client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, {
    project_id: IDS.projectA,
    name,
    latitude: 1,
    longitude: 2,
  });
}

/** Creates a biochar application of project A on `site` (10 March 2026) as supplier A. */
export function createApplication(client: Client, reference: string, site: string): Promise<{ id: string }> {
  return client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/biochar_applications', {
    application_date: '2026-03-10',
    average_application_rate: { magnitude: 5, unit: 't/ha' },
    production_batch_id: IDS.productionBatch,
    project_id: IDS.projectA,
    storage_site_id: site,
    supplier_reference_id: reference,
    truck_mass_on_arrival: { magnitude: 26, unit: 't' },
    truck_mass_on_departure: { magnitude: 14, unit: 't' },
  });
}
