/**
 * `cdr-engine evaluate [graph.json | -] [--format json|table|ndjson] [--entries N|all] [--strict-warnings]`: evaluates
 * a removal graph document (the bundled example when no file is named, standard input for `-`)
 * and prints the result as it is evaluated, a chunk of entries at a time, then its warnings on
 * stderr. Exit 0 on success (1 with --strict-warnings when there is a warning), 1 for an invalid
 * graph or a text that is not JSON (every problem on stderr), 2 for bad usage or an
 * unreadable file. A long run shows its progress on stderr when stderr is a terminal.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_ACCOUNTING_POLICIES,
  prepareGraph,
  type AccountingPolicies,
  type EvaluationResult,
  type PrepareResult,
} from '../accounting';
import { evaluationOnly, prepareGraphReleasing } from '../accounting/prepare';
import { startEvaluation } from '../accounting/evaluate';
import { parseArguments as parseCommandLine } from './arguments';
import { parseDocumentBytes, printIssues, readJsonDocument, readWholeFile, STDIN } from './document';
import { writeEvaluationJson, writeEvaluationNdjson } from './evaluation-output';
import { DEFAULT_DETAILED_ENTRIES, writeEvaluationTable, type TableContext } from './format-table';
import type { Io } from './io';
import { runMonteCarloInThreads } from './parallel-monte-carlo';
import { type EarlyWorkers, earlyWorkersFor, stopEarlyWorkers, type ThreadDocument } from './early-workers';
import { Progress } from './progress';
import { integerOption, MAX_SAFE } from './option-numbers';
import { EVALUATE_USAGE } from './usage';
import { reportWarnings } from './warnings';
import { terminalText } from './terminal-text';
import { streamAndPrepare } from './stream-prepare';
import { noteTime } from './thread-times';
import { availableParallelism } from 'node:os';
import { EVALUATE_OPTIONS, EVALUATE_SWITCHES, monteCarloChoice, threadsOf, type MonteCarloChoice } from './monte-carlo-options';

/** The bundled example, found from the built CLI (dist/) or from the sources (src/cli/). */
function bundledExample(): URL {
  const candidates = ['../examples/biochar-project.json', '../../examples/biochar-project.json'].map((p) => new URL(p, import.meta.url));
  return candidates.find((url) => existsSync(url)) ?? (candidates[0] as URL);
}

interface EvaluateArguments {
  readonly format: 'json' | 'table' | 'ndjson';
  /** Entries the table shows in detail. */
  readonly detailed: number;
  readonly file: string | undefined;
  /** `--strict-warnings`: any warning exits 1. */
  readonly strictWarnings: boolean;
  readonly monteCarlo: MonteCarloChoice;
  readonly threads: string | undefined;
  /** `--expressions`: component items carry their expressions' values. */
  readonly expressions: boolean;
}

/** The command's arguments, or the usage error to print. */
function parseArguments(args: readonly string[]): EvaluateArguments | string {
  const parsed = parseCommandLine(args, EVALUATE_OPTIONS, EVALUATE_SWITCHES);
  if (typeof parsed === 'string') return parsed;
  const { format = 'json', entries } = parsed.values;
  if (format !== 'json' && format !== 'table' && format !== 'ndjson') return `--format must be json, table or ndjson, got '${format}'`;
  if (parsed.positionals.length > 1) return `expected at most one graph file, got ${parsed.positionals.length}`;
  if (entries !== undefined && format !== 'table') return '--entries applies to --format table only';
  // The table shows no expressions: the flag would change nothing there (docs/cli.md).
  if (parsed.flags.has('expressions') && format === 'table') return '--expressions applies to --format json and ndjson only';
  let detailed = DEFAULT_DETAILED_ENTRIES;
  if (entries !== undefined) {
    const count =
      entries === 'all' ? Number.POSITIVE_INFINITY : integerOption('entries', entries, 0, MAX_SAFE, "an integer of at least 0 or 'all'");
    if (typeof count === 'string') return count;
    detailed = count;
  }
  const monteCarlo = monteCarloChoice(parsed.values);
  if (typeof monteCarlo === 'string') return monteCarlo;
  const { threads } = parsed.values;
  if (threads !== undefined && typeof threadsOf(threads, 1, 1) === 'string') return threadsOf(threads, 1, 1) as string;
  return {
    format,
    detailed,
    file: parsed.positionals[0],
    monteCarlo,
    threads,
    strictWarnings: parsed.flags.has('strict-warnings'),
    expressions: parsed.flags.has('expressions'),
  };
}

