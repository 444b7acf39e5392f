/**
 * Where the CLI writes (and reads standard input from): the process's streams by default, buffers
 * in tests. Every command takes an {@link Io} so that it can be run in-process.
 */

/** The two output streams of a command, and where standard input comes from. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** All of standard input as text, for a document named `-`; the process's own stdin when absent. */
  readonly stdin?: () => Promise<string>;
  /** Whether `err` writes to a terminal: long runs then show their progress there. False when absent. */
  readonly errIsTerminal?: boolean;
  /** A clock in milliseconds, for the progress's rate and time left; `performance.now` when absent. */
  readonly now?: () => number;
  /**
   * Resolves once `out` can take more: a command writing a large output in parts waits for it
   * between parts, so that a slow reader (a pipe) holds back the writing instead of the text
   * piling up in memory. Resolved at once when absent.
   */
  readonly drained?: () => Promise<void>;
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTerminal: process.stderr.isTTY === true,
  drained: async () => {
    // The stream's own `once` rather than node:events's: the CLI's entry loads no module beyond its own.
    if (process.stdout.writableNeedDrain) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
  },
};

/**
 * Makes a closed pipe on `stream` end the process quietly: `cdr-engine evaluate | head -n 5` closes
 * standard output once `head` has its lines, and the next write fails with EPIPE. For standard
 * output that is the reader saying it has read enough, so the process exits 0 (as `head`, `yes`
 * and `cat` do) instead of an unhandled 'error' event and its stack trace. On standard error
 * (`2>&1 | head`) the lost messages cannot be shown anywhere, so the error is only swallowed and
 * the command ends with its own exit code. Any other stream error is thrown as before.
 */
export function endQuietlyOnClosedPipe(
  streams: { readonly stdout: NodeJS.WritableStream; readonly stderr: NodeJS.WritableStream },
  exit: (code: number) => void,
): void {
  const closed = (error: NodeJS.ErrnoException): boolean => error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!closed(error)) throw error;
    exit(0);
  });
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (!closed(error)) throw error;
  });
}

/**
 * Ends the process with `code` once everything written to standard output and standard error has
 * been handed on. A finished command holds nothing more worth keeping, and a normal exit would
 * first tear down the heap and each worker thread's (60-65 ms after a 720-entry Monte Carlo run,
 * docs/scaling.md). An empty write's callback runs after every earlier write on its stream is
 * flushed, whether that stream writes synchronously (a file, a pipe on Linux) or not (a pipe on Windows).
 */
export function exitWhenWritten(
  streams: { readonly stdout: NodeJS.WritableStream; readonly stderr: NodeJS.WritableStream },
  exit: (code: number) => void,
  code: number,
): void {
  streams.stdout.write('', () => streams.stderr.write('', () => exit(code)));
}
