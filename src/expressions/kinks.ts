/**
 * Kinks of a compiled formula (docs/result.md, "Kinks"): where the result is not differentiable at
 * the magnitudes, because `min` or `max` has two tied arguments or LIST items, or `abs` is taken
 * at 0. There the derivative depends on a branch (which tied argument; +1 or -1), and taking the
 * first written argument would make the figures depend on the order of writing. So the candidate
 * gradients, one per combination of branches, are handed to the accounting, which keeps the one
 * that gives the entry the larger variance. Runs on the interpreter's tape, so a blueprint compiled
 * to JavaScript and one interpreted report the same candidates.
 */
import { ABS, ADD, backwardPass, forwardPass, LMAX, LMIN, MAX2, MIN2, type Program, SUB } from './program';

/**
 * Candidate gradients at a kink, or null when the result is differentiable at these values. Same
 * `values` and `inputStart` as `CompiledBlueprint.evaluate`; each candidate covers the slots the
 * inputs occupy.
 */
export type KinkGradients = (values: Float64Array, inputStart: Int32Array) => readonly Float64Array[] | null;

/**
 * A limit of the search, not a policy: most branch combinations of one component that are
 * enumerated. Beyond it (many simultaneous ties in one formula) each tie's branches are tried
 * alone, the other ties on their first branch: a documented, deterministic fallback
 * (docs/result.md).
 */
export const MAX_KINK_COMBINATIONS = 256;

/**
 * Numerical, not a policy (docs/result.md): two arguments of `min`/`max` whose values differ by at
 * most this relative amount are tied, because the same quantity written in two units can come back
 * from SI conversion an ulp apart, and the branch must not depend on which unit was written.
 */
export const KINK_TIE_TOLERANCE = 1e-12;

function tied(x: number, y: number): boolean {
  return x === y || Math.abs(x - y) <= KINK_TIE_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
}

/** For each register, the position in the tape of the instruction that writes it; -1 for a constant. */
function producers(program: Program): Int32Array {
  const producer = new Int32Array(program.initialRegisters.length).fill(-1);
  for (let pc = 0; pc < program.code.length; pc += 4) producer[program.code[pc + 1] as number] = pc;
  return producer;
}

/**
 * Whether register `a` (the argument of an abs) is at 0: exactly, or as a difference of two tied
 * values (`abs({a} - {b})` with a and b equal but written in two units, an ulp apart in SI).
 */
function isZero(code: Int32Array, r: Float64Array, producer: Int32Array, a: number): boolean {
  if (r[a] === 0) return true;
  const pc = producer[a] as number;
  if (pc < 0) return false;
  const x = r[code[pc + 2] as number] as number;
  const y = r[code[pc + 3] as number] as number;
  return (code[pc] === SUB && tied(x, y)) || (code[pc] === ADD && tied(x, -y));
}

/** One kink met in the forward pass: its instruction and its branches. */
interface Site {
  readonly instruction: number;
  /** For a list min/max, the tied positions; for min, max and abs, [0, 1]. */
  readonly branches: readonly number[];
  readonly isList: boolean;
}

/** Whether a program has any instruction that can be a kink. */
export function mayKink(program: Program): boolean {
  const code = program.code;
  for (let pc = 0; pc < code.length; pc += 4) {
    const op = code[pc];
    if (op === MIN2 || op === MAX2 || op === ABS || op === LMIN || op === LMAX) return true;
  }
  return false;
}

/**
 * The kink enumerator of a program (see {@link KinkGradients}). The forward pass runs in scratch
 * arrays allocated once (not re-entrant, like the evaluator); only a kink allocates.
 */
