/**
 * The test helper that removes a monitoring requirement from a project: 204 and gone, 404 for a
 * requirement of another project or organisation, 409 (nothing changed) while a submission answers it.
 */
import { describe, expect, test } from 'vitest';
import { Client, demoSandbox, IDS } from '../fixtures';

const A = 'supplierA';
const B = 'supplierB';

async function requirement(client: Client, name: string): Promise<string> {
  const body = { display_name: name, monitoring_phase: 'operation', frequency: 'every_1_months' };
  return (await client.ok<{ id: string }>(A, 'POST', `/sandbox/v0/projects/${IDS.projectA}/monitoring_requirements`, body)).id;
}

const place = (id: string, project: string = IDS.projectA) => `/sandbox/v0/projects/${project}/monitoring_requirements/${id}`;
const read = (id: string) => `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${id}`;

describe('DELETE /sandbox/v0/projects/{project_id}/monitoring_requirements/{id}', () => {
  test('removes a requirement nothing was submitted for: 204, then 404', async () => {
    const client = new Client(demoSandbox());
    const id = await requirement(client, 'Soil samples');
    expect((await client.get(A, read(id))).status).toBe(200);
    expect((await client.delete(A, place(id))).status).toBe(204);
    expect((await client.get(A, read(id))).status).toBe(404);
    expect((await client.delete(A, place(id))).status).toBe(404);
  });

  test('is 404 for another organisation and under another project', async () => {
    const client = new Client(demoSandbox());
    const id = await requirement(client, 'Soil samples');
    expect((await client.delete(B, place(id))).status).toBe(404);
    expect((await client.delete(A, place(id, IDS.projectB))).status).toBe(404);
    expect((await client.get(A, read(id))).status).toBe(200);
  });

  test('is 409 while a submission answers it, and changes nothing', async () => {
    const client = new Client(demoSandbox());
    const id = await requirement(client, 'Soil samples');
    await client.ok(A, 'POST', `${read(id)}/submissions`, { source_id: IDS.labSource, valid_from: '2026-03-01T00:00:00Z', notes: 'March' });
    const before = client.sandbox.state.snapshot();
    const response = await client.delete(A, place(id));
    expect(response.status).toBe(409);
    expect((response.body as { detail: string }).detail).toContain('1 submission(s)');
    expect(client.sandbox.state.snapshot()).toBe(before);
  });
});
