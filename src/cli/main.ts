/**
 * cli: the `cdr-engine` command (evaluate, explain, serve). The only place, with the HTTP
 * binding, that reads files, writes to the terminal or listens on a port.
 * May import: everything in src/.
 */
import { VERSION } from '../version';

/**
 * Runs the CLI with the given arguments and returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '--version' || argv.length === 0) {
    process.stdout.write(`cdr-engine ${VERSION}\n`);
    return 0;
  }
  process.stderr.write(`cdr-engine: unknown command '${argv[0]}'\n`);
  return 2;
}
