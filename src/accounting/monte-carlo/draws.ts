/**
 * The draws of a Monte Carlo evaluation, a block at a time (docs/result.md, "Monte Carlo"): every
 * datapoint with a positive standard deviation is a marginal of its distribution; a datapoint is
 * drawn alone, or with the other members of its correlation group through the Gaussian copula;
 * the members of a sample set take their column's values at the rows of a paired bootstrap
 * (bootstrap.ts).
 * Each (block, datapoint or group) has its own counter-based stream (uncertainty/random-streams.ts),
 * so a block's draws are the same whichever entries, blocks or threads ask for them.
 * Internal to accounting.
 */
import { DISTRIBUTION_CODE, drawFromNormal, drawFromUniform, type Marginal } from '../../uncertainty/distributions';
import { BlockStream, type StreamOrigin, streamKey, streamOrigin } from '../../uncertainty/random-streams';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { PreparedSampleSet } from '../prepare/sample-sets';
import { drawSampleSet, sampleSetStreamKey } from './bootstrap';

/** Draws per block: the unit of reproducibility (streams are per block) and of work. */
export const BLOCK_DRAWS = 1024;

/** A datapoint drawn alone, a correlation group drawn jointly, or a sample set resampled by rows. */
interface SamplingUnit {
  /** Its streams' state but the block's word (streamOrigin of the seed and its 64-bit key). */
  readonly origin: StreamOrigin;
  /** Datapoint indices (a group's ordered by id). */
  readonly members: readonly number[];
  /** The group's Cholesky factor; null for a datapoint alone or a sample set. */
  readonly cholesky: Float64Array | null;
  /** The sample set it resamples; absent otherwise. */
  readonly sampleSet?: PreparedSampleSet;
}

/** What is drawn for a prepared graph: each sampled datapoint's marginal and unit. */
export class DrawPlan {
  /** Marginal of each datapoint; null for a constant (no or zero standard deviation). */
  readonly marginals: readonly (Marginal | null)[];
  /** Index into `units` of each sampled datapoint, -1 for a constant. */
  readonly unitOf: Int32Array;
  private readonly units: SamplingUnit[] = [];
  /** The units of each `needed` array drawBlock was given (a range's datapoints, the same array block after block). */
  private readonly unitsOfNeeded = new WeakMap<Int32Array, Int32Array>();
  /** The one stream object, restarted for each (block, unit). */
  private readonly random = new BlockStream(0, 0, [0, 0]);
  private normals = new Float64Array(0);
  private rows = new Int32Array(0);

  constructor(prepared: PreparedGraph, seed: number) {
    const n = prepared.siMagnitudes.length;
    this.unitOf = new Int32Array(n).fill(-1);
    this.marginals = Array.from({ length: n }, (_, d) => marginalOf(prepared, d));
    for (const group of prepared.correlations.groups) {
      const members = group.members.filter((d) => this.marginals[d] !== null);
      const unit = this.units.length;
      this.units.push({
        origin: streamOrigin(seed, streamKey(prepared.datapointIds[group.members[0] as number] as string)),
        members: group.members,
        cholesky: group.cholesky,
      });
      for (const d of members) this.unitOf[d] = unit;
    }
    for (const set of prepared.sampleSets) {
      const unit = this.units.length;
      const members = set.columns.flatMap((column) => Array.from(column.members));
      this.units.push({ origin: streamOrigin(seed, sampleSetStreamKey(set.id)), members, cholesky: null, sampleSet: set });
      for (const d of members) this.unitOf[d] = unit;
    }
    for (let d = 0; d < n; d++) {
      if (this.marginals[d] === null || this.unitOf[d] !== -1) continue;
      this.unitOf[d] = this.units.length;
      this.units.push({ origin: streamOrigin(seed, streamKey(prepared.datapointIds[d] as string)), members: [d], cholesky: null });
    }
  }