/** How the table names the document: as given, `standard input`, or the bundled example's path. */
function tableContext(source: string | URL, policies: TableContext['policies'] | undefined): TableContext {
  const resolved = policies ?? DEFAULT_ACCOUNTING_POLICIES;
  if (source === STDIN) return { title: 'standard input', explainFile: '<file>', policies: resolved };
  if (typeof source === 'string') return { title: source, explainFile: source, policies: resolved };
  const path = relative(process.cwd(), fileURLToPath(source));
  return { title: `${path} (the bundled example)`, explainFile: path, policies: resolved };
}

/** Runs the evaluate command with its arguments (after `evaluate`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  noteTime('main evaluate');
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    stopEarlyWorkers();
    io.err(`cdr-engine evaluate: ${parsed}\n${EVALUATE_USAGE}\n`);
    return 2;
  }
  const progress = new Progress(io);
  const label = parsed.file ?? 'bundled example';
  progress.phase(`reading ${label}`);
  const source = parsed.file ?? bundledExample();
  const early = earlyWorkersFor(args);
  const read = await readAndPrepare(source, label, parsed.monteCarlo, io, () => progress.phase('validating'), early);
  if (!read.ok || !read.prepared.ok) early?.stop();
  if (!read.ok) return read.exitCode;
  noteTime('main read and prepared');
  const { prepared } = read;
  const { monteCarlo } = parsed.monteCarlo;
  const options = {
    ...(monteCarlo === undefined ? {} : { monteCarlo }),
    ...(parsed.expressions ? { expressionValues: true } : {}),
  };
  let run;
  if (prepared.ok && read.document !== undefined) {
    progress.phase('Monte Carlo');
    run = await runMonteCarloInThreads(
      read.document,
      parsed.monteCarlo.policies,
      prepared.prepared,
      options,
      threadsOf(parsed.threads, prepared.prepared.entries.count, availableParallelism()) as number,
      early,
    );
  }
  // Every component, the amortised shares and (without threads) the Monte Carlo run: named apart
  // from the validation, which on a large document is the shorter part.
  if (prepared.ok && (run === undefined || run.ok))
    progress.phase(run === undefined ? 'evaluating components' : 'evaluating components (Monte Carlo done)');
  noteTime('main Monte Carlo done');
  const started = !prepared.ok ? prepared : run !== undefined && !run.ok ? run : startEvaluation(prepared.prepared, options, run?.run);
  if (!started.ok) {
    progress.done();
    printIssues('evaluate', read.label, started.issues, io);
    return 1;
  }
  const { evaluation } = started;
  noteTime('main evaluation started');
  const showProgress = () => progress.entries(evaluation.entries.evaluated, evaluation.entries.entryCount);
  const afterChunk = async (): Promise<void> => {
    showProgress();
    await io.drained?.();
  };
  showProgress(); // the rate counts from here
  let warnings;
  if (parsed.format === 'json') warnings = await writeEvaluationJson(evaluation, io.out, afterChunk);
  else if (parsed.format === 'ndjson') warnings = await writeEvaluationNdjson(evaluation, io.out, afterChunk);
  else
    warnings = writeEvaluationTable(
      evaluation,
      io.out,
      parsed.detailed,
      tableContext(source, prepared.ok ? prepared.prepared.policies : undefined),
      showProgress,
    );
  progress.done();
  noteTime('main output written');
  const status = reportWarnings('evaluate', read.label, warnings, parsed.strictWarnings, io);
  return reportRefused(read.label, evaluation.refused, io) ? 1 : status;
}

/** A document read and prepared, or the exit code to stop with (the problem already printed). */
type ReadAndPrepared =
  | { readonly ok: true; readonly label: string; readonly prepared: PrepareResult; readonly document: ThreadDocument | undefined }
  | { readonly ok: false; readonly exitCode: 1 | 2 };

/**
 * Reads the document and prepares it. A run with Monte Carlo keeps the document (each thread
 * prepares it again); any other run keeps only what its evaluation reads (`evaluationOnly`), so
 * that a large document's parsed items are not held beside its columns while the result is
 * evaluated and written, and a file's items are dropped while it is prepared (release.ts), so
 * that they are not held beside all the columns either (docs/scaling.md). Nothing here outlives
 * this function but what it returns.
 */
