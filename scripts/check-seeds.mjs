// Runs `cdr-engine check` (the built dist/) on every planted fault and every correct methodology
// for seeds 1 to 10, and prints which seeds give the wrong outcome: a fault must fail on every
// seed, a correct methodology pass on every seed. Usage: node scripts/check-seeds.mjs [--runs N]
// [--seeds N] [file ...]. The unit tests run a subset (seeds 1-2); this is the full showing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkMethodology, parseMethodology } from '../dist/testing.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '100' }, seeds: { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
const list = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.methodology.json'))
    .map((f) => join(dir, f));
const files =
  positionals.length > 0
    ? positionals
    : [...list('examples/faults'), ...list('examples'), ...list('test/testing/methodologies'), 'examples/enhanced-weathering.json'];
let wrong = 0;
for (const file of files) {
  const parsed = parseMethodology(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.issues.map((i) => i.message).join('; ')}`);
  const fault = file.includes('/faults/');
  const started = performance.now();
  const bad = seeds.filter((seed) => checkMethodology(parsed.methodology, { numRuns: runs, seed }).ok === fault);
  wrong += bad.length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${bad.length === 0 ? 'ok  ' : 'WRONG'} ${file}: ${fault ? 'fails' : 'passes'} on ${seeds.length - bad.length} of ${seeds.length} seeds${bad.length === 0 ? '' : ` (not on ${bad.join(', ')})`}, ${seconds} s`,
  );
}
process.exitCode = wrong === 0 ? 0 : 1;
