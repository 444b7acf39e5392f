/**
 * The JSON Schema of the removal graph document, generated from its zod schema by zod's own
 * `z.toJSONSchema` (never written by hand), for editors and validators such as ajv. Draft-07, the
 * draft editors read best; input shapes (a field with a default is optional); every object has
 * `additionalProperties: false`, as the zod schema is strict. The package ships it as
 * `cdr-engine/graph.schema.json` (schema/graph.schema.json, kept up to date by
 * `npm run schema:update` and a test), and `cdr-engine schema` prints it.
 *
 * Internal: not exported from the package (the JSON file is).
 */
import * as z from 'zod';
import { removalGraphSchema } from './graph';

/** The JSON Schema of the removal graph document, as a plain JSON value. */
export function graphJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(removalGraphSchema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return {
    $schema,
    title: 'cdr-engine removal graph document',
    description:
      "Blueprints, datapoints, components and GHG entries (and optionally GHG statements and projects) in the service's field names: everything needed to evaluate GHG entries. Every object is strict. See docs/graph-document.md.",
    ...rest,
  };
}

/** {@link graphJsonSchema} as the text of schema/graph.schema.json (two-space indents, final newline). */
export function graphJsonSchemaText(): string {
  return `${JSON.stringify(graphJsonSchema(), null, 2)}\n`;
}
