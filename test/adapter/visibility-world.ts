/**
 * The world of the visibility matrix: one GHG entry of supplier A and, beside it, records of each
 * kind that the entry reaches (through its components, datapoints and biochar applications) and
 * records of the same kinds that no entry reaches, taken to a phase: draft (in a draft statement),
 * submitted, or issued. Each record of the matrix names its path, the path of a missing record of
 * its kind, and whether the entry reaches it.
 */
import { BATCH_A, Client, demoSandbox, IDS, MISSING, removalBody, sampleBody, type Who } from './fixtures';

export type Phase = 'draft' | 'submitted' | 'issued';

/** The ids of the world's records. */
export interface VisibilityWorld {
  readonly client: Client;
  readonly removal: string;
  readonly statement: string;
  readonly component: string;
  readonly usedSite: string;
  readonly unusedSite: string;
  readonly usedApplication: string;
  readonly unusedApplication: string;
  readonly usedLocation: string;
  readonly unusedLocation: string;
  readonly usedSample: string;
  readonly unusedSample: string;
  readonly feedstockBatch: string;
  readonly submission: string;
  readonly [key: string]: unknown;
}

/** One record of the matrix. */
export interface VisibilityRecord {
  readonly name: string;
  /** Whether the world's GHG entry reaches it. */
  readonly reached: boolean;
  /** A source document: never public, only owner and verifier (interface.md 1 rule 4). */
  readonly document?: boolean;
  readonly path: (w: VisibilityWorld) => string;
  readonly missing: string;
  /** For a record read only through a list: whether `caller` finds it there. */
  readonly listed?: (w: VisibilityWorld, caller: Who) => Promise<boolean>;
}

const A = 'supplierA';

async function application(client: Client, reference: string, site: string): Promise<string> {
  const created = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/biochar_applications', {
    application_date: '2026-03-10',
    average_application_rate: { magnitude: 5, unit: 't/ha' },
    production_batch_id: IDS.productionBatch,
    project_id: IDS.projectA,
    storage_site_id: site,
    supplier_reference_id: reference,
    truck_mass_on_arrival: { magnitude: 26, unit: 't' },
    truck_mass_on_departure: { magnitude: 14, unit: 't' },
  });
  return created.id;
}

/** A measurement location and a sample taken there with one organic-carbon value; returns their ids and the value's datapoint. */
async function sampleAt(client: Client, reference: string): Promise<{ location: string; sample: string; datapoint: string }> {
  const location = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/measurement_locations', { supplier_reference_id: `${reference}-loc`, latitude: 52, longitude: 13, project_id: IDS.projectA });
  const sample = await client.ok<{ id: string; values: { datapoint_id: string }[] }>(A, 'POST', '/mrv/v0/measurement_samples', sampleBody(reference, { location: location.id }));
  return { location: location.id, sample: sample.id, datapoint: sample.values[0]?.datapoint_id as string };
}

