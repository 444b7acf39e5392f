/**
 * model: typed identifiers, the removal graph document, the enumerations and field schemas the
 * service's resources share (dates, quantities, pagination, id paths; each resource's own schemas
 * are in src/adapter/resources/<resource>/schemas.ts), and validation errors in the 422 shape.
 * May import: zod only (decimal.ts loads decimal.js on first use, for the credits and the ledger).
 * Imported by every other folder.
 */
export * from './ids';
export * from './issues';
export * from './quantity-kinds';
export * from './graph';
export * from './country-codes';
export * from './shapes';
export * from './requests';
export * from './queries';
export * from './validation-error';
