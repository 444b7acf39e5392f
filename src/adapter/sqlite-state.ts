/**
 * The kept state of `cdr-engine serve --state DIR` in SQLite (`DIR/state.sqlite`, through the
 * better-sqlite3 package, an optional peer dependency loaded only here): the rows of every table
 * as JSON by sequence number, the ledger's rows by key (in the order they were first written: the
 * rowid), and the counters (kept-state.ts). WAL with `synchronous=FULL`: a request's changes, its
 * ledger rows included, are one transaction, durable when it returns.
 *
 * Schema version 1 kept the ledger as its writes and a snapshot (table `ledger`, meta `ledger`);
 * version 2 adds `ledger_rows`. A version 1 file is migrated: the table added, and at the first
 * load the writes applied once and replaced by the ledger's rows (kept-state.ts). Version 3 adds
 * each row's keys (`rows.keys`, store/row-keys.ts), so that a restart loads a row as its keys and
 * reads its text at its first read: an older file gets the column and its keys at open, and so
 * does a file whose keys were written with other lists of key fields (meta `keys`). Version 4
 * keeps the keys in a narrow table of their own (`row_keys`: every row's sequence number, table
 * and keys, null for a row kept whole), so that a restart steps through a few pages of keys and
 * never through the pages of the rows' text: a version 3 file's keys are moved there and its
 * `rows.keys` column dropped (the table rewritten once). Version 5 adds to `row_keys` the id, owner
 * and supplier reference of every keyed row, with indexes on them, so that the keyed tables are
 * left on disk at a restart and read from there when asked (store/backing.ts): a row by its id,
 * the rows of an owner or of a reference in creation order. A restart then reads the rows of the
 * other tables only (index `row_keys_whole`). A version 4 file gets the columns filled from its keys.
 *
 * At open: a file that is not a database, or one `PRAGMA quick_check` finds damaged, is refused
 * with its path (with `{ checkAside: true }`, a file that needs no migration is checked in a worker
 * thread while its rows load, and {@link SqliteState.checked} refuses it: sqlite-check.ts); a schema version newer than this engine's is refused, an older one migrated. The
 * server holds the exclusive lock of a second, empty database, `DIR/state.lock` (`locking_mode =
 * EXCLUSIVE`), for as long as it runs, so a second server on the same directory is refused, across
 * containers on one file system too; it names the holder from `DIR/holder.json`, which the holder
 * writes once it has the lock. The state itself uses SQLite's ordinary locking, so that another
 * process can read it while the server runs (an online backup). A folder whose database is gone
 * but whose `-wal` or `-shm` file is there is refused (state-files.ts); and each write checks,
 * before it commits, that the paths of the database and its WAL still name the files opened
 * (removed or renamed while serving: the write is refused, nothing written).
 *
 * Node-only: loaded by `cdr-engine serve`, never by the library's entry points (docs/service.md,
 * "State").
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StateWriteError, type KeptMeta, type KeptState, type StateCommit, type StatePort, type StoredRow } from './kept-state';
import { LEDGER_WRITES, type LedgerRowChange, type LedgerSource, type LedgerWrite } from './store/ledger-writes';
import { checkAside, type CheckAnswer } from './sqlite-check';
import { holdFiles, refuseOrphans, type HeldFiles } from './state-files';
import { KEY_FIELDS, KEY_FIELDS_VERSION, keysRow, rowKeys } from './store/row-keys';
import type { GroupColumn, KeyedRow, Numbered, TableBacking } from './store/backing';
import type { Row } from './store/store';

/** The command that installs the driver, for the message of a server started without it. */
export const SQLITE_INSTALL = 'npm install better-sqlite3@^12.9.0';
/** The `code` of the error {@link openSqliteState} throws when better-sqlite3 is not installed: `serve --state` exits 2, as every command missing an optional peer does (docs/cli.md). */
export const SQLITE_MISSING_CODE = 'ERR_CDR_ENGINE_SQLITE_MISSING';

/** The version of the layout below; `PRAGMA user_version` of the file. */
export const SCHEMA_VERSION = 5;

