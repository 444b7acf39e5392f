/**
 * The SQLite store of `serve --state` (sqlite-state.ts), in process on temporary folders: what one
 * sandbox wrote another loads; a ledger write that cannot be committed is undone from the file; a
 * version 1 file (the ledger as writes and a snapshot) is migrated, its ledger kept as rows from then
 * on; a version 2 file (rows without keys) is migrated, its rows loaded as their keys from then on and
 * read from the file only when read; a version 3 file (the keys beside the text in `rows`) is migrated,
 * its keys moved to their own table and read equal; a second holder of the file is refused naming the first; a file that
 * is not a database, a damaged one and one of a newer schema are refused naming the file, and
 * nothing of them is changed.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { StateWriteError, type StatePort } from '../../src/adapter/kept-state';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import { openSqliteState, SCHEMA_VERSION } from '../../src/adapter/sqlite-state';
import { Client, DEMO_WORLD, datapointBody, IDS, issuedRemoval, START } from './fixtures';

/** The driver itself, to change a file as another program would (it has no types of its own). */
const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  options?: { readonly?: boolean },
) => {
  pragma(source: string, options?: { simple: boolean }): unknown;
  prepare(source: string): { get(): unknown; run(...params: unknown[]): unknown };
  exec(source: string): void;
  backup(file: string): Promise<unknown>;
  close(): void;
};

const root = mkdtempSync(join(tmpdir(), 'cdr-sqlite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function sandboxOn(dir: string) {
  const store = await openSqliteState(dir);
  return { store, sandbox: createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, store) };
}

/** Opens the state in `dir` again (a restart) and expects the store's snapshot to be `snapshot`. */
async function expectReopenedAs(dir: string, snapshot: string): Promise<void> {
  const reopened = await sandboxOn(dir);
  expect(reopened.sandbox.state.snapshot()).toBe(snapshot);
  reopened.store.close();
}

