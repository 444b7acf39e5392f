/**
 * The node:http binding of the sandbox: reads the request (bounded), hands it to `handle`, writes
 * the response. The only code of the adapter that touches node:http; the service itself never
 * sees a socket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sandbox } from './types';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest request body accepted, in bytes (default 1 MiB); a larger one is answered 413. */
  readonly maxBodyBytes?: number;
}

/** Default bound of a request body. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function send(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: unknown): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/**
 * A `node:http` request listener serving `sandbox`: the same statuses, JSON bodies and headers as
 * `handle`.
 */
export function toNodeListener(sandbox: Sandbox, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        send(res, 413, { 'content-type': 'application/json', connection: 'close' }, { detail: `Request body larger than ${limit} bytes` });
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => {
      if (!res.headersSent) send(res, 400, { 'content-type': 'application/json' }, { detail: 'Request could not be read' });
    });
    req.on('end', () => {
      if (refused) return;
      const body = size === 0 ? undefined : new Uint8Array(Buffer.concat(chunks));
      void sandbox
        .handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body })
        .then((response) => send(res, response.status, response.headers, response.body));
    });
  };
}
