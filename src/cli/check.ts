/**
 * `cdr-engine check <methodology.json | -> [--runs N] [--seed S] [--format text|json]`: runs every
 * property of cdr-engine/testing on every blueprint of a methodology document (a blueprint library
 * with optional declarations; a whole graph document will do) and prints a report per blueprint and
 * property: passed, or the shrunk counterexample as a small graph document that `cdr-engine
 * explain` opens. Exit 0 when every property holds, 1 when one fails or the document is invalid,
 * 2 for bad usage, an unreadable file or a missing fast-check (a peer dependency of the testing
 * entry). Deterministic for a seed.
 */
import type { FailedVerdict, MethodologyReport, Verdict } from '../testing';
import { parseArguments } from './arguments';
import { printIssues, readJsonDocument } from './document';
import type { Io } from './io';
import { writeJson } from './json-output';
import { CHECK_USAGE } from './usage';

/** Reads `--runs` and `--seed`: integers, runs at least 1. */
function integerOption(name: string, value: string | undefined, fallback: number, least: number, io: Io): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (/^-?\d+$/.test(value) && Number.isSafeInteger(n) && n >= least) return n;
  io.err(`cdr-engine check: --${name} must be an integer >= ${least}, got '${value}'\n${CHECK_USAGE}\n`);
  return null;
}

/** Loads the testing module, which needs fast-check; null (message printed) when it is missing. */
async function loadTesting(io: Io): Promise<typeof import('../testing') | null> {
  try {
    return await import('../testing');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    io.err('cdr-engine check: needs the fast-check package (a peer dependency of cdr-engine/testing): npm install --save-dev fast-check\n');
    return null;
  }
}

/** Indents every line of `text` by `by` spaces. */
function indent(text: string, by: number): string {
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

function failureLines(v: FailedVerdict): string {
  const replay = v.path === null ? `seed ${v.seed}` : `seed ${v.seed}, path "${v.path}"`;
  const entry = v.counterexample.ghg_entries[0]?.id;
  const open = entry === undefined ? '' : ` (save it and run: cdr-engine explain <file> ${entry})`;
  return [
    `  FAILED  ${v.property}: after ${v.runs} case(s), ${v.shrinks} shrink(s), ${replay}`,
    indent(v.message, 10),
    `          counterexample${open}:`,
    indent(JSON.stringify(v.counterexample, null, 2), 10),
  ].join('\n');
}

function verdictLine(v: Verdict): string {
  if (!v.ok) return failureLines(v);
  const skipped = v.skipped > 0 ? `, ${v.skipped} not applicable` : '';
  return `  passed  ${v.property} (${v.runs} cases${skipped})`;
}

/** The report as text. */
export function formatReport(label: string, report: MethodologyReport): string {
  const lines = [`cdr-engine check ${label}: seed ${report.seed}, ${report.num_runs} cases per property`];
  let passed = 0;
  let failed = 0;
  let notRun = 0;
  for (const b of report.blueprints) {
    lines.push('', `${b.blueprint} (${b.type})`);
    for (const v of b.verdicts) {
      lines.push(verdictLine(v));
      if (v.ok) passed++;
      else failed++;
    }
    for (const n of b.not_run) {
      lines.push(`  not run ${n.property}: ${n.reason}`);
      notRun++;
    }
  }
  const outcome = report.ok ? 'every property holds' : 'some properties fail';
  lines.push('', `${report.blueprints.length} blueprint(s): ${passed} passed, ${failed} failed, ${notRun} not run: ${outcome}`, '');
  return lines.join('\n');
}

/** Runs the check command with its arguments (after `check`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseArguments(args, ['runs', 'seed', 'format']);
  if (typeof parsed === 'string') {
    io.err(`cdr-engine check: ${parsed}\n${CHECK_USAGE}\n`);
    return 2;
  }
  const { format = 'text' } = parsed.values;
  if (format !== 'text' && format !== 'json') {
    io.err(`cdr-engine check: --format must be text or json, got '${format}'\n${CHECK_USAGE}\n`);
    return 2;
  }
  if (parsed.positionals.length !== 1) {
    io.err(`cdr-engine check: expected one methodology file, got ${parsed.positionals.length}\n${CHECK_USAGE}\n`);
    return 2;
  }
  const runs = integerOption('runs', parsed.values.runs, 100, 1, io);
  const seed = integerOption('seed', parsed.values.seed, 1, Number.MIN_SAFE_INTEGER, io);
  if (runs === null || seed === null) return 2;
  const file = parsed.positionals[0] as string;
  const read = await readJsonDocument('check', file, file, io);
  if (!read.ok) return read.exitCode;
  const testing = await loadTesting(io);
  if (testing === null) return 2;
  const methodology = testing.parseMethodology(read.document);
  if (!methodology.ok) {
    printIssues('check', read.label, methodology.issues, io);
    return 1;
  }
  const report = testing.checkMethodology(methodology.methodology, { numRuns: runs, seed });
  if (format === 'json') writeJson(report, io.out);
  else io.out(formatReport(read.label, report));
  return report.ok ? 0 : 1;
}
