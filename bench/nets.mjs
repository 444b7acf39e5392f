#!/usr/bin/env node
/**
 * The Monte Carlo sampler of nets (src/accounting/monte-carlo/nets.ts: the draws, the components
 * evaluated over them, each entry's signed sum) of two source trees in one process, alternating:
 * CPU time of `NetSampler.sample` over every entry of a bench graph (bench/monte-carlo-graphs.mjs)
 * and whether both write the same bits. Each tree is bundled with esbuild (its src/ and the
 * node_modules beside it), prepares the graph itself and samples it a range at a time, as
 * runMonteCarlo does (the order statistics and summaries are left out).
 *
 * Usage: node bench/nets.mjs BASE NEW [--graph biochar|lists] [--entries 120] [--samples 20000] [--rounds 7]
 * (BASE and NEW: directories holding src/, e.g. `git archive main src | tar -x -C /tmp/base-src`
 * with a node_modules link, and `.`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MONTE_CARLO_GRAPHS } from './monte-carlo-graphs.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    graph: { type: 'string', default: 'biochar' },
    entries: { type: 'string', default: '120' },
    samples: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '7' },
  },
});
if (positionals.length !== 2) throw new Error('usage: node bench/nets.mjs BASE NEW [--graph G] [--entries N] [--samples N] [--rounds N]');

/** The sampler's modules of the tree at `root`, bundled and imported. */
async function sampler(root) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nets-'));
  try {
    const src = resolve(root, 'src');
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      [
        `export { prepareGraph } from '${src}/accounting';`,
        `export { monteCarloShares } from '${src}/accounting/evaluate';`,
        `export { NetSampler } from '${src}/accounting/monte-carlo/nets';`,
        `export { DrawPlan, BLOCK_DRAWS } from '${src}/accounting/monte-carlo/draws';`,
      ].join('\n'),
    );
    const out = join(dir, 'module.mjs');
    execFileSync('npx', ['esbuild', entry, '--bundle', '--format=esm', '--platform=node', `--outfile=${out}`, '--log-level=warning']);
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const entries = Number(values.entries);
const samples = Number(values.samples);
const document = MONTE_CARLO_GRAPHS[values.graph](entries);
const trees = await Promise.all(positionals.map(sampler));

/** One tree's nets of every entry and the CPU milliseconds of its sample calls (ranges of at most 2 MiB, as runMonteCarlo). */
function run(tree, prepared, shares) {
  const s = new tree.NetSampler(prepared, new tree.DrawPlan(prepared, 1), shares);
  const perRange = Math.max(1, Math.floor((2 * 1024 * 1024) / (8 * samples)));
  const blocks = Math.ceil(samples / tree.BLOCK_DRAWS);
  const nets = [];
  let cpu = 0;
  for (let from = 0; from < entries; from += perRange) {
    const to = Math.min(entries, from + perRange);
    const range = s.rangeOf(from, to);
    const out = Array.from({ length: to - from }, () => new Float64Array(samples));
    const start = process.cpuUsage();
    s.sample(range, 0, blocks, samples, out, 0);
    const used = process.cpuUsage(start);
    cpu += (used.user + used.system) / 1000;
    nets.push(...out);
  }
  return { nets, cpu };
}

const prepared = trees.map((tree) => {
  const p = tree.prepareGraph(document);
  if (!p.ok) throw new Error(JSON.stringify(p.issues.slice(0, 3)));
  return { prepared: p.prepared, shares: tree.monteCarloShares(p.prepared) };
});
const times = trees.map(() => []);
let same = true;
for (let round = 0; round < Number(values.rounds); round++) {
  const results = trees.map((tree, i) => run(tree, prepared[i].prepared, prepared[i].shares));
  results.forEach((r, i) => times[i].push(r.cpu));
  const [a, b] = results.map((r) => r.nets);
  for (let e = 0; e < entries; e++) if (Buffer.compare(Buffer.from(a[e].buffer), Buffer.from(b[e].buffer)) !== 0) same = false;
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const [base, next] = times.map(median);
console.log(
  `${values.graph}, ${entries} entries x ${samples} draws, ${values.rounds} rounds: sample() CPU median base ${base.toFixed(1)} ms, new ${next.toFixed(1)} ms, new/base ${(next / base).toFixed(3)}; same bits: ${same}`,
);
console.log(`base ${times[0].map((x) => x.toFixed(0)).join(' ')}; new ${times[1].map((x) => x.toFixed(0)).join(' ')}`);
