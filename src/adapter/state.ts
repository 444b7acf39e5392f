/**
 * The state of one sandbox: the store and its tables, the clock, the id and cursor generators and
 * the credit ledger. Everything a handler reads or changes is reached from here. It does not import
 * the resource list (the routes import the state, and the list their routes): its tables and
 * indexes are typed by store/state-shape.ts, which each resource's descriptor adds to, and made
 * from the list the composition root (sandbox.ts) hands to its constructor.
 */
import { createIdGenerator, type IdGenerator, type IdKind } from '../model';
import type { CreditLedger, CreditLedgerOptions } from '../registry';
import { restoreLedger } from '../registry/ledger';
import { everyLedgerRowKey, ledgerRow, loadLedgerRows } from '../registry/ledger-rows';
import { LedgerStore } from '../registry/store';
import { restoreLedgerStore } from '../registry/restore';
import { LEDGER_WRITES, type LedgerRowChange, type LedgerSource } from './store/ledger-writes';
import { createRandomSource } from '../uncertainty';
import { CursorCodec } from './store/pagination';
import type { LedgerEntryRow, LedgerKind } from './rows';
import { type ResourceDescriptor, tablesBase } from './store/resource';
import type { StateTables } from './store/state-shape';
import { SERVICE_RECORDS } from './service-records';
import { Indexes } from './indexes';
import { ledgerKeys } from './indexes/ledger-keys';
import type { Store } from './store/store';

/** Reads the caller's clock value as milliseconds since the epoch. */
function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new Error(`sandbox clock gave ${String(value)}, not a date`);
  return ms;
}

/** The service clock: the caller's clock plus the offset the test helper has advanced it by. */
export class Clock {
  #offsetMs = 0;
  #pinnedMs: number | null = null;

  constructor(
    private readonly source: () => Date | string | number,
    private readonly store: Store,
  ) {}

  nowMs(): number {
    return this.#pinnedMs ?? toMs(this.source()) + this.#offsetMs;
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward (undone with its request, so a failed request leaves it where it was). */
  advance(ms: number): void {
    const before = this.#offsetMs;
    this.#offsetMs += ms;
    this.store.record(() => {
      this.#offsetMs = before;
    });
  }

  /** Sets the offset a kept state was stopped with (loading it; nothing to undo). */
  restoreOffset(ms: number): void {
    this.#offsetMs = ms;
  }

  /** Holds the clock at `ms` while a world's dated records are replayed (null releases it). */
  pin(ms: number | null): void {
    this.#pinnedMs = ms;
  }
}

/**
 * Everything one sandbox holds: the store, with one table per table the service's records and the
 * resource list (resources/index.ts, handed to the constructor) declare, as properties of the
 * names they declare (typed by store/state-shape.ts).
 */
export class ServiceState extends tablesBase<StateTables>() {
  /** The indexes over the tables, kept in step with every write and rollback (made after the tables). */
  readonly indexes: Indexes;

  readonly clock: Clock;
  /** Draws an id: a kept ledger write's recorded one while it is applied again, else a new one. */
  readonly ids: IdGenerator = (kind) => {
    const replayed = this.#replayIds?.shift();
    if (replayed !== undefined) return replayed;
    return this.#draw(kind);
  };
  #draw: IdGenerator;
  #replayIds: string[] | null = null;
  readonly cursors: CursorCodec;
  #ledger: CreditLedger;
  /** What the ledger holds (its rows noted while the state is kept on disk). */
  #ledgerStore = new LedgerStore();
  /** The ledger's rows on disk, read afresh at every call (null: the state is not kept). */
  #keptLedger: (() => Iterable<string>) | null = null;
  /** How many times the ledger was loaded again: a rollback's reload runs once however many writes it undoes. */
  #ledgerLoads = 0;
  /** Ids are drawn at no earlier instant than this one (a kept state: after every id drawn before). */
  #idsFloorMs = 0;
  /** The latest instant an id was drawn at. */
  #idsLastMs = 0;
  /**
   * How many graphs the accounting evaluated for this state (evaluation.ts): tests count them to
   * hold the service to one evaluation per statement per change, and none for a read.
   */
  evaluations = 0;
  /** Registry code of serial numbers. */
  registryCode = 'CDR';
  /** Ids the ledger must use next, by kind: how a world's own batch and transaction ids are kept. */
  readonly #ledgerIdOverrides = new Map<IdKind, string[]>();

