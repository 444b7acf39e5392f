/**
 * Reading a JSON document named on the command line and printing an input's problems: the steps
 * every command that takes a document shares, with the same exit codes and messages in every
 * command (2: the file cannot be read; 1: it is not JSON, or the input is invalid). `-` names
 * standard input. Messages are plain sentences: `cannot read 'x.json': no such file`, never an
 * errno code; a text that is not JSON is reported with its line and column, and so is a key written
 * twice in one object (duplicate-keys.ts).
 */
import { constants } from 'node:buffer';
import { open, readFile, stat } from 'node:fs/promises';
import { formatIssuePath, type GraphIssue } from '../model';
import { locateJsonError } from '../model/json-text';
import { bytePositions, bytePositionsInFile, type TextPosition } from './byte-positions';
import { duplicateKeyIn, type DuplicateKey } from './duplicate-keys';
import type { Io } from './io';
import { JsonDuplicateKeyError, JsonObjectStream, JsonStreamError } from './json-stream';
import { sharedIds } from './shared-ids';
import { terminalText } from './terminal-text';

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

/** The file argument that names standard input. */
export const STDIN = '-';

/**
 * A document read and parsed (with the name messages give it: the file name, or `standard
 * input`), or the exit code to stop with (the problem already printed).
 */
export type ReadDocument =
  | { readonly ok: true; readonly document: unknown; readonly label: string }
  | { readonly ok: false; readonly exitCode: 1 | 2 };

/** Why a file cannot be read, by Node's error code, as the end of a sentence. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file (a part of the path is not a directory)',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'input/output error',
};

/**
 * Why a document cannot be read, as the end of a sentence. A text longer than a JavaScript string
 * can hold (`RangeError: Invalid string length` from readFile, ERR_STRING_TOO_LONG from a Buffer)
 * is said in those words, with the limit and what to do (standard input is read as one string; a
 * file a chunk at a time). `limit` is the runtime's, given for tests.
 */
export function readFailure(error: unknown, limit: number = MAX_STRING_LENGTH): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const tooLong =
    code === 'ERR_STRING_TOO_LONG' ||
    code === 'ERR_FS_FILE_TOO_LARGE' ||
    (error instanceof RangeError && /string length/i.test(error.message));
  if (tooLong) {
    const mb = Math.round(limit / 2 ** 20);
    return (
      `it is too large to read as one JavaScript string (the limit is ${limit.toLocaleString('en-US')} characters, about ${mb} MB, in this Node.js); ` +
      'write it to a file (a file is read a chunk at a time) or split the graph into documents of fewer GHG entries'
    );
  }
  return (code === undefined ? undefined : READ_FAILURES[code]) ?? 'it could not be read';
}

/**
 * Reads and parses the JSON document at `source` (`-`: standard input), named `label` in messages.
 * An unreadable file is exit 2; a text that is not JSON is an invalid input, exit 1. `limit`: the
 * longest string the runtime makes (a file larger is never read as one string), given for tests.
 */
export async function readJsonDocument(
  command: string,
  source: string | URL,
  label: string,
  io: Io,
  limit: number = MAX_STRING_LENGTH,
): Promise<ReadDocument> {
  const fromStdin = source === STDIN;
  const name = fromStdin ? 'standard input' : label;
  if (!fromStdin) {
    const read = await readFileInChunks(command, source, name, io, limit);
    if (read !== undefined) return read;
  }
  let text: string;
  try {
    text = fromStdin ? await (io.stdin ?? readProcessStdin)() : await readFile(source, 'utf8');
  } catch (error) {
    io.err(`cdr-engine ${command}: cannot read ${named(name, fromStdin)}: ${readFailure(error)}\n`);
    return { ok: false, exitCode: 2 };
  }
  // A byte order mark (which some editors write) is not part of the JSON text.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return parseText(command, text, null, name, fromStdin, io);
}

/** A document as messages name it: a file's name in quotes, `standard input` as it is. */
function named(label: string, fromStdin: boolean): string {
  return fromStdin ? label : `'${label}'`;
}

/**
 * The document of a file, parsed a chunk at a time (json-stream.ts: no size limit but memory), or
 * exit 1 or 2 (the problem printed); undefined for a text that is not JSON and fits one string: it
 * is read again whole, for `JSON.parse`'s usual message with line and column.
 */
async function readFileInChunks(
  command: string,
  source: string | URL,
  name: string,
  io: Io,
  limit: number,
): Promise<ReadDocument | undefined> {
  try {
    return { ok: true, document: await parseFileInChunks(source), label: name };
  } catch (error) {
    if (!(error instanceof JsonStreamError)) {
      io.err(`cdr-engine ${command}: cannot read '${name}': ${readFailure(error)}\n`);
      return { ok: false, exitCode: 2 };
    }
    if (error instanceof JsonDuplicateKeyError) {
      const { duplicate } = error;
      const positions = await bytePositionsInFile(source, [duplicate.firstByteOffset, duplicate.byteOffset]);
      io.err(`cdr-engine ${command}: '${name}' ${duplicateKeyProblem(duplicate, positions)}\n`);
      return { ok: false, exitCode: 1 };
    }
    // (A file of at most `limit` bytes decodes to at most as many UTF-16 code units.)
    if ((await stat(source)).size <= limit) return undefined;
    io.err(`cdr-engine ${command}: '${name}' is not valid JSON: ${terminalText(error.message)}\n`);
    return { ok: false, exitCode: 1 };
  }
}

/**
 * The document in a text (whose UTF-8 bytes are `bytes`, or are made from it when null), or exit 1
 * for a text that is not JSON or writes a key twice in one object (the problem printed).
 */
