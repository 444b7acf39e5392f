/**
 * A fuzzer driven by OpenAPI documents (Schemathesis's idea, with fast-check): for each operation,
 * requests are generated from its own path, query and body schemas, valid or broken in one place,
 * with or without credentials, and sent to a sandbox. Every answer must be below 500, must agree
 * with the service's own OpenAPI document (status declared, body valid), and a refused request must
 * leave the state exactly as it was. Ids the answers carry are fed back, so later requests reach
 * what earlier ones created.
 */
import fc from 'fast-check';
import type { SandboxRequest, SandboxResponse } from '../../src/adapter/types';
import type { SandboxWithState } from '../../src/adapter/sandbox';
import { invalid, valueOf, type SchemaContext } from './schema-arbitrary';
import { documentProblem } from './service-document';
import { SECRET, TOKENS } from './fixtures';

type Schema = { [key: string]: unknown };
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: { 'application/json': { schema: Schema } } } };

/** One operation to fuzz: where to send it and the schemas of its parts. */
export interface FuzzOperation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body?: Schema;
}

/** The operations of an OpenAPI document, its paths under `prefix` (`''` when they are full paths). */
export function operationsOf(document: Schema, prefix = ''): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content['application/json'].schema;
      out.push({
        method: method.toUpperCase(),
        path: `${prefix}${path}`,
        parameters: (op.parameters ?? []).filter((p) => p.in !== 'header'),
        ...(body === undefined ? {} : { body }),
      });
    }
  }
  return out;
}

/** The ids of a sandbox's tables, by prefix (`prj`, `rmv`, ...). */
export function idsOf(sandbox: SandboxWithState): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  const add = (id: string): void => {
    const prefix = /^([a-z]{2,4})_/.exec(id)?.[1];
    if (prefix === undefined) return;
    const list = ids.get(prefix) ?? [];
    if (!list.includes(id)) list.push(id);
    ids.set(prefix, list);
  };
  for (const table of Object.values(JSON.parse(sandbox.state.store.snapshot()) as Record<string, { row: { id: string } }[]>))
    for (const { row } of table) add(row.id);
  return ids;
}

/** Adds the ids an answer carries to the pool. */
function learn(ids: Map<string, string[]>, body: unknown, depth = 0): void {
  if (depth > 4 || body === null || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const item of body.slice(0, 5)) learn(ids, item, depth + 1);
    return;
  }
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' && (key === 'id' || key.endsWith('_id'))) {
      const prefix = /^([a-z]{2,4})_[0-9A-Z]/.exec(value)?.[1];
      if (prefix !== undefined) {
        const list = ids.get(prefix) ?? [];
        if (list.length < 200 && !list.includes(value)) list.push(value);
        ids.set(prefix, list);
      }
    } else learn(ids, value, depth + 1);
  }
}

const WHO = [...Object.values(TOKENS), TOKENS.supplierA, TOKENS.supplierA];

/** An arbitrary request to one of `operations`: valid against its schemas, or broken in one place. */
export function requestArbitrary(context: SchemaContext, operations: readonly FuzzOperation[]): fc.Arbitrary<SandboxRequest> {
  return fc.nat({ max: operations.length - 1 }).chain((index) => {
    const op = operations[index] as FuzzOperation;
    const params = op.parameters.map((p) =>
      fc.tuple(
        fc.constant(p),
        p.required === true
          ? valueOf(context, p.schema).map((v) => ({ v }))
          : fc.option(
              valueOf(context, p.schema).map((v) => ({ v })),
              { freq: 3 },
            ),
      ),
    );
    return fc
      .record({
        params: fc.tuple(...params),
        body: op.body === undefined ? fc.constant(undefined) : valueOf(context, op.body),
        broken: fc.option(
          fc.record({
            where: fc.constantFrom('body', 'path', 'query'),
            choice: fc.nat({ max: 1000 }),
            replacement: fc.jsonValue({ maxDepth: 2 }),
          }),
          { freq: 3 },
        ),
        who: fc.option(fc.constantFrom(...WHO), { freq: 20 }),
        secret: fc.constantFrom(SECRET, SECRET, SECRET, SECRET, SECRET, SECRET, SECRET, SECRET, SECRET, 'wrong'),
        raw: fc.boolean(),
      })
      .map((r): SandboxRequest => {
        let path = op.path;
        const query = new URLSearchParams();
        for (const [p, value] of r.params) {
          if (value === null) continue;
          let v = value.v;
          if (
            r.broken !== null &&
            r.broken.where === p.in &&
            r.broken.choice % Math.max(1, op.parameters.length) === op.parameters.indexOf(p)
          )
            v = invalid(v, r.broken.choice, r.broken.replacement);
          const text = typeof v === 'string' ? v : JSON.stringify(v);
          if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(text === '' ? 'x' : text));
          else if (v !== null) query.set(p.name, text);
        }
        const search = query.toString();
        const body =
          op.body === undefined ? undefined : r.broken?.where === 'body' ? invalid(r.body, r.broken.choice, r.broken.replacement) : r.body;
        const headers: Record<string, string> = { 'x-client-secret': r.secret };
        if (r.who !== null) headers.authorization = `Bearer ${r.who}`;
        return {
          method: op.method,
          path: search === '' ? path : `${path}?${search}`,
          headers,
          ...(body === undefined ? {} : { body: r.raw ? JSON.stringify(body) : body }),
        };
      });
  });
}

/** What a fuzz run saw. */
export interface FuzzStats {
  requests: number;
  readonly statuses: Map<number, number>;
  readonly problems: string[];
}

/**
 * Sends `count` requests in batches of `batch`, each batch to a fresh sandbox from `fresh`;
 * `send` delivers a request (in-process or over HTTP). Records every answer that is 5xx, disagrees
 * with the service's own document, or changed the state although it refused the request.
 */
export async function fuzz(options: {
  readonly operations: readonly FuzzOperation[];
  readonly document: Schema;
  readonly fresh: () => SandboxWithState;
  readonly send: (sandbox: SandboxWithState, request: SandboxRequest) => Promise<SandboxResponse>;
  readonly count: number;
  readonly batch: number;
  readonly seed: number;
  readonly checkState?: boolean;
}): Promise<FuzzStats> {
  const stats: FuzzStats = { requests: 0, statuses: new Map(), problems: [] };
  const runs = Math.ceil(options.count / options.batch);
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.integer(), async (salt) => {
      run += 1;
      const sandbox = options.fresh();
      const context: SchemaContext = { document: options.document, ids: idsOf(sandbox) };
      const requests = fc.sample(requestArbitrary(context, options.operations), {
        numRuns: options.batch,
        seed: options.seed + run * 7919 + (salt & 0xff),
      });
      let before = options.checkState === false ? '' : sandbox.state.snapshot();
      for (const request of requests) {
        const response = await options.send(sandbox, request);
        stats.requests += 1;
        stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
        const where = `${request.method} ${request.path}`;
        if (response.status >= 500) stats.problems.push(`${where}: ${response.status} ${JSON.stringify(response.body)}`);
        const problem = documentProblem(request.method, request.path, response);
        if (problem !== undefined) stats.problems.push(problem);
        if (response.status < 300) learn(context.ids, response.body);
        if (options.checkState !== false) {
          const after = sandbox.state.snapshot();
          if (response.status >= 400 && after !== before)
            stats.problems.push(`${where}: answered ${response.status} but changed the state`);
          before = after;
        }
      }
    }),
    { numRuns: runs, seed: options.seed, endOnFailure: true },
  );
  return stats;
}
