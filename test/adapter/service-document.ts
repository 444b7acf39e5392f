/**
 * Every response the adapter tests receive is checked against the service's own OpenAPI document
 * (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it): its status must be one the operation declares,
 * and its body must match the schema declared for that status. The fixtures' client runs this on
 * every answer, so a route whose answers drift from its declared schemas fails the tests.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';
import { Router } from '../../src/adapter/router';
import { ROUTES } from '../../src/adapter/resources/routes';
import type { SandboxResponse } from '../../src/adapter/types';

const ID = 'https://service.test/openapi.json';
const router = new Router(ROUTES);
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction | null>();

function validatorOf(template: string, method: string, status: number): ValidateFunction | null | 'undeclared' {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...serviceOpenApiDocument(), $id: ID } as never);
  }
  const key = `${method} ${template} ${status}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const operation = (
    serviceOpenApiDocument().paths[template] as Record<
      string,
      { responses: Record<string, { content?: { 'application/json': { schema: unknown } } }> }
    >
  )[method.toLowerCase()];
  const declared = operation?.responses[String(status)];
  if (declared === undefined) return 'undeclared';
  const schema = declared.content?.['application/json'].schema;
  const pointer = `${ID}#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = schema === undefined ? null : (ajv.getSchema(pointer) ?? null);
  compiled.set(key, validate);
  return validate;
}

/**
 * Why `response` does not agree with the document for the operation `method path` reached, or
 * undefined when it does (or the request reached no operation: an unknown path, another method).
 */
export function documentProblem(method: string, path: string, response: SandboxResponse): string | undefined {
  const bare = path.split('?')[0] ?? path;
  const match = router.match(method.toUpperCase(), bare);
  if (match.kind !== 'found') return undefined;
  const template = match.route.path;
  const validate = validatorOf(template, match.route.method, response.status);
  if (validate === 'undeclared')
    return `${method} ${template}: status ${response.status} is not declared in the service's OpenAPI document (${JSON.stringify(response.body).slice(0, 200)})`;
  if (validate === null)
    return response.body === undefined ? undefined : `${method} ${template}: status ${response.status} declares no body but one was sent`;
  if (validate(response.body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `  at '${e.instancePath || '/'}': ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  return `${method} ${template} ${response.status}: the body does not match the service's OpenAPI document\n${errors.join('\n')}`;
}