function parseText(command: string, text: string, bytes: Uint8Array | null, label: string, fromStdin: boolean, io: Io): ReadDocument {
  let document: unknown;
  try {
    document = JSON.parse(text) as unknown;
  } catch (error) {
    io.err(`cdr-engine ${command}: ${named(label, fromStdin)} is not valid JSON: ${terminalText(jsonProblem(text, error))}\n`);
    return { ok: false, exitCode: 1 };
  }
  const utf8 = bytes ?? Buffer.from(text);
  const duplicate = duplicateKeyIn(utf8);
  if (duplicate === null) return { ok: true, document, label };
  const positions = bytePositions([utf8], [duplicate.firstByteOffset, duplicate.byteOffset]);
  io.err(`cdr-engine ${command}: ${named(label, fromStdin)} ${duplicateKeyProblem(duplicate, positions)}\n`);
  return { ok: false, exitCode: 1 };
}

/**
 * Files of at most this many bytes are read whole by {@link readWholeFile} (a Monte Carlo run's
 * document): one `JSON.parse` of the text gives the same document as the chunked parse at a
 * fraction of its time, and the text never holds more than 2 × this in memory.
 */
export const WHOLE_FILE_BYTES = 32 * 2 ** 20;

/**
 * The bytes of the regular file `source` when it holds at most `most` bytes; null for a larger file
 * or anything else (read it with {@link readJsonDocument}), or exit 2 (the problem printed).
 */
export async function readWholeFile(
  command: string,
  source: string | URL,
  label: string,
  io: Io,
  most: number = WHOLE_FILE_BYTES,
): Promise<{ readonly ok: true; readonly bytes: Buffer | null } | { readonly ok: false; readonly exitCode: 2 }> {
  try {
    const file = await open(source, 'r');
    try {
      const stats = await file.stat();
      if (!stats.isFile() || stats.size > most) return { ok: true, bytes: null };
      return { ok: true, bytes: await file.readFile() };
    } finally {
      await file.close();
    }
  } catch (error) {
    io.err(`cdr-engine ${command}: cannot read '${label}': ${readFailure(error)}\n`);
    return { ok: false, exitCode: 2 };
  }
}

/** The JSON text in a file's bytes (UTF-8) parsed by `JSON.parse`, a byte order mark dropped; throws as `JSON.parse` does. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  return JSON.parse(textOf(bytes));
}

/** A file's UTF-8 bytes as text, without a byte order mark (which some editors write: it is not part of the JSON text). */
function textOf(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The document in a file's bytes ({@link readWholeFile}), named `label` in messages: what
 * {@link readJsonDocument} gives for the same file, or exit 1 for a text that is not JSON (the
 * problem printed, with the same message).
 */
export function parseDocumentBytes(command: string, bytes: Uint8Array, label: string, io: Io): ReadDocument {
  return parseText(command, textOf(bytes), bytes, label, false, io);
}

/** Bytes read at a time from a document file. */
const CHUNK_BYTES = 8 * 2 ** 20;

/** A buffer to read a file into, a chunk at a time ({@link feedFile}); one serves every pass over a file. */
export function fileChunk(chunkBytes: number = CHUNK_BYTES): Buffer {
  return Buffer.allocUnsafe(chunkBytes);
}

/** The JSON object in a file, parsed a chunk at a time (json-stream.ts), each id one string (shared-ids.ts). */
export async function parseFileInChunks(source: string | URL, chunkBytes: number = CHUNK_BYTES): Promise<unknown> {
  const ids = sharedIds();
  try {
    const parser = new JsonObjectStream(ids.itemsParsed);
    await feedFile(source, parser, fileChunk(chunkBytes));
    return parser.end();
  } finally {
    ids.done();
  }
}

/** Feeds the bytes of a file to a chunked parse (not ended), read into `chunk` a chunk at a time. */
export async function feedFile(source: string | URL, parser: JsonObjectStream, chunk: Buffer = fileChunk()): Promise<void> {
  const file = await open(source, 'r');
  try {
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      // The same buffer for every read: the parser copies the unfinished end it keeps. A fresh 8 MB
      // copy per read cost its page faults (bench/RESULTS.md, stop 51).
      parser.feed(chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}

/** Where and why `text` is not JSON: `Expecting ',' delimiter at line 3, column 7`. */
export function jsonProblem(text: string, error: unknown): string {
  // Located only once JSON.parse has refused, so that a valid document is scanned once.
  const located = locateJsonError(text);
  if (located === null) return (error as Error).message;
  const { line, column } = lineAndColumn(text, located.position);
  const reason = located.error.replace(/ at$/, '');
  return `${reason} at line ${line}, column ${column}`;
}

/** What a key written twice in one object is, as the end of a sentence that starts with the document's name. */
function duplicateKeyProblem(duplicate: DuplicateKey, positions: readonly TextPosition[]): string {
  const places = positions.map((p) => `line ${p.line}, column ${p.column}`).join(' and at ');
  return (
    `writes the key ${JSON.stringify(duplicate.key)} twice in one object, at ${places}: ` +
    'JSON.parse would keep the second, so the figures would depend on the order the text is written in; keep one'
  );
}

/** Line and column (both from 1; a column counts UTF-16 code units) of an offset into a text. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}

/** All of the process's standard input, as UTF-8 text. */
async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Prints every problem of an input, one per line with its path and code. */
export function printIssues(command: string, label: string, issues: readonly GraphIssue<string>[], io: Io): void {
  const name = label === STDIN ? 'standard input' : label;
  io.err(`cdr-engine ${command}: ${issues.length} problem(s) in ${terminalText(name)}\n`);
  // Paths and messages quote the document's keys and ids: one line each, whatever they hold.
  for (const issue of issues)
    io.err(`  ${terminalText(formatIssuePath(issue.path))}: ${terminalText(issue.message)} [${terminalText(issue.code)}]\n`);
}
