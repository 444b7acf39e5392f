/**
 * `cdr-engine report <graph.json> [--entry ID | --statement ID] [--out report.html]
 * [--monte-carlo N] [--strict-warnings]`: writes the HTML calculation report of one GHG entry or
 * statement (its warnings first, and on stderr), to the file named by --out or to standard output.
 * Exit 0 on success (1 with --strict-warnings when there is a warning), 1 for an invalid graph or an
 * unknown entry or statement (problems on stderr), 2 for bad usage or an unreadable or unwritable
 * file. Loads the report module (and with it the charting libraries) only when it runs.
 */
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArguments } from './arguments';
import { printIssues, readJsonDocument } from './document';
import type { GraphIssue } from '../model';
import type { Io } from './io';
import { MISSING_PEERS_CODE, REPORT_PEERS_INSTALL } from '../report/svg';
import { REPORT_USAGE } from './usage';
import { reportWarnings } from './warnings';
import { MAX_SAMPLES, MONTE_CARLO_FLAGS, monteCarloChoice, type MonteCarloChoice } from './monte-carlo-options';
import { integerOption } from './option-numbers';
import { writeFailureReason } from './write-failures';

type Parsed = {
  readonly file: string;
  readonly entry?: string;
  readonly statement?: string;
  readonly out?: string;
  readonly choice: MonteCarloChoice;
  readonly strictWarnings: boolean;
};

function parse(args: readonly string[]): Parsed | string {
  const parsed = parseArguments(args, ['entry', 'statement', 'out', 'monte-carlo', ...MONTE_CARLO_FLAGS], ['strict-warnings']);
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return `expected one graph file, got ${positionals.length}`;
  if (values.entry !== undefined && values.statement !== undefined) return 'name --entry or --statement, not both';
  const mc = values['monte-carlo'];
  if (mc !== undefined) {
    const samples = integerOption('monte-carlo', mc, 2, MAX_SAMPLES, `a number of samples, an integer from 2 to ${MAX_SAMPLES}`);
    if (typeof samples === 'string') return samples;
    if (values.samples !== undefined) return '--monte-carlo N is --samples N: give one of them';
  }
  const choice = monteCarloChoice({ ...values, samples: values.samples ?? mc });
  if (typeof choice === 'string') return choice;
  return {
    file: positionals[0] as string,
    ...(values.entry === undefined ? {} : { entry: values.entry }),
    ...(values.statement === undefined ? {} : { statement: values.statement }),
    ...(values.out === undefined ? {} : { out: values.out }),
    choice,
    strictWarnings: parsed.flags.has('strict-warnings'),
  };
}

/** The library's option names as the command line spells them. */
const OPTION_FLAGS: Readonly<Record<string, string>> = {
  ghgEntryId: '--entry',
  ghgStatementId: '--statement',
  monteCarlo: '--monte-carlo',
};

/**
 * An issue about an option of renderHtmlReport (`options.ghgEntryId`) said in the command's own
 * words (`--entry`): the user of the CLI never wrote the library's names.
 */
function inCommandLineWords(issue: GraphIssue): GraphIssue {
  const [head, name] = issue.path;
  const flag = head === 'options' && typeof name === 'string' ? OPTION_FLAGS[name] : undefined;
  if (flag === undefined) return issue;
  const message = issue.message.replace(
    'name the entry or the statement to report on',
    'name one with --entry ID (or a statement with --statement ID)',
  );
  return { ...issue, path: [flag, ...issue.path.slice(2)], message };
}

/** Why `path` cannot be written, as the end of a plain sentence (write-failures.ts). */
export function writeFailure(path: string, code: string | undefined): string {
  return writeFailureReason(code, {
    ENOENT: `the folder '${dirname(path)}' does not exist (create it first, or name another --out)`,
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder (name a file, e.g. report.html)',
  });
}

/** Runs the report command with its arguments (after `report`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    io.err(`cdr-engine report: ${parsed}\n${REPORT_USAGE}\n`);
    return 2;
  }
  const read = await readJsonDocument('report', parsed.file, parsed.file, io);
  if (!read.ok) return read.exitCode;
  const { renderHtmlReport } = await import('../report');
  let outcome: Awaited<ReturnType<typeof renderHtmlReport>>;
  try {
    outcome = await renderHtmlReport(read.document, {
      ...(parsed.entry === undefined ? {} : { ghgEntryId: parsed.entry }),
      ...(parsed.statement === undefined ? {} : { ghgStatementId: parsed.statement }),
      policies: parsed.choice.policies,
      ...(parsed.choice.monteCarlo === undefined ? {} : { monteCarlo: parsed.choice.monteCarlo }),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== MISSING_PEERS_CODE) throw error;
    io.err(
      `cdr-engine report: needs the vega and vega-lite packages to draw the charts (optional peer dependencies of cdr-engine): ${REPORT_PEERS_INSTALL}\n`,
    );
    return 2;
  }
  if (!outcome.ok) {
    printIssues('report', parsed.file, outcome.issues.map(inCommandLineWords), io);
    return 1;
  }
  const warned = (): number => reportWarnings('report', parsed.file, outcome.figures.warnings, parsed.strictWarnings, io);
  if (parsed.out === undefined) {
    io.out(outcome.html);
    return warned();
  }
  try {
    await writeFile(parsed.out, outcome.html, 'utf8');
  } catch (error) {
    io.err(`cdr-engine report: cannot write '${parsed.out}': ${writeFailure(parsed.out, (error as NodeJS.ErrnoException).code)}\n`);
    return 2;
  }
  io.err(`cdr-engine report: wrote ${parsed.out} (${Math.round(Buffer.byteLength(outcome.html) / 1024)} KiB)\n`);
  return warned();
}
