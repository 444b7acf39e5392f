/**
 * The served OpenAPI document describes itself: every field of every schema, every parameter and
 * every operation has words (the test helpers say who may call them); component schemas are named
 * in one scheme (`GhgEntry`, `GhgEntryCreate`, `GhgEntryPatch`); PATCH bodies are typed as the
 * fields they change; write operations declare the 503 with `Retry-After`; a statement carries its total.
 */
import { describe, expect, test } from 'vitest';
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';
import { componentSchemaName, followsNamingScheme } from '../../src/adapter/openapi/openapi-names';
import { Client, createRemovalA, demoSandbox, IDS } from './fixtures';

type Schema = { [key: string]: unknown };
type Operation = {
  summary?: string;
  description?: string;
  parameters: { name: string; in: string; description?: string }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<
    string,
    { description?: string; headers?: Record<string, unknown>; content?: { 'application/json': { schema: Schema } } }
  >;
};

const document = serviceOpenApiDocument();
const schemas = document.components.schemas as Record<string, Schema>;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as Operation })),
);
const resolve = (schema: Schema | undefined): Schema | undefined => {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? resolve(schemas[ref.split('/').pop() as string]) : schema;
};

/** Every property of every object schema inside `value`, with where it is. */
function properties(value: unknown, where: string, out: { where: string; property: Schema }[] = []): { where: string; property: Schema }[] {
  if (Array.isArray(value)) value.forEach((item) => properties(item, where, out));
  else if (typeof value === 'object' && value !== null) {
    const object = value as Schema;
    if (typeof object.properties === 'object' && object.properties !== null)
      for (const [name, property] of Object.entries(object.properties as Record<string, Schema>))
        out.push({ where: `${where}.${name}`, property });
    for (const item of Object.values(object)) properties(item, where, out);
  }
  return out;
}

/** The JSON types a schema allows (through references, unions, enums and consts), null aside. */
function typesOf(schema: Schema | undefined): Set<string> {
  const resolved = resolve(schema);
  if (resolved === undefined) return new Set(['any']);
  const union = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (union !== undefined) return new Set(union.flatMap((member) => [...typesOf(member)]));
  const type = resolved.type;
  const listed = Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
  if (listed.length === 0 && Array.isArray(resolved.enum)) listed.push(...(resolved.enum as unknown[]).map((v) => typeof v));
  if (listed.length === 0 && 'const' in resolved) listed.push(typeof resolved.const);
  const out = new Set(listed.map((t) => (t === 'integer' ? 'number' : t)));
  out.delete('null');
  return listed.length === 0 ? new Set(['any']) : out;
}

