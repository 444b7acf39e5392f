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

/**
 * Each warning of a prepared graph's document, by object, mapped to the position in
 * `documentWarnings.all` of the warning of its (path, code): computed once per prepared graph, so
 * that an entry orders and deduplicates its warnings by integers instead of comparing paths
 * (a 10,000-entry graph whose shared emission factor is unrealistic carries that one warning in
 * every entry: sorting each entry's list by its paths cost 15 to 20 ms of the evaluation).
 */
const WARNING_RANKS = new WeakMap<PreparedGraph, Map<EvaluationWarning, number>>();

function warningRanks(prepared: PreparedGraph): Map<EvaluationWarning, number> {
  let ranks = WARNING_RANKS.get(prepared);
  if (ranks !== undefined) return ranks;
  const { all, byDatapoint, byEntry } = prepared.documentWarnings;
  const rankOfKey = new Map<string, number>();
  all.forEach((w, i) => rankOfKey.set(`${w.code} ${w.path}`, i));
  ranks = new Map();
  for (const list of [...byDatapoint.values(), ...byEntry.values()]) {
    for (const w of list) ranks.set(w, rankOfKey.get(`${w.code} ${w.path}`) as number);
  }
  WARNING_RANKS.set(prepared, ranks);
  return ranks;
}

/** Entry e's warnings: its own and those of every datapoint its attributed components and factors use. */
export function entryWarnings(prepared: PreparedGraph, e: number): readonly EvaluationWarning[] {
  const { all, byDatapoint, byEntry } = prepared.documentWarnings;
  const own = byEntry.get(e) ?? NONE;
  if (byDatapoint.size === 0) return own;
  const ranks = warningRanks(prepared);
  let found: number[] | null = null;
  const add = (list: readonly EvaluationWarning[]): void => {
    for (const w of list) (found ??= []).push(ranks.get(w) as number);
  };
  add(own);
  const { attributionStart, attributions } = prepared.entries;
  const { slots, slotStart } = prepared.components;
  const warned = warnedComponents(prepared);
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
    const c = attributions.component[a] as number;
    if (warned[c] === 1) {
      for (let s = slotStart[c] as number; s < (slotStart[c + 1] as number); s++) {
        const w = byDatapoint.get(slots[s] as number);
        if (w !== undefined) add(w);
      }
    }
    const factor = attributions.factorDatapoint[a] as number;
    if (factor >= 0) {
      const w = byDatapoint.get(factor);
      if (w !== undefined) add(w);
    }
  }
  if (found === null) return NONE;
  // The document's order (by path then code), each (path, code) once: its warnings in `all`.
  const sorted = (found as number[]).sort((x, y) => x - y);
  const result: EvaluationWarning[] = [];
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) result.push(all[sorted[i] as number] as EvaluationWarning);
  return result;
}

/** The result's warnings: the document's and every entry's, each once, in order. */
export function resultWarnings(
  document: readonly EvaluationWarning[],
  entries: readonly { readonly warnings: readonly EvaluationWarning[] }[],
): readonly EvaluationWarning[] {
  let extra: EvaluationWarning[] | null = null;
  // An entry's document warnings are the document's own objects (entryWarnings): known by identity
  // first, without making a key for each of them.
  const knownObjects = new Set(document);
  const known = new Set(document.map((w) => `${w.code} ${w.path}`));
  // Indexed loops: an iterator per entry is 10,000s of objects at no gain (issue 36).
  for (let e = 0; e < entries.length; e++) {
    const own = (entries[e] as { readonly warnings: readonly EvaluationWarning[] }).warnings;
    for (let k = 0; k < own.length; k++) {
      const w = own[k] as EvaluationWarning;
      if (knownObjects.has(w) || known.has(`${w.code} ${w.path}`)) continue;
      (extra ??= []).push(w);
    }
  }
  return extra === null ? document : sortWarnings([...document, ...extra]);
}
