#!/usr/bin/env node
/**
 * What each fast path of the credit rounding (src/accounting/credits) is worth (issue 38): the
 * module is bundled from src as it is and once per fast path with that fast path cut out (a text
 * replacement of its source, checked to apply), and every variant is timed in this one process,
 * rotating between them, on the same nets. Each variant's answers are compared with the
 * original's first: a cut fast path must change nothing but the time.
 *
 *   node bench/credits-fast-paths.mjs [--nets 200000] [--rounds 7]
 *
 * Times are CPU time of this process (process.cpuUsage), not wall time: the machine these ran on
 * is shared, and CPU time is what a variant costs whatever else runs beside it.
 *
 * Two workloads, the two callers of the module in an evaluation:
 * - entries: creditsOfNetInto per entry (src/accounting/evaluate/entries.ts);
 * - totals: issuableKg, roundNetRemoval and allocateCredits per entry of a statement
 *   (src/accounting/statements/totals.ts).
 * Nets are seeded: fractional kilograms, log-uniform from 100 kg to 10 kt, a sixth of them
 * negative; risk of reversal from null, 2, 5, 10, 12.5 and 20 %. Default policies.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const NETS = option('nets', 200_000);
const ROUNDS = option('rounds', 7);

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const creditsTs = join(root, 'src/accounting/credits/credits.ts');

/** Each fast path and the replacement of credits.ts's text that cuts it out. */
const CUTS = {
  'integer path (creditsOfNetInto)': [
    'if (integerCredits(netKg, riskOfReversalPercentage, policies, integer)) {',
    'if (false && integerCredits(netKg, riskOfReversalPercentage, policies, integer)) {',
  ],
  'whole-kilogram net (roundedNet)': [
    'if (Number.isSafeInteger(increment) && increment % 2 === 0',
    'if (false && Number.isSafeInteger(increment) && increment % 2 === 0',
  ],
  'significant digits for 10^p (roundToIncrement)': ['place !== undefined && x.e >= place ?', 'false ?'],
};

const source = readFileSync(creditsTs, 'utf8');
// Inside the repository, so that the bundles find decimal.js, which the credits require on first use (src/model/decimal.ts).
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(root, 'node_modules/.cache/cdr-credits-bench-'));

async function bundle(name, text) {
  const outfile = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
  await build({
    stdin: { contents: text, resolveDir: join(root, 'src/accounting/credits'), sourcefile: 'credits.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

const variants = [['as is', await bundle('as-is', source)]];
for (const [name, [from, to]] of Object.entries(CUTS)) {
  if (!source.includes(from)) throw new Error(`the cut "${name}" no longer applies: credits.ts has no "${from}"`);
  variants.push([`without ${name}`, await bundle(name, source.replace(from, to))]);
}
rmSync(dir, { recursive: true, force: true });

// Seeded nets (mulberry32) and risks.
let seed = 38;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const RISKS = [null, 2, 5, 10, 12.5, 20];
const nets = Float64Array.from({ length: NETS }, () => (random() < 1 / 6 ? -1 : 1) * 10 ** (2 + 5 * random()));
const risks = Array.from({ length: NETS }, () => RISKS[Math.floor(random() * RISKS.length)]);
const POLICIES = {
  roundingIncrementKg: 10,
  roundingTies: 'away_from_zero',
  issuableFloorKg: 0,
  bufferPoolRounding: 'ceil',
};

const columns = () => ({ issuable: new Float64Array(NETS), buffer: new Float64Array(NETS), supplier: new Float64Array(NETS) });

const WORKLOADS = {
  entries(m) {
    const out = columns();
    for (let i = 0; i < NETS; i++) m.creditsOfNetInto(nets[i], risks[i], POLICIES, out, i);
    return out;
  },
  totals(m) {
    const out = columns();
    for (let i = 0; i < NETS; i++) {
      const issuable = m.issuableKg(nets[i], POLICIES);
      out.issuable[i] = m.roundNetRemoval(nets[i], POLICIES) + issuable;
      const allocation = m.allocateCredits(issuable, risks[i], POLICIES);
      out.buffer[i] = allocation === null ? Number.NaN : allocation.buffer_pool_contribution_kg;
      out.supplier[i] = allocation === null ? Number.NaN : allocation.supplier_allocation_kg;
    }
    return out;
  },
};

const same = (a, b) => ['issuable', 'buffer', 'supplier'].every((k) => a[k].every((v, i) => Object.is(v, b[k][i])));

console.log(`credits fast paths: ${NETS} nets, ${ROUNDS} rounds, median CPU ms per workload (node ${process.version})`);
for (const [workload, run] of Object.entries(WORKLOADS)) {
  const reference = run(variants[0][1]);
  for (const [name, m] of variants.slice(1)) {
    if (!same(reference, run(m))) throw new Error(`${workload}: "${name}" changes the answers`);
  }
  for (const [, m] of variants) run(m); // warm-up
  const times = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    variants.forEach(([, m], v) => {
      const start = process.cpuUsage();
      run(m);
      const used = process.cpuUsage(start);
      times[v].push((used.user + used.system) / 1000);
    });
  }
  const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times[0]);
  console.log(`\n${workload}`);
  variants.forEach(([name], v) => {
    const t = median(times[v]);
    console.log(`  ${name.padEnd(58)} ${t.toFixed(1).padStart(8)} ms  x${(t / base).toFixed(2)}`);
  });
}
