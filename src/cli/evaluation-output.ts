/**
 * The result of `cdr-engine evaluate` written as its entries are evaluated, a chunk at a time: the
 * first entries reach a pipeline before the last are evaluated, and an entry's objects (its budget
 * lines are made as they are written) are dropped once written, so memory stays flat however many
 * entries the graph has.
 *
 * - JSON: the same bytes as `JSON.stringify(result, null, 2)` and a newline (its `warnings` last). Each chunk is written
 *   by `JSON.stringify` itself, nested as deep as in the whole result, so that its indentation is
 *   the whole result's without a second pass over the text.
 * - NDJSON: one GHG entry per line (`JSON.stringify(entry)`), then one line per GHG statement,
 *   `{"ghg_statement": ...}`, for a document that has statements, then one line per refused entry,
 *   `{"refused_entry": {id, issues}}`, and per refused statement, `{"refused_statement": ...}`.
 *   Read an entry at a time and written in parts of about {@link NDJSON_PART} characters, each
 *   part drained before the next: an entry's objects (its component results and budget lines are
 *   made when read) and its text then die young, instead of a chunk's worth of them outliving the
 *   young generation's collections and piling up as old garbage, which the collector of a large
 *   document lets grow (1 GB document: 1.4 GB of heap at the end of the writing, docs/scaling.md).
 */
import type { EvaluationResult, EvaluationWarning, GhgEntryResult, GhgStatementResult } from '../accounting';
import { resultWarnings } from '../accounting/warnings';

/** Entries read a chunk at a time (an evaluation's `entries`). */
export interface EntrySource {
  readonly entryCount: number;
  /** Number of entries evaluated so far. */
  readonly evaluated: number;
  /** The next chunk of entry results, null once every entry was read. */
  nextChunk(): readonly GhgEntryResult[] | null;
  /** The next entry's result alone, null once every entry was read. */
  nextEntry(): GhgEntryResult | null;
}

/**
 * The NDJSON writer's part of the text: below V8's large-object size (128 KiB) once flattened, and
 * a few times the output stream's buffer, so that waiting for it to drain is seldom and short.
 */
export const NDJSON_PART = 64 * 1024;

/** An evaluation as the writers read it. */
export interface StreamedEvaluation {
  readonly entries: EntrySource;
  /** The statements' results, once every entry was read; undefined when the document has none. */
  statementResults(): readonly GhgStatementResult[] | undefined;
  /** The document's warnings (the result's add those only entries carry). */
  readonly documentWarnings: readonly EvaluationWarning[];
  /** The refused entries and statements, when some were refused (docs/result.md, "Refused entries"). */
  readonly refused?: Pick<EvaluationResult, 'refused_entries' | 'refused_statements'>;
}

/** Gathers the result's warnings from the entries as they are written. */
export class WarningCollector {
  private readonly seen: { warnings: readonly EvaluationWarning[] }[] = [];
  constructor(private readonly document: readonly EvaluationWarning[]) {}
  /** Notes an entry's warnings (only entries that have some are kept). */
  add(entry: GhgEntryResult): void {
    if (entry.warnings.length > 0) this.seen.push({ warnings: entry.warnings });
  }
  /** The result's warnings: the document's and every entry's, each once, in order. */
  all(): readonly EvaluationWarning[] {
    return resultWarnings(this.document, this.seen);
  }
}

/** `JSON.stringify({ ghg_entries: chunk }, null, 2)` begins and ends with these. */
const ENTRIES_OPEN = '{\n  "ghg_entries": [\n';
const ENTRIES_CLOSE = '\n  ]\n}';

/**
 * Writes the evaluation as indented JSON (see the module comment); `afterChunk` is awaited after
 * each chunk is written (the CLI waits there for the output to drain and shows its progress).
 */
export async function writeEvaluationJson(
  evaluation: StreamedEvaluation,
  write: (text: string) => void,
  afterChunk: () => Promise<void> | void = () => {},
): Promise<readonly EvaluationWarning[]> {
  let first = true;
  const warnings = new WarningCollector(evaluation.documentWarnings);
  for (let chunk = evaluation.entries.nextChunk(); chunk !== null; chunk = evaluation.entries.nextChunk()) {
    if (chunk.length === 0) continue;
    for (const entry of chunk) warnings.add(entry);
    const nested = JSON.stringify({ ghg_entries: chunk }, null, 2);
    // The chunk's entries as they stand inside the whole result, separated as its elements are.
    const elements = nested.slice(ENTRIES_OPEN.length, nested.length - ENTRIES_CLOSE.length);
    write(first ? ENTRIES_OPEN + elements : `,\n${elements}`);
    first = false;
    await afterChunk();
  }
  let tail = first ? '{\n  "ghg_entries": []' : '\n  ]';
  const statements = evaluation.statementResults();
  if (statements !== undefined) tail += `,${memberJson('ghg_statements', statements)}`;
  const all = warnings.all();
  tail += `,${memberJson('warnings', all)}`;
  const refused = evaluation.refused ?? {};
  if (refused.refused_entries !== undefined) tail += `,${memberJson('refused_entries', refused.refused_entries)}`;
  if (refused.refused_statements !== undefined) tail += `,${memberJson('refused_statements', refused.refused_statements)}`;
  write(`${tail}\n}\n`);
  return all;
}

/**
 * Writes the evaluation as NDJSON (see the module comment; each entry line carries its warnings);
 * `afterPart` is awaited after each part of about {@link NDJSON_PART} characters is written (the
 * CLI waits there for the output to drain and shows its progress). Returns the result's warnings.
 */
export async function writeEvaluationNdjson(
  evaluation: StreamedEvaluation,
  write: (text: string) => void,
  afterPart: () => Promise<void> | void = () => {},
): Promise<readonly EvaluationWarning[]> {
  const warnings = new WarningCollector(evaluation.documentWarnings);
  let lines = '';
  const { entries } = evaluation;
  for (let entry = entries.nextEntry(); entry !== null; entry = entries.nextEntry()) {
    warnings.add(entry);
    lines += `${JSON.stringify(entry)}\n`;
    if (lines.length < NDJSON_PART) continue;
    write(lines);
    lines = '';
    await afterPart();
  }
  if (lines.length > 0) {
    write(lines);
    await afterPart();
  }
  const statements = evaluation.statementResults();
  if (statements !== undefined && statements.length > 0)
    write(statements.map((statement) => `${JSON.stringify({ ghg_statement: statement })}\n`).join(''));
  const refused = evaluation.refused ?? {};
  const refusals = [
    ...(refused.refused_entries ?? []).map((entry) => JSON.stringify({ refused_entry: entry })),
    ...(refused.refused_statements ?? []).map((statement) => JSON.stringify({ refused_statement: statement })),
  ];
  if (refusals.length > 0) write(`${refusals.join('\n')}\n`);
  return warnings.all();
}

/** `"key": value` as a member of a top-level object indented by two spaces, after its line break. */
function memberJson(key: string, value: unknown): string {
  const nested = JSON.stringify({ [key]: value }, null, 2);
  return nested.slice(1, nested.length - 2);
}
