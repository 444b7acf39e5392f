/**
 * `cdr-engine report <graph.json> [--entry ID | --statement ID] [--out report.html]
 * [--monte-carlo N]`: writes the HTML calculation report of one GHG entry or statement, to the
 * file named by --out or to standard output. Exit 0 on success, 1 for an invalid graph or an
 * unknown entry or statement (problems on stderr), 2 for bad usage or an unreadable or unwritable
 * file. Loads the report module (and with it the charting libraries) only when it runs.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { printIssues, readJsonDocument } from './document';
import type { Io } from './io';
import { REPORT_USAGE } from './usage';
import { MONTE_CARLO_FLAGS, monteCarloChoice, type MonteCarloChoice } from './monte-carlo-options';

type Parsed = { readonly file: string; readonly entry?: string; readonly statement?: string; readonly out?: string; readonly choice: MonteCarloChoice };

function parse(args: readonly string[]): Parsed | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { entry: { type: 'string' }, statement: { type: 'string' }, out: { type: 'string' }, 'monte-carlo': { type: 'string' }, ...MONTE_CARLO_FLAGS },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return `expected one graph file, got ${positionals.length}`;
  if (values.entry !== undefined && values.statement !== undefined) return 'name --entry or --statement, not both';
  const mc = values['monte-carlo'];
  if (mc !== undefined) {
    const samples = /^\d+$/.test(mc) ? Number(mc) : Number.NaN;
    if (!(Number.isSafeInteger(samples) && samples >= 2 && samples <= 10_000_000)) return `--monte-carlo takes a number of samples from 2 to 10000000, got '${mc}'`;
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
  };
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
  const outcome = await renderHtmlReport(read.document, {
    ...(parsed.entry === undefined ? {} : { ghgEntryId: parsed.entry }),
    ...(parsed.statement === undefined ? {} : { ghgStatementId: parsed.statement }),
    policies: parsed.choice.policies,
    ...(parsed.choice.monteCarlo === undefined ? {} : { monteCarlo: parsed.choice.monteCarlo }),
  });
  if (!outcome.ok) {
    printIssues('report', parsed.file, outcome.issues, io);
    return 1;
  }
  if (parsed.out === undefined) {
    io.out(outcome.html);
    return 0;
  }
  try {
    await writeFile(parsed.out, outcome.html, 'utf8');
  } catch (error) {
    io.err(`cdr-engine report: cannot write '${parsed.out}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 2;
  }
  io.err(`cdr-engine report: wrote ${parsed.out} (${Math.round(Buffer.byteLength(outcome.html) / 1024)} KiB)\n`);
  return 0;
}