describe('the SQLite store', () => {
  test('what one server wrote the next loads, the ledger included; a second holder is refused naming the first', async () => {
    const dir = join(root, 'round-trip');
    const first = await sandboxOn(dir);
    const client = new Client(first.sandbox);
    await issuedRemoval(client);
    await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('sqlite-1', 2, 't'));
    await expect(openSqliteState(dir)).rejects.toThrow(new RegExp(`state\\.sqlite is in use by process ${process.pid} on host `));
    const snapshot = first.sandbox.state.snapshot();
    // An online backup, taken by another connection while the server holds the state.
    const reader = new Database(join(dir, 'state.sqlite'), { readonly: true });
    await reader.backup(join(root, 'backup.sqlite'));
    reader.close();
    first.store.close();
    const backup = new Database(join(root, 'backup.sqlite'), { readonly: true });
    expect(backup.prepare('SELECT count(*) AS n FROM rows').get()).toEqual({
      n: first.sandbox.state.store.tables.reduce((n, t) => n + t.size, 0),
    });
    backup.close();
    await expectReopenedAs(dir, snapshot);
  });

  test('a ledger write that cannot be committed is undone from the ledger rows in the file; the next one goes through', async () => {
    const dir = join(root, 'ledger-rollback');
    const store = await openSqliteState(dir);
    let failing = false;
    const port: StatePort = {
      load: () => store.load(),
      rowText: (seq) => store.rowText(seq),
      ledgerRows: () => store.ledgerRows(),
      commit: (changes) => {
        if (failing) throw new StateWriteError('disk full');
        store.commit(changes);
      },
    };
    const sandbox = createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, port);
    const client = new Client(sandbox);
    await issuedRemoval(client);
    const transfer = {
      credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 100 }],
      from_organisation_id: IDS.orgB,
      to_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierB,
      notes: 'kept',
    };
    const before = sandbox.state.snapshot();
    failing = true;
    // 503 is not in the service's document (only a server with --state answers it): sent past the client's check.
    const refused = await sandbox.handle({
      method: 'POST',
      path: '/registry/v0/transfers',
      headers: client.headers('supplierB'),
      body: transfer,
    });
    expect(refused.status).toBe(503);
    expect(sandbox.state.snapshot()).toBe(before);
    failing = false;
    await client.ok('supplierB', 'POST', '/registry/v0/transfers', transfer);
    const after = sandbox.state.snapshot();
    expect(after).not.toBe(before);
    store.close();
    await expectReopenedAs(dir, after);
  });

  test('a version 1 file (the ledger as writes and a snapshot) is migrated: applied once, kept as rows from then on', async () => {
    const dir = join(root, 'ledger-migration');
    const first = await sandboxOn(dir);
    await issuedRemoval(new Client(first.sandbox));
    const ledgerText = first.sandbox.state.ledger.serialize();
    first.store.close();
    // The file as version 1 kept it: no ledger rows, a snapshot, and two writes after it.
    const orgs = [1, 2].map((i) => ({ id: `org_01MIGRATE${String(i).padStart(16, '0')}`, name: `Migrated ${i}`, domain: null }));
    const path = join(dir, 'state.sqlite');
    const v1 = new Database(path);
    v1.exec("DROP TABLE ledger_rows; DROP TABLE row_keys; DELETE FROM meta WHERE key = 'keys'");
    v1.prepare("INSERT INTO meta (key, value) VALUES ('ledger', ?)").run(`0\n${ledgerText}`);
    const write = v1.prepare("INSERT INTO ledger (method, input, at, ids) VALUES ('registerOrganisation', ?, 0, '[]')");
    for (const org of orgs) write.run(JSON.stringify(org));
    v1.pragma('user_version = 1');
    v1.close();
    for (const org of orgs) first.sandbox.state.ledger.registerOrganisation(org);
    const expected = first.sandbox.state.snapshot();

    const store = await openSqliteState(dir);
    let failing = false;
    const port: StatePort = {
      load: () => store.load(),
      rowText: (seq) => store.rowText(seq),
      ledgerRows: () => store.ledgerRows(),
      ledgerWrites: () => store.ledgerWrites(),
      replaceLedgerWrites: (rows) => store.replaceLedgerWrites(rows),
      commit: (changes) => {
        if (failing) throw new StateWriteError('disk full');
        store.commit(changes);
      },
    };
    const sandbox = createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, port);
    expect(sandbox.state.snapshot()).toBe(expected);
    // The writes and the snapshot are gone, the ledger's rows are in their place.
    expect(store.ledgerWrites()).toBeUndefined();
    expect([...store.ledgerRows()].length).toBeGreaterThan(orgs.length);
    // A write after the migration; a refused one is undone from the rows.
    const client = new Client(sandbox);
    const transfer = (kg: number, batch: string = IDS.batchB1) => ({
      credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: kg }],
      from_organisation_id: IDS.orgB,
      to_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierB,
      notes: 'after the migration',
    });
    await client.ok('supplierB', 'POST', '/registry/v0/transfers', transfer(100));
    const after = sandbox.state.snapshot();
    failing = true;
    const refused = await sandbox.handle({
      method: 'POST',
      path: '/registry/v0/transfers',
      headers: client.headers('supplierB'),
      body: transfer(50, sandbox.state.ledger.getCreditBatch(IDS.batchB1)?.right_child_id ?? ''),
    });
    expect(refused.status).toBe(503);
    expect(sandbox.state.snapshot()).toBe(after);
    store.close();
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare('SELECT count(*) AS n FROM ledger').get()).toEqual({ n: 0 });
    expect(check.prepare("SELECT count(*) AS n FROM row_keys WHERE tbl = 'datapoints' AND keys IS NULL").get()).toEqual({ n: 0 });
    check.close();
    await expectReopenedAs(dir, after);
  });

  test('a version 2 file (rows without keys) is migrated; rows are then loaded as their keys and read from the file when read', async () => {
    const dir = join(root, 'keys-migration');
    const first = await sandboxOn(dir);
    const client = new Client(first.sandbox);
    await issuedRemoval(client);
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`k-${i}`, i + 1, 't'))).id);
    const expected = first.sandbox.state.snapshot();
    first.store.close();
    const path = join(dir, 'state.sqlite');
    const v2 = new Database(path);
    v2.exec("DROP TABLE row_keys; DELETE FROM meta WHERE key = 'keys'");
    v2.pragma('user_version = 2');
    v2.close();

    await expectReopenedAs(dir, expected);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare("SELECT count(*) AS n FROM row_keys WHERE tbl IN ('datapoints', 'sources') AND keys IS NULL").get()).toEqual({
      n: 0,
    });
    expect(check.prepare('SELECT count(*) AS n FROM row_keys').get()).toEqual(check.prepare('SELECT count(*) AS n FROM rows').get());
    check.close();

    // Loaded again: the datapoints are their keys until read; a list by owner and by reference reads none of them.
    const store = await openSqliteState(dir);
    const read: number[] = [];
    const port: StatePort = {
      load: () => store.load(),
      rowText: (seq) => {
        read.push(seq);
        return store.rowText(seq);
      },
      ledgerRows: () => store.ledgerRows(),
      commit: (changes) => store.commit(changes),
    };
    const sandbox = createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, port);
    expect(read).toEqual([]);
    // The walk of the exposure reads the datapoints of submitted statements; of those made here, only the ones read.
    const seqs = made.map((id) => sandbox.state.datapoints.seqOf(id));
    const madeRead = () => read.filter((seq) => seqs.includes(seq));
    const again = new Client(sandbox);
    const found = await again.ok<{ nodes: { id: string }[] }>('supplierA', 'GET', '/mrv/v0/datapoints?first=1&supplier_reference_id=k-3');
    expect(found.nodes.map((n) => n.id)).toEqual([made[3]]);
    expect(madeRead()).toEqual([seqs[3]]);
    const one = await again.ok<{ id: string; supplier_reference_id: string }>('supplierA', 'GET', `/mrv/v0/datapoints/${made[1]}`);
    expect(one.supplier_reference_id).toBe('k-1');
    expect(madeRead()).toEqual([seqs[3], seqs[1]]);
    expect(sandbox.state.snapshot()).toBe(expected);
    // A row read whole, changed and written keeps its keys; a restart equals.
    await again.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${made[2]}`, { display_name: 'renamed' });
    const after = sandbox.state.snapshot();
    store.close();
    await expectReopenedAs(dir, after);
  });

  test('a version 3 file (keys beside the text) is migrated: keys in their own table, the rows without them, read equal', async () => {
    const dir = join(root, 'narrow-keys');
    const first = await sandboxOn(dir);
    const client = new Client(first.sandbox);
    await issuedRemoval(client);
    for (let i = 0; i < 3; i++) await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`n-${i}`, i + 1, 't'));
    const expected = first.sandbox.state.snapshot();
    first.store.close();
    const path = join(dir, 'state.sqlite');
    const v3 = new Database(path);
    const keysBefore = v3
      .prepare('SELECT json_group_array(json_array(seq, tbl, keys)) AS k FROM (SELECT * FROM row_keys ORDER BY seq)')
      .get();
    // The file as version 3 kept it: each row's keys in a column of its own row.
    v3.exec(
      'ALTER TABLE rows ADD COLUMN keys TEXT; UPDATE rows SET keys = (SELECT keys FROM row_keys AS k WHERE k.seq = rows.seq); DROP TABLE row_keys',
    );
    v3.pragma('user_version = 3');
    v3.close();

    await expectReopenedAs(dir, expected);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare("SELECT count(*) AS n FROM pragma_table_info('rows') WHERE name = 'keys'").get()).toEqual({ n: 0 });
    expect(
      check.prepare('SELECT json_group_array(json_array(seq, tbl, keys)) AS k FROM (SELECT * FROM row_keys ORDER BY seq)').get(),
    ).toEqual(keysBefore);
    check.close();
    const again = await sandboxOn(dir);
    expect(again.sandbox.state.snapshot()).toBe(expected);
    // A deleted row goes from both tables; a datapoint made after is in both; a restart equals.
    const later = new Client(again.sandbox);
    expect((await later.request('supplierA', 'DELETE', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`)).status).toBe(204);
    await later.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('n-after', 9, 't'));
    const after = again.sandbox.state.snapshot();
    again.store.close();
    const counts = new Database(path, { readonly: true });
    const rows = counts.prepare('SELECT count(*) AS n FROM rows').get();
    expect(counts.prepare('SELECT count(*) AS n FROM row_keys').get()).toEqual(rows);
    expect(rows).toEqual({ n: again.sandbox.state.store.tables.reduce((n, t) => n + t.size, 0) });
    counts.close();
    await expectReopenedAs(dir, after);
  });

  test('a file that is not a database is refused naming it, and left as it was', async () => {
    const dir = join(root, 'not-a-database');
    await sandboxOn(dir).then(({ store }) => store.close());
    const path = join(dir, 'state.sqlite');
    writeFileSync(path, 'this is not a database, but some text long enough to fill a header page '.repeat(100));
    const bytes = readFileSync(path);
    await expect(openSqliteState(dir)).rejects.toThrow(`${path} is`);
    expect(readFileSync(path)).toEqual(bytes);
  });

  test('a damaged database is refused naming the file (quick_check), and left as it was', async () => {
    const dir = join(root, 'damaged');
    const { store, sandbox } = await sandboxOn(dir);
    const client = new Client(sandbox);
    for (let i = 0; i < 80; i++) await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`d-${i}`, i + 1, 't'));
    store.close();
    const path = join(dir, 'state.sqlite');
    const bytes = readFileSync(path);
    expect(statSync(path).size).toBeGreaterThan(7 * 4096);
    for (let at = 3 * 4096; at < 7 * 4096; at += 4096) bytes.fill(0xa5, at, at + 4096); // whole pages overwritten
    writeFileSync(path, bytes);
    await expect(openSqliteState(dir)).rejects.toThrow(new RegExp(`${path.replace(/[.]/g, '\\.')} is damaged`));
    expect(readFileSync(path)).toEqual(bytes);
  });

  test('checked aside (serve): a sound file loads and is checked; a damaged one is refused by checked(), naming it, left as it was', async () => {
    const dir = join(root, 'aside');
    const { store, sandbox } = await sandboxOn(dir);
    const client = new Client(sandbox);
    for (let i = 0; i < 80; i++) await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`a-${i}`, i + 1, 't'));
    const snapshot = sandbox.state.snapshot();
    store.close();
    const sound = await openSqliteState(dir, { checkAside: true });
    const loaded = createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, sound);
    await expect(sound.checked()).resolves.toBeUndefined();
    expect(loaded.state.snapshot()).toBe(snapshot);
    sound.close();
    const path = join(dir, 'state.sqlite');
    // The last leaf page of the rows' text overwritten: the schema, meta and keys are sound, so it opens.
    const reader = new Database(path, { readonly: true });
    const page = reader.prepare("SELECT max(pageno) AS n FROM dbstat WHERE name = 'rows' AND pagetype = 'leaf'").get() as { n: number };
    reader.close();
    const bytes = readFileSync(path);
    bytes.fill(0xa5, (page.n - 1) * 4096, page.n * 4096);
    writeFileSync(path, bytes);
    const damaged = await openSqliteState(dir, { checkAside: true });
    await expect(damaged.checked()).rejects.toThrow(new RegExp(`${path.replace(/[.]/g, '\\.')} is damaged`));
    damaged.close();
    expect(readFileSync(path)).toEqual(bytes);
  });

  test('a newer schema is refused with the versions; the current one is written in the file', async () => {
    const dir = join(root, 'newer');
    await sandboxOn(dir).then(({ store }) => store.close());
    const path = join(dir, 'state.sqlite');
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    await expect(openSqliteState(dir)).rejects.toThrow(
      `schema version ${SCHEMA_VERSION + 1}, newer than this cdr-engine reads (${SCHEMA_VERSION})`,
    );
  });
});