export function createKinkGradients(program: Program): KinkGradients {
  const { code, initialRegisters, result, inputCount } = program;
  const r = Float64Array.from(initialRegisters);
  const chosen = new Int32Array(code.length >> 2);
  const producer = producers(program);
  const tape: KinkTape = { code, r, chosen, producer };
  return (values, inputStart) => {
    if (inputStart.length < inputCount + 1)
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${inputCount + 1} (inputs + 1)`);
    forwardPass(code, r, values, inputStart, chosen);
    const sites = kinkSites(tape, values, inputStart);
    if (sites === null) return null;
    const slotCount = inputStart[inputCount] as number;
    const sides = new Int8Array(code.length >> 2).fill(-1);
    const adj = new Float64Array(r.length);
    const gradientOf = (branch: readonly number[]): Float64Array => {
      sites.forEach((site, i) => {
        if (site.isList) chosen[site.instruction] = site.branches[branch[i] as number] as number;
        else sides[site.instruction] = site.branches[branch[i] as number] as number;
      });
      adj.fill(0);
      adj[result] = 1;
      const gradient = new Float64Array(slotCount);
      backwardPass(code, r, adj, inputStart, chosen, gradient, sides);
      return gradient;
    };
    return distinct(combinations(sites).map(gradientOf));
  };
}

/** A program's code and the scratch arrays of its forward pass (registers, chosen list positions), made once per program. */
interface KinkTape {
  readonly code: Int32Array;
  readonly r: Float64Array;
  readonly chosen: Int32Array;
  readonly producer: Int32Array;
}

/** The kinks at these values, in tape order; null for none (allocating nothing). */
function kinkSites(tape: KinkTape, values: Float64Array, inputStart: Int32Array): Site[] | null {
  const { code, r, chosen, producer } = tape;
  let sites: Site[] | null = null;
  for (let pc = 0; pc < code.length; pc += 4) {
    const op = code[pc];
    const a = code[pc + 2] as number;
    const instruction = pc >> 2;
    if (
      ((op === MIN2 || op === MAX2) && tied(r[a] as number, r[code[pc + 3] as number] as number)) ||
      (op === ABS && isZero(code, r, producer, a))
    ) {
      (sites ??= []).push({ instruction, branches: [0, 1], isList: false });
    } else if (op === LMIN || op === LMAX) {
      const at = chosen[instruction] as number;
      if (at < 0) continue;
      let count = 0;
      for (let k = inputStart[a] as number; k < (inputStart[a + 1] as number); k++)
        if (tied(values[k] as number, values[at] as number)) count++;
      if (count < 2) continue;
      const ties: number[] = [];
      for (let k = inputStart[a] as number; k < (inputStart[a + 1] as number); k++)
        if (tied(values[k] as number, values[at] as number)) ties.push(k);
      (sites ??= []).push({ instruction, branches: ties, isList: true });
    }
  }
  return sites;
}

/** Every combination of branches (indices into each site's branches), or the fallback beyond the cap. */
function combinations(sites: readonly Site[]): number[][] {
  let total = 1;
  for (const site of sites) total *= site.branches.length;
  if (total > MAX_KINK_COMBINATIONS) {
    // Each tie alone, the others on their first branch.
    const out: number[][] = [sites.map(() => 0)];
    sites.forEach((site, i) => {
      for (let b = 1; b < site.branches.length; b++) out.push(sites.map((_, j) => (j === i ? b : 0)));
    });
    return out;
  }
  const out: number[][] = [];
  const branch = sites.map(() => 0);
  for (let n = 0; n < total; n++) {
    out.push([...branch]);
    for (let i = 0; i < sites.length; i++) {
      branch[i] = (branch[i] as number) + 1;
      if ((branch[i] as number) < (sites[i] as Site).branches.length) break;
      branch[i] = 0;
    }
  }
  return out;
}

/** The gradients without exact repeats, in the order first met. */
function distinct(gradients: readonly Float64Array[]): Float64Array[] {
  const out: Float64Array[] = [];
  for (const g of gradients) {
    if (!out.some((o) => o.every((v, k) => Object.is(v, g[k])))) out.push(g);
  }
  return out;
}
