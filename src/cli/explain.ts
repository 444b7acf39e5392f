/**
 * `cdr-engine explain <graph.json | -> <entry id> [--strict-warnings]`: prints the calculation
 * report of one GHG entry as Markdown (its warnings first, and on stderr). Exit 0 on success (1
 * with --strict-warnings when the entry has a warning), 1 for an invalid graph, a text that is not JSON or an unknown
 * entry id (problems on stderr), 2 for bad usage or an unreadable file.
 */
import { explainGhgEntry, formatCalculationReport } from '../accounting';
import { printIssues, readJsonDocument, STDIN } from './document';
import type { Io } from './io';
import { EXPLAIN_USAGE } from './usage';
import { reportWarnings, STRICT_WARNINGS } from './warnings';

/** Runs the explain command with its arguments (after `explain`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  // `-` is standard input, not an option.
  const strict = args.includes(STRICT_WARNINGS);
  const rest = args.filter((a) => a !== STRICT_WARNINGS);
  const options = rest.filter((a) => a.startsWith('-') && a !== STDIN);
  if (options.length > 0) {
    io.err(`cdr-engine explain: unknown option '${options[0]}'\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  if (rest.length !== 2) {
    io.err(`cdr-engine explain: expected a graph file and a GHG entry id, got ${rest.length} argument(s)\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  const [file, entryId] = rest as [string, string];
  const read = await readJsonDocument('explain', file, file, io);
  if (!read.ok) return read.exitCode;
  const outcome = explainGhgEntry(read.document, entryId);
  if (!outcome.ok) {
    printIssues('explain', read.label, outcome.issues, io);
    return 1;
  }
  io.out(formatCalculationReport(outcome.report));
  return reportWarnings('explain', read.label, outcome.report.warnings, strict, io);
}