/** The statements that take a file from version `i` to `i + 1` (0 is a new, empty file). */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE rows (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, json TEXT NOT NULL);
   CREATE TABLE ledger (n INTEGER PRIMARY KEY, method TEXT NOT NULL, input TEXT NOT NULL, at INTEGER NOT NULL, ids TEXT NOT NULL);
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  `CREATE TABLE ledger_rows (key TEXT PRIMARY KEY, json TEXT NOT NULL);`,
  `ALTER TABLE rows ADD COLUMN keys TEXT;`,
  `CREATE TABLE row_keys (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, keys TEXT);
   INSERT INTO row_keys (seq, tbl, keys) SELECT seq, tbl, keys FROM rows;
   ALTER TABLE rows DROP COLUMN keys;`,
  `ALTER TABLE row_keys ADD COLUMN id TEXT;
   ALTER TABLE row_keys ADD COLUMN owner TEXT;
   ALTER TABLE row_keys ADD COLUMN ref TEXT;
   CREATE INDEX row_keys_id ON row_keys (id) WHERE id IS NOT NULL;
   CREATE INDEX row_keys_owner ON row_keys (tbl, owner, seq, id) WHERE id IS NOT NULL;
   CREATE INDEX row_keys_ref ON row_keys (tbl, ref, seq, id) WHERE ref IS NOT NULL;
   CREATE INDEX row_keys_whole ON row_keys (seq, tbl) WHERE id IS NULL;`,
];

/** Fills the columns of version 5 from the keys (a migrated file, keys written again). */
const FILL_COLUMNS = `UPDATE row_keys SET id = keys ->> '$.id', owner = keys ->> '$.owner', ref = keys ->> '$.supplier_reference_id'
  WHERE keys IS NOT NULL`;

/** The part of better-sqlite3's API used here. */
interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  raw(on?: boolean): Statement;
  pluck(on?: boolean): Statement;
}
interface Database {
  pragma(source: string, options?: { simple: boolean }): unknown;
  prepare(source: string): Statement;
  exec(source: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (...args: never[]) => unknown): void;
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  close(): void;
}
type DatabaseConstructor = new (path: string, options?: { timeout?: number }) => Database;

/** A store open in a directory. */
export interface SqliteState extends StatePort {
  /** The database file. */
  readonly path: string;
  ledgerWrites(): LedgerSource | undefined;
  replaceLedgerWrites(rows: readonly LedgerRowChange[]): void;
  /**
   * Resolves once the file is known sound; rejects, naming the file, when the check that ran while
   * the rows loaded found it damaged (then nothing may be answered from it: close it).
   */
  checked(): Promise<void>;
  /** Closes the database and releases it. */
  close(): void;
}

/** How to open a state. */
export interface OpenOptions {
  /** Check a file that needs no migration in a worker thread, beside the load ({@link SqliteState.checked}). */
  readonly checkAside?: boolean;
  /** Hears when the state's files stop being (or are again) those opened, which refuses writes (state-files.ts). */
  readonly report?: (message: string) => void;
}

