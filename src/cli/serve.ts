/**
 * `cdr-engine serve [--port N] [--world file.json] [--state DIR]`: the sandbox over HTTP on
 * 127.0.0.1. Prints the address and the demo credentials; with `--state`, keeps the state in
 * DIR's SQLite database (every accepted write committed before its answer) and loads it at the
 * next start. Stops on SIGINT or SIGTERM (or when the
 * caller's abort signal fires, which is how tests stop it) within a deadline; a second signal
 * stops at once (docs/service.md, "Stopping").
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArguments } from './arguments';
import { readJsonDocument } from './document';
import { createNodeService, DEFAULT_TIMEOUTS, type NodeServiceOptions } from '../adapter/http/http';
import type { StatePort } from '../adapter/kept-state';
import { createSandboxWithState } from '../adapter/sandbox';
import type { SqliteState } from '../adapter/sqlite-state';
import type { SandboxOptions } from '../adapter/types';
import { WorldDocumentError } from '../adapter/world';
import type { WorldDocument } from '../adapter/world/world-types';
import { processIo, type Io } from './io';
import { integerOption } from './option-numbers';
import { terminalLines, terminalText } from './terminal-text';
import { SERVE_USAGE as USAGE } from './usage';

/** Where the bundled demo world is: next to dist/ when built, next to src/ when run from the sources. */
const BUNDLED_WORLDS = [new URL('../worlds/demo.json', import.meta.url), new URL('../../worlds/demo.json', import.meta.url)];

/** A running server. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly server: Server;
  /**
   * Stops accepting connections, lets requests in progress finish (answered with `Connection:
   * close`), closes whatever is still open after the deadline; resolves when the server is closed.
   */
  close(deadlineMs?: number): Promise<void>;
  /** Closes every connection at once (a second signal). */
  closeNow(): void;
}

/** Time limits of the server (tests pass short ones); defaults in docs/service.md ("Limits"). */
export interface ServeLimits extends NodeServiceOptions {
  /** How long a stop waits for requests in progress before closing their connections (default 10 s). */
  readonly shutdownMs?: number;
}

/** Starts the sandbox on 127.0.0.1. */
export async function startServer(
  port: number,
  options: SandboxOptions = {},
  limits: ServeLimits = {},
  state?: StatePort,
): Promise<RunningServer> {
  const sandbox = createSandboxWithState(options, state);
  // A state file checked while its rows loaded (adapter/sqlite-check.ts): no connection before the check answers.
  await state?.checked?.();
  const service = createNodeService(sandbox, limits);
  const { server } = service;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: (deadlineMs = limits.shutdownMs ?? DEFAULT_TIMEOUTS.shutdownMs) => service.shutdown(deadlineMs),
    closeNow: () => service.closeNow(),
  };
}

function bundledWorldPath(): string | undefined {
  for (const url of BUNDLED_WORLDS) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** What a person needs to call the server: the client secrets and the token of each organisation. */
function credentials(world: WorldDocument): string {
  const lines: string[] = [];
  for (const c of world.clients ?? []) lines.push(`  x-client-secret: ${c.client_secret}${c.name === undefined ? '' : `   (${c.name})`}`);
  const names = new Map((world.organisations ?? []).map((o) => [o.id, o.name]));
  for (const t of world.access_tokens ?? [])
    lines.push(`  Authorization: Bearer ${t.token}   (${names.get(t.organisation_id) ?? t.organisation_id})`);
  return lines.join('\n');
}

/** Resolves on the first SIGINT, SIGTERM or abort; `second` is called on the next one. */
function stopSignals(stop: AbortSignal | undefined, second: () => void): { stopped: Promise<void>; release: () => void } {
  let count = 0;
  let resolveStop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    resolveStop = resolve;
  });
  const onSignal = (): void => {
    count += 1;
    if (count === 1) resolveStop();
    else second();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  stop?.addEventListener('abort', onSignal);
  if (stop?.aborted === true) onSignal();
  const release = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    stop?.removeEventListener('abort', onSignal);
  };
  return { stopped, release };
}

/**
 * Why the server did not start, on stderr: a world document's problems quote its ids and keys, so
 * each is escaped (terminal-text.ts) before the error's own lines are written; any other message
 * keeps its lines.
 */
function startFailure(error: unknown): string {
  if (!(error instanceof WorldDocumentError)) return terminalLines((error as Error).message);
  const issues = error.issues.map((i) => ({
    ...i,
    path: i.path.map((part) => (typeof part === 'string' ? terminalText(part) : part)),
    message: terminalText(i.message),
  }));
  return new WorldDocumentError(issues).message;
}

