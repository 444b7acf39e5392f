/**
 * `cdr-engine explain <graph.json | -> <entry id> [--strict-warnings]`: prints the calculation
 * report of one GHG entry as Markdown (its warnings first, and on stderr). Exit 0 on success (1
 * with --strict-warnings when the entry has a warning), 1 for an invalid graph, a text that is not JSON or an unknown
 * entry id (problems on stderr), 2 for bad usage or an unreadable file.
 */
import { explainGhgEntry, formatCalculationReport } from '../accounting';
import { parseArguments } from './arguments';
import { printIssues, readJsonDocument } from './document';
import type { Io } from './io';
import { EXPLAIN_USAGE } from './usage';
import { reportWarnings } from './warnings';

/** Runs the explain command with its arguments (after `explain`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseArguments(args, [], ['strict-warnings']);
  const problem =
    typeof parsed === 'string' ? parsed : parsed.positionals.length !== 2 ? `expected a graph file and a GHG entry id, got ${parsed.positionals.length} argument(s)` : undefined;
  if (typeof parsed === 'string' || problem !== undefined) {
    io.err(`cdr-engine explain: ${problem}\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  const [file, entryId] = parsed.positionals as [string, string];
  const read = await readJsonDocument('explain', file, file, io);
  if (!read.ok) return read.exitCode;
  const outcome = explainGhgEntry(read.document, entryId);
  if (!outcome.ok) {
    printIssues('explain', read.label, outcome.issues, io);
    return 1;
  }
  io.out(formatCalculationReport(outcome.report));
  return reportWarnings('explain', read.label, outcome.report.warnings, parsed.flags.has('strict-warnings'), io);
}
