/**
 * Visibility (interface.md 1, semantics.md 7) as a matrix: record x caller x phase. A record is
 * part of a GHG statement only when an entry of a submitted statement reaches it; then its
 * statement's verifier sees it, and after issuance every authenticated organisation does. Records
 * no submitted entry reaches stay owner-only whatever else the project submitted. Every operation
 * needs a token: without one the answer is 401, whatever is asked. Invisible answers exactly like
 * missing (same status, headers and body).
 */
import { describe, expect, test } from 'vitest';
import {
  BATCH_A,
  Client,
  createApplication,
  createStorageLocation,
  datapointBody,
  demoSandbox,
  IDS,
  MISSING,
  removalBody,
  sampleBody,
  SECRET,
  submittedRemoval,
  type Who,
} from './fixtures';
import { VISIBILITY_RECORDS, visibilityWorld, type Phase, type VisibilityWorld } from './visibility-world';

type Caller = Exclude<Who, 'bufferPool'>;
const CALLERS: readonly Caller[] = ['supplierA', 'supplierB', 'buyer', 'verifier'];

/** Whether `caller` sees a record in `phase`, from whether a submitted entry reaches it. */
function expected(caller: Caller, phase: Phase, reached: boolean, document: boolean): boolean {
  if (caller === 'supplierA') return true;
  if (!reached || phase === 'draft') return false;
  if (caller === 'verifier') return true;
  return phase === 'issued' && !document;
}

const worlds = new Map<Phase, Promise<VisibilityWorld>>();
function worldOf(phase: Phase): Promise<VisibilityWorld> {
  let w = worlds.get(phase);
  if (w === undefined) worlds.set(phase, (w = visibilityWorld(phase)));
  return w;
}

describe.each(['draft', 'submitted', 'issued'] as const)('%s', (phase) => {
  test.each(VISIBILITY_RECORDS)('$name', async (record) => {
    const w = await worldOf(phase);
    for (const caller of CALLERS) {
      const see =
        record.visibleTo === undefined
          ? expected(caller, phase, record.reached, record.document === true)
          : record.visibleTo(caller, phase);
      const what = `${caller} ${record.name} (${phase})`;
      if (record.listed !== undefined) {
        const listed = await record.listed(w, caller);
        expect(listed, what).toBe(see);
        continue;
      }
      const path = record.path(w);
      const response = await w.client.get(caller, path);
      if (see) {
        expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
        continue;
      }
      expect(response.status, what).toBe(404);
      expect(response, what).toEqual(await w.client.get(caller, record.missing));
    }
    // Without a token, every operation is 401, the record's and the missing one's alike.
    if (record.listed === undefined) {
      const anonymous = await w.client.get(null, record.path(w));
      expect(anonymous.status).toBe(401);
      expect(anonymous).toEqual(await w.client.get(null, record.missing));
    }
  });
});

describe('rules', () => {
  test('a measurement sample shown to the verifier shows only the values of datapoints it may see', async () => {
    const w = await worldOf('submitted');
    const list = await w.client.ok<{ nodes: { id: string; values: { datapoint_id: string; value: unknown }[] }[] }>(
      'verifier',
      'GET',
      '/mrv/v0/measurement_samples?first=50',
    );
    const sample = list.nodes.find((s) => s.id === IDS.sample);
    expect(sample).toBeDefined();
    const shown = (sample?.values ?? []).map((v) => [v.datapoint_id, v.value !== null]);
    // carbonA1 feeds the submitted entry; carbonA2 and carbonA3 belong to the sample but to no submitted entry.
    expect(shown).toEqual([
      [IDS.carbonA1, true],
      [IDS.carbonA2, false],
      [IDS.carbonA3, false],
    ]);
    for (const [id, visible] of shown)
      expect((await w.client.get('verifier', `/mrv/v0/datapoints/${String(id)}`)).status).toBe(visible ? 200 : 404);
    // The owner sees every value.
    const own = await w.client.ok<{ nodes: { id: string; values: { value: unknown }[] }[] }>(
      'supplierA',
      'GET',
      '/mrv/v0/measurement_samples?first=50',
    );
    expect(own.nodes.find((s) => s.id === IDS.sample)?.values.every((v) => v.value !== null)).toBe(true);
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

  test('a storage location becomes visible to the verifier only when an application of a submitted entry uses it', async () => {
    const client = new Client(demoSandbox());
    const removal = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/removals', removalBody('late-app', BATCH_A));
    const site = await createStorageLocation(client, 'late');
    const application = await createApplication(client, 'late-app-spread', site.id);
    const sitePath = `/mrv/v0/projects/${IDS.projectA}/storage_locations/${site.id}`;
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await client.ok('supplierA', 'POST', `/sandbox/v0/biochar_applications/${application.id}/ghg_entry`, { ghg_entry_id: removal.id });
    expect((await client.get('verifier', sitePath)).status).toBe(404);
    await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example/x.pdf',
    });
    expect((await client.get('verifier', sitePath)).status).toBe(200);
    expect((await client.get('verifier', `/mrv/v0/biochar_applications/${application.id}`)).status).toBe(200);
    expect((await client.get('supplierB', sitePath)).status).toBe(404);
    // Once submitted, the link can no longer change.
    expect(
      (await client.post('supplierA', `/sandbox/v0/biochar_applications/${application.id}/ghg_entry`, { ghg_entry_id: null })).status,
    ).toBe(409);
  });

  test('the verifier of a statement cannot change what it sees', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    expect((await client.get('verifier', `/mrv/v0/removals/${removal}`)).status).toBe(200);
    expect((await client.patch('verifier', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(404);
  });

  test('lists show only what the caller may see, total_count included', async () => {
    const client = new Client(demoSandbox());
    await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('list-own', 1, 't'));
    const { removal } = await submittedRemoval(client);
    const verifierList = await client.ok<{ total_count: number; nodes: { id: string }[] }>(
      'verifier',
      'GET',
      '/mrv/v0/datapoints?first=50',
    );
    const used = await client.ok<{ total_count: number }>('supplierA', 'GET', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}&first=50`);
    expect(verifierList.total_count).toBe(used.total_count);
    expect(verifierList.nodes).toHaveLength(used.total_count);
    expect((await client.ok<{ total_count: number }>('supplierB', 'GET', '/mrv/v0/datapoints')).total_count).toBe(0);
  });

  test('no token is 401 for every operation of the service, test helpers included, before anything else is checked', async () => {
    const { ROUTES } = await import('../../src/adapter/resources/routes');
    const client = new Client(demoSandbox());
    for (const route of ROUTES) {
      const path = route.path.replace(/\{[^}]+\}/g, MISSING.removal);
      const response = await client.sandbox.handle({
        method: route.method,
        path,
        headers: { 'x-client-secret': SECRET },
        body: '{"not": "checked"}',
      });
      expect(response, `${route.method} ${route.path}`).toEqual({
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
        body: { detail: 'Not authenticated' },
      });
    }
  });

  test('a sample of the wrong project or a missing one is indistinguishable in lists', async () => {
    const client = new Client(demoSandbox());
    await client.ok('supplierA', 'POST', '/mrv/v0/measurement_samples', sampleBody('own-sample'));
    const b = await client.ok<{ total_count: number }>('supplierB', 'GET', '/mrv/v0/measurement_samples');
    expect(b.total_count).toBe(0);
  });
});
