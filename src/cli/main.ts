/**
 * cli: the `cdr-engine` command. With the HTTP binding, the only code that reads files, writes to
 * the terminal or listens on a port; everything it computes comes from src/.
 * May import: everything in src/. This file loads nothing of the engine: each command's module is
 * imported when that command runs (commands.ts), so `--version` and help start at once.
 */
import { COMMANDS, findCommand } from './commands';
import { processIo, type Io } from './io';
import { VERSION } from '../version';

export type { Io } from './io';
export { endQuietlyOnClosedPipe, exitWhenWritten } from './io';

const HELP_FLAGS = new Set(['--help', '-h']);
/** `version` as a command, as git and npm take it, and `-V` as many tools spell it. */
const VERSION_ARGUMENTS = new Set(['--version', '-v', '-V', 'version']);

function generalUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  cdr-engine ${c.name.padEnd(width)}   ${c.summary}`);
  return [
    'usage: cdr-engine <command> [arguments]',
    '',
    'commands:',
    ...lines,
    '',
    '  cdr-engine help <command>   or   cdr-engine <command> --help   usage of one command',
    '  cdr-engine --version   (or -v, -V, version)',
    '',
    'exit codes: 0 success, 1 invalid input (problems on stderr), 2 bad usage or unreadable file',
  ].join('\n');
}

/**
 * Runs the CLI with the given arguments and returns the exit code.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (VERSION_ARGUMENTS.has(name ?? '')) {
    io.out(`cdr-engine ${VERSION}\n`);
    return 0;
  }
  if (name === undefined) {
    io.err(`${generalUsage()}\n`);
    return 2;
  }
  if (HELP_FLAGS.has(name)) {
    io.out(`${generalUsage()}\n`);
    return 0;
  }
  if (name === 'help') return help(rest, io);
  const command = findCommand(name);
  if (command === undefined) {
    io.err(`cdr-engine: unknown command '${name}'\n${generalUsage()}\n`);
    return 2;
  }
  if (rest.some((a) => HELP_FLAGS.has(a))) {
    io.out(`${command.usage}\n`);
    return 0;
  }
  return (await command.load(rest)).run(rest, io);
}

/** `cdr-engine help [command]`. */
function help(args: readonly string[], io: Io): number {
  if (args.length === 0) {
    io.out(`${generalUsage()}\n`);
    return 0;
  }
  const command = args.length === 1 ? findCommand(args[0] as string) : undefined;
  if (command === undefined) {
    io.err(`cdr-engine help: unknown command '${args.join(' ')}'\n${generalUsage()}\n`);
    return 2;
  }
  io.out(`${command.usage}\n`);
  return 0;
}
