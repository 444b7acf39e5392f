// Focused known answers for a Monte Carlo run's draws and nets (src/accounting/monte-carlo/draws.ts, nets.ts,
// bootstrap.ts): each sampled net is checked, draw by draw, against the streams read directly (uncertainty/random-streams)
// through the same arithmetic: a normal datapoint's own stream per block, a rectangular and a lognormal one, a correlated
// pair through its Cholesky factor, the rows of a paired bootstrap, constants, signs and factors, a non-finite net as NaN.
// Pins the streams: a change of a key, a block or an order changes these draws. Tiny graphs, a few blocks: the mutation
// group monte-carlo-draws runs it for every mutant.
import { describe, expect, it } from 'vitest';
import { prepareGraph, type RemovalGraphInput } from '../../src';
import { sampleSetStreamKey } from '../../src/accounting/monte-carlo/bootstrap';
import { BLOCK_DRAWS, DrawPlan } from '../../src/accounting/monte-carlo/draws';
import { NetSampler } from '../../src/accounting/monte-carlo/nets';
import { NetBuffers } from '../../src/accounting/monte-carlo/run';
import type { PreparedGraph } from '../../src/accounting/prepare';
import { choleskyOfCorrelation } from '../../src/uncertainty/correlation';
import { DISTRIBUTION_CODE, drawFromNormal, drawFromUniform } from '../../src/uncertainty/distributions';
import { BlockStream, streamKey } from '../../src/uncertainty/random-streams';
import { blueprint, cmp, component, datapoint, dtp, entry, rmv } from './fixtures';
import { A, B, pairedGraph } from './sample-set-fixtures';

const SEED = 9;

