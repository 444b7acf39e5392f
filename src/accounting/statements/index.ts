/**
 * accounting/statements: GHG statements as records: their lifecycle (lifecycle.ts, with its checks
 * in checks.ts), the totals of their entries' nets (totals.ts), their record types (types.ts) and
 * the statement as the service's resource (resource.ts).
 *
 * Owns: statement records, transitions and totals. May import: model, credits/, and the
 * accounting's shared leaves (policies.ts, result.ts).
 */
export * from './totals';
export * from './lifecycle';
export * from './types';
export * from './resource';
