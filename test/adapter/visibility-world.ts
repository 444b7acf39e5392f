/**
 * The world of the visibility matrix: one GHG entry of supplier A and, beside it, records of each
 * kind that the entry reaches (through its components, datapoints and biochar applications) and
 * records of the same kinds that no entry reaches, taken to a phase: draft (in a draft statement),
 * submitted, or issued. Each record of the matrix names its path, the path of a missing record of
 * its kind, and whether the entry reaches it.
 */
import {
  BATCH_A,
  Client,
  createApplication,
  createStorageLocation,
  demoSandbox,
  DIESEL_COMPONENT,
  IDS,
  MISSING,
  removalBody,
  sampleBody,
  type Who,
} from './fixtures';

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
  readonly storageUnit: string;
  readonly sensor: string;
  readonly monitoringSubmission: string;
  readonly statementComponent: string;
  readonly attributedProjectComponent: string;
  readonly idleProjectComponent: string;
  readonly beneficiary: string;
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
  /** Who sees it, for a record whose visibility is not the reach of an entry (registry records, orders, ...). */
  readonly visibleTo?: (caller: Who, phase: Phase) => boolean;
}

const A = 'supplierA';

/** A monitoring requirement of project A in the demo world. */
const MONITORING_REQUIREMENT = 'mnr_01JDEMOMONITORSOIL0000';

/** A measurement location and a sample taken there with one organic-carbon value; returns their ids and the value's datapoint. */
async function sampleAt(client: Client, reference: string): Promise<{ location: string; sample: string; datapoint: string }> {
  const location = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/measurement_locations', {
    supplier_reference_id: `${reference}-loc`,
    latitude: 52,
    longitude: 13,
    project_id: IDS.projectA,
  });
  const sample = await client.ok<{ id: string; values: { datapoint_id: string }[] }>(
    A,
    'POST',
    '/mrv/v0/measurement_samples',
    sampleBody(reference, { location: location.id }),
  );
  return { location: location.id, sample: sample.id, datapoint: sample.values[0]?.datapoint_id as string };
}

