/**
 * The differences between the service's own OpenAPI document and the real service's documents
 * (`../shared/spec/openapi/`), operation by operation: operations one has and the other lacks,
 * parameters, request body fields and their requiredness, success body fields, and the statuses
 * declared. Each difference is a line with a stable key, so that deliberate-differences.ts can name
 * the deliberate ones with their reasons.
 */
import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '../src/adapter/openapi/openapi';

type Json = { [key: string]: unknown };

/** The real documents, with the path prefix of each. */
export const REAL_DOCUMENTS = [
  { prefix: '/mrv/v0', file: 'certify-v0.json' },
  { prefix: '/registry/v0', file: 'registry-v0.json' },
] as const;

/** Reads a real document. */
export function readRealDocument(file: string): Json {
  return JSON.parse(readFileSync(new URL(`../../shared/spec/openapi/${file}`, import.meta.url), 'utf8')) as Json;
}

/** One difference: a stable key and what it says. */
export interface Difference {
  readonly key: string;
  readonly text: string;
}

/** Resolves local references (`#/components/schemas/X`) and flattens `anyOf [X, null]` to X. */
function resolve(doc: Json, schema: unknown): Json | undefined {
  let current = schema as Json | undefined;
  for (let i = 0; i < 8 && current !== undefined; i++) {
    const ref = current.$ref;
    if (typeof ref === 'string') {
      current = (((doc.components as Json).schemas as Json)[ref.split('/').pop() as string] as Json | undefined) ?? undefined;
      continue;
    }
    const options = (current.anyOf ?? current.oneOf) as Json[] | undefined;
    if (Array.isArray(options)) {
      const objects = options.map((o) => resolve(doc, o)).filter((o): o is Json => o !== undefined && o.type === 'object');
      if (objects.length >= 1) {
        // A union of objects: its fields are those of every branch.
        const properties = Object.assign({}, ...objects.map((o) => o.properties ?? {})) as Json;
        const required = objects
          .map((o) => new Set((o.required ?? []) as string[]))
          .reduce((a, b) => new Set([...a].filter((k) => b.has(k))));
        return { type: 'object', properties, required: [...required] };
      }
      return current;
    }
    return current;
  }
  return current;
}

/** Field names and required names of an object schema (the items of a list for a page's nodes). */
function fields(doc: Json, schema: unknown): { readonly names: Set<string>; readonly required: Set<string> } | undefined {
  const object = resolve(doc, schema);
  if (object === undefined || object.type !== 'object' || object.properties === undefined) return undefined;
  return { names: new Set(Object.keys(object.properties as Json)), required: new Set((object.required ?? []) as string[]) };
}

/** The node schema of a paginated list or list resource, if the schema is one. */
function nodes(doc: Json, schema: unknown): unknown {
  const object = resolve(doc, schema);
  const list = (object?.properties as Json | undefined)?.nodes as Json | undefined;
  return list?.items;
}

function compareFields(
  out: Difference[],
  where: string,
  what: string,
  real: ReturnType<typeof fields>,
  ours: ReturnType<typeof fields>,
): void {
  if (real === undefined || ours === undefined) return;
  for (const name of real.names)
    if (!ours.names.has(name))
      out.push({ key: `${where} ${what} -${name}`, text: `${where}: ${what} field '${name}' of the real document is not in ours` });
  for (const name of ours.names)
    if (!real.names.has(name)) out.push({ key: `${where} ${what} +${name}`, text: `${where}: ${what} field '${name}' is ours only` });
  for (const name of real.required)
    if (ours.names.has(name) && !ours.required.has(name))
      out.push({
        key: `${where} ${what} optional ${name}`,
        text: `${where}: ${what} field '${name}' is required in the real document, optional in ours`,
      });
  for (const name of ours.required)
    if (real.names.has(name) && !real.required.has(name))
      out.push({
        key: `${where} ${what} required ${name}`,
        text: `${where}: ${what} field '${name}' is optional in the real document, required in ours`,
      });
}

type Operation = Json & { parameters?: Json[]; requestBody?: Json; responses: Record<string, Json> };

const bodyOf = (op: Operation) => ((op.requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
const successOf = (op: Operation) => ((op.responses['200']?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;

/** Every difference between `ours` and the real documents. */
export function documentDifferences(ours: OpenApiDocument): Difference[] {
  const out: Difference[] = [];
  const oursDoc = ours as unknown as Json;
  const matched = new Set<string>();
  for (const { prefix, file } of REAL_DOCUMENTS) {
    const real = readRealDocument(file);
    for (const [path, methods] of Object.entries(real.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${prefix}${path}`;
        const template = `${prefix}${path}`;
        const mine = (ours.paths[template] as Record<string, Operation> | undefined)?.[method];
        if (mine === undefined) {
          out.push({ key: `${where} missing`, text: `${where}: not served` });
          continue;
        }
        matched.add(`${method} ${template}`);
        const params = (o: Operation) =>
          new Set((o.parameters ?? []).filter((p) => p.in !== 'header').map((p) => `${String(p.in)}:${String(p.name)}`));
        const realParams = params(op);
        const myParams = params(mine);
        for (const p of realParams)
          if (!myParams.has(p))
            out.push({ key: `${where} param -${p}`, text: `${where}: parameter ${p} of the real document is not in ours` });
        for (const p of myParams)
          if (!realParams.has(p)) out.push({ key: `${where} param +${p}`, text: `${where}: parameter ${p} is ours only` });
        compareFields(out, where, 'body', fields(real, bodyOf(op)), fields(oursDoc, bodyOf(mine)));
        const realNodes = nodes(real, successOf(op));
        const myNodes = nodes(oursDoc, successOf(mine));
        if (realNodes !== undefined && myNodes !== undefined)
          compareFields(out, where, 'node', fields(real, realNodes), fields(oursDoc, myNodes));
        else compareFields(out, where, 'response', fields(real, successOf(op)), fields(oursDoc, successOf(mine)));
        const realStatuses = new Set(Object.keys(op.responses));
        for (const status of Object.keys(mine.responses))
          if (!realStatuses.has(status))
            out.push({ key: `${where} status +${status}`, text: `${where}: answers ${status}, which the real document does not declare` });
        for (const status of realStatuses)
          if (!(status in mine.responses))
            out.push({ key: `${where} status -${status}`, text: `${where}: the real document declares ${status}, ours does not` });
      }
    }
  }
  for (const [template, methods] of Object.entries(ours.paths)) {
    for (const method of Object.keys(methods)) {
      if (!matched.has(`${method} ${template}`))
        out.push({ key: `${method.toUpperCase()} ${template} extra`, text: `${method.toUpperCase()} ${template}: ours only` });
    }
  }
  return out;
}
