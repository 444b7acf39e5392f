#!/usr/bin/env node
/**
 * The floor of `cdr-engine evaluate <file> --format json`: read, parse, evaluate with plain
 * numbers, print the result the same way. Used by run.mjs to put a reference beside the CLI's
 * end-to-end time and peak memory.
 */
import { readFileSync } from 'node:fs';
import { prepareAndEvaluateFloor } from './floor.mjs';

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: node bench/floor-cli.mjs <graph.json>\n');
  process.exit(2);
}
const result = prepareAndEvaluateFloor(JSON.parse(readFileSync(file, 'utf8')));
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
