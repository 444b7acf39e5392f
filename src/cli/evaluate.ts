/**
 * `cdr-engine evaluate [graph.json | -] [--format json|table]`: evaluates a removal graph document
 * (the bundled example when no file is named, standard input for `-`) and prints the result. Exit
 * 0 on success, 1 for an invalid graph or a text that is not JSON (every problem on stderr), 2 for
 * bad usage or an unreadable file.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { safeEvaluateGraph } from '../accounting';
import { printIssues, readJsonDocument } from './document';
import { formatEvaluationTable } from './format-table';
import type { Io } from './io';
import { writeJson } from './json-output';
import { EVALUATE_USAGE } from './usage';

/** The bundled example, found from the built CLI (dist/) or from the sources (src/cli/). */
function bundledExample(): URL {
  const candidates = ['../examples/biochar-project.json', '../../examples/biochar-project.json'].map((p) => new URL(p, import.meta.url));
  return candidates.find((url) => existsSync(url)) ?? (candidates[0] as URL);
}

/** Runs the evaluate command with its arguments (after `evaluate`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { format: { type: 'string', default: 'json' } } });
  } catch (error) {
    io.err(`cdr-engine evaluate: ${(error as Error).message}\n${EVALUATE_USAGE}\n`);
    return 2;
  }
  const format = parsed.values.format;
  if (format !== 'json' && format !== 'table') {
    io.err(`cdr-engine evaluate: --format must be json or table, got '${String(format)}'\n${EVALUATE_USAGE}\n`);
    return 2;
  }
  if (parsed.positionals.length > 1) {
    io.err(`cdr-engine evaluate: expected at most one graph file, got ${parsed.positionals.length}\n${EVALUATE_USAGE}\n`);
    return 2;
  }
  const file = parsed.positionals[0];
  const source = file ?? bundledExample();
  const label = file ?? 'bundled example';
  const read = await readJsonDocument('evaluate', source, label, io);
  if (!read.ok) return read.exitCode;
  const outcome = safeEvaluateGraph(read.document);
  if (!outcome.ok) {
    printIssues('evaluate', read.label, outcome.issues, io);
    return 1;
  }
  if (format === 'json') writeJson(outcome.result, io.out);
  else io.out(formatEvaluationTable(outcome.result));
  return 0;
}
