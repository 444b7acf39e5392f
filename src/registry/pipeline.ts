/**
 * The transaction pipeline: phases 2 and 3 of a request, once phase 1 has checked it. Phase 2
 * reads the clock and draws the new ids, checking both, so a faulty clock or id generator is
 * caught while nothing has changed; phase 3 applies the checked request through the store's
 * primitives and cannot fail. Issuance uses phase 2 only; the four transactions that take credits
 * from batches use {@link transact} for both.
 * Not part of the public API.
 * Imports: model (ids), errors, policies, records, the store and the views of this folder.
 */
import { ID_PREFIXES, type IdGenerator, type IdKind } from '../model/ids';
import { CreditLedgerError, type LedgerOperation } from './errors';
import type { LedgerPolicies } from './policies';
import type { BatchRecord, TransactionRecord } from './records';
import type { LedgerStore } from './store';
import type { LedgerViews } from './views';

/** What the modules of a ledger's operations share: its state, views, policies, clock and ids. */
export interface LedgerContext {
  readonly store: LedgerStore;
  readonly views: LedgerViews;
  readonly policies: LedgerPolicies;
  readonly ids: IdGenerator;
  readonly now: () => string;
}

/** A checked line of a transaction. */
export interface PlannedLine {
  readonly batch: BatchRecord;
  readonly kg: bigint;
}

/** The transactions that take credits from batches; each name is both its operation and its id kind. */
export type TransactionKind = 'delivery' | 'transfer' | 'retirement' | 'refund';

/** Id and clock reading of a transaction being applied. */
export interface Stamp {
  readonly id: string;
  readonly at: string;
}

/** Clock reading and fresh ids of a checked transaction. */
interface Prepared extends Stamp {
  /** Per line, the ids of its two children when the line splits its batch. */
  readonly childIds: readonly (readonly [string, string] | null)[];
}

/** Reads the ledger clock and checks that it gave an ISO 8601 date-time. */
export function timestamp(ctx: LedgerContext, operation: LedgerOperation): string {
  const at: unknown = ctx.now();
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) {
    throw new CreditLedgerError(operation, [
      { path: [], code: 'invalid_clock', message: `the ledger clock gave ${JSON.stringify(at) ?? 'nothing'}, not an ISO 8601 date-time` },
    ]);
  }
  return at;
}

/** Draws fresh ids and checks them, so a faulty generator is caught before anything changes. */
export function freshIds(ctx: LedgerContext, operation: LedgerOperation, wanted: readonly (readonly [IdKind, number])[]): string[] {
  const out: string[] = [];
  const drawn = new Set<string>();
  for (const [kind, count] of wanted) {
    const prefix = `${ID_PREFIXES[kind]}_`;
    for (let i = 0; i < count; i++) {
      const id: unknown = ctx.ids(kind);
      if (typeof id !== 'string' || !id.startsWith(prefix) || drawn.has(id) || ctx.store.idTaken(kind, id)) {
        throw new CreditLedgerError(operation, [
          {
            path: [],
            code: 'id_generator_failure',
            message: `the id generator gave ${JSON.stringify(id) ?? 'nothing'} for a new ${kind}: not a fresh ${prefix} id`,
          },
        ]);
      }
      drawn.add(id);
      out.push(id);
    }
  }
  return out;
}

function prepare(ctx: LedgerContext, kind: TransactionKind, lines: readonly PlannedLine[]): Prepared {
  const at = timestamp(ctx, kind);
  const splits = lines.reduce((n, line) => n + (line.kg < line.batch.size ? 1 : 0), 0);
  const [id = '', ...children] = freshIds(ctx, kind, [
    [kind, 1],
    ['credit_batch', 2 * splits],
  ]);
  let next = 0;
  const childIds = lines.map((line) => (line.kg < line.batch.size ? ([children[next++] ?? '', children[next++] ?? ''] as const) : null));
  return { id, at, childIds };
}

/** A transaction to carry out: its kind and planned lines, what happens to each batch taken, how it is recorded. */
export interface Transaction<R extends TransactionRecord> {
  readonly kind: TransactionKind;
  readonly lines: readonly PlannedLine[];
  readonly notes: string | null;
  /** Applied to each batch taken (after any split), with the transaction's id and instant. */
  readonly effect: (batch: BatchRecord, tx: Stamp) => void;
  /** Stores and indexes the transaction from the fields every transaction has; returns it. */
  readonly record: (common: TransactionRecord) => R;
}

/**
 * Phases 2 and 3 of a checked transaction, shared by all four kinds: draws the clock and ids,
 * takes each line's credits (splitting where needed) and applies `effect` to each batch taken,
 * then hands the fields every transaction has to `record`, which stores and indexes the
 * transaction and returns it. So each transaction states only its effect and its record.
 */
export function transact<R extends TransactionRecord>(ctx: LedgerContext, transaction: Transaction<R>): R {
  const { kind, lines, notes, effect, record } = transaction;
  const prepared = prepare(ctx, kind, lines);
  const batchIds: string[] = [];
  let total = 0n;
  lines.forEach((line, i) => {
    const children = prepared.childIds[i];
    const taken = children === null || children === undefined ? line.batch : ctx.store.split(line.batch, line.kg, children[0], children[1]);
    effect(taken, prepared);
    batchIds.push(taken.id);
    total += line.kg;
  });
  return record({ id: prepared.id, at: prepared.at, total, batchIds, notes });
}
