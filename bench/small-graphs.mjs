#!/usr/bin/env node
/**
 * Repeated evaluations of small graphs, as the `check` command and property tests make them:
 * `evaluateGraph` on the bundled example (2 entries, 9 components) and on the statement example,
 * each document parsed once and evaluated `--runs` times; the time per call, median of `--rounds`.
 *
 *   node bench/small-graphs.mjs [--runs 2000] [--rounds 5]
 *
 * CDR_ENGINE_DIST=/path/to/index.js times another build.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { median, parseOptions } from './measure.mjs';

const options = parseOptions({ runs: 2000, rounds: 5 }, 'usage: node bench/small-graphs.mjs [--runs 2000] [--rounds 5]');
const root = fileURLToPath(new URL('..', import.meta.url));
const engine = await import(pathToFileURL(resolve(process.env.CDR_ENGINE_DIST ?? join(root, 'dist', 'index.js'))).href);
for (const name of ['biochar-project.json', 'biochar-statement.json']) {
  const document = JSON.parse(readFileSync(join(root, 'examples', name), 'utf8'));
  const perCall = [];
  for (let round = 0; round < options.rounds; round++) {
    const t0 = performance.now();
    for (let r = 0; r < options.runs; r++) engine.evaluateGraph(document);
    perCall.push(((performance.now() - t0) * 1000) / options.runs);
  }
  process.stdout.write(
    `${name}: evaluateGraph ${median(perCall).toFixed(0)} us per call (rounds ${perCall.map((t) => t.toFixed(0)).join(' ')})\n`,
  );
}
