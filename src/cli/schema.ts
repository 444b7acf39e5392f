/**
 * `cdr-engine schema`: prints the JSON Schema of the removal graph document (the one the package
 * ships as `cdr-engine/graph.schema.json`), generated from the zod schema. Exit 0, or 2 for bad
 * usage (it takes no arguments).
 */
import { graphJsonSchemaText } from '../model/graph-json-schema';
import type { Io } from './io';
import { SCHEMA_USAGE } from './usage';

/** Runs the schema command with its arguments (after `schema`) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  if (args.length > 0) {
    const what = (args[0] as string).startsWith('-') ? `unknown option '${args[0]}'` : `unexpected argument '${args[0]}'`;
    io.err(`cdr-engine schema: ${what}\n${SCHEMA_USAGE}\n`);
    return 2;
  }
  io.out(graphJsonSchemaText());
  return 0;
}
