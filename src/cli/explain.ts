/**
 * `cdr-engine explain <graph.json> <entry id>`: prints the calculation report of one GHG entry as
 * Markdown. Exit 0 on success, 1 for an invalid graph or an unknown entry id (problems on stderr),
 * 2 for bad usage or an unreadable file.
 */
import { readFile } from 'node:fs/promises';
import { explainGhgEntry, formatCalculationReport } from '../accounting';
import { formatIssuePath } from '../model';
import type { Io } from './main';

const EXPLAIN_USAGE = 'usage: cdr-engine explain <graph.json> <GHG entry id>';

/** Runs the explain command with its arguments (after `explain`) and returns the exit code. */
export async function explainCommand(args: readonly string[], io: Io): Promise<number> {
  const options = args.filter((a) => a.startsWith('-'));
  if (options.length > 0) {
    io.err(`cdr-engine explain: unknown option '${options[0]}'\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  if (args.length !== 2) {
    io.err(`cdr-engine explain: expected a graph file and a GHG entry id, got ${args.length} argument(s)\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  const [file, entryId] = args as [string, string];
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`cdr-engine explain: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 2;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    io.err(`cdr-engine explain: '${file}' is not valid JSON: ${(error as Error).message}\n`);
    return 1;
  }
  const outcome = explainGhgEntry(document, entryId);
  if (!outcome.ok) {
    io.err(`cdr-engine explain: ${outcome.issues.length} problem(s) in ${file}\n`);
    for (const issue of outcome.issues) io.err(`  ${formatIssuePath(issue.path)}: ${issue.message} [${issue.code}]\n`);
    return 1;
  }
  io.out(formatCalculationReport(outcome.report));
  return 0;
}
