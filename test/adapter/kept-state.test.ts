/**
 * A kept state (kept-state.ts) over a port held in memory: a sandbox started again on what the
 * first one wrote holds the same state (rows, ledger, clock); a write the port cannot commit is
 * answered 503 with Retry-After and changes nothing, reads go on, and writes resume; ids drawn
 * after a restart are new even when the clock has gone back.
 */
import { describe, expect, test } from 'vitest';
import {
  KeptStateError,
  StateWriteError,
  type KeptMeta,
  type StateCommit,
  type StatePort,
  type StoredRow,
} from '../../src/adapter/kept-state';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import { rowKeys } from '../../src/adapter/store/row-keys';
import { Client, DEMO_WORLD, datapointBody, IDS, issuedRemoval, START } from './fixtures';

/** A stored row with its text always at hand (the port hands it out only for rows without keys). */
type MemoryRow = StoredRow & { readonly json: string };

/** A port in memory that can be made to fail. Rows with keys are loaded as their keys, as from SQLite. */
class MemoryPort implements StatePort {
  readonly rows = new Map<number, MemoryRow>();
  /** The ledger's rows by key, in the order they were first written (a Map keeps it through updates). */
  readonly ledger = new Map<string, string>();
  meta: KeptMeta | undefined;
  failing = false;
  commits = 0;

  load() {
    const meta = this.meta;
    if (meta === undefined) return undefined;
    const rows = (): StoredRow[] =>
      [...this.rows.values()].sort((a, b) => a.seq - b.seq).map((r) => (r.keys === null ? r : { ...r, json: null }));
    return { meta, rows };
  }

  rowText(seq: number): string {
    const row = this.rows.get(seq);
    if (row === undefined) throw new Error(`row ${seq} is not stored`);
    return row.json;
  }

  commit(changes: StateCommit): void {
    if (this.failing) throw new StateWriteError('disk full');
    for (const c of changes.rows) {
      if (c.row === null) this.rows.delete(c.seq);
      else this.rows.set(c.seq, { table: c.table, seq: c.seq, keys: rowKeys(c.table, c.row), json: JSON.stringify(c.row) });
    }
    for (const r of changes.ledger) {
      if (r.row === null) this.ledger.delete(r.key);
      else this.ledger.set(r.key, r.row);
    }
    this.meta = changes.meta;
    this.commits += 1;
  }

  ledgerRows(): string[] {
    return [...this.ledger.values()];
  }
}

function kept(port: StatePort, now: () => number = () => START) {
  return createSandboxWithState({ world: DEMO_WORLD, now, onInternalError: () => undefined }, port);
}

const TRANSFER = {
  credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 100 }],
  from_organisation_id: IDS.orgB,
  to_organisation_id: IDS.buyer,
  supplier_id: IDS.supplierB,
  notes: 'kept',
};

describe('a kept state', () => {
  test('a sandbox started on what another wrote holds the same rows, ledger and clock, and computes nothing again', async () => {
    const port = new MemoryPort();
    const first = kept(port);
    const client = new Client(first);
    const { statement } = await issuedRemoval(client);
    await client.ok('supplierB', 'POST', '/registry/v0/transfers', TRANSFER);
    await client.ok('supplierA', 'POST', '/sandbox/v0/clock/advance', { seconds: 3600 });
    const datapoint = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('kept-1', 3, 't'));
    expect((await client.delete('supplierA', `/mrv/v0/datapoints/${datapoint.id}`)).status).toBe(204);
    // The ledger is kept as its rows (an issuance among them), not as the requests that made it.
    expect([...port.ledger.values()].some((r) => r.startsWith('["i",'))).toBe(true);

    // A stored figure is data: changed on disk, the restarted sandbox shows it as stored.
    const second = kept(port);
    expect(second.state.snapshot()).toBe(first.state.snapshot());
    const [seq, row] = [...port.rows].find(([, r]) => r.table === 'removals') as [number, MemoryRow];
    const removal = JSON.parse(row.json) as { id: string; result: { issuable_kg: number } };
    port.rows.set(seq, { ...row, json: JSON.stringify({ ...removal, result: { ...removal.result, issuable_kg: 12_345 } }) });
    const third = kept(port);
    expect(third.state.removals.get(removal.id)?.result.issuable_kg).toBe(12_345);
    expect(third.state.statements.get(statement)).toEqual(first.state.statements.get(statement));
  });

  test('a write that cannot be committed is answered 503 with Retry-After and changes nothing; reads go on; writes resume', async () => {
    const port = new MemoryPort();
    const sandbox = kept(port);
    const client = new Client(sandbox);
    const { statement } = await issuedRemoval(client);
    const before = sandbox.state.snapshot();
    const commits = port.commits;
    port.failing = true;
    for (const [who, path, body] of [
      ['supplierA', '/mrv/v0/datapoints', datapointBody('full-1', 1, 't')],
      ['supplierB', '/registry/v0/transfers', TRANSFER],
      ['supplierA', '/sandbox/v0/clock/advance', { seconds: 60 }],
    ] as const) {
      // 503 is not in the service's document (only a server with --state answers it): sent past the client's check.
      const answer = await sandbox.handle({ method: 'POST', path, headers: client.headers(who), body });
      expect(answer.status, path).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(sandbox.state.snapshot()).toBe(before);
    }
    expect((await client.get('supplierA', `/mrv/v0/ghg_statements/${statement}`)).status).toBe(200);
    expect(port.commits).toBe(commits);
    port.failing = false;
    await client.ok('supplierB', 'POST', '/registry/v0/transfers', TRANSFER);
    await client.ok('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('full-1', 1, 't'));
    expect(kept(port).state.snapshot()).toBe(sandbox.state.snapshot());
  });

  test('ids drawn after a restart come after every id drawn before, even when the clock went back', async () => {
    const port = new MemoryPort();
    const first = new Client(kept(port, () => START + 86_400_000));
    const before: string[] = [];
    for (let i = 0; i < 20; i++)
      before.push((await first.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`a-${i}`, i + 1, 't'))).id);
    const second = new Client(kept(port, () => START)); // a day earlier
    for (let i = 0; i < 20; i++) {
      const id = (await second.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`b-${i}`, i + 1, 't'))).id;
      expect(before).not.toContain(id);
      expect(id > (before.at(-1) as string)).toBe(true);
    }
  });

  test('a state written on another world or seed is refused', () => {
    const port = new MemoryPort();
    kept(port);
    const world = { ...DEMO_WORLD, organisations: (DEMO_WORLD.organisations ?? []).slice(0, -1) };
    expect(() => createSandboxWithState({ world, now: () => START }, port)).toThrow(KeptStateError);
    expect(() => createSandboxWithState({ world: DEMO_WORLD, now: () => START, seed: 7 }, port)).toThrow(/seed 1, not 7/);
  });
});
