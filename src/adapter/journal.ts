/**
 * State that outlives the process: the sandbox writes every request that changed its state to a
 * journal (a port: {@link SandboxJournal}) before answering it, and a sandbox created on a journal
 * replays it. A request is replayed at the instant it first ran and with the ids it first drew,
 * so it changes the state exactly as it did then. The journal's first record says which world and
 * seed it was written on, and when the world was loaded.
 *
 * Pure: the sandbox only calls the port. The file implementation (fsync, torn last record) is
 * node-only and lives in file-journal.ts, loaded by `cdr-engine serve --state`.
 */
import { z } from 'zod';
import type { SandboxHeaders, SandboxJournal, SandboxRequest } from './types';

/** The first record: what the journal was written on. */
const journalHeaderSchema = z
  .object({
    v: z.literal(1),
    world: z.string(),
    seed: z.number(),
    /** The instant the world was loaded at, in ms (ids and dates drawn while loading depend on it). */
    loaded_at: z.number(),
  })
  .readonly();

/** The first record: what the journal was written on. */
export type JournalHeader = z.output<typeof journalHeaderSchema>;

/** A request that changed the state, as replayed. */
const journalEntrySchema = z
  .object({
    /** The instant the request ran at, in ms. */
    at: z.number(),
    method: z.string(),
    path: z.string(),
    headers: z.record(z.string(), z.string()).readonly(),
    /** The raw body text, or the already-parsed value a caller of `handle` gave. */
    text: z.string().optional(),
    value: z.unknown().optional(),
    /** The ids the request drew, in order. */
    ids: z.array(z.string()).readonly(),
  })
  .readonly();

/** A request that changed the state, as replayed. */
export type JournalEntry = z.output<typeof journalEntrySchema>;

/** A journal that cannot be replayed (another world, a record that no longer applies, ...). */
export class JournalError extends Error {
  override readonly name = 'JournalError';
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

/** Headers a replay needs: who asked, and how the body was typed. */
const KEPT_HEADERS = ['authorization', 'x-client-secret', 'content-type'];

function keptHeaders(headers: SandboxHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? (value as readonly unknown[])[0] : value;
    if (KEPT_HEADERS.includes(name.toLowerCase()) && typeof first === 'string') out[name.toLowerCase()] = first;
  }
  return out;
}

/** The journal record of `request`, run at `at` and drawing `ids`. */
export function entryRecord(request: SandboxRequest, at: number, ids: readonly string[]): string {
  const body = request.body;
  const entry: JournalEntry = {
    at,
    method: request.method,
    path: request.path,
    headers: keptHeaders(request.headers),
    ...(typeof body === 'string'
      ? { text: body }
      : body instanceof Uint8Array
        ? { text: new TextDecoder().decode(body) }
        : body === undefined
          ? {}
          : { value: body }),
    ids,
  };
  return JSON.stringify(entry);
}

/** The request a record replays. */
export function entryRequest(entry: JournalEntry): SandboxRequest {
  return { method: entry.method, path: entry.path, headers: entry.headers, body: entry.text ?? entry.value };
}

function parseRecord(record: string, index: number): unknown {
  try {
    return JSON.parse(record);
  } catch {
    throw new JournalError(`journal record ${index + 1} is not JSON`);
  }
}

/** The header of a journal; throws when it was written on another world or seed. */
export function readHeader(journal: SandboxJournal, world: unknown, seed: number): JournalHeader | undefined {
  const first = journal.records[0];
  if (first === undefined) return undefined;
  const header = journalHeaderSchema.safeParse(parseRecord(first, 0));
  if (!header.success) throw new JournalError('journal record 1 is not a journal header (v 1, world, seed, loaded_at)');
  if (header.data.world !== worldFingerprint(world))
    throw new JournalError('the journal was written on another world: start with the world it was written on, or on a new state directory');
  if (header.data.seed !== seed) throw new JournalError(`the journal was written with seed ${String(header.data.seed)}, not ${seed}`);
  return header.data;
}

/** The entries after the header, each checked for its shape. */
export function readEntries(journal: SandboxJournal): JournalEntry[] {
  return journal.records.slice(1).map((record, i) => {
    const entry = journalEntrySchema.safeParse(parseRecord(record, i + 1));
    if (!entry.success) throw new JournalError(`journal record ${i + 2} is not a request (at, method, path, headers, ids)`);
    return entry.data;
  });
}

/** A seed for the ids drawn after a replay of `count` records: another sequence at every length. */
export function idSeedAfter(seed: number, count: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(count + 1, 0xc2b2ae35)) >>> 0;
}
