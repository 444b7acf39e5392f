/**
 * registry: the credit ledger (issuance, split trees, deliveries, transfers, retirements,
 * refunds) in exact integer kilograms; atomic transactions.
 * May import: accounting, model, decimal.js.
 */
export {};
