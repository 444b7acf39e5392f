/**
 * Internal: how the model's own checks tell the 422 mapper exactly which pydantic error they mean.
 * A check adds a zod `custom` issue whose params carry the pydantic type, message and context, so
 * the mapper never has to guess from a generic zod code. Not re-exported from the package.
 */
import type { z } from 'zod';

/** Key under which a custom issue's params carry the pydantic error. */
export const PYDANTIC_PARAM = 'pydantic';

/** The parts of a pydantic error item that a check decides (loc and input come from the parse). */
export interface PydanticErrorSpec {
  readonly type: string;
  readonly msg: string;
  readonly ctx?: Readonly<Record<string, unknown>>;
}

/**
 * Adds a custom issue that the mapper turns into exactly `spec`, at `path` below the value being
 * checked (the value itself by default).
 */
export function addPydanticIssue(
  ctx: z.core.$RefinementCtx,
  input: unknown,
  spec: PydanticErrorSpec,
  path: readonly PropertyKey[] = [],
): void {
  ctx.addIssue({ code: 'custom', message: spec.msg, input, path: [...path], params: { [PYDANTIC_PARAM]: spec } });
}

/** The spec carried by a custom issue, if it was added by {@link addPydanticIssue}. */
export function readPydanticSpec(params: Record<string, unknown> | undefined): PydanticErrorSpec | undefined {
  const spec = params?.[PYDANTIC_PARAM];
  if (typeof spec !== 'object' || spec === null) return undefined;
  const { type, msg, ctx } = spec as Record<string, unknown>;
  if (typeof type !== 'string' || typeof msg !== 'string') return undefined;
  return ctx !== undefined && typeof ctx === 'object' && ctx !== null ? { type, msg, ctx: ctx as Record<string, unknown> } : { type, msg };
}

/** Python's repr of a string, as pydantic prints expected values: single quotes. */
export function pyRepr(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** pydantic's list of expected values: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function expectedList(values: readonly unknown[]): string {
  const reprs = values.map(pyRepr);
  if (reprs.length <= 1) return reprs[0] ?? '';
  return `${reprs.slice(0, -1).join(', ')} or ${reprs[reprs.length - 1]}`;
}
