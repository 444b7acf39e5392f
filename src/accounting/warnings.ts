/**
 * Warnings as the result carries them (docs/result.md, `warnings`): each once, in an order that
 * depends only on paths and codes (never on the order a document is written in beyond its
 * paths), and an entry's gathered from the datapoints it uses. A warning never changes a figure.
 *
 * Owns: the order and the gathering of warnings. May import: result.ts (types), prepare/prepared-graph.ts (types).
 */
import type { PreparedGraph } from './prepare/prepared-graph';
import type { EvaluationWarning } from './result';

const NONE: readonly EvaluationWarning[] = Object.freeze([]);

/** Compares two paths with their indices as numbers (`datapoints[2]` before `datapoints[10]`). */
function comparePaths(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    // split with a capture group puts the numbers at odd positions
    if (i % 2 === 1) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** The warnings ordered by path then code, each (path, code) once. */
export function sortWarnings(warnings: readonly EvaluationWarning[]): readonly EvaluationWarning[] {
  if (warnings.length === 0) return NONE;
  const sorted = [...warnings].sort((a, b) => comparePaths(a.path, b.path) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return sorted.filter(
    (w, i) => i === 0 || w.path !== (sorted[i - 1] as EvaluationWarning).path || w.code !== (sorted[i - 1] as EvaluationWarning).code,
  );
}

/**
 * Which components use a datapoint that has a warning (1) or none (0), computed once per prepared
 * graph: an entry then walks the slots of those components only, not of every component it
 * attributes (a 10,000-entry graph has 500,000 slots and, typically, a few warned datapoints).
 */
const WARNED_COMPONENTS = new WeakMap<PreparedGraph, Uint8Array>();

function warnedComponents(prepared: PreparedGraph): Uint8Array {
  let warned = WARNED_COMPONENTS.get(prepared);
  if (warned !== undefined) return warned;
  const { byDatapoint } = prepared.documentWarnings;
  const { count, slots, slotStart } = prepared.components;
  warned = new Uint8Array(count);
  for (let c = 0; c < count; c++) {
    for (let s = slotStart[c] as number; s < (slotStart[c + 1] as number); s++) {
      if (byDatapoint.has(slots[s] as number)) {
        warned[c] = 1;
        break;
      }
    }
  }
  WARNED_COMPONENTS.set(prepared, warned);
  return warned;
}

/** Entry e's warnings: its own and those of every datapoint its attributed components and factors use. */
export function entryWarnings(prepared: PreparedGraph, e: number): readonly EvaluationWarning[] {
  const { byDatapoint, byEntry } = prepared.documentWarnings;
  const own = byEntry.get(e) ?? NONE;
  if (byDatapoint.size === 0) return own;
  const found: EvaluationWarning[] = [...own];
  const { attributionStart, attributions } = prepared.entries;
  const { slots, slotStart } = prepared.components;
  const warned = warnedComponents(prepared);
  const add = (d: number): void => {
    const w = byDatapoint.get(d);
    if (w !== undefined) found.push(...w);
  };
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
    const c = attributions.component[a] as number;
    if (warned[c] === 1) for (let s = slotStart[c] as number; s < (slotStart[c + 1] as number); s++) add(slots[s] as number);
    const factor = attributions.factorDatapoint[a] as number;
    if (factor >= 0) add(factor);
  }
  return found.length === 0 ? NONE : sortWarnings(found);
}

/** The result's warnings: the document's and every entry's, each once, in order. */
export function resultWarnings(
  document: readonly EvaluationWarning[],
  entries: readonly { readonly warnings: readonly EvaluationWarning[] }[],
): readonly EvaluationWarning[] {
  let extra: EvaluationWarning[] | null = null;
  const known = new Set(document.map((w) => `${w.code} ${w.path}`));
  for (const entry of entries) {
    for (const w of entry.warnings) {
      if (known.has(`${w.code} ${w.path}`)) continue;
      (extra ??= []).push(w);
    }
  }
  return extra === null ? document : sortWarnings([...document, ...extra]);
}
