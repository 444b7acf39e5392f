/**
 * Where the CLI writes: the process's streams by default, buffers in tests. Every command takes an
 * {@link Io} so that it can be run in-process.
 */

/** The two output streams of a command. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
