/**
 * The node:http binding of the sandbox: reads the request (bounded in size and time), hands it to
 * `handle`, writes the response, and stops in bounded time. The only code of the adapter that
 * touches node:http; the service itself never sees a socket. Limits, timeouts and shutdown are
 * documented in docs/service.md ("Limits" and "Stopping").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Sandbox } from '../types';

/** Options of {@link toNodeListener} and {@link createNodeService}. */
export interface NodeListenerOptions {
  /** Largest request body accepted, in bytes (default 1 MiB); a larger one is answered 413. */
  readonly maxBodyBytes?: number;
  /** After a 413, how long the rest of the body is read and dropped before the connection closes (default 5 s). */
  readonly lingerMs?: number;
  /** Whether the service is stopping: answers then carry `Connection: close`. */
  readonly closing?: () => boolean;
}

/** Options of {@link createNodeService}: the listener's, and the server's time limits. */
export interface NodeServiceOptions extends Omit<NodeListenerOptions, 'closing'> {
  /** Time to receive a request's headers (default 10 s); then 408 and the connection closes. */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request, headers and body (default 30 s); then 408 and close. */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5 s). */
  readonly keepAliveTimeoutMs?: number;
}

/** Default bound of a request body. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default time limits (ms). */
export const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, lingerMs: 5_000, shutdownMs: 10_000 } as const;
/** Most bytes dropped while lingering after a 413 (a bound beside the time). */
const LINGER_MAX_BYTES = 256 * 1024 * 1024;

/** JSON texts of frozen bodies (the OpenAPI document): serialised once, not per request. */
const frozenTexts = new WeakMap<object, string>();

function serialise(body: unknown): string {
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = frozenTexts.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    frozenTexts.set(body, text);
  }
  return text;
}

function send(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = serialise(body);
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/**
 * Closes `socket` as nginx's lingering close does: the answer is sent and the writing side shut,
 * but what the client still sends is read and dropped for a while, so that the client reads the
 * answer instead of a reset. Node would destroy the socket as soon as the answer is written; its
 * `destroySoon` is replaced for this one socket.
 */
function lingerOnClose(socket: Socket, lingerMs: number): void {
  let dropped = 0;
  const finish = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(finish, lingerMs);
  timer.unref();
  socket.destroySoon = () => {
    socket.end();
    socket.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_MAX_BYTES) finish();
    });
    socket.once('end', finish);
    socket.resume();
  };
  socket.once('close', () => clearTimeout(timer));
}

/** Answers 413 and lingers. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, limit: number, lingerMs: number): void {
  lingerOnClose(req.socket, lingerMs);
  req.resume(); // drop the rest of the body
  send(res, 413, { 'content-type': 'application/json', connection: 'close' }, { detail: `Request body larger than ${limit} bytes` });
}

/**
 * A `node:http` request listener serving `sandbox`: the same statuses, JSON bodies and headers as
 * `handle`. A body announced (`Content-Length`) or found larger than the limit is answered 413
 * at once.
 */
export function toNodeListener(sandbox: Sandbox, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const lingerMs = options.lingerMs ?? DEFAULT_TIMEOUTS.lingerMs;
  const closing = options.closing ?? (() => false);
  const headersFor = (headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
    closing() ? { ...headers, connection: 'close' } : headers;
  return (req, res) => {
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > limit) return refuseTooLarge(req, res, limit, lingerMs);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        refuseTooLarge(req, res, limit, lingerMs);
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => send(res, 400, headersFor({ 'content-type': 'application/json' }), { detail: 'Request could not be read' }));
    req.on('end', () => {
      if (refused) return;
      const body = size === 0 ? undefined : new Uint8Array(Buffer.concat(chunks));
      void sandbox
        .handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body })
        .then((response) => send(res, response.status, headersFor(response.headers), response.body));
    });
  };
}

/**
 * A keep-alive connection whose idle time ran out while the server was busy with another request
 * may hold the client's next request already, unread: node would reset it (the client sees
 * ECONNRESET for a request it sent in time). Its idle timeout is looked at again after the
 * connection's pending input was read (`setImmediate` runs after the poll phase): a connection
 * with a request in progress then stays open; one still idle is closed, as node closes it.
 */
function keepWaitingRequests(server: Server): void {
  // Requests received on each connection: one received after the timeout (even if answered at once) keeps it.
  const received = new WeakMap<Socket, number>();
  server.on('request', (req: IncomingMessage) => received.set(req.socket, (received.get(req.socket) ?? 0) + 1));
  // A listener of 'timeout' takes over what node does when a connection's socket times out.
  server.on('timeout', (socket: Socket) => {
    const before = received.get(socket) ?? 0;
    setImmediate(() => {
      if ((received.get(socket) ?? 0) === before && socket.readableLength === 0) socket.destroy();
    });
  });
}

/**
 * The request time limit covers the answer too: node's `requestTimeout` bounds the reception of a
 * request (408 when it is up); once it is received, a connection whose answer is not written out
 * within the same limit (a client that does not read it) is closed.
 */
function bindAnswerTime(server: Server, requestMs: number): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const timer = setTimeout(() => {
      if (req.complete && !res.writableFinished) req.socket.destroy();
    }, requestMs);
    timer.unref();
    res.once('close', () => clearTimeout(timer));
  });
}

/** The sandbox served over node:http, with its time limits and a shutdown that ends. */
export interface NodeService {
  readonly server: Server;
  /**
   * Stops accepting connections, closes idle ones, lets requests in progress finish (their
   * answers carry `Connection: close`), and after `deadlineMs` closes whatever is still open.
   * Resolves when the server is closed.
   */
  shutdown(deadlineMs?: number): Promise<void>;
  /** Closes every connection now (a second signal). */
  closeNow(): void;
}

/** Creates the server of {@link NodeService} (not listening yet). */
export function createNodeService(sandbox: Sandbox, options: NodeServiceOptions = {}): NodeService {
  let closing = false;
  const requestMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestMs;
  const headersMs = Math.min(options.headersTimeoutMs ?? DEFAULT_TIMEOUTS.headersMs, requestMs);
  const server = createServer(
    {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_TIMEOUTS.keepAliveMs,
      // How often node looks for expired requests: a fraction of the shortest limit, so a 408 comes on time.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersMs / 4))),
    },
    toNodeListener(sandbox, { ...options, closing: () => closing }),
  );
  keepWaitingRequests(server);
  bindAnswerTime(server, requestMs);
  let closed: Promise<void> | undefined;
  return {
    server,
    shutdown(deadlineMs = DEFAULT_TIMEOUTS.shutdownMs) {
      closing = true;
      closed ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), deadlineMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closed;
    },
    closeNow() {
      closing = true;
      server.closeAllConnections();
    },
  };
}
