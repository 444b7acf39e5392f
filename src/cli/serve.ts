/**
 * `cdr-engine serve [--port N] [--world file.json]`: the sandbox over HTTP on 127.0.0.1. Prints
 * the address and the demo credentials; stops cleanly on SIGINT or SIGTERM (or when the caller's
 * abort signal fires, which is how tests stop it).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArguments } from './arguments';
import { readJsonDocument } from './document';
import { toNodeListener } from '../adapter/http';
import { createSandbox } from '../adapter/sandbox';
import type { SandboxOptions } from '../adapter/types';
import type { WorldDocument } from '../adapter/world-types';
import { processIo, type Io } from './io';
import { SERVE_USAGE as USAGE } from './usage';

/** Where the bundled demo world is: next to dist/ when built, next to src/ when run from the sources. */
const BUNDLED_WORLDS = [new URL('../worlds/demo.json', import.meta.url), new URL('../../worlds/demo.json', import.meta.url)];


/** A running server. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly server: Server;
  /** Stops accepting connections and closes idle ones; resolves when the server is closed. */
  close(): Promise<void>;
}

/** Starts the sandbox on 127.0.0.1. */
export async function startServer(port: number, options: SandboxOptions = {}): Promise<RunningServer> {
  const server = createServer(toNodeListener(createSandbox(options)));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
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
  for (const t of world.access_tokens ?? []) lines.push(`  Authorization: Bearer ${t.token}   (${names.get(t.organisation_id) ?? t.organisation_id})`);
  return lines.join('\n');
}

/**
 * Runs the serve command until SIGINT or SIGTERM (or `stop`). Returns the exit code: 0 after a
 * clean stop, 1 for a world that is not JSON or not a valid world or a port that cannot be bound, 2
 * for bad usage or a world file that cannot be read.
 */
export async function serveCommand(args: readonly string[], io: Io = processIo, stop?: AbortSignal): Promise<number> {
  const parsed = parseArguments(args, ['port', 'world']);
  const problem = typeof parsed === 'string' ? parsed : parsed.positionals.length > 0 ? `unexpected argument '${parsed.positionals[0]}' (the world is given with --world)` : undefined;
  if (problem !== undefined || typeof parsed === 'string') {
    io.err(`cdr-engine serve: ${problem}\n${USAGE}\n`);
    return 2;
  }
  const portText = parsed.values.port ?? '8080';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`cdr-engine serve: --port must be an integer from 0 to 65535, got '${portText}'\n${USAGE}\n`);
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
  let running: RunningServer;
  try {
    running = await startServer(port, { world });
  } catch (error) {
    io.err(`cdr-engine serve: ${(error as Error).message}\n`);
    return 1;
  }
  io.out(`cdr-engine sandbox listening on ${running.url}\nOpenAPI document: ${running.url}/openapi.json (GET ${running.url}/ lists the routes)\nworld: ${worldPath}\ncredentials:\n${credentials(world)}\n`);
  await new Promise<void>((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    if (stop?.aborted === true) return done();
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    stop?.addEventListener('abort', done);
  });
  await running.close();
  io.out('cdr-engine sandbox stopped\n');
  return 0;
}

/** The serve command as the CLI runs it (until SIGINT or SIGTERM). */
export function run(args: readonly string[], io: Io): Promise<number> {
  return serveCommand(args, io);
}
