/**
 * `cdr-engine check <methodology.json | -> [--runs N] [--seed S] [--format text|json] [--save DIR]`: runs every
 * property of cdr-engine/testing on every blueprint of a methodology document (a blueprint library
 * with optional declarations; a whole graph document will do) and prints a report per blueprint and
 * property: passed, or the shrunk counterexample as a small graph document that `cdr-engine
 * explain` opens. Exit 0 when every property holds, 1 when one fails or the document is invalid,
 * 2 for bad usage, an unreadable file or a missing fast-check (a peer dependency of the testing
 * entry). Deterministic for a seed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FailedVerdict, MethodologyReport, Verdict } from '../testing';
import { parseArguments } from './arguments';
import { printIssues, readJsonDocument } from './document';
import type { Io } from './io';
import { writeJson } from './json-output';
import { integerOption, seedOption } from './option-numbers';
import { terminalText } from './terminal-text';
import { CHECK_USAGE } from './usage';
import { writeFailureReason } from './write-failures';

/**
 * The most cases per property `--runs` takes: as many as `--samples` draws (each case of each
 * property evaluates a generated graph, so a larger number would run for days, not fail).
 */
export const MAX_RUNS = 10_000_000;

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

/** The file name `--save` gives a counterexample: blueprint and property, safe on every system. */
export function counterexampleFile(blueprint: string, property: string): string {
  return `${blueprint}.${property}`.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/_+$/, '') + '.json';
}

/** Counterexamples already printed in this report, by their JSON, with the property that showed it. */
type Printed = Map<string, string>;

function failureLines(v: FailedVerdict, printed: Printed, saved: string | undefined): string {
  const replay = v.path === null ? `seed ${v.seed}` : `seed ${v.seed}, path "${v.path}"`;
  const entry = v.counterexample.ghg_entries[0]?.id;
  const json = JSON.stringify(v.counterexample, null, 2);
  const head = [
    `  FAILED  ${terminalText(v.property)}: after ${v.runs} case(s), ${v.shrinks} shrink(s), ${replay}`,
    indent(terminalText(v.message), 10),
  ];
  if (saved !== undefined)
    return [
      ...head,
      `          counterexample saved to ${saved}${entry === undefined ? '' : ` (cdr-engine explain ${saved} ${entry})`}`,
    ].join('\n');
  const same = printed.get(json);
  if (same !== undefined) return [...head, `          counterexample: the same as for ${same} above`].join('\n');
  printed.set(json, v.property);
  const open = entry === undefined ? '' : ` (save it with --save DIR, or run: cdr-engine explain <file> ${entry})`;
  return [...head, `          counterexample${open}:`, indent(json, 10)].join('\n');
}

function verdictLine(v: Verdict, printed: Printed, saved: string | undefined): string {
  if (!v.ok) return failureLines(v, printed, saved);
  const skipped = v.skipped > 0 ? `, ${v.skipped} not applicable` : '';
  return `  passed  ${terminalText(v.property)} (${v.runs} cases${skipped})`;
}

/**
 * The report as text. `saved` gives the file each failed verdict's counterexample was saved to
 * (by blueprint and property); without it, a counterexample is printed once and its repeats named.
 */
export function formatReport(
  label: string,
  report: MethodologyReport,
  saved?: (blueprint: string, property: string) => string | undefined,
): string {
  // Blueprint keys, input keys and messages are the document's: each on its line (terminal-text.ts).
  const lines = [`cdr-engine check ${terminalText(label)}: seed ${report.seed}, ${report.num_runs} cases per property`];
  const printed: Printed = new Map();
  let passed = 0;
  let failed = 0;
  let notRun = 0;
  for (const b of report.blueprints) {
    lines.push('', `${terminalText(b.blueprint)} (${b.type})`);
    for (const w of b.warnings) lines.push(`  warning ${terminalText(w)}`);
    for (const v of b.verdicts) {
      lines.push(verdictLine(v, printed, saved?.(b.blueprint, v.property)));
      if (v.ok) passed++;
      else failed++;
    }
    for (const n of b.not_exercised) lines.push(`  not exercised  ${terminalText(`${n.property}: ${n.reason}`)}`);
    for (const n of b.not_run) {
      lines.push(`  not run ${terminalText(`${n.property}: ${n.reason}`)}`);
      notRun++;
    }
    if (b.undeclared_inputs.length > 0)
      lines.push(
        `  not declared: ${b.undeclared_inputs.map((i) => `'${terminalText(i)}'`).join(', ')} (no monotonicity, LIST semantics, homogeneity or bound: only the type's sign convention guards them)`,
      );
  }
  if (report.entries.length > 0) lines.push('', 'entries (checks.entries)');
  for (const v of report.entries) {
    lines.push(verdictLine(v, printed, saved?.('entry', v.property)));
    if (v.ok) passed++;
    else failed++;
  }
  const outcome = report.ok ? 'every property holds' : 'some properties fail';
  lines.push('', `${report.blueprints.length} blueprint(s): ${passed} passed, ${failed} failed, ${notRun} not run: ${outcome}`, '');
  return lines.join('\n');
}

/**
 * Writes each failed verdict's counterexample to `dir` (created if missing) as a graph document
 * `cdr-engine explain` opens; returns the paths by blueprint and property, or null (message
 * printed) when the folder cannot be written.
 */
function saveCounterexamples(dir: string, report: MethodologyReport, io: Io): Map<string, string> | null {
  const paths = new Map<string, string>();
  try {
    mkdirSync(dir, { recursive: true });
    const groups = [
      ...report.blueprints.map((b) => ({ name: b.blueprint, verdicts: b.verdicts })),
      { name: 'entry', verdicts: report.entries },
    ];
    for (const { name, verdicts } of groups) {
      for (const v of verdicts) {
        if (v.ok) continue;
        const path = join(dir, counterexampleFile(name, v.property));
        writeFileSync(path, `${JSON.stringify(v.counterexample, null, 2)}\n`);
        paths.set(`${name}\u0000${v.property}`, path);
      }
    }
  } catch (error) {
    io.err(`cdr-engine check: cannot save the counterexamples in '${dir}': ${saveFailure(error)}\n`);
    return null;
  }
  return paths;
}

/** Why the `--save` folder cannot be written, as the end of a sentence (write-failures.ts). */
function saveFailure(error: unknown): string {
  return writeFailureReason((error as NodeJS.ErrnoException).code, {
    EEXIST: 'it is a file, not a folder (name a folder, or one to create)',
    ENOTDIR: 'a part of the path is a file, not a folder',
  });
}

/** Runs the check command with its arguments (after `check`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseArguments(args, ['runs', 'seed', 'format', 'save']);
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
  const runs = parsed.values.runs === undefined ? 100 : integerOption('runs', parsed.values.runs, 1, MAX_RUNS);
  const seed = parsed.values.seed === undefined ? 1 : seedOption(parsed.values.seed);
  if (typeof runs === 'string' || typeof seed === 'string') {
    io.err(`cdr-engine check: ${typeof runs === 'string' ? runs : seed}\n${CHECK_USAGE}\n`);
    return 2;
  }
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
  const saved = parsed.values.save === undefined ? undefined : saveCounterexamples(parsed.values.save, report, io);
  if (saved === null) return 2;
  if (format === 'json') writeJson(report, io.out);
  else io.out(formatReport(read.label, report, saved === undefined ? undefined : (b, p) => saved.get(`${b}\u0000${p}`)));
  return report.ok ? 0 : 1;
}
