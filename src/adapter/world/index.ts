/**
 * adapter/world: the sandbox world, the document a sandbox starts from (worlds/demo.json). Its
 * zod schema (world-schema.ts: the document's own collections, accounts and the registry's records,
 * and each resource's, declared in its descriptor and composed from the resource list) with the
 * types read from it (world-types.ts); the
 * checks a schema cannot make (world-check.ts: references, units, figures) with their error
 * (world-error.ts); and the loader that writes a checked world into a sandbox's tables and ledger
 * (world.ts: each resource's collections by its descriptor's loader; world-ledger.ts).
 * Above the resources: it composes their world collections and reads their views.
 * May import: resources, evaluation, state.ts, rows.ts, model, units, accounting, registry.
 */
export { loadWorld, oneYearAfter, WorldDocumentError } from './world';
export type { WorldDocument } from './world-types';
