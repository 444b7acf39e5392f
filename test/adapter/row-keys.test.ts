/**
 * The keys of a row (src/adapter/store/row-keys.ts) stand for it when it is loaded: every observer
 * a sandbox registers on a table named there reads, at load, no field outside the table's list
 * (keys that refuse any other field are loaded into a new sandbox), the rows read whole afterwards
 * equal the stored ones, and the supplier references found through the keys are the stored ones.
 */
import { describe, expect, test } from 'vitest';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import { KEY_FIELDS, keysRow, rowKeys } from '../../src/adapter/store/row-keys';
import type { Row, Table } from '../../src/adapter/store/store';
import { Client, DEMO_WORLD, datapointBody, demoSandbox, issuedRemoval, START } from './fixtures';

/** `keys`, refusing to be read at any field outside `fields`. */
function guarded(keys: Row, fields: readonly string[], table: string): Row {
  return new Proxy(keys as Row & object, {
    get(target, name) {
      if (typeof name === 'string' && !fields.includes(name)) throw new Error(`an observer of ${table} read ${name}, not among its keys`);
      return Reflect.get(target, name);
    },
  });
}

describe('row keys', () => {
  test('every observer of a keyed table reads its keys only; rows read whole equal the stored ones', async () => {
    const source = demoSandbox();
    const client = new Client(source);
    await issuedRemoval(client);
    const sourceIds = (DEMO_WORLD.sources ?? []).map((s) => s.id);
    for (let i = 0; i < 6; i++) {
      const body = { ...datapointBody(`keys-${i}`, i + 1, i % 2 === 0 ? 't' : 'kg'), source_ids: sourceIds.slice(0, i % 3) };
      await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', body);
    }
    // A sandbox with no world: its tables empty, every index registered.
    const target = createSandboxWithState({ now: () => START, onInternalError: () => undefined });
    const tables = new Map<string, Table<Row>>(target.state.store.tables.map((t) => [t.kind, t]));
    const texts = new Map<number, string>();
    const kinds = Object.keys(KEY_FIELDS);
    expect(kinds.length).toBeGreaterThan(0);
    for (const from of source.state.store.tables) {
      const fields = KEY_FIELDS[from.kind];
      if (fields === undefined) continue;
      expect(from.size, from.kind).toBeGreaterThan(0);
      const into = tables.get(from.kind) as Table<Row>;
      for (const { seq, row } of from.sequenced()) {
        texts.set(seq, JSON.stringify(row));
        const keys = keysRow(from.kind, rowKeys(from.kind, row) as string) as Row;
        into.loadKeys(guarded(keys, fields, from.kind), seq, (s) => texts.get(s) as string);
      }
      expect(JSON.stringify(into.sequenced()), from.kind).toBe(JSON.stringify(from.sequenced()));
    }
    for (const kind of kinds) {
      for (const row of (tables.get(kind) as Table<Row & { owner: string; supplier_reference_id: string | null }>).rows()) {
        if (row.supplier_reference_id === null) continue;
        expect(target.state.indexes.references.usedBy(row.owner, row.supplier_reference_id)).toBe(row.id);
      }
    }
    const byOwner = (sandbox: typeof source, owner: string) => sandbox.state.indexes.datapointsByOwner.ids(owner);
    const owner = source.state.datapoints.rows()[0]?.owner as string;
    expect(byOwner(target, owner)).toEqual(byOwner(source, owner));
    for (const id of sourceIds)
      expect(target.state.indexes.datapointsBySource.ids(id)).toEqual(source.state.indexes.datapointsBySource.ids(id));
    expect([...target.state.indexes.datapointsByUnit.keys()].sort()).toEqual([...source.state.indexes.datapointsByUnit.keys()].sort());
  });

  test('keys missing a field of the list do not stand for the row; a table without a list has no keys', () => {
    expect(keysRow('datapoints', JSON.stringify({ id: 'dtp_1', owner: 'org_1' }))).toBeUndefined();
    expect(rowKeys('projects', { id: 'prj_1' })).toBeNull();
    expect(keysRow('projects', '{"id":"prj_1"}')).toBeUndefined();
  });
});
