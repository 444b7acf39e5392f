/**
 * Visibility rules of interface.md section 1, as a matrix: resource x caller x phase (draft,
 * submitted, issued). Invisible answers exactly like missing.
 */
import { describe, expect, test } from 'vitest';
import { BATCH_A, Client, demoSandbox, IDS, MISSING, removalBody, submittedRemoval, type Who } from './fixtures';

type Phase = 'draft' | 'submitted' | 'issued';
type Callers = Record<Exclude<Who, 'bufferPool'>, boolean>;

async function world(phase: Phase) {
  const client = new Client(demoSandbox());
  const { removal, statement } = await submittedRemovalOrDraft(client, phase);
  const attributions = await client.ok<{ nodes: { component_id: string }[] }>('supplierA', 'GET', `/mrv/v0/removals/${removal}/component_attributions`);
  const component = attributions.nodes[0]?.component_id as string;
  return { client, removal, statement, component };
}

async function submittedRemovalOrDraft(client: Client, phase: Phase) {
  if (phase === 'draft') {
    const removal = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/removals', removalBody('draft', BATCH_A));
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' });
    return { removal: removal.id, statement: statement.id };
  }
  const ids = await submittedRemoval(client);
  if (phase === 'issued') {
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/verify`, {});
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/issue_credits`);
  }
  return ids;
}

const ONLY_OWNER: Callers = { supplierA: true, supplierB: false, verifier: false, buyer: false };
const OWNER_AND_VERIFIER: Callers = { supplierA: true, supplierB: false, verifier: true, buyer: false };
const EVERYONE: Callers = { supplierA: true, supplierB: true, verifier: true, buyer: true };

type Resource = { readonly name: string; readonly path: (w: Awaited<ReturnType<typeof world>>) => string; readonly expected: Record<Phase, Callers> };

const RESOURCES: readonly Resource[] = [
  { name: 'GHG entry', path: (w) => `/mrv/v0/ghg_entries/${w.removal}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'its attributions', path: (w) => `/mrv/v0/removals/${w.removal}/component_attributions`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'GHG statement', path: (w) => `/mrv/v0/ghg_statements/${w.statement}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a component of the entry', path: (w) => `/mrv/v0/components/${w.component}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a datapoint of the entry', path: () => `/mrv/v0/datapoints/${IDS.carbonA1}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a datapoint the entry does not use', path: () => `/mrv/v0/datapoints/${IDS.feedMassA.replace('MASSA', 'MASSB')}`, expected: { draft: ONLY_OWNER, submitted: ONLY_OWNER, issued: ONLY_OWNER } },
  { name: 'a source of the entry (metadata)', path: () => `/mrv/v0/sources/${IDS.labSource}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a source document (private URL)', path: () => `/mrv/v0/sources/${IDS.labSource}/private_url`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: OWNER_AND_VERIFIER } },
  { name: 'a public source document (private URL)', path: () => `/mrv/v0/sources/${IDS.weighbridgeSource}/private_url`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: OWNER_AND_VERIFIER } },
  { name: 'the project templates', path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
];

describe.each(['draft', 'submitted', 'issued'] as const)('%s', (phase) => {
  test.each(RESOURCES)('$name', async (resource) => {
    const w = await world(phase);
    const path = resource.path(w);
    const expected = resource.expected[phase];
    for (const who of Object.keys(expected) as (keyof Callers)[]) {
      const response = await w.client.get(who, path);
      expect(response.status, `${who} ${path}`).toBe(expected[who] ? 200 : 404);
    }
    // With the client secret but no token: always 401.
    expect((await w.client.get(null, path)).status).toBe(401);
  });
});

describe('rules', () => {
  test('an invisible resource answers exactly like a missing one', async () => {
    const client = new Client(demoSandbox());
    const hidden = await client.get('supplierB', `/mrv/v0/datapoints/${IDS.carbonA1}`);
    const missing = await client.get('supplierB', `/mrv/v0/datapoints/${MISSING.datapoint}`);
    expect(hidden).toEqual(missing);
    const hiddenSource = await client.get('buyer', `/mrv/v0/sources/${IDS.labSource}/private_url`);
    const missingSource = await client.get('buyer', `/mrv/v0/sources/${MISSING.source}/private_url`);
    expect(hiddenSource).toEqual(missingSource);
  });

  test('a source added to a datapoint of a submitted entry is visible to the verifier at once (rule 5)', async () => {
    const client = new Client(demoSandbox());
    await submittedRemoval(client);
    const created = await client.ok<{ source: { id: string } }>('supplierA', 'POST', '/mrv/v0/sources', {
      supplier_reference_id: 'late-source',
      __typename: 'CreateDocumentSourceRequest',
      display_name: 'Late calibration certificate',
      published_at: '2026-05-01',
      is_public: false,
      file_name: 'calibration.pdf',
      content_type: 'application/pdf',
      content_length: 1200,
      project_id: IDS.projectA,
    });
    const source = created.source.id;
    expect((await client.get('verifier', `/mrv/v0/sources/${source}`)).status).toBe(404);
    const datapoint = await client.ok<{ source_ids: string[] }>('supplierA', 'GET', `/mrv/v0/datapoints/${IDS.dryMassA}`);
    await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${IDS.dryMassA}`, { source_ids: [...datapoint.source_ids, source] });
    expect((await client.get('verifier', `/mrv/v0/sources/${source}`)).status).toBe(200);
    expect((await client.get('verifier', `/mrv/v0/sources/${source}/private_url`)).status).toBe(200);
    expect((await client.get('buyer', `/mrv/v0/sources/${source}`)).status).toBe(404);
  });

  test('the verifier of a statement cannot change what it sees', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    expect((await client.get('verifier', `/mrv/v0/removals/${removal}`)).status).toBe(200);
    expect((await client.patch('verifier', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(404);
  });

  test('lists show only what the caller may see', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    const verifierList = await client.ok<{ total_count: number }>('verifier', 'GET', '/mrv/v0/datapoints?first=50');
    // The entry's twelve datapoints, nothing else of the supplier.
    expect(verifierList.total_count).toBe(12);
    const filtered = await client.ok<{ total_count: number }>('verifier', 'GET', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}`);
    expect(filtered.total_count).toBe(12);
    expect((await client.ok<{ total_count: number }>('buyer', 'GET', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}`)).total_count).toBe(0);
  });
});
