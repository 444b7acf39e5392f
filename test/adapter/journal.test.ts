/**
 * The journal port of createSandbox: a sandbox created on the records another one wrote holds the
 * same state, ids and clock included; refused and read-only requests write nothing; a journal that
 * fails stops the sandbox; a journal of another world or seed is refused. (The file journal and
 * kill -9 are in reliability.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import type { SandboxJournal } from '../../src/adapter/types';
import { Client, DEMO_WORLD, datapointBody, demoSandbox, IDS, issuedRemoval, START } from './fixtures';

function memoryJournal(records: string[] = []): SandboxJournal & { records: string[] } {
  return { records, append: (record) => Promise.resolve(void records.push(record)) };
}

describe('createSandbox({ journal })', () => {
  test('replaying the journal gives the same state, whatever the clock says now', async () => {
    let now = START;
    const journal = memoryJournal();
    const first = demoSandbox({ journal, now: () => now });
    const client = new Client(first);
    const created = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('journaled', 2, 't'));
    now += 60_000;
    await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${created.id}`, { display_name: 'renamed' });
    await client.ok('supplierA', 'POST', '/sandbox/v0/clock/advance', { seconds: 3_600 });
    await issuedRemoval(client); // GHG entry, statement, verification, credits: ledger records too
    const written = journal.records.length;
    expect((await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('journaled', 1, 't'))).status).toBe(409);
    expect((await client.get('supplierA', `/mrv/v0/datapoints/${created.id}`)).status).toBe(200);
    expect(journal.records).toHaveLength(written); // refusals and reads write nothing

    now += 86_400_000; // restarted a day later
    const second = demoSandbox({ journal: memoryJournal([...journal.records]), now: () => now });
    expect(second.state.snapshot()).toBe(first.state.snapshot());
    // New ids come from a sequence of their own, not the first start's again.
    const a = await new Client(first).ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('after-a', 1, 't'));
    const b = await new Client(second).ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('after-b', 1, 't'));
    expect(b.id).not.toBe(a.id);
  });

  test('a journal that cannot be written: 500 for that write, then 503, nothing claimed durable', async () => {
    let fail = false;
    const journal: SandboxJournal = { records: [], append: () => (fail ? Promise.reject(new Error('disk full')) : Promise.resolve()) };
    const client = new Client(demoSandbox({ journal }));
    fail = true;
    expect(
      (
        await client.sandbox.handle({
          method: 'POST',
          path: '/mrv/v0/datapoints',
          headers: client.headers('supplierA'),
          body: datapointBody('lost', 1, 't'),
        })
      ).status,
    ).toBe(500);
    expect((await client.sandbox.handle({ method: 'GET', path: '/mrv/v0/datapoints', headers: client.headers('supplierA') })).status).toBe(
      503,
    );
  });

  test('a journal of another world or seed, or a record that no longer applies, is refused by name', () => {
    const journal = memoryJournal();
    demoSandbox({ journal });
    expect(() => demoSandbox({ journal: memoryJournal([...journal.records]), world: { ...DEMO_WORLD, clients: [] } })).toThrow(
      /another world/,
    );
    expect(() => demoSandbox({ journal: memoryJournal([...journal.records]), seed: 2 })).toThrow(/seed 1, not 2/);
    const bad = JSON.stringify({ at: START, method: 'DELETE', path: `/mrv/v0/projects/${IDS.projectA}`, headers: {}, ids: [] });
    expect(() => demoSandbox({ journal: memoryJournal([...journal.records, bad]) })).toThrow(
      /journal record 2 \(DELETE .*\) replays as 4\d\d, not as accepted/,
    );
    expect(() => demoSandbox({ journal: memoryJournal([...journal.records, 'not json']) })).toThrow(/journal record 2 is not JSON/);
    // A record of the wrong shape is refused before it replays: headers and ids are read as strings.
    const shaped = { at: 0, method: 'DELETE', path: '/mrv/v0/projects/x', headers: {}, ids: [] };
    for (const wrong of [[], { ...shaped, ids: [1] }, { ...shaped, headers: { authorization: 7 } }, { ...shaped, at: '0' }]) {
      expect(() => demoSandbox({ journal: memoryJournal([...journal.records, JSON.stringify(wrong)]) })).toThrow(
        /journal record 2 is not a request/,
      );
    }
    expect(() => demoSandbox({ journal: memoryJournal(['{"v":1,"world":3,"seed":1,"loaded_at":0}']) })).toThrow(
      /record 1 is not a journal header/,
    );
  });
});
