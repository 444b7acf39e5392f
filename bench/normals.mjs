#!/usr/bin/env node
/**
 * Issue 36's micro-benchmark of the Monte Carlo normal generator: CPU time per standard normal
 * deviate of `BlockStream.fillNormals` as the engine calls it (a new stream per block of 1,024, the
 * deviates written as `location + scale * z`), for one or more builds of
 * src/uncertainty/random-streams.ts, alternating between them round by round so that a loaded
 * machine moves them alike. Each module is bundled from TypeScript with esbuild into a temporary
 * directory. The first deviates of each build are compared: builds that keep the streams must
 * print `same deviates: true`.
 *
 * Usage (from the repository): node bench/normals.mjs [--blocks 20000] [--rounds 7]
 * [src/uncertainty/random-streams.ts other/random-streams.ts ...]
 *
 * On a loaded machine CPU time moves by 10-20 % from round to round; instructions do not. With
 * `--rounds 0` the script only runs `blocks` blocks once per build (after the identity check), so
 * the difference of two runs under valgrind counts the instructions of the extra deviates alone:
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null node bench/normals.mjs --rounds 0 --blocks 5000 BUILD
 *   (again with --blocks 15000; (Ir difference) / (10,000 x 1,024) = instructions per deviate)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { importBundled } from './bundled.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { blocks: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '7' } },
});
const blocks = Number(values.blocks);
const rounds = Number(values.rounds);
const sources = positionals.length > 0 ? positionals : ['src/uncertainty/random-streams.ts'];
const modules = [];
for (const source of sources) modules.push(await importBundled(source));

const BLOCK = 1024;
const out = new Float64Array(BLOCK);
const key = [0x12345678, 0x9abcdef0];

/** CPU nanoseconds per deviate for `blocks` blocks of one build. */
function time(module) {
  let check = 0;
  const start = process.cpuUsage();
  for (let b = 0; b < blocks; b++) {
    const stream = new module.BlockStream(42, b, key);
    stream.fillNormals(out, 1.5, 0.25);
    check += out[b & 1023];
  }
  const used = process.cpuUsage(start);
  if (Number.isNaN(check)) throw new Error('NaN deviate');
  return ((used.user + used.system) * 1000) / (blocks * BLOCK);
}

const first = modules.map((module) => {
  const values = new Float64Array(BLOCK * 64);
  for (let b = 0; b < 64; b++) new module.BlockStream(7, b, key).fillNormals(values.subarray(b * BLOCK, (b + 1) * BLOCK));
  // and as the engine draws a normal input: location + scale z, in the fill
  const scaled = new Float64Array(BLOCK * 64);
  for (let b = 0; b < 64; b++) new module.BlockStream(7, b, key).fillNormals(scaled.subarray(b * BLOCK, (b + 1) * BLOCK), 1.5, 0.25);
  return [...values, ...scaled];
});
const same = first.every((values) => values.every((v, i) => Object.is(v, first[0][i])));

for (const module of modules) time(module); // warm-up
const samples = modules.map(() => []);
for (let r = 0; r < rounds; r++) modules.forEach((module, i) => samples[i].push(time(module)));
if (rounds === 0) process.exit(0);
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`load ${loadavg()[0].toFixed(2)}; ${blocks} blocks of ${BLOCK}, ${rounds} alternating rounds; same deviates: ${same}`);
console.log('| build | ns CPU per deviate, median | best |');
console.log('|---|---|---|');
sources.forEach((source, i) => console.log(`| ${source} | ${median(samples[i]).toFixed(2)} | ${Math.min(...samples[i]).toFixed(2)} |`));
