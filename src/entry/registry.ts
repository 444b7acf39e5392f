/**
 * Entry point `cdr-engine/registry`: the credit ledger (`createLedger`) and its types.
 *
 * @packageDocumentation
 */
export * from '../registry';
