/**
 * The deciding comparisons of a compiled formula (docs/rules.md, "Branches"): at the magnitudes,
 * each comparison that chooses the branch of a conditional the result actually goes through, with
 * the difference of its two sides and that difference's gradient over the component's slots. The
 * accounting turns them into the warning `branch_near_threshold` when the two sides lie within two
 * first-order standard deviations of each other. Runs on the interpreter's tape, like kinks.ts.
 */
import {
  backwardPass,
  EQ,
  forwardPass,
  GE,
  GT,
  LCOUNT,
  LE,
  LMAX,
  LMEAN,
  LMIN,
  LOAD,
  LSUM,
  LT,
  NE,
  type Program,
  SELF,
  SELT,
  UNARY_OPCODES,
} from './program';

/**
 * One deciding comparison at the magnitudes (see `CompiledBlueprint.branchSides`).
 * @public
 */
export interface BranchSide {
  /** Key of the expression the comparison is written in. */
  readonly expression: string;
  /** The comparison, normalised (`{a} > {b}`). */
  readonly comparison: string;
  /** Left side less right side, SI. */
  readonly difference: number;
  /** d(difference)/d(slot) for every slot of the component's inputs. */
  readonly gradient: Float64Array;
}

/** Where a comparison was written, by the register the lowering gave it. */
export interface ComparisonSite {
  readonly register: number;
  readonly expression: string;
  readonly comparison: string;
}

/**
 * The deciding comparisons of a component (same `values` and `inputStart` as
 * `CompiledBlueprint.evaluate`); null when the formula has none at these values.
 */
export type BranchSides = (values: Float64Array, inputStart: Int32Array) => readonly BranchSide[] | null;

const COMPARISONS: ReadonlySet<number> = new Set([LT, LE, GT, GE, EQ, NE]);
/** Instructions whose `a` is not a register (and whose `b` is unused). */
const NO_FIRST: ReadonlySet<number> = new Set([LOAD, LSUM, LMEAN, LMIN, LMAX, LCOUNT]);

/** The enumerator of a program's deciding comparisons; `sites` names each comparison's register. */
export function createBranchSides(program: Program, sites: readonly ComparisonSite[]): BranchSides {
  const { code, initialRegisters, result, inputCount } = program;
  const r = Float64Array.from(initialRegisters);
  const chosen = new Int32Array(code.length >> 2);
  const siteOf = new Map(sites.map((s) => [s.register, s]));
  return (values, inputStart) => {
    forwardPass(code, r, values, inputStart, chosen);
    const live = new Uint8Array(r.length);
    live[result] = 1;
    let found: BranchSide[] | null = null;
    for (let pc = code.length - 4; pc >= 0; pc -= 4) {
      const op = code[pc] as number;
      const d = code[pc + 1] as number;
      if (live[d] !== 1) continue;
      const a = code[pc + 2] as number;
      const b = code[pc + 3] as number;
      if (op === SELT || op === SELF) {
        live[a] = 1;
        if (r[a] === (op === SELT ? 1 : 0)) live[b] = 1;
        continue;
      }
      if (NO_FIRST.has(op)) continue;
      live[a] = 1;
      if (!UNARY_OPCODES.has(op)) live[b] = 1;
      const site = COMPARISONS.has(op) ? siteOf.get(d) : undefined;
      if (site === undefined) continue;
      const adj = new Float64Array(r.length);
      adj[a] = 1;
      adj[b] = (adj[b] as number) - 1;
      const gradient = new Float64Array(inputStart[inputCount] as number);
      backwardPass(code, r, adj, inputStart, chosen, gradient, null);
      (found ??= []).push({
        expression: site.expression,
        comparison: site.comparison,
        difference: (r[a] as number) - (r[b] as number),
        gradient,
      });
    }
    return found;
  };
}
