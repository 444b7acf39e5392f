/**
 * `cdr-engine explain <graph.json | -> <entry id> [--strict-warnings]`: prints the calculation
 * report of one GHG entry as Markdown (its warnings first, and on stderr). Exit 0 on success (1
 * with --strict-warnings when the entry has a warning), 1 for an invalid graph, a text that is not JSON or an unknown
 * entry id (problems on stderr), 2 for bad usage or an unreadable file.
 */
import { explainGhgEntry, formatCalculationReport } from '../accounting';
import { parseArguments } from './arguments';
import { printIssues, readJsonDocument } from './document';
import { MONTE_CARLO_FLAGS, monteCarloChoice, type MonteCarloChoice } from './monte-carlo-options';
import type { Io } from './io';
import { EXPLAIN_USAGE } from './usage';
import { reportWarnings } from './warnings';
import { terminalLines } from './terminal-text';

/** Runs the explain command with its arguments (after `explain`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    io.err(`cdr-engine explain: ${parsed}\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  const { file, entryId, choice, strictWarnings } = parsed;
  const read = await readJsonDocument('explain', file, file, io);
  if (!read.ok) return read.exitCode;
  const outcome = explainGhgEntry(read.document, entryId, {
    policies: choice.policies,
    ...(choice.monteCarlo === undefined ? {} : { monteCarlo: choice.monteCarlo }),
  });
  if (!outcome.ok) {
    printIssues('explain', read.label, outcome.issues, io);
    return 1;
  }
  // The report quotes the document's ids: its lines kept, any other control character escaped.
  io.out(terminalLines(formatCalculationReport(outcome.report)));
  return reportWarnings('explain', read.label, outcome.report.warnings, strictWarnings, io);
}

/** The graph file, the entry id, the Monte Carlo flags and --strict-warnings, or the usage error to print. */
function parse(
  args: readonly string[],
): { readonly file: string; readonly entryId: string; readonly choice: MonteCarloChoice; readonly strictWarnings: boolean } | string {
  const parsed = parseArguments(args, MONTE_CARLO_FLAGS, ['strict-warnings']);
  if (typeof parsed === 'string') return parsed;
  if (parsed.positionals.length !== 2) return `expected a graph file and a GHG entry id, got ${parsed.positionals.length} argument(s)`;
  const choice = monteCarloChoice(parsed.values);
  if (typeof choice === 'string') return choice;
  return {
    file: parsed.positionals[0] as string,
    entryId: parsed.positionals[1] as string,
    choice,
    strictWarnings: parsed.flags.has('strict-warnings'),
  };
}