/** Builds the world and takes it to `phase`. */
export async function visibilityWorld(phase: Phase): Promise<VisibilityWorld> {
  const client = new Client(demoSandbox());
  const site = (name: string) => createStorageLocation(client, name);
  const usedSite = (await site('used')).id;
  const unusedSite = (await site('unused')).id;
  const used = await sampleAt(client, 'used-sample');
  const unused = await sampleAt(client, 'unused-sample');
  const removal = await client.ok<{ id: string }>(
    A,
    'POST',
    '/mrv/v0/removals',
    removalBody('matrix', { ...BATCH_A, carbon: [IDS.carbonA1, used.datapoint] }),
  );
  const usedApplication = (await createApplication(client, 'used-app', usedSite)).id;
  const unusedApplication = (await createApplication(client, 'unused-app', unusedSite)).id;
  await client.ok(A, 'POST', `/sandbox/v0/biochar_applications/${usedApplication}/ghg_entry`, { ghg_entry_id: removal.id });
  const feedstockBatch = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/feedstock_batches', {
    delivery_date: '2026-02-20',
    display_name: 'Lot',
    feedstock_type_id: IDS.feedstockType,
    mass: { magnitude: 40, unit: 't' },
    supplier_reference_id: 'matrix-lot',
  });
  const submission = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/data-upload-submissions', {
    file_upload_id: IDS.fileUpload,
    submission_type: 'dac_facility_time_series',
    facility_id: IDS.facility,
  });
  const site7 = await site('units');
  const storageUnit = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/storage_units', {
    storage_location_id: usedSite,
    name: 'Plot 1',
    latitude: 1,
    longitude: 2,
  });
  const sensor = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/sensors', {
    reference: 'probe',
    measurement_property: { quantity_kind: 'temperature', qualifier: null },
    units: 'degC',
    storage_location_id: site7.id,
  });
  const monitoringSubmission = await client.ok<{ id: string }>(
    A,
    'POST',
    `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${MONITORING_REQUIREMENT}/submissions`,
    { source_id: IDS.weighbridgeSource, valid_from: '2026-03-01T00:00:00Z' },
  );
  const component = (reference: string) => ({ ...DIESEL_COMPONENT, supplier_reference_id: reference });
  const attributedProjectComponent = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/project_components', {
    allocation_strategy: 'MANUAL',
    component_data: component('matrix-manual'),
  });
  await client.ok(A, 'POST', `/mrv/v0/project_components/${attributedProjectComponent.id}/removal_attributions`, {
    removal_id: removal.id,
    attribution_factor: 0.5,
  });
  const idleProjectComponent = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/project_components', {
    allocation_strategy: 'MANUAL',
    component_data: component('matrix-idle'),
  });
  const beneficiary = await client.ok<{ id: string }>('buyer', 'POST', '/registry/v0/beneficiary', {
    beneficiary_name: 'Acme',
    beneficiary_domain: 'acme.example',
  });
  const statement = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/ghg_statements', {
    project_id: IDS.projectA,
    end_on: '2026-03-31',
  });
  const statementComponent = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/ghg_statement_components', {
    ghg_statement_id: statement.id,
    component_data: component('matrix-statement'),
  });
  if (phase !== 'draft')
    await client.ok(A, 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://reports.example/ggs.pdf',
    });
  if (phase === 'issued') {
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, {});
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/issue_credits`);
  }
  const attributions = await client.ok<{ nodes: { component_id: string }[] }>(
    A,
    'GET',
    `/mrv/v0/removals/${removal.id}/component_attributions`,
  );
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
    storageUnit: storageUnit.id,
    sensor: sensor.id,
    monitoringSubmission: monitoringSubmission.id,
    statementComponent: statementComponent.id,
    attributedProjectComponent: attributedProjectComponent.id,
    idleProjectComponent: idleProjectComponent.id,
    beneficiary: beneficiary.id,
  };
}

/** Whether `caller` finds `id` in the whole list at `path`. */
async function inList(w: VisibilityWorld, caller: Who, path: string, id: string): Promise<boolean> {
  const page = await w.client.ok<{ nodes: { id: string }[] }>(caller, 'GET', `${path}${path.includes('?') ? '&' : '?'}first=50`);
  return page.nodes.some((n) => n.id === id);
}

const site = (id: string) => `/mrv/v0/projects/${IDS.projectA}/storage_locations/${id}`;

const everyone = (): boolean => true;
const MISSING_ORDER = '/registry/v0/orders/ord_01ZZZZZZZZZZZZZZZZZZZZZZZZ';

/** The records of the matrix. */
export const VISIBILITY_RECORDS: readonly VisibilityRecord[] = [
  {
    name: 'the GHG entry',
    reached: true,
    path: (w) => `/mrv/v0/ghg_entries/${w.removal}`,
    missing: `/mrv/v0/ghg_entries/${MISSING.removal}`,
  },
  {
    name: 'its attributions',
    reached: true,
    path: (w) => `/mrv/v0/removals/${w.removal}/component_attributions`,
    missing: `/mrv/v0/removals/${MISSING.removal}/component_attributions`,
  },
  {
    name: 'the GHG statement',
    reached: true,
    path: (w) => `/mrv/v0/ghg_statements/${w.statement}`,
    missing: `/mrv/v0/ghg_statements/${MISSING.statement}`,
  },
  {
    name: 'a component of the entry',
    reached: true,
    path: (w) => `/mrv/v0/components/${w.component}`,
    missing: `/mrv/v0/components/${MISSING.component}`,
  },
  {
    name: 'a datapoint of the entry',
    reached: true,
    path: () => `/mrv/v0/datapoints/${IDS.carbonA1}`,
    missing: `/mrv/v0/datapoints/${MISSING.datapoint}`,
  },
  {
    name: 'a datapoint of a reached sample that no entry uses',
    reached: false,
    path: () => `/mrv/v0/datapoints/${IDS.carbonA2}`,
    missing: `/mrv/v0/datapoints/${MISSING.datapoint}`,
  },
  {
    name: 'the components using a datapoint of the entry',
    reached: true,
    path: () => `/mrv/v0/datapoints/${IDS.carbonA1}/components`,
    missing: `/mrv/v0/datapoints/${MISSING.datapoint}/components`,
  },
  {
    name: 'a source of the entry (metadata)',
    reached: true,
    path: () => `/mrv/v0/sources/${IDS.labSource}`,
    missing: `/mrv/v0/sources/${MISSING.source}`,
  },
  {
    name: 'a source document of the entry',
    reached: true,
    document: true,
    path: () => `/mrv/v0/sources/${IDS.labSource}/private_url`,
    missing: `/mrv/v0/sources/${MISSING.source}/private_url`,
  },
  {
    name: "the project's templates",
    reached: true,
    path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates`,
    missing: `/mrv/v0/projects/${MISSING.project}/removal_templates`,
  },
  {
    name: 'the template of the entry',
    reached: true,
    path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates/${IDS.template}`,
    missing: `/mrv/v0/projects/${IDS.projectA}/removal_templates/rvt_01ZZZZZZZZZZZZZZZZZZZZZZZZ`,
  },
  {
    name: 'a storage location an application of the entry uses',
    reached: true,
    path: (w) => site(w.usedSite),
    missing: site(MISSING.storageLocation),
  },
  {
    name: 'a storage location no submitted entry uses',
    reached: false,
    path: (w) => site(w.unusedSite),
    missing: site(MISSING.storageLocation),
  },
  {
    name: 'a biochar application of the entry',
    reached: true,
    path: (w) => `/mrv/v0/biochar_applications/${w.usedApplication}`,
    missing: `/mrv/v0/biochar_applications/${MISSING.biocharApplication}`,
  },
  {
    name: 'a biochar application of no entry',
    reached: false,
    path: (w) => `/mrv/v0/biochar_applications/${w.unusedApplication}`,
    missing: `/mrv/v0/biochar_applications/${MISSING.biocharApplication}`,
  },
  {
    name: 'the production batch of an application of the entry',
    reached: true,
    path: () => `/mrv/v0/production_batches/${IDS.productionBatch}`,
    missing: '/mrv/v0/production_batches/ptb_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'the measurement location of a sample of the entry',
    reached: true,
    path: (w) => `/mrv/v0/measurement_locations/${w.usedLocation}`,
    missing: '/mrv/v0/measurement_locations/mlc_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a measurement location of no entry',
    reached: false,
    path: (w) => `/mrv/v0/measurement_locations/${w.unusedLocation}`,
    missing: '/mrv/v0/measurement_locations/mlc_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a measurement sample of the entry (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/measurement_samples', w.usedSample),
  },
  {
    name: 'a measurement sample of no entry (listed)',
    reached: false,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/measurement_samples', w.unusedSample),
  },
  {
    name: 'a feedstock batch (no entry names one)',
    reached: false,
    path: (w) => `/mrv/v0/feedstock_batches/${w.feedstockBatch}`,
    missing: '/mrv/v0/feedstock_batches/ftb_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a data upload submission',
    reached: false,
    path: (w) => `/mrv/v0/data-upload-submissions/${w.submission}`,
    missing: '/mrv/v0/data-upload-submissions/dus_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'the GHG entry (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/ghg_entries', w.removal),
  },
  {
    name: 'the GHG statement (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/ghg_statements', w.statement),
  },
  {
    name: 'the statement component of the statement',
    reached: true,
    path: (w) => `/mrv/v0/components/${w.statementComponent}`,
    missing: `/mrv/v0/components/${MISSING.component}`,
  },
  {
    name: 'a MANUAL project component attributed to the entry',
    reached: true,
    path: (w) => `/mrv/v0/components/${w.attributedProjectComponent}`,
    missing: `/mrv/v0/components/${MISSING.component}`,
  },
  {
    name: 'a MANUAL project component attributed to no entry',
    reached: false,
    path: (w) => `/mrv/v0/components/${w.idleProjectComponent}`,
    missing: `/mrv/v0/components/${MISSING.component}`,
  },
  {
    name: 'a component (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/components', w.statementComponent),
  },
  {
    name: 'a feedstock type of a production batch the entry reaches',
    reached: true,
    path: () => `/mrv/v0/feedstock_types/${IDS.feedstockType}`,
    missing: '/mrv/v0/feedstock_types/ftt_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a feedstock type nothing of the entry uses',
    reached: false,
    path: () => `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`,
    missing: '/mrv/v0/feedstock_types/ftt_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a biochar application of the entry (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/biochar_applications', w.usedApplication),
  },
  {
    name: 'a source of the entry (listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/sources', IDS.labSource),
  },
  {
    name: 'the project (data ingestion, listed)',
    reached: true,
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/mrv/v0/projects', IDS.projectA),
  },
  {
    name: 'the project (registry)',
    reached: true,
    path: () => `/registry/v0/projects/${IDS.projectA}`,
    missing: `/registry/v0/projects/${MISSING.project}`,
  },
  {
    name: "the project's registry documents",
    reached: true,
    path: () => `/registry/v0/projects/${IDS.projectA}/documents`,
    missing: `/registry/v0/projects/${MISSING.project}/documents`,
  },
  {
    name: 'a storage unit',
    reached: false,
    path: (w) => `/mrv/v0/storage_units/${w.storageUnit}`,
    missing: '/mrv/v0/storage_units/sgu_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a sensor',
    reached: false,
    path: (w) => `/mrv/v0/sensors/${w.sensor}`,
    missing: '/mrv/v0/sensors/sns_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a monitoring requirement',
    reached: false,
    path: () => `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${MONITORING_REQUIREMENT}`,
    missing: `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/mnr_01ZZZZZZZZZZZZZZZZZZZZZZZZ`,
  },
  {
    name: 'its monitoring submissions',
    reached: false,
    path: () => `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${MONITORING_REQUIREMENT}/submissions`,
    missing: `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/mnr_01ZZZZZZZZZZZZZZZZZZZZZZZZ/submissions`,
  },
  {
    name: 'a component blueprint',
    reached: true,
    visibleTo: everyone,
    path: () => '/mrv/v0/component_blueprints/diesel_combustion',
    missing: '/mrv/v0/component_blueprints/no_such_blueprint',
  },
  {
    name: 'a credit batch (the registry)',
    reached: true,
    visibleTo: everyone,
    path: () => `/registry/v0/credit_batches/${IDS.batchB1}`,
    missing: `/registry/v0/credit_batches/${MISSING.batch}`,
  },
  {
    name: 'a delivery (the registry)',
    reached: true,
    visibleTo: everyone,
    path: () => `/registry/v0/deliveries/${IDS.deliveryB}`,
    missing: '/registry/v0/deliveries/dlv_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a supplier (the registry)',
    reached: true,
    visibleTo: everyone,
    path: () => `/registry/v0/suppliers/${IDS.supplierB}`,
    missing: `/registry/v0/suppliers/${MISSING.supplier}`,
  },
  {
    name: 'a transfer (its two parties)',
    reached: true,
    visibleTo: (caller) => caller === 'buyer' || caller === 'supplierA',
    path: () => `/registry/v0/transfers/${IDS.transfer}`,
    missing: '/registry/v0/transfers/tfr_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'an order (its buyer and supplier)',
    reached: true,
    visibleTo: (caller) => caller === 'buyer' || caller === 'supplierA',
    path: () => `/registry/v0/orders/${IDS.orderA}`,
    missing: MISSING_ORDER,
  },
  {
    name: "an order's deliveries",
    reached: true,
    visibleTo: (caller) => caller === 'buyer' || caller === 'supplierA',
    path: () => `/registry/v0/orders/${IDS.orderA}/deliveries`,
    missing: `${MISSING_ORDER}/deliveries`,
  },
  {
    name: 'a beneficiary (the organisation that registered it)',
    reached: true,
    visibleTo: (caller) => caller === 'buyer',
    path: (w) => `/registry/v0/organisations/${w.beneficiary}`,
    missing: '/registry/v0/organisations/org_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
  },
  {
    name: 'a beneficiary (listed)',
    reached: true,
    visibleTo: (caller) => caller === 'buyer',
    path: () => '',
    missing: '',
    listed: (w, caller) => inList(w, caller, '/registry/v0/beneficiaries', w.beneficiary),
  },
];
