/**
 * Reading a JSON document named on the command line and printing an input's problems: the steps
 * every command that takes a document shares, with the same exit codes (2 unreadable, 1 invalid).
 */
import { readFile } from 'node:fs/promises';
import { formatIssuePath, type GraphIssue } from '../model';
import type { Io } from './io';

/** A document read and parsed, or the exit code to stop with (the problem already printed). */
export type ReadDocument = { readonly ok: true; readonly document: unknown } | { readonly ok: false; readonly exitCode: 1 | 2 };

/**
 * Reads and parses the JSON document at `source`, named `label` in messages. An unreadable file is
 * bad usage (2); a file that is not JSON is an invalid input (1).
 */
export async function readJsonDocument(command: string, source: string | URL, label: string, io: Io): Promise<ReadDocument> {
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    io.err(`cdr-engine ${command}: cannot read '${label}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return { ok: false, exitCode: 2 };
  }
  try {
    return { ok: true, document: JSON.parse(text) as unknown };
  } catch (error) {
    io.err(`cdr-engine ${command}: '${label}' is not valid JSON: ${(error as Error).message}\n`);
    return { ok: false, exitCode: 1 };
  }
}

/** Prints every problem of an input, one per line with its path and code. */
export function printIssues(command: string, label: string, issues: readonly GraphIssue[], io: Io): void {
  io.err(`cdr-engine ${command}: ${issues.length} problem(s) in ${label}\n`);
  for (const issue of issues) io.err(`  ${formatIssuePath(issue.path)}: ${issue.message} [${issue.code}]\n`);
}
