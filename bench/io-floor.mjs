#!/usr/bin/env node
/**
 * The I/O floor of `cdr-engine evaluate <graph.json> --format json` (issue 16): a node process that
 * only reads and parses the same input, as the CLI does (`readFile` as UTF-8, `JSON.parse`), and
 * writes the same output bytes to standard output, in 1 MB chunks through `process.stdout`. It
 * does not produce those bytes: it reads them as they are from `<output.json>` (a file the CLI
 * wrote), which costs a read of the output from the page cache that the CLI does not pay.
 *
 *   node bench/io-floor.mjs <graph.json> <output.json> > out
 */
import { readFile } from 'node:fs/promises';

const [input, output] = process.argv.slice(2);
if (input === undefined || output === undefined) {
  process.stderr.write('usage: node bench/io-floor.mjs <graph.json> <output.json>\n');
  process.exit(2);
}
const document = JSON.parse(await readFile(input, 'utf8'));
if (typeof document !== 'object') process.exit(1);
const bytes = await readFile(output);
const CHUNK = 1 << 20;
for (let at = 0; at < bytes.length; at += CHUNK) process.stdout.write(bytes.subarray(at, Math.min(at + CHUNK, bytes.length)));
