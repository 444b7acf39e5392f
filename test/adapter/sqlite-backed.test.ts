/**
 * A restart leaves the keyed tables (datapoints, sources) in the SQLite file (schema 5,
 * store/backing.ts) and reads their rows from there when asked. The oracle is the same file loaded
 * whole into memory, as earlier versions did: every read answers the same, by id, pages in order
 * with their cursors (forward and backward), by supplier reference, by owner, by project and by
 * quantity kind; before and after writes since the restart, a refused write (503) included; and the
 * state written by those writes equals on a further restart. A version 4 file is migrated to 5.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { StateWriteError, type KeptMeta, type StatePort, type StoredRow } from '../../src/adapter/kept-state';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import { openSqliteState, SCHEMA_VERSION } from '../../src/adapter/sqlite-state';
import { Client, DEMO_WORLD, datapointBody, IDS, issuedRemoval, START } from './fixtures';

interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  pluck(on?: boolean): Statement;
}
/** The driver itself, to read a file as another program would (it has no types of its own). */
const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  options?: { readonly?: boolean },
) => {
  pragma(source: string, options?: { simple: boolean }): unknown;
  prepare(source: string): Statement;
  exec(source: string): void;
  close(): void;
};

const root = mkdtempSync(join(tmpdir(), 'cdr-sqlite-backed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const options = { world: DEMO_WORLD, now: () => START, onInternalError: () => undefined };

/** The state in `dir` loaded whole into memory (every row parsed at start): the oracle. */
function loadedWhole(dir: string) {
  const db = new Database(join(dir, 'state.sqlite'), { readonly: true });
  const meta = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'state'").pluck(true).get() as string) as KeptMeta;
  const port: StatePort = {
    load: () => ({
      meta,
      rows: () => db.prepare('SELECT tbl AS "table", seq, NULL AS keys, json FROM rows ORDER BY seq').all() as StoredRow[],
    }),
    rowText: (seq) => db.prepare('SELECT json FROM rows WHERE seq = ?').pluck(true).get(seq) as string,
    ledgerRows: () => db.prepare('SELECT json FROM ledger_rows ORDER BY rowid').pluck(true).all() as string[],
    commit: () => {
      throw new StateWriteError('the oracle is read only');
    },
  };
  const sandbox = createSandboxWithState(options, port);
  db.close();
  return sandbox;
}

interface ListBody {
  readonly nodes: { readonly id: string }[];
  readonly page_info: { readonly end_cursor: string | null; readonly start_cursor: string | null; readonly has_next_page: boolean };
  readonly total_count: number;
}

/** Every page of `path` (`first` items each, forward by `after`), then the last pages backward by `before`. */
async function pages(client: Client, who: 'supplierA' | 'supplierB', path: string, size: number): Promise<unknown[]> {
  const out: unknown[] = [];
  const join = path.includes('?') ? '&' : '?';
  let page = await client.ok<ListBody>(who, 'GET', `${path}${join}first=${size}`);
  out.push(page);
  while (page.page_info.has_next_page) {
    page = await client.ok<ListBody>(who, 'GET', `${path}${join}first=${size}&after=${page.page_info.end_cursor}`);
    out.push(page);
  }
  for (let i = 0; i < 2 && page.page_info.start_cursor !== null; i++) {
    page = await client.ok<ListBody>(who, 'GET', `${path}${join}last=${size}&before=${page.page_info.start_cursor}`);
    out.push(page);
  }
  return out;
}

/** What the reads of the keyed tables answer, in one order. */
async function reads(client: Client, ids: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const id of ids) out.push(await client.get('supplierA', `/mrv/v0/datapoints/${id}`).then((r) => [r.status, r.body]));
  for (const ref of ['b-0', 'b-7', 'b-12', 'b-new', 'b-lost'])
    out.push(await client.ok('supplierA', 'GET', `/mrv/v0/datapoints?supplier_reference_id=${ref}`));
  out.push(await pages(client, 'supplierA', '/mrv/v0/datapoints', 4));
  out.push(await pages(client, 'supplierB', '/mrv/v0/datapoints', 3));
  out.push(await pages(client, 'supplierA', `/mrv/v0/datapoints?project_id=${IDS.projectA}`, 5));
  out.push(await pages(client, 'supplierA', '/mrv/v0/datapoints?quantity_kind=mass', 6));
  out.push(await pages(client, 'supplierA', '/mrv/v0/sources', 2));
  out.push(await client.get('supplierA', `/mrv/v0/sources/${IDS.labSource}`).then((r) => [r.status, r.body]));
  return out;
}

describe('a restart reads the keyed tables from the SQLite file', () => {
  test('every read answers as the state loaded whole, before and after writes since the restart; a further restart equals', async () => {
    const dir = join(root, 'backed');
    const first = await openSqliteState(dir);
    const made: string[] = [];
    {
      const client = new Client(createSandboxWithState(options, first));
      await issuedRemoval(client);
      for (let i = 0; i < 14; i++)
        made.push(
          (
            await client.ok<{ id: string }>(
              'supplierA',
              'POST',
              '/mrv/v0/datapoints',
              datapointBody(`b-${i}`, i + 1, i % 3 === 0 ? 'kWh' : 't'),
            )
          ).id,
        );
      for (let i = 0; i < 4; i++)
        await client.ok('supplierB', 'POST', '/mrv/v0/datapoints', datapointBody(`b-${i}`, i + 1, 't', null, IDS.projectB));
    }
    first.close();
    const ids = [made[0], made[5], made[13], IDS.dryMassA, 'dtp_01JA0NOSUCHDATAPOINT0'] as string[];

    // Restarted: nothing of the keyed tables is read until asked for.
    const store = await openSqliteState(dir);
    const read: number[] = [];
    let failing = false;
    const port: StatePort = {
      load: () => store.load(),
      rowText: (seq) => {
        read.push(seq);
        return store.rowText(seq);
      },
      ledgerRows: () => store.ledgerRows(),
      commit: (changes) => {
        if (failing) throw new StateWriteError('disk full');
        store.commit(changes);
      },
    };
    const backed = createSandboxWithState(options, port);
    expect(read).toEqual([]);
    const client = new Client(backed);
    // Of the rows made here, a read by id reads that row only, a list by reference that row only (the
    // walk of the exposure reads the datapoints of the submitted statements, none of these).
    const seqs = made.map((id) => backed.state.datapoints.seqOf(id));
    const madeRead = () => read.filter((seq) => seqs.includes(seq));
    await client.ok('supplierA', 'GET', `/mrv/v0/datapoints/${made[5]}`);
    expect(madeRead()).toEqual([seqs[5]]);
    await client.ok('supplierA', 'GET', '/mrv/v0/datapoints?supplier_reference_id=b-7');
    expect(madeRead()).toEqual([seqs[5], seqs[7]]);
    const before = await reads(client, ids);
    const oracle = loadedWhole(dir);
    expect(before).toEqual(await reads(new Client(oracle), ids));

    // Writes since the restart: a new row, a quantity changed (another unit), a row deleted, one refused by the disk.
    const added = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('b-new', 3, 't'));
    const quantity = { magnitude: 5, unit: 'kWh', standard_deviation: null };
    await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${made[12]}`, { quantity, display_name: 'renamed' });
    expect((await client.request('supplierA', 'DELETE', `/mrv/v0/datapoints/${made[7]}`)).status).toBe(204);
    failing = true;
    expect((await client.request('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('b-lost', 1, 't'))).status).toBe(503);
    failing = false;
    // A reference in use is refused, one freed by the delete is free again.
    expect((await client.request('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('b-0', 1, 't'))).status).toBe(409);
    await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('b-7', 4, 'kg'));
    const after = await reads(client, [...ids, added.id, made[7] as string, made[12] as string]);
    const snapshot = backed.state.snapshot();
    store.close();
    const oracleAfter = loadedWhole(dir);
    expect(oracleAfter.state.snapshot()).toBe(snapshot);
    expect(after).toEqual(await reads(new Client(oracleAfter), [...ids, added.id, made[7] as string, made[12] as string]));
    expect(after).not.toEqual(before);

    const again = await openSqliteState(dir);
    expect(createSandboxWithState(options, again).state.snapshot()).toBe(snapshot);
    again.close();
  });

  test('a version 4 file (no id, owner, reference columns) is migrated to 5: the columns filled, the rows read equal', async () => {
    const dir = join(root, 'v4');
    const first = await openSqliteState(dir);
    const client = new Client(createSandboxWithState(options, first));
    for (let i = 0; i < 5; i++) await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`m-${i}`, i + 1, 't'));
    const expected = (await client.ok<ListBody>('supplierA', 'GET', '/mrv/v0/datapoints?supplier_reference_id=m-3')).nodes;
    first.close();
    const path = join(dir, 'state.sqlite');
    const columns = 'SELECT json_group_array(json_array(seq, tbl, keys, id, owner, ref)) AS k FROM (SELECT * FROM row_keys ORDER BY seq)';
    const v4 = new Database(path);
    const before = v4.prepare(columns).get();
    expect(v4.prepare("SELECT count(*) AS n FROM row_keys WHERE tbl = 'datapoints' AND id IS NULL").get()).toEqual({ n: 0 });
    v4.exec(`DROP INDEX row_keys_id; DROP INDEX row_keys_owner; DROP INDEX row_keys_ref; DROP INDEX row_keys_whole;
      ALTER TABLE row_keys DROP COLUMN id; ALTER TABLE row_keys DROP COLUMN owner; ALTER TABLE row_keys DROP COLUMN ref`);
    v4.pragma('user_version = 4');
    v4.close();

    const store = await openSqliteState(dir);
    const sandbox = createSandboxWithState(options, store);
    expect((await new Client(sandbox).ok<ListBody>('supplierA', 'GET', '/mrv/v0/datapoints?supplier_reference_id=m-3')).nodes).toEqual(
      expected,
    );
    store.close();
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare(columns).get()).toEqual(before);
    check.close();
  });
});