/** Loads the driver; null when it is not installed. */
async function loadDriver(): Promise<DatabaseConstructor | null> {
  const name = 'better-sqlite3'; // a name, not a literal import: the library's bundles never reach it
  try {
    const loaded = (await import(name)) as { default: DatabaseConstructor };
    return loaded.default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** Who holds the database, from the holder file (best effort: the lock itself is SQLite's). */
function holderOf(dir: string): string {
  try {
    const h = JSON.parse(readFileSync(join(dir, 'holder.json'), 'utf8')) as { pid?: unknown; host?: unknown; since?: unknown };
    return `process ${String(h.pid)} on host ${String(h.host)} (since ${String(h.since)})`;
  } catch {
    return 'another process';
  }
}

/** Takes the directory's lock: the exclusive lock of `DIR/state.lock`, held until the connection closes. */
function lock(Driver: DatabaseConstructor, dir: string, path: string): Database {
  const db = new Driver(join(dir, 'state.lock'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (id INTEGER PRIMARY KEY); INSERT OR REPLACE INTO holder (id) VALUES (1)');
    return db;
  } catch (error) {
    db.close();
    const code = sqliteCode(error);
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new Error(`${path} is in use by ${holderOf(dir)}; one server per state (stop it, or use another --state directory)`);
    throw error;
  }
}

function damaged(path: string, check: unknown): Error {
  return new Error(`${path} is damaged (quick_check: ${String(check)}); restore it from a backup`);
}

/** Whether the file needs no change at open: its schema current, a state in it and its keys written with this engine's lists. */
function current(db: Database, version: number): boolean {
  if (version !== SCHEMA_VERSION || readMeta(db) === undefined) return false;
  return db.prepare("SELECT value FROM meta WHERE key = 'keys'").pluck(true).get() === KEY_FIELDS_VERSION;
}

/**
 * Checks the file and brings its schema up to date. Returns true when the check is left to be
 * done aside (`aside` and nothing to change in the file).
 */
function prepare(db: Database, path: string, aside: boolean): boolean {
  try {
    db.pragma('journal_mode = WAL');
  } catch (error) {
    if (sqliteCode(error) === 'SQLITE_NOTADB') throw new Error(`${path} is not a SQLite database; nothing was changed`);
    throw error;
  }
  db.pragma('synchronous = FULL');
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > SCHEMA_VERSION)
    throw new Error(`${path} has schema version ${version}, newer than this cdr-engine reads (${SCHEMA_VERSION}): run a newer cdr-engine`);
  if (aside && current(db, version)) return true;
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw damaged(path, check);
  db.transaction(() => {
    for (let v = version; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v] as string);
    if (version > 0 && version < 5) db.exec(FILL_COLUMNS);
    if (version < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
    writeKeys(db);
  })();
  return false;
}

/** The answer of a check done aside, as {@link SqliteState.checked} gives it. */
function verdict(path: string, answer: CheckAnswer): void {
  if (answer.result === 'ok') return;
  if (answer.result !== undefined) throw damaged(path, answer.result);
  if (answer.code === 'SQLITE_CORRUPT' || answer.code === 'SQLITE_NOTADB')
    throw new Error(`${path} is damaged (${answer.code}); restore it from a backup`);
  throw new Error(`${path} could not be checked: ${String(answer.error)}`);
}

/** Writes every row's keys again when they were written with other lists of key fields (or none: an older file). */
function writeKeys(db: Database): void {
  const written = db.prepare("SELECT value FROM meta WHERE key = 'keys'").pluck(true).get() as string | undefined;
  if (written === KEY_FIELDS_VERSION) return;
  db.function('keys_of_row', { deterministic: true }, (table: string, json: string) =>
    KEY_FIELDS[table] === undefined ? null : rowKeys(table, JSON.parse(json) as { id: string }),
  );
  db.exec('DELETE FROM row_keys; INSERT INTO row_keys (seq, tbl, keys) SELECT seq, tbl, keys_of_row(tbl, json) FROM rows');
  db.exec(FILL_COLUMNS);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('keys', ?)").run(KEY_FIELDS_VERSION);
}

function readMeta(db: Database): KeptMeta | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'state'").get() as { value: string } | undefined;
  return row === undefined ? undefined : (JSON.parse(row.value) as KeptMeta);
}

/** The ledger's writes (a version 1 state), read one at a time (a large ledger is never held whole). */
function* readLedger(db: Database, path: string, after: number): Generator<LedgerWrite> {
  for (const r of db.prepare('SELECT method, input, at, ids FROM ledger WHERE n > ? ORDER BY n').raw(true).iterate(after)) {
    const [name, input, at, ids] = r as [string, string, number, string];
    const method = LEDGER_WRITES.find((m) => m === name);
    if (method === undefined) throw new Error(`${path}: a ledger write this engine does not know: ${name}`);
    yield { method, input, at, ids: JSON.parse(ids) as string[] };
  }
}

/**
 * The ledger as a version 1 state kept it: its latest snapshot (meta `ledger`: the number of the
 * last write it includes, a newline, the text) and the writes after it; undefined when there is
 * neither (the ledger is kept as rows).
 */
function legacyLedger(db: Database, path: string): LedgerSource | undefined {
  const value = db.prepare("SELECT value FROM meta WHERE key = 'ledger'").pluck(true).get() as string | undefined;
  const anyWrite = db.prepare('SELECT 1 FROM ledger LIMIT 1').pluck(true).get() !== undefined;
  if (value === undefined && !anyWrite) return undefined;
  const cut = value?.indexOf('\n') ?? -1;
  const after = value === undefined ? 0 : Number(value.slice(0, cut));
  const text = value?.slice(cut + 1);
  return { snapshot: () => text, writes: () => readLedger(db, path, after) };
}

/**
 * Every row of the tables not left on disk, in sequence order, with its text (the rows without an
 * id in `row_keys`: index `row_keys_whole`).
 */
function* storedRows(db: Database): Generator<StoredRow> {
  const query = 'SELECT tbl, seq, (SELECT json FROM rows WHERE rows.seq = k.seq) FROM row_keys AS k WHERE id IS NULL ORDER BY seq';
  for (const r of db.prepare(query).raw(true).iterate()) {
    const [table, seq, json] = r as [string, number, string];
    yield { table, seq, keys: null, json };
  }
}

/**
 * Sequence numbers and ids of the rows of `row_keys` that pass `where`, ascending: two JSON arrays
 * made by SQLite and parsed at once (a million rows stepped one by one cost three times the CPU,
 * and as much again in garbage: bench/RESULTS.md, issue 34, seventh pass). The arrays are built in
 * the order of an ordered subquery (the index's order, no sort); that order is checked, and the
 * pairs sorted should it not hold.
 */
function numberedQuery(db: Database, where: string): (...params: unknown[]) => Numbered {
  const query = db
    .prepare(`SELECT json_group_array(seq), json_group_array(id) FROM (SELECT seq, id FROM row_keys WHERE ${where} ORDER BY seq)`)
    .raw(true);
  return (...params) => {
    const [seqText, idText] = query.get(...params) as [string, string];
    const seqs = JSON.parse(seqText) as number[];
    const ids = JSON.parse(idText) as string[];
    for (let i = 1; i < seqs.length; i++) if ((seqs[i - 1] as number) >= (seqs[i] as number)) return ascending(seqs, ids);
    return { seqs, ids };
  };
}

/** `seqs` and `ids` (parallel) sorted by sequence number. */
function ascending(seqs: readonly number[], ids: readonly string[]): Numbered {
  const order = seqs.map((_, i) => i).sort((a, b) => (seqs[a] as number) - (seqs[b] as number));
  return { seqs: order.map((i) => seqs[i] as number), ids: order.map((i) => ids[i] as string) };
}

/** The rows of the keyed table `tbl` as the file holds them (store/backing.ts): what a restart leaves on disk. */
function backingOf(db: Database, tbl: string, text: (seq: number) => string): TableBacking {
  const seqOf = db.prepare('SELECT seq FROM row_keys WHERE id = ? AND tbl = ?').pluck(true);
  const count = db.prepare('SELECT count(*) FROM row_keys WHERE tbl = ? AND id IS NOT NULL').pluck(true);
  const groups: Record<GroupColumn, (...params: unknown[]) => Numbered> = {
    owner: numberedQuery(db, 'tbl = ? AND owner = ? AND id IS NOT NULL'),
    supplier_reference_id: numberedQuery(db, 'tbl = ? AND ref = ?'),
  };
  const order = numberedQuery(db, 'tbl = ? AND id IS NOT NULL');
  const keys = db.prepare('SELECT seq, keys FROM row_keys WHERE tbl = ? AND id IS NOT NULL ORDER BY seq').raw(true);
  return {
    get size() {
      return count.get(tbl) as number;
    },
    seqOf: (id) => seqOf.get(id, tbl) as number | undefined,
    text,
    group: (column, key) => groups[column](tbl, key),
    order: () => order(tbl),
    *keys(): Generator<KeyedRow> {
      for (const r of keys.iterate(tbl)) {
        const [seq, stored] = r as [number, string];
        yield { seq, keys: keysRow(tbl, stored) ?? null };
      }
    },
  };
}

/** The string value of `field` of `row`, or null (what the columns of `row_keys` hold). */
function stringField(row: Row, field: string): string | null {
  const value = (row as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/** Runs a write; an SQLite error becomes a {@link StateWriteError} (nothing was written). */
function writing(path: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    const code = sqliteCode(error);
    if (code === undefined) throw error;
    throw new StateWriteError(`${path}: ${code}: ${(error as Error).message}`);
  }
}

interface Opened {
  readonly db: Database;
  /** The connection holding `DIR/state.lock`. */
  readonly held: Database;
  readonly path: string;
  readonly dir: string;
  readonly check: Promise<CheckAnswer> | null;
  /** The database and its WAL as opened: checked inside each write's transaction, before it commits. */
  readonly files: HeldFiles;
}

function storeOn({ db, held, path, dir, check, files }: Opened): SqliteState {
  const put = db.prepare('INSERT OR REPLACE INTO rows (seq, tbl, json) VALUES (?, ?, ?)');
  const putKeys = db.prepare('INSERT OR REPLACE INTO row_keys (seq, tbl, keys, id, owner, ref) VALUES (?, ?, ?, ?, ?, ?)');
  const text = db.prepare('SELECT json FROM rows WHERE seq = ?').pluck(true);
  const remove = db.prepare('DELETE FROM rows WHERE seq = ?');
  const removeKeys = db.prepare('DELETE FROM row_keys WHERE seq = ?');
  // An upsert keeps a ledger row's rowid: the rows load in the order they were first written.
  const putLedger = db.prepare('INSERT INTO ledger_rows (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json');
  const removeLedger = db.prepare('DELETE FROM ledger_rows WHERE key = ?');
  const putMeta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('state', ?)");
  const writeLedger = (rows: readonly LedgerRowChange[]): void => {
    for (const r of rows) {
      if (r.row === null) removeLedger.run(r.key);
      else putLedger.run(r.key, r.row);
    }
  };
  const write = db.transaction((changes: StateCommit) => {
    for (const c of changes.rows) {
      if (c.row === null) {
        remove.run(c.seq);
        removeKeys.run(c.seq);
      } else {
        put.run(c.seq, c.table, JSON.stringify(c.row));
        const keys = rowKeys(c.table, c.row);
        if (keys === null) putKeys.run(c.seq, c.table, null, null, null, null);
        else putKeys.run(c.seq, c.table, keys, c.row.id, stringField(c.row, 'owner'), stringField(c.row, 'supplier_reference_id'));
      }
    }
    writeLedger(changes.ledger);
    putMeta.run(JSON.stringify(changes.meta));
    files.check();
  });
  const replace = db.transaction((rows: readonly LedgerRowChange[]) => {
    db.exec("DELETE FROM ledger_rows; DELETE FROM ledger; DELETE FROM meta WHERE key = 'ledger'");
    writeLedger(rows);
    files.check();
  });
  const ledgerRows = db.prepare('SELECT json FROM ledger_rows ORDER BY rowid').pluck(true);
  const rowText = (seq: number): string => {
    const json = text.get(seq) as string | undefined;
    if (json === undefined) throw new Error(`${path}: row ${seq} is indexed but not stored`);
    return json;
  };
  return {
    path,
    load(): KeptState | undefined {
      const meta = readMeta(db);
      if (meta === undefined) return undefined;
      return {
        meta,
        rows: () => storedRows(db),
        backed: (table) => (KEY_FIELDS[table] === undefined ? undefined : backingOf(db, table, rowText)),
      };
    },
    rowText,
    ledgerRows: () => ledgerRows.iterate() as IterableIterator<string>,
    ledgerWrites: () => legacyLedger(db, path),
    replaceLedgerWrites: (rows) => writing(path, () => replace(rows)),
    commit: (changes) => writing(path, () => write(changes)),
    checked: async () => {
      if (check !== null) verdict(path, await check);
    },
    close() {
      db.close();
      rmSync(join(dir, 'holder.json'), { force: true });
      held.close();
    },
  };
}

/**
 * Opens (creating it if needed) the state in `dir`. Throws, naming the file, when it cannot be
 * used: the driver missing, another server holding it, not a database, damaged, too new.
 */
export async function openSqliteState(dir: string, options: OpenOptions = {}): Promise<SqliteState> {
  const Driver = await loadDriver();
  if (Driver === null) {
    const message = `--state needs the better-sqlite3 package (an optional peer dependency): ${SQLITE_INSTALL}`;
    throw Object.assign(new Error(message), { code: SQLITE_MISSING_CODE });
  }
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'state.sqlite');
  const held = lock(Driver, dir, path);
  let db: Database | undefined;
  let check: Promise<CheckAnswer> | null = null;
  let files: HeldFiles;
  try {
    refuseOrphans(path);
    db = new Driver(path, { timeout: 1_000 });
    if (prepare(db, path, options.checkAside === true)) check = checkAside(path);
    files = holdFiles([path, `${path}-wal`], options.report);
  } catch (error) {
    db?.close();
    held.close();
    const code = sqliteCode(error);
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') throw new Error(`${path} is damaged (${code}); restore it from a backup`);
    if (code !== undefined) throw new Error(`${path} cannot be used: ${code}: ${(error as Error).message}`);
    throw error;
  }
  writeFileSync(join(dir, 'holder.json'), JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
  return storeOn({ db, held, path, dir, check, files });
}