/**
 * Opens the state of `--state`; when it cannot be used, a message naming the directory and the exit
 * code: 2 when better-sqlite3 is missing (an optional peer, as for check and report), else 1.
 */
async function openState(dir: string | undefined, io: Io): Promise<SqliteState | undefined | number> {
  if (dir === undefined) return undefined;
  const { openSqliteState, SQLITE_MISSING_CODE } = await import('../adapter/sqlite-state');
  try {
    // A state file removed or renamed while serving refuses writes: said on stderr when it starts and ends.
    const report = (message: string): void => io.err(`cdr-engine serve: --state ${dir}: ${message}\n`);
    const state = await openSqliteState(dir, { checkAside: true, report });
    // A write past a file-size limit fails (EFBIG, answered 503) instead of killing the server.
    process.on('SIGXFSZ', ignore);
    return state;
  } catch (error) {
    io.err(`cdr-engine serve: --state ${dir}: ${(error as Error).message}\n`);
    return (error as NodeJS.ErrnoException).code === SQLITE_MISSING_CODE ? 2 : 1;
  }
}

function ignore(): void {
  // SIGXFSZ: the write that caused it fails with EFBIG, which the store reports.
}

/**
 * Runs the serve command until SIGINT or SIGTERM (or `stop`): a first signal stops accepting
 * connections and lets requests in progress finish, within `limits.shutdownMs` (10 s); a second
 * one closes every connection at once. Returns the exit code: 0 after a stop, 1 for a world that
 * is not JSON or not a valid world, a state directory that cannot be used or loaded, or a port
 * that cannot be bound, 2 for bad usage, a world file that cannot be read or `--state` without
 * better-sqlite3 (an optional peer dependency).
 */
export async function serveCommand(
  args: readonly string[],
  io: Io = processIo,
  stop?: AbortSignal,
  limits: ServeLimits = {},
): Promise<number> {
  const parsed = parseArguments(args, ['port', 'world', 'state']);
  const problem =
    typeof parsed === 'string'
      ? parsed
      : parsed.positionals.length > 0
        ? `unexpected argument '${parsed.positionals[0]}' (the world is given with --world)`
        : undefined;
  if (problem !== undefined || typeof parsed === 'string') {
    io.err(`cdr-engine serve: ${problem}\n${USAGE}\n`);
    return 2;
  }
  const portText = parsed.values.port ?? '8080';
  const port = integerOption('port', portText, 0, 65535);
  if (typeof port === 'string') {
    io.err(`cdr-engine serve: ${port}\n${USAGE}\n`);
    return 2;
  }
  const worldPath = parsed.values.world ?? bundledWorldPath();
  if (worldPath === undefined) {
    io.err('cdr-engine serve: the bundled demo world is missing; pass --world file.json\n');
    return 2;
  }
  const read = await readJsonDocument('serve', worldPath, worldPath, io);
  if (!read.ok) return read.exitCode; // 2 unreadable, 1 not JSON: as every command
  const world = read.document as WorldDocument; // createSandbox validates the world and names what is wrong
  const kept = await openState(parsed.values.state, io);
  if (typeof kept === 'number') return kept;
  let running: RunningServer;
  const started = Date.now();
  try {
    running = await startServer(port, { world }, limits, kept);
  } catch (error) {
    closeState(kept);
    io.err(`cdr-engine serve: ${kept === undefined ? '' : `--state ${parsed.values.state}: `}${startFailure(error)}\n`);
    return 1;
  }
  const state =
    kept === undefined
      ? 'state: in memory only (pass --state DIR to keep it)'
      : `state: ${kept.path} (loaded in ${Date.now() - started} ms)`;
  // The handlers are in place before the ready line: a supervisor may signal as soon as it reads it.
  const signals = stopSignals(stop, () => running.closeNow());
  io.out(
    `cdr-engine sandbox listening on ${running.url}\nOpenAPI document: ${running.url}/openapi.json (GET ${running.url}/ lists the routes)\nworld: ${worldPath}\n${state}\ncredentials:\n${credentials(world)}\n`,
  );
  await signals.stopped;
  io.out('cdr-engine sandbox stopping\n');
  await running.close();
  signals.release();
  closeState(kept);
  io.out('cdr-engine sandbox stopped\n');
  return 0;
}

function closeState(kept: SqliteState | undefined): void {
  if (kept === undefined) return;
  kept.close();
  process.off('SIGXFSZ', ignore);
}

/** The serve command as the CLI runs it (until SIGINT or SIGTERM). */
export function run(args: readonly string[], io: Io): Promise<number> {
  return serveCommand(args, io);
}