  /** A state holding the tables and indexes of the service's records and of `resources` (the resource list). */
  constructor(now: () => Date | string | number, seed: number, resources: readonly ResourceDescriptor[]) {
    const list = [SERVICE_RECORDS, ...resources];
    super(list);
    this.indexes = new Indexes(this, list, this);
    this.clock = new Clock(now, this.store);
    const random = createRandomSource(seed);
    this.#draw = createIdGenerator({ now: () => this.#idInstant(), random });
    // The cursor secret comes from the seeded source: stable for equal seeds, distinct across seeds.
    this.cursors = new CursorCodec(Math.floor(random() * 2 ** 52).toString(36));
    this.#ledger = this.#newLedger();
  }

  /** The credit ledger. */
  get ledger(): CreditLedger {
    return this.#ledger;
  }

  /** A ledger on `store` (empty, or read back from disk); while the state is kept, its changes are noted and each write can be undone. */
  #newLedger(store = new LedgerStore()): CreditLedger {
    this.#ledgerStore = store;
    if (this.#keptLedger !== null) store.noteChanges();
    const options: CreditLedgerOptions = {
      ids: (kind) => this.#ledgerIdOverrides.get(kind)?.shift() ?? this.ids(kind),
      now: () => this.clock.nowIso(),
    };
    const ledger = restoreLedger(store, options);
    for (const method of LEDGER_WRITES) {
      const write = (ledger[method] as (input: unknown) => unknown).bind(ledger);
      Object.defineProperty(ledger, method, { value: (input: unknown) => this.#undoable(write(input)) });
    }
    return ledger;
  }

  /**
   * After a ledger write, while the state is kept: a rollback of the request loads the ledger
   * again from its rows on disk (the ledger has no undo of its own; O(ledger), only on failure).
   */
  #undoable(result: unknown): unknown {
    if (this.#keptLedger === null) return result;
    const loads = this.#ledgerLoads;
    this.store.record(() => {
      if (this.#ledgerLoads === loads) this.#loadLedger();
    });
    return result;
  }

  /** Loads the ledger from its rows on disk. */
  #loadLedger(): void {
    this.#ledgerLoads += 1;
    this.#ledger = this.#newLedger(loadLedgerRows(this.#keptLedger?.() ?? []));
  }

  /**
   * Keeps the ledger on disk from now on: `rows` reads its rows there (in the order they were first
   * written); when `load`, the ledger is loaded from them now. Its changes are then handed out by
   * {@link ServiceState.takeLedgerRows}.
   */
  keepLedger(rows: () => Iterable<string>, load: boolean): void {
    this.#keptLedger = rows;
    if (load) this.#loadLedger();
    else this.#ledgerStore.noteChanges();
  }

  /** The ledger's rows changed since the last call (a row null: no longer held), to write with the request's rows. */
  takeLedgerRows(): LedgerRowChange[] {
    return this.#ledgerStore.takeChanges().map((key) => ({ key, row: ledgerRow(this.#ledgerStore, key) }));
  }

  /** Every row of the ledger (a new kept state's first write); forgets the changes noted so far. */
  everyLedgerRow(): LedgerRowChange[] {
    this.#ledgerStore.takeChanges();
    return everyLedgerRowKey(this.#ledgerStore).map((key) => ({ key, row: ledgerRow(this.#ledgerStore, key) }));
  }

  /**
   * Puts back a ledger kept as its writes (a state written by an earlier cdr-engine): its snapshot
   * read back, if there is one, then the writes after it applied again, each at its instant with
   * its ids. Done once, when such a state is opened; returns how many writes were applied.
   */
  replayLedgerWrites(source: LedgerSource): number {
    const snapshot = source.snapshot?.();
    this.#ledger = this.#newLedger(snapshot === undefined ? undefined : restoreLedgerStore(snapshot));
    let count = 0;
    try {
      for (const w of source.writes()) {
        count += 1;
        this.clock.pin(w.at);
        const left = this.withIds(w.ids, () => (this.#ledger[w.method] as (input: unknown) => unknown)(JSON.parse(w.input)));
        if (left !== 0) throw new Error(`kept ledger write ${w.method} left ${left} of its ids unused`);
      }
    } finally {
      this.clock.pin(null);
    }
    return count;
  }

  /** The instant the next id is drawn at: the clock, but never before the floor of a kept state. */
  #idInstant(): number {
    const ms = Math.max(this.clock.nowMs(), this.#idsFloorMs);
    if (ms > this.#idsLastMs) this.#idsLastMs = ms;
    return ms;
  }

  /** The latest instant an id was drawn at (kept with the state). */
  get idsLastMs(): number {
    return this.#idsLastMs;
  }

  /**
   * Draws ids after `lastMs` from now on, from a generator seeded with `seed`: the ids of a kept
   * state started again come after (and so differ from) every id it drew before, even when the
   * clock has gone back.
   */
  resumeIds(lastMs: number, seed: number): void {
    this.#idsFloorMs = lastMs + 1;
    this.#idsLastMs = Math.max(this.#idsLastMs, lastMs);
    this.reseedIds(seed);
  }

  /**
   * Draws new ids from a generator seeded with `seed` from now on: a sandbox restarted on its
   * kept state continues with a sequence of its own, not the one its first start drew.
   */
  reseedIds(seed: number): void {
    this.#draw = createIdGenerator({ now: () => this.#idInstant(), random: createRandomSource(seed) });
  }

  /** Runs `work` handing out `ids` first (a kept ledger write's ids); returns those left over. */
  withIds(ids: readonly string[], work: () => void): number {
    this.#replayIds = [...ids];
    try {
      work();
      return this.#replayIds.length;
    } finally {
      this.#replayIds = null;
    }
  }

  /** Makes the ledger's next draws of `kind` return `ids` (world loading only). */
  overrideLedgerIds(kind: IdKind, ids: readonly string[]): void {
    this.#ledgerIdOverrides.set(kind, [...ids]);
  }

  /** Remembers a ledger record's place in the creation order, and its list keys as they are now. */
  recordLedgerEntry(kind: LedgerKind, id: string): void {
    const row: LedgerEntryRow = { id, kind, keys: ledgerKeys(this.ledger, kind, id) };
    const old = this.ledgerEntries.get(id);
    if (old === undefined) this.ledgerEntries.insert(row);
    else if (old.keys.join('\n') !== row.keys.join('\n')) this.ledgerEntries.update(row);
  }

  /** Remembers the batches an issuance created. */
  recordIssuance(issuanceId: string): void {
    this.recordLedgerEntry('issuance', issuanceId);
    const batches = this.ledger.getIssuanceCreditBatches(issuanceId);
    for (const b of [...(batches?.supplier_credit_batches ?? []), ...(batches?.buffer_pool_credit_batches ?? [])])
      this.recordLedgerEntry('credit_batch', b.id);
  }

  /** Remembers a transaction and the children its lines split off. */
  recordTransaction(
    kind: Exclude<LedgerKind, 'issuance' | 'credit_batch'>,
    id: string,
    lines: readonly { readonly credit_batch_id: string }[],
  ): void {
    this.recordLedgerEntry(kind, id);
    for (const line of lines) {
      // The batch itself may have changed hands (or status); its children are new.
      this.recordLedgerEntry('credit_batch', line.credit_batch_id);
      const batch = this.ledger.getCreditBatch(line.credit_batch_id);
      if (batch?.left_child_id != null) this.recordLedgerEntry('credit_batch', batch.left_child_id);
      if (batch?.right_child_id != null) this.recordLedgerEntry('credit_batch', batch.right_child_id);
    }
  }

  /** The store and the ledger as one deterministic text: equal texts, equal states. */
  snapshot(): string {
    return `${this.store.snapshot()}\n${this.ledger.serialize()}\n${this.clock.offsetMs}`;
  }
}
