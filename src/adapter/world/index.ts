/**
 * adapter/world: the sandbox world, the document a sandbox starts from (worlds/demo.json). Its
 * zod schema, declared once (world-schema.ts) with the types read from it (world-types.ts); the
 * checks a schema cannot make (world-check.ts: references, units, figures) with their error
 * (world-error.ts); and the loader that writes a checked world into a sandbox's tables and ledger
 * (world.ts, world-ledger.ts).
 * Above the resources: it reads their schemas and views to write their rows.
 * May import: resources, evaluation, state.ts, rows.ts, model, units, accounting, registry.
 */
export { loadWorld, oneYearAfter, WorldDocumentError } from './world';
export type { WorldDocument } from './world-types';