/** Builds the world and takes it to `phase`. */
export async function visibilityWorld(phase: Phase): Promise<VisibilityWorld> {
  const client = new Client(demoSandbox());
  const site = (name: string) => client.ok<{ id: string }>(A, 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, { project_id: IDS.projectA, name, latitude: 1, longitude: 2 });
  const usedSite = (await site('used')).id;
  const unusedSite = (await site('unused')).id;
  const used = await sampleAt(client, 'used-sample');
  const unused = await sampleAt(client, 'unused-sample');
  const removal = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/removals', removalBody('matrix', { ...BATCH_A, carbon: [IDS.carbonA1, used.datapoint] }));
  const usedApplication = await application(client, 'used-app', usedSite);
  const unusedApplication = await application(client, 'unused-app', unusedSite);
  await client.ok(A, 'POST', `/sandbox/v0/biochar_applications/${usedApplication}/ghg_entry`, { ghg_entry_id: removal.id });
  const feedstockBatch = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/feedstock_batches', {
    delivery_date: '2026-02-20',
    display_name: 'Lot',
    feedstock_type_id: IDS.feedstockType,
    mass: { magnitude: 40, unit: 't' },
    supplier_reference_id: 'matrix-lot',
  });
  const submission = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/data-upload-submissions', { file_upload_id: IDS.fileUpload, submission_type: 'dac_facility_time_series', facility_id: IDS.facility });
  const statement = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' });
  if (phase !== 'draft') await client.ok(A, 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, { ghg_statement_report_url: 'https://reports.example/ggs.pdf' });
  if (phase === 'issued') {
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, {});
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/issue_credits`);
  }
  const attributions = await client.ok<{ nodes: { component_id: string }[] }>(A, 'GET', `/mrv/v0/removals/${removal.id}/component_attributions`);
  return {
    client,
    removal: removal.id,
    statement: statement.id,
    component: attributions.nodes[0]?.component_id as string,
    usedSite,
    unusedSite,
    usedApplication,
    unusedApplication,
    usedLocation: used.location,
    unusedLocation: unused.location,
    usedSample: used.sample,
    unusedSample: unused.sample,
    feedstockBatch: feedstockBatch.id,
    submission: submission.id,
  };
}

/** Whether `caller` finds `id` in the whole list at `path`. */
async function inList(w: VisibilityWorld, caller: Who, path: string, id: string): Promise<boolean> {
  const page = await w.client.ok<{ nodes: { id: string }[] }>(caller, 'GET', `${path}${path.includes('?') ? '&' : '?'}first=50`);
  return page.nodes.some((n) => n.id === id);
}

const site = (id: string) => `/mrv/v0/projects/${IDS.projectA}/storage_locations/${id}`;

/** The records of the matrix. */
export const VISIBILITY_RECORDS: readonly VisibilityRecord[] = [
  { name: 'the GHG entry', reached: true, path: (w) => `/mrv/v0/ghg_entries/${w.removal}`, missing: `/mrv/v0/ghg_entries/${MISSING.removal}` },
  { name: 'its attributions', reached: true, path: (w) => `/mrv/v0/removals/${w.removal}/component_attributions`, missing: `/mrv/v0/removals/${MISSING.removal}/component_attributions` },
  { name: 'the GHG statement', reached: true, path: (w) => `/mrv/v0/ghg_statements/${w.statement}`, missing: `/mrv/v0/ghg_statements/${MISSING.statement}` },
  { name: 'a component of the entry', reached: true, path: (w) => `/mrv/v0/components/${w.component}`, missing: `/mrv/v0/components/${MISSING.component}` },
  { name: 'a datapoint of the entry', reached: true, path: () => `/mrv/v0/datapoints/${IDS.carbonA1}`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}` },
  { name: 'a datapoint of a reached sample that no entry uses', reached: false, path: () => `/mrv/v0/datapoints/${IDS.carbonA2}`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}` },
  { name: 'the components using a datapoint of the entry', reached: true, path: () => `/mrv/v0/datapoints/${IDS.carbonA1}/components`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}/components` },
  { name: 'a source of the entry (metadata)', reached: true, path: () => `/mrv/v0/sources/${IDS.labSource}`, missing: `/mrv/v0/sources/${MISSING.source}` },
  { name: 'a source document of the entry', reached: true, document: true, path: () => `/mrv/v0/sources/${IDS.labSource}/private_url`, missing: `/mrv/v0/sources/${MISSING.source}/private_url` },
  { name: "the project's templates", reached: true, path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates`, missing: `/mrv/v0/projects/${MISSING.project}/removal_templates` },
  { name: 'the template of the entry', reached: true, path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates/${IDS.template}`, missing: `/mrv/v0/projects/${IDS.projectA}/removal_templates/rvt_01ZZZZZZZZZZZZZZZZZZZZZZZZ` },
  { name: 'a storage location an application of the entry uses', reached: true, path: (w) => site(w.usedSite), missing: site(MISSING.storageLocation) },
  { name: 'a storage location no submitted entry uses', reached: false, path: (w) => site(w.unusedSite), missing: site(MISSING.storageLocation) },
  { name: 'a biochar application of the entry', reached: true, path: (w) => `/mrv/v0/biochar_applications/${w.usedApplication}`, missing: `/mrv/v0/biochar_applications/${MISSING.biocharApplication}` },
  { name: 'a biochar application of no entry', reached: false, path: (w) => `/mrv/v0/biochar_applications/${w.unusedApplication}`, missing: `/mrv/v0/biochar_applications/${MISSING.biocharApplication}` },
  { name: 'the production batch of an application of the entry', reached: true, path: () => `/mrv/v0/production_batches/${IDS.productionBatch}`, missing: '/mrv/v0/production_batches/ptb_01ZZZZZZZZZZZZZZZZZZZZZZZZ' },
  { name: 'the measurement location of a sample of the entry', reached: true, path: (w) => `/mrv/v0/measurement_locations/${w.usedLocation}`, missing: '/mrv/v0/measurement_locations/mlc_01ZZZZZZZZZZZZZZZZZZZZZZZZ' },
  { name: 'a measurement location of no entry', reached: false, path: (w) => `/mrv/v0/measurement_locations/${w.unusedLocation}`, missing: '/mrv/v0/measurement_locations/mlc_01ZZZZZZZZZZZZZZZZZZZZZZZZ' },
  { name: 'a measurement sample of the entry (listed)', reached: true, path: () => '', missing: '', listed: (w, caller) => inList(w, caller, '/mrv/v0/measurement_samples', w.usedSample) },
  { name: 'a measurement sample of no entry (listed)', reached: false, path: () => '', missing: '', listed: (w, caller) => inList(w, caller, '/mrv/v0/measurement_samples', w.unusedSample) },
  { name: 'a feedstock batch (no entry names one)', reached: false, path: (w) => `/mrv/v0/feedstock_batches/${w.feedstockBatch}`, missing: '/mrv/v0/feedstock_batches/ftb_01ZZZZZZZZZZZZZZZZZZZZZZZZ' },
  { name: 'a data upload submission', reached: false, path: (w) => `/mrv/v0/data-upload-submissions/${w.submission}`, missing: '/mrv/v0/data-upload-submissions/dus_01ZZZZZZZZZZZZZZZZZZZZZZZZ' },
];
