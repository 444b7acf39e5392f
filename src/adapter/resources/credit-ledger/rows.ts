/** The rows of the credit-ledger resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { TransactionKind } from '../../../registry/pipeline';

/** The kinds of record of the credit ledger. */
export type LedgerKind = 'issuance' | 'credit_batch' | TransactionKind;

/**
 * A record of the credit ledger, kept here for its place in the creation order (cursors) and for
 * the keys the registry lists page through (`kind`, `kind|field|value`, see ledger-keys.ts).
 */
export interface LedgerEntryRow {
  readonly id: string;
  readonly kind: LedgerKind;
  readonly keys: readonly string[];
}
