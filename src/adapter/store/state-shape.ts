/**
 * The shape of a sandbox's state as the resources declare it, without the state importing them:
 * every `<resource>/resource.ts` adds its tables to {@link StateTables} and its named indexes to
 * {@link StateIndexes} (TypeScript declaration merging, `declare module` on this module), and the
 * state (state.ts) and the indexes (indexes/index.ts) are typed by these two interfaces. At run
 * time the tables and indexes are made from the resource list, which the composition root
 * (sandbox.ts) hands to the state; test/adapter/resource-list.test-d.ts holds the two interfaces
 * equal to what the list declares. This module knows no resource and imports nothing.
 */

/**
 * One typed table per table a resource declares, by the name it gives it (each resource.ts adds
 * its own: `interface StateTables extends TablesOfSpecs<typeof tables> {}`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one resource at a time.
export interface StateTables {}

/**
 * The named indexes of a sandbox (who uses what, the per-owner and per-project lists the routes
 * page through), by the name a resource registers each under (each resource.ts adds its own:
 * `interface StateIndexes extends IndexesOf<typeof indexes> {}`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one resource at a time.
export interface StateIndexes {}
