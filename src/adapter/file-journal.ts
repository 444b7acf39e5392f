/**
 * The sandbox journal in a directory (`cdr-engine serve --state <dir>`): one append-only file,
 * `journal.jsonl`, a record a line, each line `<checksum> <json>`. A record is acknowledged only
 * after `fdatasync`; records arriving while a sync runs are written and synced together (group
 * commit), so 16 clients share one sync instead of queueing for 16.
 *
 * After a crash the file may end with a torn record (a line cut short, or bytes that never became
 * a whole line): such a tail was never acknowledged, and it is cut off before the sandbox starts.
 * A bad line followed by good ones is not a torn tail but damage, and the journal is refused.
 * A lock file keeps a second server off the same directory.
 *
 * Node-only: loaded by `cdr-engine serve`, never by the library's entry points (docs/service.md,
 * "State").
 */
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxJournal } from './types';

/** A journal file open for appending. */
export interface FileJournal extends SandboxJournal {
  /** Where the records are. */
  readonly path: string;
  /** Bytes of a torn last record cut off when it was opened (0 when the file ended cleanly). */
  readonly tornBytes: number;
  /** Waits for pending appends, closes the file and releases the directory. */
  close(): Promise<void>;
}

const FILE = 'journal.jsonl';
const LOCK = 'lock';

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The record of a line, or undefined when the line is not a whole, intact record. */
function recordOf(line: string): string | undefined {
  const space = line.indexOf(' ');
  if (space !== 16) return undefined;
  const record = line.slice(17);
  return checksum(record) === line.slice(0, 16) ? record : undefined;
}

/** The records of the file's text and the length of its intact part; throws on damage before the end. */
function readRecords(text: string, path: string): { records: string[]; intact: number } {
  const records: string[] = [];
  let at = 0;
  let badLine: number | undefined;
  let intact = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const line = end < 0 ? text.slice(at) : text.slice(at, end);
    const record = end < 0 ? undefined : recordOf(line);
    if (record === undefined) badLine ??= records.length + 1;
    else if (badLine !== undefined)
      throw new Error(`${path}: line ${badLine} is damaged and records follow it; the journal cannot be replayed`);
    else {
      records.push(record);
      intact = end + 1;
    }
    at = end < 0 ? text.length : end + 1;
  }
  return { records, intact };
}

/** Takes the directory's lock; a lock left by a process that no longer runs is taken over. */
function lock(dir: string): string {
  const path = join(dir, LOCK);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
    return path;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(readFileSync(path, 'utf8'));
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && running(holder)) {
    throw new Error(`${dir} is in use by process ${holder} (remove ${path} if that process is not a sandbox)`);
  }
  writeFileSync(path, String(process.pid));
  return path;
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens (creating it if needed) the journal in `dir`: reads its records, cuts off a torn last
 * record, and appends from there. Throws, naming the file, when the directory cannot be used.
 */
export async function openFileJournal(dir: string): Promise<FileJournal> {
  mkdirSync(dir, { recursive: true });
  const lockPath = lock(dir);
  const path = join(dir, FILE);
  let handle: FileHandle;
  let records: string[];
  let tornBytes: number;
  try {
    const fd = openSync(path, 'a+');
    try {
      const bytes = readFileSync(fd);
      const text = bytes.toString('utf8');
      const read = readRecords(text, path);
      records = read.records;
      const intactBytes = Buffer.byteLength(text.slice(0, read.intact));
      tornBytes = bytes.length - intactBytes;
      if (tornBytes > 0) {
        ftruncateSync(fd, intactBytes);
        fsyncSync(fd);
      }
    } finally {
      closeSync(fd);
    }
    handle = await open(path, 'a');
    syncDirectory(dir); // the file's name is durable too, not only its bytes
  } catch (error) {
    rmSync(lockPath, { force: true });
    throw error;
  }
  return journalOn(handle, path, records, tornBytes, lockPath);
}

function journalOn(handle: FileHandle, path: string, records: readonly string[], tornBytes: number, lockPath: string): FileJournal {
  let waiting: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing: Promise<void> | undefined;
  /** Writes and syncs everything waiting, then whatever arrived meanwhile. */
  const flush = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await handle.write(batch.map((w) => w.line).join(''));
        await handle.datasync();
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    writing = undefined;
  };
  return {
    path,
    records,
    tornBytes,
    append(record) {
      if (record.includes('\n')) return Promise.reject(new Error('a journal record is one line'));
      return new Promise<void>((resolve, reject) => {
        waiting.push({ line: `${checksum(record)} ${record}\n`, resolve, reject });
        writing ??= flush();
      });
    },
    async close() {
      await writing;
      await handle.close();
      rmSync(lockPath, { force: true });
    },
  };
}
