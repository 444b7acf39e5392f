/**
 * Warnings on stderr (docs/cli.md): `evaluate`, `explain` and `report` print each warning of the
 * result as one line after their output, and exit 0 unless `--strict-warnings` was given, which
 * makes any warning exit 1. Standard output stays the result alone.
 */
import type { EvaluationWarning } from '../accounting';
import type { Io } from './io';
import { terminalText } from './terminal-text';

/** The option every command that evaluates accepts. */
export const STRICT_WARNINGS = '--strict-warnings';

/** Prints the warnings on stderr and returns the exit code they give (0, or 1 when strict). */
export function reportWarnings(command: string, label: string, warnings: readonly EvaluationWarning[], strict: boolean, io: Io): number {
  if (warnings.length === 0) return 0;
  const lines = warnings.map(
    (w) => `cdr-engine ${command}: warning: ${terminalText(label)}: at ${terminalText(w.path)}: ${terminalText(w.message)} [${w.code}]\n`,
  );
  const tail = strict ? `cdr-engine ${command}: ${warnings.length} warning(s) and ${STRICT_WARNINGS}: exit 1\n` : '';
  io.err(lines.join('') + tail);
  return strict ? 1 : 0;
}
