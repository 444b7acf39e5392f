/**
 * The credit ledger as a kept state stores it: its rows (src/registry/ledger-rows.ts), the ones a
 * request changed written with the request's other rows.
 *
 * A state written by an earlier cdr-engine (schema version 1) kept the ledger as the writes it
 * accepted (the method, its input, the instant it read and the ids it drew) and a snapshot of the
 * whole ledger (`serialize()`, read back by src/registry/restore.ts). Such a state is converted
 * once when it is opened: the snapshot read back, the writes after it applied again, the ledger's
 * rows written in their place. The ledger computes nothing from the engine: every figure of an
 * issuance is in its input, so a write applied again gives the very records it gave the first time
 * (docs/service.md, "State").
 */

/** A ledger row a request changed: its key and its JSON text, or null when the ledger no longer holds it. */
export interface LedgerRowChange {
  readonly key: string;
  readonly row: string | null;
}

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

/** A write the ledger accepted (as a version 1 state kept it). */
export interface LedgerWrite {
  readonly method: (typeof LEDGER_WRITES)[number];
  /** The input, as JSON text. */
  readonly input: string;
  /** The instant the ledger read, in ms (0 when it read none). */
  readonly at: number;
  /** The ids it drew, in order. */
  readonly ids: readonly string[];
}

/** A ledger kept as writes: its latest snapshot (if one was taken) and the writes after it, read afresh at every call. */
export interface LedgerSource {
  /** The ledger's `serialize()` text as of its latest snapshot; undefined when none was taken. */
  snapshot?(): string | undefined;
  /** The writes after the snapshot (every write when there is none), oldest first. */
  writes(): Iterable<LedgerWrite>;
}