describe('the OpenAPI document describes itself', () => {
  test('every property of every schema (components and inline) has a description', () => {
    const all = [
      ...Object.entries(schemas).flatMap(([name, schema]) => properties(schema, name)),
      ...operations.flatMap(({ path, method, op }) => properties(op, `${method} ${path}`)),
    ];
    expect(all.length).toBeGreaterThan(600);
    const missing = all.filter(({ property }) => typeof property.description !== 'string' || property.description.trim() === '');
    expect(missing.map((m) => m.where)).toEqual([]);
  });

  test('every operation and every parameter has a description; each test helper says which token may call it', () => {
    for (const { path, method, op } of operations) {
      expect(op.description?.trim(), `${method} ${path}`).toBeTruthy();
      for (const parameter of op.parameters) expect(parameter.description?.trim(), `${method} ${path} ${parameter.name}`).toBeTruthy();
      if (path.startsWith('/sandbox/v0/')) expect(op.description, `${method} ${path}`).toMatch(/Callable (only )?with (a|any valid) token/);
    }
    const verify = document.paths['/sandbox/v0/ghg_statements/{id}/verify']?.post as Operation;
    expect(verify.description).toContain('verifier organisation assigned to the statement');
    const create = document.paths['/mrv/v0/ghg_statements']?.post as Operation;
    expect(create.description).toContain("project's draft GHG entries");
    const statement = schemas.GhgStatement as { properties: Record<string, Schema> };
    expect(statement.properties.pending_total_co2e_removed_kg?.description).toMatch(/would have now/);
    expect(statement.properties.total_co2e_removed_kg?.description).toMatch(/rounded to 10 kg/);
    const attribution = schemas.ComponentAttribution as { properties: Record<string, Schema> };
    expect(attribution.properties.component_group_key?.description).toMatch(/component group/);
  });

  test('component schemas follow one naming scheme: the noun, then the verb of a request body, in the service vocabulary', () => {
    const names = Object.keys(schemas);
    expect(names.filter((name) => !followsNamingScheme(name))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        'GhgEntry',
        'GhgEntryCreate',
        'GhgEntryPatch',
        'Organisation',
        'OrganisationBeneficiaryCreate',
        'DatapointPatch',
      ]),
    );
    expect(names.filter((name) => /Request|Organization|^Create|^Patch/.test(name))).toEqual([]);
    // The rule, on the export names the resources use.
    expect(componentSchemaName('createRemovalRequest')).toBe('GhgEntryCreate');
    expect(componentSchemaName('patchRemovalComponentAttributionsRequest')).toBe('GhgEntryComponentAttributionsPatch');
    expect(componentSchemaName('createOrganizationBeneficiary')).toBe('OrganisationBeneficiaryCreate');
    expect(componentSchemaName('removalTemplate')).toBe('RemovalTemplate');
    expect(componentSchemaName('carbonRemovalData')).toBe('CarbonRemovalData');
    expect(followsNamingScheme('CreateRemovalRequest')).toBe(false);
    expect(followsNamingScheme('RemovalPatch')).toBe(false);
  });

  test('a PATCH body types each field as the resource does (no string where the field is not a string)', () => {
    const patches = operations.filter((o) => o.method === 'PATCH' && o.op.requestBody !== undefined);
    expect(patches.length).toBeGreaterThanOrEqual(7);
    let compared = 0;
    for (const { path, op } of patches) {
      const body = resolve(op.requestBody?.content['application/json'].schema) as { properties: Record<string, Schema> };
      const resource = resolve(op.responses['200']?.content?.['application/json'].schema) as { properties?: Record<string, Schema> };
      for (const [field, property] of Object.entries(body.properties)) {
        const members = ((property.anyOf as Schema[] | undefined) ?? [property]).filter((m) => m.$ref !== '#/components/schemas/Undefined');
        const patchTypes = new Set(members.flatMap((m) => [...typesOf(m)]));
        expect(patchTypes.has('any'), `${path} ${field}`).toBe(false);
        const read = resource.properties?.[field];
        if (read === undefined) continue;
        compared += 1;
        const readTypes = typesOf(read);
        if (!readTypes.has('string')) expect(patchTypes.has('string'), `${path} ${field}`).toBe(false);
        expect(
          [...patchTypes].every((t) => readTypes.has(t) || readTypes.has('any')),
          `${path} ${field}`,
        ).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(15);
  });

  test('every write declares 503 with Retry-After (a write `serve --state` cannot commit); reads do not', () => {
    for (const { path, method, op } of operations) {
      const unavailable = op.responses['503'];
      if (method === 'GET') expect(unavailable, `${method} ${path}`).toBeUndefined();
      else {
        expect(unavailable?.headers, `${method} ${path}`).toHaveProperty('Retry-After');
        expect(unavailable?.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorMessage' });
      }
    }
  });

  test("a statement carries its total: before submission what submitting would freeze, after it the frozen sum of its entries' rounded nets", async () => {
    expect((schemas.GhgStatement as { required: string[] }).required).toContain('total_co2e_removed_kg');
    const client = new Client(demoSandbox());
    const first = await createRemovalA(client, 'total-a');
    const second = await createRemovalA(client, 'total-b');
    const rounded = (net: number) => Math.sign(net) * Math.round(Math.abs(net) / 10) * 10;
    const nets = [first, second].map((entry) => entry.co2e_net_removed_kg as number);
    expect(nets.every((net) => Math.abs(net) > 10)).toBe(true);
    const draft = await client.ok<{ id: string; total_co2e_removed_kg: number | null; removal_ids: string[] }>(
      'supplierA',
      'POST',
      '/mrv/v0/ghg_statements',
      { project_id: IDS.projectA, end_on: '2026-03-31' },
    );
    expect([...draft.removal_ids].sort()).toEqual([first.id, second.id].sort());
    const expected = rounded(nets[0] as number) + rounded(nets[1] as number);
    expect(draft.total_co2e_removed_kg).toBeCloseTo(expected, 6);
    const submitted = await client.ok<{ total_co2e_removed_kg: number | null; pending_total_co2e_removed_kg: number | null }>(
      'supplierA',
      'POST',
      `/mrv/v0/ghg_statements/${draft.id}/submit`,
      { ghg_statement_report_url: 'https://reports.example/ggs.pdf' },
    );
    expect(submitted.total_co2e_removed_kg).toBeCloseTo(expected, 6);
    expect(submitted.pending_total_co2e_removed_kg).toBeNull();
    const read = await client.ok<{ total_co2e_removed_kg: number | null }>('verifier', 'GET', `/mrv/v0/ghg_statements/${draft.id}`);
    expect(read.total_co2e_removed_kg).toBe(submitted.total_co2e_removed_kg);
  });
});
