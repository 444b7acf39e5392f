// Runs the CLI in-process, as the command tests do: its exit code and what it wrote to stdout and
// stderr, each collected as one string.
import { main } from '../../src/cli/main';

/** The outcome of one command line. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `cdr-engine <argv>` in this process and collects its output. */
export async function runCli(argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}