async function readAndPrepare(
  source: string | URL,
  label: string,
  choice: MonteCarloChoice,
  io: Io,
  validating: () => void,
  early?: EarlyWorkers,
): Promise<ReadAndPrepared> {
  const { policies, monteCarlo } = choice;
  const withMonteCarlo = monteCarlo !== undefined || policies.discountMethod === 'monte_carlo';
  // A file is first prepared as it is read (stream-prepare.ts): the parsed document is never whole.
  // What that does not take on (a problem, a refused entry, statements...) is read again below.
  if (!withMonteCarlo && source !== STDIN) {
    const streamed = await streamAndPrepare(source, policies);
    if (!streamed.again) {
      validating();
      return { ok: true, label, prepared: streamed.result, document: undefined };
    }
  }
  if (withMonteCarlo) return readAndPrepareForThreads(source, label, policies, io, validating, early);
  let read = await readJsonDocument('evaluate', source, label, io);
  if (!read.ok) return read;
  validating();
  // A file can be read again: its items are given up as they are prepared (release.ts), and in the
  // rare case of a refused entry the graph is prepared again from a second read.
  if (source !== STDIN) {
    const releasing = prepareGraphReleasing(read.document, policies);
    if (!releasing.again) return { ok: true, label: read.label, prepared: releasing.result, document: undefined };
    const again = await readJsonDocument('evaluate', source, label, io);
    if (!again.ok) return again;
    read = again;
  }
  const prepared = prepareGraph(read.document, policies);
  return {
    ok: true,
    label: read.label,
    prepared: prepared.ok ? { ok: true, prepared: evaluationOnly(prepared.prepared) } : prepared,
    document: undefined,
  };
}

/**
 * Reads and prepares the document of a Monte Carlo run, whose threads each prepare it. A file of
 * at most `WHOLE_FILE_BYTES` is read whole: its bytes go at once to the workers started early,
 * which parse them while this thread does (one `JSON.parse`, faster than the chunked parse, and
 * cheaper for this thread than cloning the parsed document to each worker). Anything else is read
 * as by any command and its parsed document sent.
 */
async function readAndPrepareForThreads(
  source: string | URL,
  label: string,
  policies: Partial<AccountingPolicies>,
  io: Io,
  validating: () => void,
  early: EarlyWorkers | undefined,
): Promise<ReadAndPrepared> {
  const whole = source === STDIN ? undefined : await readWholeFile('evaluate', source, label, io);
  if (whole !== undefined && !whole.ok) return whole;
  const bytes = whole?.bytes ?? null;
  // Bytes go to the workers before this thread parses them (they parse at the same time); a parsed document after.
  if (bytes !== null) early?.sendDocument({ bytes }, policies);
  const read = bytes !== null ? parseDocumentBytes('evaluate', bytes, label, io) : await readJsonDocument('evaluate', source, label, io);
  if (!read.ok) return read;
  const document: ThreadDocument = bytes !== null ? { bytes } : { parsed: read.document };
  if (bytes === null) early?.sendDocument(document, policies);
  noteTime('main document read');
  validating();
  return { ok: true, label: read.label, prepared: prepareGraph(read.document, policies), document };
}

/**
 * Says on standard error which entries and statements were refused (docs/cli.md: the result holds
 * every other entry, and the exit status is 1); false when none was.
 */
function reportRefused(label: string, refused: Pick<EvaluationResult, 'refused_entries' | 'refused_statements'>, io: Io): boolean {
  const entries = refused.refused_entries ?? [];
  if (entries.length === 0) return false;
  const statements = refused.refused_statements ?? [];
  const lines = [...entries, ...statements].map(
    (item) =>
      `cdr-engine evaluate: refused: ${terminalText(`${label}: ${item.id}: ${item.issues.map((issue) => issue.message).join('; ')}`)}\n`,
  );
  const counted = `${entries.length} GHG ${entries.length === 1 ? 'entry' : 'entries'}${statements.length === 0 ? '' : ` and ${statements.length} GHG statement(s)`}`;
  io.err(`${lines.join('')}cdr-engine evaluate: ${counted} refused, every other entry evaluated: exit 1\n`);
  return true;
}
