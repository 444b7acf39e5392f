/**
 * Entry point `cdr-engine/registry`: the credit ledger (`createLedger`) and its types, with the id
 * generator its options take.
 *
 * @packageDocumentation
 */
export * from '../registry';
export { createIdGenerator, type IdGenerator, type IdGeneratorOptions, type IdKind } from '../model/ids';
// The problem type the ledger's refusals extend.
export type { GraphIssue, GraphIssueCode, IssuePath } from '../model/issues';
