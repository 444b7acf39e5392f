/**
 * `cdr-engine report <graph.json> [--entry ID | --statement ID] [--out report.html]
 * [--monte-carlo N] [--strict-warnings]`: writes the HTML calculation report of one GHG entry or
 * statement (its warnings first, and on stderr), to the file named by --out or to standard output.
 * Exit 0 on success (1 with --strict-warnings when there is a warning), 1 for an invalid graph or an
 * unknown entry or statement (problems on stderr), 2 for bad usage or an unreadable or unwritable
 * file. Loads the report module (and with it the charting libraries) only when it runs.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { printIssues, readJsonDocument } from './document';
import type { Io } from './io';
import { REPORT_USAGE } from './usage';
import { reportWarnings } from './warnings';

type Parsed = { readonly file: string; readonly entry?: string; readonly statement?: string; readonly out?: string; readonly samples?: number; readonly strictWarnings: boolean };

function parse(args: readonly string[]): Parsed | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { entry: { type: 'string' }, statement: { type: 'string' }, out: { type: 'string' }, 'monte-carlo': { type: 'string' }, 'strict-warnings': { type: 'boolean', default: false } },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return `expected one graph file, got ${positionals.length}`;
  if (values.entry !== undefined && values.statement !== undefined) return 'name --entry or --statement, not both';
  const mc = values['monte-carlo'];
  let samples: number | undefined;
  if (mc !== undefined) {
    samples = /^\d+$/.test(mc) ? Number(mc) : Number.NaN;
    if (!(Number.isSafeInteger(samples) && samples >= 2 && samples <= 10_000_000)) return `--monte-carlo takes a number of samples from 2 to 10000000, got '${mc}'`;
  }
  return {
    file: positionals[0] as string,
    ...(values.entry === undefined ? {} : { entry: values.entry }),
    ...(values.statement === undefined ? {} : { statement: values.statement }),
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(samples === undefined ? {} : { samples }),
    strictWarnings: values['strict-warnings'] === true,
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
    ...(parsed.samples === undefined ? {} : { monteCarlo: { samples: parsed.samples } }),
  });
  if (!outcome.ok) {
    printIssues('report', parsed.file, outcome.issues, io);
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
    io.err(`cdr-engine report: cannot write '${parsed.out}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 2;
  }
  io.err(`cdr-engine report: wrote ${parsed.out} (${Math.round(Buffer.byteLength(outcome.html) / 1024)} KiB)\n`);
  return warned();
}