  /**
   * Draws block `block` (its first `size` draws) of every unit of the datapoints `needed` into
   * `buffers[d]` (one Float64Array of at least `size` per needed sampled datapoint).
   */
  drawBlock(block: number, size: number, needed: Int32Array, buffers: readonly (Float64Array | null)[]): void {
    let units = this.unitsOfNeeded.get(needed);
    if (units === undefined) {
      units = this.unitsOf(needed);
      this.unitsOfNeeded.set(needed, units);
    }
    for (const u of units) this.drawUnit(this.units[u] as SamplingUnit, block, size, buffers);
  }

  /** The units of the datapoints `needed`, each once, in the order of their first member there. */
  private unitsOf(needed: Int32Array): Int32Array {
    const units = new Set<number>();
    for (const d of needed) if ((this.unitOf[d] as number) >= 0) units.add(this.unitOf[d] as number);
    return Int32Array.from(units);
  }

  private drawUnit(unit: SamplingUnit, block: number, size: number, buffers: readonly (Float64Array | null)[]): void {
    const random = this.random.restart(unit.origin, block);
    if (unit.sampleSet !== undefined) {
      drawSampleSet(unit.sampleSet, random, size, buffers, this.rowsOf(size * unit.sampleSet.rows));
      return;
    }
    if (unit.cholesky === null) {
      const d = unit.members[0] as number;
      const marginal = this.marginals[d] as Marginal;
      const out = buffers[d] ?? new Float64Array(size);
      // A normal input is drawn straight into its column (drawFromNormal's magnitude + sd z, in the fill);
      // a view of its first `size` places only for a shorter block (a view is an object made per call).
      if (marginal.type === DISTRIBUTION_CODE.normal)
        random.fillNormals(out.length === size ? out : out.subarray(0, size), marginal.magnitude, marginal.standardDeviation);
      else if (marginal.type === DISTRIBUTION_CODE.lognormal || marginal.type === DISTRIBUTION_CODE.lognormal_median) {
        const z = this.normalsOf(size);
        random.fillNormals(z);
        for (let i = 0; i < size; i++) out[i] = drawFromNormal(marginal, z[i] as number);
      } else for (let i = 0; i < size; i++) out[i] = drawFromUniform(marginal, random.uniform());
      return;
    }
    this.drawGroup(unit, random, size, buffers);
  }

  /** A correlated group: k standard normals per draw (draw-major, so a shorter block is a prefix), times L, through each marginal. */
  private drawGroup(unit: SamplingUnit, random: BlockStream, size: number, buffers: readonly (Float64Array | null)[]): void {
    const { members } = unit;
    const l = unit.cholesky as Float64Array;
    const k = members.length;
    const z = this.normalsOf(size * k);
    random.fillNormals(z);
    for (let j = 0; j < k; j++) {
      const d = members[j] as number;
      const out = buffers[d];
      const marginal = this.marginals[d];
      if (out === null || out === undefined || marginal === null || marginal === undefined) continue;
      for (let i = 0; i < size; i++) {
        let y = 0;
        for (let m = 0; m <= j; m++) y += (l[j * k + m] as number) * (z[i * k + m] as number);
        out[i] = drawFromNormal(marginal, y);
      }
    }
  }

  private rowsOf(n: number): Int32Array {
    if (this.rows.length < n) this.rows = new Int32Array(n);
    return this.rows.subarray(0, n);
  }

  private normalsOf(n: number): Float64Array {
    if (this.normals.length < n) this.normals = new Float64Array(Math.max(n, BLOCK_DRAWS));
    return this.normals.subarray(0, n);
  }
}

/** Datapoint d's marginal in SI, or null when it is a constant. */
function marginalOf(prepared: PreparedGraph, d: number): Marginal | null {
  const sd = prepared.siStandardDeviations[d] as number;
  if (Number.isNaN(sd) || sd === 0) return null;
  return {
    type: prepared.distributionType[d] as number,
    magnitude: prepared.siMagnitudes[d] as number,
    standardDeviation: sd,
    parameter: prepared.distributionParameter[d] as number,
  };
}
