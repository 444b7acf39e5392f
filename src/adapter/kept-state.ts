/**
 * A state kept outside memory (`cdr-engine serve --state`): the port a store on disk implements,
 * and how a sandbox's state is loaded from it and written to it. The state itself is kept, not the
 * requests that made it: every table's rows (whatever their fields, as JSON), the ledger's rows
 * (ledger-writes.ts) and a few counters. At start the rows are put back as they were stored, so a
 * restart costs what the state holds, not its history, and no stored figure is computed again. A
 * row stored with its keys (store/row-keys.ts) is put back as those keys and read whole at its
 * first read, so rows nobody reads are never parsed. A store that can answer for a table's rows
 * itself (by id, by owner, by supplier reference: store/backing.ts) has that table left on disk,
 * not loaded at all: a restart then loads what is small, not the history.
 *
 * Every request that changed something is written in one transaction before it is answered
 * (store.ts, `onCommit`); a write that fails rolls the request back in memory and is answered 503.
 * Pure: the SQLite implementation of the port is node-only and lives in sqlite-state.ts.
 */
import type { LedgerRowChange, LedgerSource } from './store/ledger-writes';
import type { ServiceState } from './state';
import { keysRow } from './store/row-keys';
import type { TableBacking } from './store/backing';
import type { Row, RowChange, RowText, Table } from './store/store';
import { loadWorld } from './world/world';
import type { WorldDocument } from './world/world-types';

/** The counters of a kept state, and what it was started on. */
export interface KeptMeta {
  /** Fingerprint of the world the state was first loaded from. */
  readonly world: string;
  readonly seed: number;
  /** The store's last sequence number. */
  readonly seq: number;
  readonly clock_offset_ms: number;
  readonly registry_code: string;
  /** The latest instant an id was drawn at: ids drawn after a restart come after it. */
  readonly ids_last_ms: number;
}

/**
 * A stored row: its table, its sequence number, its keys (store/row-keys.ts; null when its table's
 * rows are kept whole) and its JSON text (null when it has keys: read by `rowText` when needed).
 */
export interface StoredRow {
  readonly table: string;
  readonly seq: number;
  readonly keys: string | null;
  readonly json: string | null;
}

/** What a store on disk holds. */
export interface KeptState {
  readonly meta: KeptMeta;
  /** Every row, in sequence order, but those of the tables left on disk ({@link KeptState.backed}). */
  rows(): Iterable<StoredRow>;
  /** The rows of `table` as the store answers for them, when it leaves that table on disk (not loaded at start). */
  backed?(table: string): TableBacking | undefined;
}

/** What one request changed. */
export interface StateCommit {
  readonly rows: readonly RowChange[];
  readonly ledger: readonly LedgerRowChange[];
  readonly meta: KeptMeta;
}

/** A store on disk. */
export interface StatePort {
  /** The kept state; undefined when nothing was ever written. */
  load(): KeptState | undefined;
  /** Writes `changes` in one transaction; throws {@link StateWriteError} when they cannot be committed (nothing written). */
  commit(changes: StateCommit): void;
  /** The JSON text of the stored row numbered `seq` (a row loaded as its keys, read at its first read). */
  rowText(seq: number): string;
  /** The ledger's rows (JSON texts) in the order they were first written, read afresh at every call. */
  ledgerRows(): Iterable<string>;
  /**
   * The ledger as a version 1 state kept it (its writes and snapshot); undefined when there is
   * none, i.e. the ledger is kept as rows.
   */
  ledgerWrites?(): LedgerSource | undefined;
  /** Writes `rows` as the whole ledger in place of its writes and snapshot, in one transaction (converting a version 1 state). */
  replaceLedgerWrites?(rows: readonly LedgerRowChange[]): void;
  /** Resolves once the store is known sound, rejects when it is not (a check run while the state loaded); nothing is answered before. */
  checked?(): Promise<void>;
}

/** A write the store could not commit (disk full, I/O error, ...): nothing of it is kept, the request is answered 503. */
export class StateWriteError extends Error {
  override readonly name = 'StateWriteError';
}

/** A kept state that does not belong to this start (another world or seed, a table this engine does not have). */
export class KeptStateError extends Error {
  override readonly name = 'KeptStateError';
}

