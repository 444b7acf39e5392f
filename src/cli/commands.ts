/**
 * The table of commands: name, one-line summary, usage, and how to load the command's module. The
 * module is imported only when the command runs, so `--version`, `--help` and a command's `--help`
 * load nothing of the engine.
 */
import type { Io } from './io';
import { CHECK_USAGE, EVALUATE_USAGE, EXPLAIN_USAGE, REPORT_USAGE, SCHEMA_USAGE, SERVE_USAGE } from './usage';

/** What a command module exports. */
export interface CommandModule {
  /** Runs the command with its arguments (after the command name) and returns the exit code. */
  run(args: readonly string[], io: Io): Promise<number>;
}

/** One command of the CLI. */
export interface Command {
  readonly name: string;
  /** One line for the general help. */
  readonly summary: string;
  /** The command's usage, printed by `cdr-engine <command> --help` and on usage errors. */
  readonly usage: string;
  /** Imports the command's module; given the command's arguments (evaluate starts its Monte Carlo workers first, early-workers.ts). */
  readonly load: (args: readonly string[]) => Promise<CommandModule>;
}

/** Every command, in the order the general help lists them. */
export const COMMANDS: readonly Command[] = [
  {
    name: 'evaluate',
    summary: 'evaluate a removal graph (default: the bundled example)',
    usage: EVALUATE_USAGE,
    load: async (args) => {
      // The workers that `--threads N` asks for load the engine beside this thread.
      (await import('./early-workers')).startEarlyWorkers(args);
      return import('./evaluate');
    },
  },
  {
    name: 'explain',
    summary: 'print the calculation report of one GHG entry (Markdown)',
    usage: EXPLAIN_USAGE,
    load: () => import('./explain'),
  },
  {
    name: 'check',
    summary: 'check the properties of a methodology (blueprint library) on generated graphs',
    usage: CHECK_USAGE,
    load: () => import('./check'),
  },
  {
    name: 'schema',
    summary: 'print the JSON Schema of the removal graph document',
    usage: SCHEMA_USAGE,
    load: () => import('./schema'),
  },
  {
    name: 'report',
    summary: 'write the HTML calculation report of a GHG entry or statement, with charts',
    usage: REPORT_USAGE,
    load: () => import('./report'),
  },
  {
    name: 'serve',
    summary: 'serve the in-memory service on 127.0.0.1 (default: the demo world)',
    usage: SERVE_USAGE,
    load: () => import('./serve'),
  },
];

/** The command of that name, if any. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
