/**
 * A typed client generated from the served OpenAPI document (issue 35): openapi-typescript (a
 * pinned dev dependency) turns GET /openapi.json into TypeScript, and a short flow written the way
 * a client author would (create a datapoint, read it, submit a statement, read its totals, then the
 * sandbox helpers) compiles against it under strict settings; misuse does not. The operation ids are
 * the names a generated client exposes (`submitGhgStatement`, not `post_mrv_v0_..._submit`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { demoSandbox } from './fixtures';

const FLOW = `
import type { components, operations, paths } from './api';

type Body<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Ok<O extends keyof operations> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer R } } } ? R : never;

export const datapoint: Body<'createDatapoint'> = {
  supplier_reference_id: 'flow-1',
  display_name: 'char mass',
  type: 'REPORTED',
  quantity: { magnitude: 12.4, unit: 't', standard_deviation: 0.3 },
  description: 'from the generated client',
  source_ids: [],
  project_id: 'prj_01JA0PROJECTA0000000',
};
export function created(d: Ok<'createDatapoint'>): string {
  return d.id;
}
export function magnitude(d: Ok<'getDatapoint'>): number {
  return d.quantity.magnitude;
}
export const patch: Body<'updateDatapoint'> = { display_name: 'renamed' };
export const submit: Body<'submitGhgStatement'> = { ghg_statement_report_url: 'https://example.org/report.pdf' };
export function status(s: Ok<'submitGhgStatement'>): string {
  return s.status;
}
export function total(s: Ok<'submitGhgStatement'>): number | null {
  return s.total_co2e_removed_kg ?? s.pending_total_co2e_removed_kg;
}
// The schemas are named in one scheme: the resource, then the verb of a request body.
export const named: components['schemas']['DatapointPatch'] = { display_name: 'renamed again' };
export const entry: components['schemas']['GhgEntryCreate']['project_id'] = 'prj_01JA0PROJECTA0000000';
export const listed: paths['/mrv/v0/datapoints']['get']['responses'][200]['content']['application/json']['nodes'] = [];
export const verify: keyof operations = 'verifyGhgStatement';
export const issue: keyof operations = 'issueCreditsGhgStatement';

// @ts-expect-error a datapoint's quantity needs a magnitude
export const wrong: Body<'createDatapoint'> = { ...datapoint, quantity: { unit: 't' } };
// @ts-expect-error a PATCH field is typed as the field: a magnitude is a number
export const wrongPatch: Body<'updateDatapoint'> = { quantity: { magnitude: '12', unit: 't' } };
// @ts-expect-error the ids are the readable ones
export const old: keyof operations = 'post_mrv_v0_ghg_statements_by_id_submit';
`;

describe('a client generated from GET /openapi.json with openapi-typescript', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-openapi-client-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('compiles a short flow against the generated types, and refuses misuse', async () => {
    const response = await demoSandbox().handle({ method: 'GET', path: '/openapi.json' });
    expect(response.status).toBe(200);
    // As a client receives it: JSON text, parsed (the sandbox's own object is frozen).
    const served = JSON.parse(JSON.stringify(response.body)) as Parameters<typeof openapiTS>[0];
    const generated = astToString(await openapiTS(served));
    expect(generated).toContain('submitGhgStatement: {');
    writeFileSync(join(dir, 'api.ts'), generated);
    writeFileSync(join(dir, 'flow.ts'), FLOW);
    const program = ts.createProgram([join(dir, 'flow.ts')], {
      strict: true,
      noEmit: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName.split('/').pop() ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);
    // Generating and type-checking some 20,000 lines takes 10 to 60 s on a loaded 2-core machine.
  }, 300_000);
});