/** JSON with object keys sorted: equal documents, equal texts, whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** FNV-1a (two 32-bit lanes) of the canonical text: enough to tell one world from another. */
export function worldFingerprint(world: unknown): string {
  const text = canonical(world ?? null);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/** A seed for the ids drawn after a restart: another sequence at every instant. */
function idSeedAfter(seed: number, lastMs: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((lastMs % 0x7fffffff) + 1, 0xc2b2ae35)) >>> 0;
}

function metaOf(state: ServiceState, world: string, seed: number): KeptMeta {
  return {
    world,
    seed,
    seq: state.store.lastSeq,
    clock_offset_ms: state.clock.offsetMs,
    registry_code: state.registryCode,
    ids_last_ms: state.idsLastMs,
  };
}

/** Puts the kept rows and ledger back; throws {@link KeptStateError} when they do not belong here. */
function restore(state: ServiceState, port: StatePort, kept: KeptState, world: string, seed: number): void {
  if (kept.meta.world !== world)
    throw new KeptStateError('the state was first loaded from another world: start with the world it was written on, or on a new state');
  if (kept.meta.seed !== seed) throw new KeptStateError(`the state was written with seed ${kept.meta.seed}, not ${seed}`);
  const tables = new Map<string, Table<Row>>(state.store.tables.map((t) => [t.kind, t]));
  const text: RowText = (seq) => port.rowText(seq);
  /** Rows whose keys cannot stand for them and whose text was not read with them: read once the rows are. */
  const whole: { readonly table: Table<Row>; readonly seq: number }[] = [];
  for (const t of state.store.tables) {
    const backing = kept.backed?.(t.kind);
    // Its rows' text read through the port, like every other row's.
    if (backing !== undefined) t.back({ ...backing, size: backing.size, text });
  }
  let table: Table<Row> | undefined;
  for (const stored of kept.rows()) {
    // Rows come in runs of one table: look the table up when the run changes.
    if (table?.kind !== stored.table) table = tables.get(stored.table);
    if (table === undefined) throw new KeptStateError(`the state holds rows of a table this engine does not have: ${stored.table}`);
    const keys = stored.keys === null ? undefined : keysRow(stored.table, stored.keys);
    if (keys !== undefined) table.loadKeys(keys, stored.seq, text);
    else if (stored.json !== null) table.load(JSON.parse(stored.json) as Row, stored.seq);
    else whole.push({ table, seq: stored.seq });
  }
  for (const w of whole) w.table.load(JSON.parse(port.rowText(w.seq)) as Row, w.seq);
  state.store.resumeSeq(kept.meta.seq);
  state.clock.restoreOffset(kept.meta.clock_offset_ms);
  state.registryCode = kept.meta.registry_code;
  const writes = port.ledgerWrites?.();
  if (writes === undefined) state.keepLedger(() => port.ledgerRows(), true);
  else {
    // A ledger kept as writes (an earlier cdr-engine): applied again once, then kept as rows.
    state.replayLedgerWrites(writes);
    state.keepLedger(() => port.ledgerRows(), false);
    port.replaceLedgerWrites?.(state.everyLedgerRow());
  }
  state.resumeIds(kept.meta.ids_last_ms, idSeedAfter(seed, kept.meta.ids_last_ms));
}

/** Every row of every table, for the first write of a new state. */
function everyRow(state: ServiceState): RowChange[] {
  const out: RowChange[] = [];
  for (const table of state.store.tables) for (const { seq, row } of table.sequenced()) out.push({ table: table.kind, seq, row });
  return out;
}

/**
 * Loads `state` from `port` (or, when the port holds nothing yet, from `world`, and writes it
 * there), then writes every later change through it. Returns whether a kept state was loaded.
 * @throws KeptStateError when the kept state belongs to another world or seed
 * @throws StateWriteError when the first write of a new state fails
 */
export function keepState(state: ServiceState, port: StatePort, world: WorldDocument | undefined, seed: number): boolean {
  const fingerprint = worldFingerprint(world ?? null);
  const kept = port.load();
  if (kept === undefined) {
    state.keepLedger(() => port.ledgerRows(), false);
    if (world !== undefined) loadWorld(state, world);
    port.commit({ rows: everyRow(state), ledger: state.everyLedgerRow(), meta: metaOf(state, fingerprint, seed) });
  } else restore(state, port, kept, fingerprint, seed);
  state.store.onCommit = (rows) => {
    port.commit({ rows, ledger: state.takeLedgerRows(), meta: metaOf(state, fingerprint, seed) });
  };
  return kept !== undefined;
}
