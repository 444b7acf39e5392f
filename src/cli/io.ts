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
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
