/**
 * The files of a kept state (state-files.ts, through sqlite-state.ts), in process on temporary
 * folders: a database removed or renamed while serving refuses every write (503, nothing changed
 * in memory or on disk) and reads go on; renamed back, writes go through again; a folder left with
 * the WAL (or the shared-memory file) but no database is refused at start, naming both, and nothing
 * in it changed; the same file put back loads every write that was answered, and none that was
 * refused. The same through a process killed with -9: state-faults.faults.ts.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { StateWriteError } from '../../src/adapter/kept-state';
import { createSandboxWithState, type SandboxWithState } from '../../src/adapter/sandbox';
import { openSqliteState, type SqliteState } from '../../src/adapter/sqlite-state';
import { holdFiles, refuseOrphans } from '../../src/adapter/state-files';
import { Client, DEMO_WORLD, IDS, START } from './fixtures';

const root = mkdtempSync(join(tmpdir(), 'cdr-state-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Served {
  readonly store: SqliteState;
  readonly sandbox: SandboxWithState;
  readonly reports: string[];
}

async function serveOn(dir: string): Promise<Served> {
  const reports: string[] = [];
  const store = await openSqliteState(dir, { report: (m) => reports.push(m) });
  const sandbox = createSandboxWithState({ world: DEMO_WORLD, now: () => START, onInternalError: () => undefined }, store);
  return { store, sandbox, reports };
}

const batch = (reference: string) => ({
  delivery_date: '2026-02-20',
  display_name: reference,
  feedstock_type_id: IDS.feedstockType,
  mass: { magnitude: 1, unit: 't' },
  supplier_reference_id: reference,
});

/** The target of a link, or undefined (a descriptor closed meanwhile). */
function readlinkOr(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** Creates a feedstock batch; its status (503 is not in the service's document: sent past the client's check). */
async function createBatch(served: Served, reference: string): Promise<number> {
  const headers = new Client(served.sandbox).headers('supplierA');
  const answer = await served.sandbox.handle({ method: 'POST', path: '/mrv/v0/feedstock_batches', headers, body: batch(reference) });
  if (answer.status === 503) expect(answer.headers['retry-after']).toBe('5');
  return answer.status;
}

/** The supplier references of the feedstock type's batches, as a read answers them. */
async function references(served: Served): Promise<string[]> {
  const client = new Client(served.sandbox);
  const page = await client.ok<{ nodes: { supplier_reference_id: string }[]; total_count: number }>(
    'supplierA',
    'GET',
    `/mrv/v0/feedstock_types/${IDS.feedstockType}/feedstock_batches?first=50`,
  );
  expect(page.total_count).toBe(page.nodes.length);
  return page.nodes.map((n) => n.supplier_reference_id).sort();
}

describe('the files of a kept state', () => {
  test('a database removed while serving: writes 503 and change nothing, reads answered; the start after is refused naming the WAL', async () => {
    const dir = join(root, 'removed');
    const served = await serveOn(dir);
    expect(await createBatch(served, 'before-rm')).toBe(200);
    const path = join(dir, 'state.sqlite');
    rmSync(path);
    const before = served.sandbox.state.snapshot();
    expect(await createBatch(served, 'after-rm')).toBe(503);
    expect(await createBatch(served, 'after-rm-2')).toBe(503);
    expect(served.sandbox.state.snapshot()).toBe(before);
    expect(await references(served)).toEqual(['before-rm']);
    // Said once, however many writes are refused.
    expect(served.reports).toEqual([
      `${path} is no longer the file this server opened (removed or renamed while serving): every write is refused (503) until that same file is back at its path; reads are answered from memory`,
    ]);
    served.store.close(); // a clean stop leaves the WAL of a moved file (SQLite does not fold it into a file it no longer finds)
    expect(readdirSync(dir).sort()).toEqual(['state.lock', 'state.sqlite-shm', 'state.sqlite-wal']);
    await expect(openSqliteState(dir)).rejects.toThrow(`${dir} holds state.sqlite-wal but no state.sqlite`);
    expect(readdirSync(dir).sort()).toEqual(['state.lock', 'state.sqlite-shm', 'state.sqlite-wal']);
  });

  test('a database removed while serving and copied back from /proc/PID/fd before the stop: every write answered 200 is there', async () => {
    const dir = join(root, 'removed-copied');
    const served = await serveOn(dir);
    const path = join(dir, 'state.sqlite');
    expect(await createBatch(served, 'before-rm')).toBe(200);
    rmSync(path);
    expect(await createBatch(served, 'after-rm')).toBe(503);
    // The file is still open (this process is the server): Linux names it `<path> (deleted)`.
    const fd = readdirSync('/proc/self/fd').find((n) => readlinkOr(`/proc/self/fd/${n}`) === `${path} (deleted)`);
    expect(fd).toBeDefined();
    copyFileSync(`/proc/self/fd/${fd}`, path);
    expect(await createBatch(served, 'after-copy')).toBe(503); // another file at the path: still refused
    served.store.close();
    const restarted = await serveOn(dir);
    expect(await references(restarted)).toEqual(['before-rm']);
    expect(await createBatch(restarted, 'after-restart')).toBe(200);
    restarted.store.close();
  });

  test('a database renamed while serving: writes 503 until it is renamed back, then go through; a restart loads each write answered 200', async () => {
    const dir = join(root, 'renamed');
    const served = await serveOn(dir);
    const path = join(dir, 'state.sqlite');
    const aside = join(root, 'renamed-aside.sqlite');
    expect(await createBatch(served, 'before-mv')).toBe(200);
    renameSync(path, aside);
    expect(await createBatch(served, 'while-mv')).toBe(503);
    renameSync(aside, path);
    expect(await createBatch(served, 'after-back')).toBe(200);
    expect(served.reports).toHaveLength(2);
    expect(served.reports[1]).toBe(`${path} is the file opened again: writes go through again`);
    // Renamed again and stopped so: the start is refused; the same file put back loads.
    renameSync(path, aside);
    expect(await createBatch(served, 'while-mv-2')).toBe(503);
    const snapshot = served.sandbox.state.snapshot();
    served.store.close();
    await expect(openSqliteState(dir)).rejects.toThrow(`${dir} holds state.sqlite-wal but no state.sqlite`);
    renameSync(aside, path);
    const restarted = await serveOn(dir);
    expect(restarted.sandbox.state.snapshot()).toBe(snapshot);
    expect(await references(restarted)).toEqual(['after-back', 'before-mv']);
    restarted.store.close();
  });

  test('the WAL removed while serving refuses writes as the database does', async () => {
    const dir = join(root, 'wal-removed');
    const served = await serveOn(dir);
    expect(await createBatch(served, 'before')).toBe(200);
    rmSync(join(dir, 'state.sqlite-wal'));
    expect(await createBatch(served, 'after')).toBe(503);
    expect(served.reports[0]).toMatch(/state\.sqlite-wal is no longer the file this server opened/);
    expect(await references(served)).toEqual(['before']);
    served.store.close();
  });

  test('held files, known answers: the same file passes; removed, renamed or replaced by another file, refused; a path with no file is not held', () => {
    const dir = join(root, 'held');
    mkdirSync(dir);
    const file = join(dir, 'a');
    writeFileSync(file, 'x');
    const reports: string[] = [];
    const files = holdFiles([file, join(dir, 'none')], (m) => reports.push(m));
    files.check();
    writeFileSync(join(dir, 'none'), 'made after'); // not held: no refusal
    writeFileSync(file, 'written in place'); // the same file
    files.check();
    renameSync(file, join(dir, 'b'));
    expect(() => files.check()).toThrow(StateWriteError);
    writeFileSync(file, 'x'); // another file at the path
    expect(() => files.check()).toThrow(StateWriteError);
    rmSync(file);
    renameSync(join(dir, 'b'), file);
    files.check();
    rmSync(file);
    expect(() => files.check()).toThrow(`${file} is no longer the file this server opened`);
    expect(reports.map((m) => m.slice(file.length + 1, file.length + 20))).toEqual([
      'is no longer the fi',
      'is the file opened ',
      'is no longer the fi',
    ]);
  });

  test('orphans, known answers: the WAL or the shared-memory file without the database is refused naming it; beside it, or nothing, is not', () => {
    const dir = join(root, 'orphans');
    mkdirSync(dir);
    const path = join(dir, 'state.sqlite');
    refuseOrphans(path); // an empty folder: a new state
    writeFileSync(`${path}-shm`, '');
    expect(() => refuseOrphans(path)).toThrow(`${dir} holds state.sqlite-shm but no state.sqlite`);
    writeFileSync(`${path}-wal`, '');
    expect(() => refuseOrphans(path)).toThrow(`${dir} holds state.sqlite-wal but no state.sqlite`);
    writeFileSync(path, '');
    refuseOrphans(path);
    expect(existsSync(`${path}-wal`)).toBe(true);
  });

  test('property: whatever the renames between writes, a restart with the file in place holds exactly the writes answered 200', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('write', 'rename', 'back'), { minLength: 1, maxLength: 8 }), async (steps) => {
        const dir = join(root, `property-${run++}`);
        const path = join(dir, 'state.sqlite');
        const aside = `${dir}-aside.sqlite`;
        const served = await serveOn(dir);
        const answered: string[] = [];
        let away = false;
        for (const [i, step] of steps.entries()) {
          if (step === 'write') {
            const status = await createBatch(served, `w${i}`);
            expect(status).toBe(away ? 503 : 200);
            if (status === 200) answered.push(`w${i}`);
          } else if (step === 'rename' && !away) {
            renameSync(path, aside);
            away = true;
          } else if (step === 'back' && away) {
            renameSync(aside, path);
            away = false;
          }
        }
        served.store.close();
        if (away) renameSync(aside, path);
        const restarted = await serveOn(dir);
        expect(await references(restarted)).toEqual(answered.sort());
        restarted.store.close();
      }),
      { numRuns: 12 },
    );
  });
});
