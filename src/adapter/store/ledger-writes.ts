/**
 * The credit ledger's writes as a kept state stores them: the ledger keeps its records in its own
 * structures, with no undo, so a kept state stores each write the ledger accepted (its input, the
 * instant it read and the ids it drew), and from time to time a snapshot of the whole ledger
 * (`serialize()`, read back by src/registry/restore.ts); at start the snapshot is read back and
 * only the writes after it are applied again.
 * The ledger computes nothing from the engine: every figure of an issuance is in its input, so a
 * write applied again gives the very records it gave the first time (docs/service.md, "State").
 */

/** The ledger's methods that change it. */
export const LEDGER_WRITES = [
  'registerOrganisation',
  'registerSupplier',
  'createIssuance',
  'createDelivery',
  'createTransfer',
  'createRetirement',
  'createRetirementFromOldestCredits',
  'createRefund',
] as const;

/** A write the ledger accepted. */
export interface LedgerWrite {
  readonly method: (typeof LEDGER_WRITES)[number];
  /** The input, as JSON text. */
  readonly input: string;
  /** The instant the ledger read, in ms (0 when it read none). */
  readonly at: number;
  /** The ids it drew, in order. */
  readonly ids: readonly string[];
}

/** A kept ledger: its latest snapshot (if one was taken) and the writes after it, read afresh at every call. */
export interface LedgerSource {
  /** The ledger's `serialize()` text as of its latest snapshot; undefined when none was taken. */
  snapshot?(): string | undefined;
  /** The writes after the snapshot (every write when there is none), oldest first. */
  writes(): Iterable<LedgerWrite>;
}