function prepared(document: unknown): PreparedGraph {
  const result = prepareGraph(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.prepared;
}

/** A one-input blueprint `{x} * {m}` (x dimensionless, m a mass): the value is the draw of x times m. */
function scaled(type = 'SEQUESTRATION') {
  return blueprint({
    key: `scaled_${type}`,
    type,
    template: '{x} * {m}',
    inputs: { x: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
  });
}

/** The nets of entries [from, to) over `total` draws, from a fresh sampler. */
function nets(graph: PreparedGraph, total: number, from = 0, to = graph.entries.count, seed = SEED): Float64Array[] {
  const sampler = new NetSampler(graph, new DrawPlan(graph, seed), new Float64Array(graph.shareSlotCount));
  const out = Array.from({ length: to - from }, () => new Float64Array(total));
  sampler.sample(sampler.rangeOf(from, to), 0, Math.ceil(total / BLOCK_DRAWS), total, out, 0);
  return out;
}

/** Each block's draws of `total`, written by `fill(stream, block size)` into one array. */
function perBlock(
  total: number,
  key: readonly [number, number],
  fill: (stream: BlockStream, size: number) => Float64Array,
  seed = SEED,
): Float64Array {
  const out = new Float64Array(total);
  for (let b = 0; b * BLOCK_DRAWS < total; b++) {
    const size = Math.min(BLOCK_DRAWS, total - b * BLOCK_DRAWS);
    out.set(fill(new BlockStream(seed, b, key), size), b * BLOCK_DRAWS);
  }
  return out;
}

function normals(stream: BlockStream, size: number, location = 0, scale = 1): Float64Array {
  const z = new Float64Array(size);
  stream.fillNormals(z, location, scale);
  return z;
}

describe('one datapoint drawn alone', () => {
  const document: RemovalGraphInput = {
    component_blueprints: [scaled()],
    datapoints: [
      { id: dtp('n'), quantity: { magnitude: 10, unit: '', standard_deviation: 2 } },
      { id: dtp('r'), quantity: { magnitude: 10, unit: '', standard_deviation: 2 }, distribution: { type: 'rectangular' } },
      { id: dtp('l'), quantity: { magnitude: 10, unit: '', standard_deviation: 2 }, distribution: { type: 'lognormal' } },
      datapoint('kg', 1, 'kg'),
    ] as RemovalGraphInput['datapoints'],
    components: [
      component('n', 'scaled_SEQUESTRATION', { x: 'n', m: 'kg' }),
      component('r', 'scaled_SEQUESTRATION', { x: 'r', m: 'kg' }),
      component('l', 'scaled_SEQUESTRATION', { x: 'l', m: 'kg' }),
    ],
    ghg_entries: [entry('n', { n: 1 }, null), entry('r', { r: 1 }, null), entry('l', { l: 1 }, null)],
  };
  const graph = prepared(document);
  const total = 2500; // two whole blocks and a part
  const [normal, rectangular, lognormal] = nets(graph, total);
  const marginal = (type: number) => ({ type, magnitude: 10, standardDeviation: 2, parameter: Number.NaN });

  it('the marginals: the datapoint`s type, magnitude and standard deviation in SI; none for a constant', () => {
    const plan = new DrawPlan(graph, SEED);
    const d = (name: string) => graph.datapointIds.indexOf(dtp(name));
    expect(plan.marginals[d('n')]).toEqual(marginal(DISTRIBUTION_CODE.normal));
    expect(plan.marginals[d('r')]).toEqual(marginal(DISTRIBUTION_CODE.rectangular));
    expect(plan.marginals[d('kg')]).toBeNull();
    expect(plan.unitOf[d('kg')]).toBe(-1);
    expect(new Set([d('n'), d('r'), d('l')].map((x) => plan.unitOf[x])).size).toBe(3);
  });

  it('a normal one: magnitude + sd z from its own stream, per block', () => {
    expect(normal).toEqual(perBlock(total, streamKey(dtp('n')), (s, size) => normals(s, size, 10, 2)));
  });

  it('a rectangular one: its quantile at each uniform number of its stream', () => {
    const m = marginal(DISTRIBUTION_CODE.rectangular);
    expect(rectangular).toEqual(
      perBlock(total, streamKey(dtp('r')), (s, size) => Float64Array.from({ length: size }, () => drawFromUniform(m, s.uniform()))),
    );
    expect(Math.min(...rectangular!)).toBeGreaterThanOrEqual(10 - 2 * Math.sqrt(3));
  });

  it('a lognormal one: its transform of the standard normals of its stream', () => {
    const m = marginal(DISTRIBUTION_CODE.lognormal);
    expect(lognormal).toEqual(perBlock(total, streamKey(dtp('l')), (s, size) => normals(s, size).map((z) => drawFromNormal(m, z))));
    expect(Math.min(...lognormal!)).toBeGreaterThan(0);
  });

  it('an entry range samples only its own entries; the nets do not depend on the range', () => {
    expect(nets(graph, total, 1, 3)).toEqual([rectangular, lognormal]);
    expect(nets(graph, total, 2, 3)).toEqual([lognormal]);
  });

  it('one sampler over ranges in turn passes its columns on, and the nets buffers theirs: each range`s nets as from a fresh sampler', () => {
    const d = (name: string) => graph.datapointIds.indexOf(dtp(name));
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const buffers = new NetBuffers();
    const blocks = Math.ceil(total / BLOCK_DRAWS);
    const first = buffers.take(2, total);
    for (const x of first) x.fill(1e6);
    sampler.sample(sampler.rangeOf(0, 2), 0, blocks, total, first, 0);
    expect(first.slice(0, 2)).toEqual([normal, rectangular]);
    const second = buffers.take(1, total);
    expect(second[0]).toBe(first[0]);
    sampler.sample(sampler.rangeOf(2, 3), 0, blocks, total, second, 0);
    expect(second[0]).toEqual(lognormal);
    // Only the range held has columns: the others went back to the pool.
    expect(sampler.drawsOf(d('n'))).toBeNull();
    expect(sampler.componentDrawsOf(0)).toBeNull();
    expect(sampler.drawsOf(d('l'))).not.toBeNull();
    const again = buffers.take(3, total);
    sampler.sample(sampler.rangeOf(0, 3), 0, blocks, total, again, 0);
    expect(again).toEqual([normal, rectangular, lognormal]);
    expect(buffers.take(1, 100)[0]).toHaveLength(100);
  });

  it('another seed, other draws', () => {
    expect(nets(graph, 100, 0, 1, SEED + 1)[0]).not.toEqual(normal!.subarray(0, 100));
  });

  it('a later block alone, written where asked (the culprit`s read of one block)', () => {
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const range = sampler.rangeOf(0, 1);
    const out = [new Float64Array(BLOCK_DRAWS)];
    sampler.sample(range, 2, 3, total, out, 2);
    expect(out[0]!.subarray(0, total - 2 * BLOCK_DRAWS)).toEqual(normal!.subarray(2 * BLOCK_DRAWS));
    expect(sampler.drawsOf(graph.datapointIds.indexOf(dtp('n')))!.subarray(0, 10)).toEqual(
      normal!.subarray(2 * BLOCK_DRAWS, 2 * BLOCK_DRAWS + 10),
    );
    expect(sampler.drawsOf(graph.datapointIds.indexOf(dtp('kg')))).toBeNull();
    expect(sampler.drawsOf(graph.datapointIds.indexOf(dtp('r')))).toBeNull();
    expect(sampler.componentDrawsOf(0)!.subarray(0, 5)).toEqual(normal!.subarray(2 * BLOCK_DRAWS, 2 * BLOCK_DRAWS + 5));
    expect(sampler.componentDrawsOf(1)).toBeNull();
  });
});

describe('a correlated pair (Gaussian copula)', () => {
  const document = {
    component_blueprints: [scaled()],
    datapoints: [
      { id: dtp('b'), quantity: { magnitude: 5, unit: '', standard_deviation: 1 } },
      { id: dtp('a'), quantity: { magnitude: 10, unit: '', standard_deviation: 2 }, distribution: { type: 'rectangular' } },
      datapoint('kg', 1, 'kg'),
    ],
    components: [component('a', 'scaled_SEQUESTRATION', { x: 'a', m: 'kg' }), component('b', 'scaled_SEQUESTRATION', { x: 'b', m: 'kg' })],
    ghg_entries: [entry('a', { a: 1 }, null), entry('b', { b: 1 }, null)],
    correlations: [{ datapoint_ids: [dtp('b'), dtp('a')], coefficient: 0.6 }],
  };

  it('k normals per draw from the stream of the group`s first member by id, times L, through each marginal', () => {
    const graph = prepared(document);
    const total = 1500;
    const [a, b] = nets(graph, total);
    const l = choleskyOfCorrelation(Float64Array.from([1, 0.6, 0.6, 1]), 2)!;
    const ma = { type: DISTRIBUTION_CODE.rectangular, magnitude: 10, standardDeviation: 2, parameter: Number.NaN };
    const mb = { type: DISTRIBUTION_CODE.normal, magnitude: 5, standardDeviation: 1, parameter: Number.NaN };
    // The group draws 2 * size normals per block, draw-major.
    const zOf = (i: number, m: number): number => {
      const block = Math.floor(i / BLOCK_DRAWS);
      const size = Math.min(BLOCK_DRAWS, total - block * BLOCK_DRAWS);
      return normals(new BlockStream(SEED, block, streamKey(dtp('a'))), 2 * size)[2 * (i - block * BLOCK_DRAWS) + m] as number;
    };
    for (const i of [0, 1, 700, 1023, 1024, 1400, 1499]) {
      let ya = 0;
      ya += (l[0] as number) * zOf(i, 0);
      let yb = 0;
      yb += (l[2] as number) * zOf(i, 0);
      yb += (l[3] as number) * zOf(i, 1);
      expect(a![i]).toBe(drawFromNormal(ma, ya));
      expect(b![i]).toBe(drawFromNormal(mb, yb));
    }
    // The sample correlation of the pair is near 0.6 (the rectangular marginal lowers it a little).
    const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;
    const [ma_, mb_] = [mean(a!), mean(b!)];
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let i = 0; i < total; i++) {
      sab += (a![i]! - ma_) * (b![i]! - mb_);
      saa += (a![i]! - ma_) ** 2;
      sbb += (b![i]! - mb_) ** 2;
    }
    expect(sab / Math.sqrt(saa * sbb)).toBeGreaterThan(0.5);
    expect(sab / Math.sqrt(saa * sbb)).toBeLessThan(0.67);
  });

  it('a member alone in its range is drawn as in the pair', () => {
    const graph = prepared(document);
    expect(nets(graph, 1100, 1, 2)[0]).toEqual(nets(graph, 1100)[1]);
  });
});

describe('a paired bootstrap of a sample set', () => {
  it('each draw resamples the rows from the set`s own stream; a row`s members move together', () => {
    const graph = prepared(pairedGraph());
    const total = 1100;
    const key = sampleSetStreamKey('plots');
    const [low, high] = streamKey('plots');
    expect(key).toEqual([low, (high ^ 0x5bd1e995) >>> 0]);
    expect(key[0]).toBe(low);
    expect(key[1]).not.toBe(high);
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const out = [new Float64Array(total)];
    sampler.sample(sampler.rangeOf(0, 1), 0, 2, total, out, 0);
    // Block 1 (the last one sampled) holds 76 draws: rows drawn draw-major, 4 per draw.
    const stream = new BlockStream(SEED, 1, key);
    const rows = Int32Array.from({ length: 76 * 4 }, () => Math.floor(stream.uniform() * 4));
    for (let j = 0; j < 4; j++) {
      const a = sampler.drawsOf(graph.datapointIds.indexOf(`dtp_a${j}`))!;
      const b = sampler.drawsOf(graph.datapointIds.indexOf(`dtp_b${j}`))!;
      for (let i = 0; i < 76; i++) {
        expect(a[i]).toBe(A[rows[i * 4 + j]!]);
        expect(b[i]).toBe(B[rows[i * 4 + j]!]);
      }
    }
    // Each net is a mean of resampled differences A - B (each 1 to 2 kg).
    for (const v of out[0]!) {
      expect(v).toBeGreaterThanOrEqual(1 - 1e-12);
      expect(v).toBeLessThanOrEqual(2 + 1e-12);
    }
    expect(new Set(out[0]).size).toBeGreaterThan(3);
  });
});

describe('an entry`s sum', () => {
  const document: RemovalGraphInput = {
    component_blueprints: [
      scaled(),
      scaled('LOSS'),
      blueprint({
        key: 'times',
        template: '{c} * {x}',
        inputs: { c: { kind: 'mass', unit: 'kg' }, x: { kind: 'dimensionless', unit: '' } },
      }),
    ],
    datapoints: [
      datapoint('x', 2, '', 0.5),
      datapoint('three', 3, 'kg'),
      datapoint('five', 5, 'kg'),
      datapoint('f', 0.5, '', 0.1),
      datapoint('big', 1.5e308, 'kg'),
      datapoint('kg', 1, 'kg'),
      datapoint('y', 1, '', 0.3),
    ],
    components: [
      component('three', 'times', { c: 'three', x: 'x' }),
      component('five', 'times', { c: 'five', x: 'x' }),
      component('three2', 'times', { c: 'three', x: 'x' }),
      component('five2', 'times', { c: 'five', x: 'x' }),
      component('loss', 'scaled_LOSS', { x: 'x', m: 'kg' }),
      component('big', 'scaled_SEQUESTRATION', { x: 'y', m: 'big' }),
      component('bigloss', 'scaled_LOSS', { x: 'y', m: 'big' }),
    ],
    ghg_entries: [
      entry('constants', { three: 1, five: 1 }, null),
      entry('loss', { loss: 0.5, three2: 0.25 }, null),
      {
        id: 'rmv_factor000000000000',
        risk_of_reversal_percentage: null,
        component_attributions: [{ component_id: 'cmp_five200000000000', attribution_factor_datapoint_id: dtp('f') }],
      },
      entry('big', { big: 1 }, null),
      entry('bigloss', { bigloss: 1 }, null),
    ],
  } as RemovalGraphInput;
  const graph = prepared(document);
  const total = 1200;
  const x = perBlock(total, streamKey(dtp('x')), (s, size) => normals(s, size, 2, 0.5));

  it('each constant in its own slot column, the same slot holding another constant for another component', () => {
    const [constants] = nets(graph, total, 0, 1);
    expect(constants).toEqual(x.map((v) => 0 + 1 * (3 * v) + 1 * (5 * v)));
  });

  it('a loss counts negative, times its attribution factor', () => {
    const [loss] = nets(graph, total, 1, 2);
    expect(loss).toEqual(x.map((v) => 0 + -1 * 0.5 * (v * 1) + 1 * 0.25 * (3 * v)));
  });

  it('a factor datapoint with a standard deviation is drawn and multiplies the component`s draw', () => {
    const f = perBlock(total, streamKey(dtp('f')), (s, size) => normals(s, size, 0.5, 0.1));
    const [factor] = nets(graph, total, 2, 3);
    expect(factor).toEqual(x.map((v, i) => 0 + 1 * f[i]! * (5 * v)));
  });

  it('a net that is not finite (the sum or a component overflows, either sign) is NaN, the others kept', () => {
    const y = perBlock(total, streamKey(dtp('y')), (s, size) => normals(s, size, 1, 0.3));
    const [big, bigloss] = nets(graph, total, 3, 5);
    const expected = y.map((v) => (Number.isFinite(v * 1.5e308) ? v * 1.5e308 : Number.NaN));
    expect(expected.filter((v) => Number.isNaN(v)).length).toBeGreaterThan(100);
    expect(expected.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(100);
    expect(big).toEqual(expected);
    expect(bigloss).toEqual(expected.map((v) => -v));
  });

  it('a constant column filled for a short block is filled again for a longer one', () => {
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const range = sampler.rangeOf(0, 1);
    const short = [new Float64Array(BLOCK_DRAWS)];
    sampler.sample(range, 0, 1, 300, short, 0);
    expect(short[0]!.subarray(0, 300)).toEqual(x.subarray(0, 300).map((v) => 3 * v + 5 * v));
    const long = [new Float64Array(BLOCK_DRAWS)];
    sampler.sample(range, 0, 1, total, long, 0);
    expect(long[0]).toEqual(x.subarray(0, BLOCK_DRAWS).map((v) => 3 * v + 5 * v));
  });
});

// Each case below builds and samples its graph inside its test, so the mutation run's per-test coverage sees it.
describe('the units of a plan at their edges', () => {
  it('a lognormal by its median: magnitude e^(sigma z) from the standard normals of its own stream', () => {
    const graph = prepared({
      component_blueprints: [scaled()],
      datapoints: [
        {
          id: dtp('m'),
          quantity: { magnitude: 4, unit: '', standard_deviation: null },
          distribution: { type: 'lognormal', log_standard_deviation: 0.4 },
        },
        datapoint('kg', 1, 'kg'),
      ],
      components: [component('m', 'scaled_SEQUESTRATION', { x: 'm', m: 'kg' })],
      ghg_entries: [entry('m', { m: 1 }, null)],
    });
    const [median] = nets(graph, 1100);
    expect(median).toEqual(perBlock(1100, streamKey(dtp('m')), (s, size) => normals(s, size).map((z) => 4 * Math.exp(0.4 * z))));
  });

  it('a zero standard deviation is a constant: no marginal, no stream, its magnitude in every draw', () => {
    const graph = prepared({
      component_blueprints: [scaled()],
      datapoints: [datapoint('z', 7, '', 0), datapoint('kg', 1, 'kg')],
      components: [component('z', 'scaled_SEQUESTRATION', { x: 'z', m: 'kg' })],
      ghg_entries: [entry('z', { z: 1 }, null)],
    });
    const plan = new DrawPlan(graph, SEED);
    expect(plan.marginals[0]).toBeNull();
    expect(plan.unitOf[0]).toBe(-1);
    expect(nets(graph, 1100)[0]).toEqual(new Float64Array(1100).fill(7));
  });

  it('a correlated member with a zero standard deviation stays its constant; the group keeps the stream of its first id', () => {
    // a (sd 0) sorts first in the group: the group's stream is still a's, the pair's L is still 2 x 2.
    const graph = prepared({
      component_blueprints: [scaled()],
      datapoints: [datapoint('b', 5, '', 1), datapoint('a', 3, '', 0), datapoint('kg', 1, 'kg')],
      components: [
        component('a', 'scaled_SEQUESTRATION', { x: 'a', m: 'kg' }),
        component('b', 'scaled_SEQUESTRATION', { x: 'b', m: 'kg' }),
      ],
      ghg_entries: [entry('a', { a: 1 }, null), entry('b', { b: 1 }, null)],
      correlations: [{ datapoint_ids: [dtp('b'), dtp('a')], coefficient: 0.6 }],
    });
    const total = 1100;
    const [a, b] = nets(graph, total);
    expect(a).toEqual(new Float64Array(total).fill(3));
    const l = choleskyOfCorrelation(Float64Array.from([1, 0.6, 0.6, 1]), 2)!;
    for (const i of [0, 5, 1023, 1024, 1099]) {
      const block = Math.floor(i / BLOCK_DRAWS);
      const size = Math.min(BLOCK_DRAWS, total - block * BLOCK_DRAWS);
      const z = normals(new BlockStream(SEED, block, streamKey(dtp('a'))), 2 * size);
      const at = 2 * (i - block * BLOCK_DRAWS);
      expect(b![i]).toBe(5 + 1 * ((l[2] as number) * (z[at] as number) + (l[3] as number) * (z[at + 1] as number)));
    }
    // Asked alone, b is drawn as in the pair.
    expect(nets(graph, total, 1, 2)[0]).toEqual(b);
  });

  it('a factor datapoint first in the document is drawn and multiplies its component', () => {
    const graph = prepared({
      component_blueprints: [scaled()],
      datapoints: [datapoint('f', 0.5, '', 0.1), datapoint('x', 2, '', 0.5), datapoint('five', 5, 'kg')],
      components: [component('five', 'scaled_SEQUESTRATION', { x: 'x', m: 'five' })],
      ghg_entries: [
        {
          id: rmv('factor'),
          risk_of_reversal_percentage: null,
          component_attributions: [{ component_id: cmp('five'), attribution_factor_datapoint_id: dtp('f') }],
        },
      ],
    });
    const total = 1100;
    const f = perBlock(total, streamKey(dtp('f')), (s, size) => normals(s, size, 0.5, 0.1));
    const x = perBlock(total, streamKey(dtp('x')), (s, size) => normals(s, size, 2, 0.5));
    expect(nets(graph, total)[0]).toEqual(x.map((v, i) => 0 + 1 * f[i]! * (v * 5)));
  });
});

describe('a paired bootstrap of which a range needs one column', () => {
  const document = (): RemovalGraphInput => ({
    component_blueprints: [blueprint({ key: 'mean', template: 'mean({v})', inputs: { v: { kind: 'mass', unit: 'kg', shape: 'LIST' } } })],
    datapoints: [
      ...A.map((v, i) => ({ id: `dtp_a${i}`, quantity: { magnitude: v, unit: 'kg', standard_deviation: null } })),
      ...B.map((v, i) => ({ id: `dtp_b${i}`, quantity: { magnitude: v, unit: 'kg', standard_deviation: null } })),
    ],
    components: [
      { id: cmp('a'), blueprint_key: 'mean', inputs: [{ input_key: 'v', datapoint_ids: A.map((_, i) => `dtp_a${i}`) }] },
      { id: cmp('b'), blueprint_key: 'mean', inputs: [{ input_key: 'v', datapoint_ids: B.map((_, i) => `dtp_b${i}`) }] },
    ],
    ghg_entries: [entry('a', { a: 1 }, null), entry('b', { b: 1 }, null)],
    sample_sets: [{ id: 'plots', columns: { a: A.map((_, i) => `dtp_a${i}`), b: B.map((_, i) => `dtp_b${i}`) } }],
  });

  it('the column asked for is resampled by the set`s rows, the other left undrawn; the columns stay paired by row', () => {
    const graph = prepared(document());
    const total = 1100;
    const [a] = nets(graph, total, 0, 1);
    const [b] = nets(graph, total, 1, 2);
    const [a2, b2] = nets(graph, total);
    expect(a2).toEqual(a);
    expect(b2).toEqual(b);
    // Row indices per block, draw-major, 4 per draw, from the set's stream: each net is the mean of its column at them.
    const rowsOf = (block: number, size: number) => {
      const stream = new BlockStream(SEED, block, sampleSetStreamKey('plots'));
      return Int32Array.from({ length: size * 4 }, () => Math.floor(stream.uniform() * 4));
    };
    const mean = (values: readonly number[], rows: Int32Array, i: number) =>
      (values[rows[i * 4]!]! + values[rows[i * 4 + 1]!]! + values[rows[i * 4 + 2]!]! + values[rows[i * 4 + 3]!]!) / 4;
    const rows0 = rowsOf(0, BLOCK_DRAWS);
    const rows1 = rowsOf(1, total - BLOCK_DRAWS);
    for (const i of [0, 1, 500, 1023]) {
      expect(a![i]).toBeCloseTo(mean(A, rows0, i), 12);
      expect(b![i]).toBeCloseTo(mean(B, rows0, i), 12);
    }
    for (const i of [0, 40, 75]) {
      expect(a![BLOCK_DRAWS + i]).toBeCloseTo(mean(A, rows1, i), 12);
      expect(b![BLOCK_DRAWS + i]).toBeCloseTo(mean(B, rows1, i), 12);
    }
  });
});

describe('a block drawn for the datapoints asked, into the buffers given', () => {
  const graph = prepared({
    component_blueprints: [scaled()],
    datapoints: [datapoint('b', 5, '', 1), datapoint('a', 3, '', 0), datapoint('c', 2, '', 0.5), datapoint('kg', 1, 'kg')],
    components: [
      component('a', 'scaled_SEQUESTRATION', { x: 'a', m: 'kg' }),
      component('b', 'scaled_SEQUESTRATION', { x: 'b', m: 'kg' }),
      component('c', 'scaled_SEQUESTRATION', { x: 'c', m: 'kg' }),
    ],
    ghg_entries: [entry('a', { a: 1 }, null), entry('b', { b: 1 }, null), entry('c', { c: 1 }, null)],
    correlations: [
      { datapoint_ids: [dtp('b'), dtp('a')], coefficient: 0.6 },
      { datapoint_ids: [dtp('b'), dtp('c')], coefficient: 0.3 },
    ],
  });
  const [b, a, c] = [0, 1, 2];
  const size = 300;

  it('a constant asked for, or given a buffer, is left as it was; the group`s sampled members are drawn', () => {
    const expected = nets(graph, size);
    const buffers = [0, 1, 2, 3].map(() => new Float64Array(size).fill(42));
    new DrawPlan(graph, SEED).drawBlock(0, size, Int32Array.of(a, b, c), buffers);
    expect(buffers[a]).toEqual(new Float64Array(size).fill(42));
    expect(buffers[b]).toEqual(expected[1]);
    expect(buffers[c]).toEqual(expected[2]);
  });

  it('a member not asked for may have no buffer at all (null or absent)', () => {
    const expected = nets(graph, size);
    const sparse: (Float64Array | null)[] = [];
    sparse[c] = new Float64Array(size);
    new DrawPlan(graph, SEED).drawBlock(0, size, Int32Array.of(c), sparse);
    expect(sparse[c]).toEqual(expected[2]);
    expect(sparse[b]).toBeUndefined();
  });

  it('a sample set`s column not asked for may have no buffer at all', () => {
    const paired = prepared(pairedGraph());
    const sampler = new NetSampler(paired, new DrawPlan(paired, SEED), new Float64Array(paired.shareSlotCount));
    sampler.sample(sampler.rangeOf(0, 1), 0, 1, size, [new Float64Array(size)], 0);
    const a0 = paired.datapointIds.indexOf('dtp_a0');
    const sparse: (Float64Array | null)[] = [];
    sparse[a0] = new Float64Array(size);
    new DrawPlan(paired, SEED).drawBlock(0, size, Int32Array.of(a0), sparse);
    expect(sparse[a0]).toEqual(sampler.drawsOf(a0)!.subarray(0, size));
    expect(sparse.filter((x) => x !== undefined)).toHaveLength(1);
  });
});

describe('a sampler used again', () => {
  const document: RemovalGraphInput = {
    component_blueprints: [scaled()],
    datapoints: [datapoint('x', 2, '', 0.5), datapoint('kg', 1, 'kg')],
    components: [component('x', 'scaled_SEQUESTRATION', { x: 'x', m: 'kg' })],
    ghg_entries: [entry('x', { x: 1 }, null)],
  };

  it('the same constant in the same slot, filled for a short block, is filled again for a longer one', () => {
    const graph = prepared(document);
    const x = perBlock(BLOCK_DRAWS, streamKey(dtp('x')), (s, n) => normals(s, n, 2, 0.5));
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const range = sampler.rangeOf(0, 1);
    const short = [new Float64Array(BLOCK_DRAWS)];
    sampler.sample(range, 0, 1, 300, short, 0);
    expect(short[0]!.subarray(0, 300)).toEqual(x.subarray(0, 300));
    const long = [new Float64Array(BLOCK_DRAWS)];
    sampler.sample(range, 0, 1, 2 * BLOCK_DRAWS, long, 0);
    expect(long[0]).toEqual(x);
  });

  it('the nets overwrite what the output held', () => {
    const graph = prepared(document);
    const sampler = new NetSampler(graph, new DrawPlan(graph, SEED), new Float64Array(graph.shareSlotCount));
    const out = [new Float64Array(1100).fill(1e6)];
    sampler.sample(sampler.rangeOf(0, 1), 0, 2, 1100, out, 0);
    expect(out[0]).toEqual(nets(graph, 1100)[0]);
  });
});
