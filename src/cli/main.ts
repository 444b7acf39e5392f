/**
 * cli: the `cdr-engine` command (evaluate, explain, serve). With the HTTP binding, the only code that reads
 * files, writes to the terminal or listens on a port; everything it computes comes from src/.
 * May import: everything in src/.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { safeEvaluateGraph } from '../accounting';
import { VERSION } from '../version';
import { printIssues, readJsonDocument } from './document';
import { explainCommand } from './explain';
import { formatEvaluationTable } from './format-table';
import { writeJson } from './json-output';

const USAGE = `usage:
  cdr-engine evaluate [graph.json] [--format json|table]   evaluate a removal graph (default: the bundled example)
  cdr-engine explain <graph.json> <GHG entry id>           print the calculation report of one entry (Markdown)
  cdr-engine serve [--port N] [--world world.json]         serve the in-memory service on 127.0.0.1 (default: the demo world)
  cdr-engine --version
exit codes: 0 success, 1 invalid input (problems on stderr), 2 bad usage`;

/** The bundled example, found from the built CLI (dist/cli.js) or from the sources (src/cli/main.ts). */
function bundledExample(): URL {
  const candidates = ['../examples/biochar-project.json', '../../examples/biochar-project.json'].map((p) => new URL(p, import.meta.url));
  return candidates.find((url) => existsSync(url)) ?? (candidates[0] as URL);
}

/** Where the CLI writes: standard output and standard error by default, buffers in tests. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** The process's own streams. */
const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs the CLI with the given arguments and returns the exit code.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    io.out(`cdr-engine ${VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === 'evaluate') return evaluateCommand(rest, io);
  if (command === 'serve') return (await import('./serve')).serveCommand(rest, io);
  if (command === 'explain') return explainCommand(rest, io);
  io.err(`cdr-engine: unknown command '${command}'\n${USAGE}\n`);
  return 2;
}

async function evaluateCommand(args: readonly string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { format: { type: 'string', default: 'json' } } });
  } catch (error) {
    io.err(`cdr-engine evaluate: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const format = parsed.values.format;
  if (format !== 'json' && format !== 'table') {
    io.err(`cdr-engine evaluate: --format must be json or table, got '${String(format)}'\n`);
    return 2;
  }
  if (parsed.positionals.length > 1) {
    io.err(`cdr-engine evaluate: expected at most one graph file, got ${parsed.positionals.length}\n`);
    return 2;
  }
  const file = parsed.positionals[0];
  const source = file ?? bundledExample();
  const label = file ?? 'bundled example';
  const read = await readJsonDocument('evaluate', source, label, io);
  if (!read.ok) return read.exitCode;
  const outcome = safeEvaluateGraph(read.document);
  if (!outcome.ok) {
    printIssues('evaluate', label, outcome.issues, io);
    return 1;
  }
  if (format === 'json') writeJson(outcome.result, io.out);
  else io.out(formatEvaluationTable(outcome.result));
  return 0;
}
