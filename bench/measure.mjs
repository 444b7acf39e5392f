/**
 * What the benchmark scripts share about measuring: their `--name value` options, the median of a
 * sample, and the read that makes an evaluation create every budget line (they are created when
 * first read), and how to import an entry point of a build.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The script's options: `defaults` with each `--name value` of the command line over it, a number
 * where the default is one. Prints `usage` and exits with 2 on an unknown name or a missing value.
 */
export function parseOptions(defaults, usage, argv = process.argv.slice(2)) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    if (!(key in defaults) || argv[i + 1] === undefined) {
      process.stderr.write(`${usage}\n`);
      process.exit(2);
    }
    options[key] = typeof defaults[key] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return options;
}

/** The median of numbers (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Reads every line of every entry's uncertainty budget; returns the evaluation result it was given. */
export function readEveryBudgetLine(result) {
  let lines = 0;
  for (const entry of result.ghg_entries) lines += entry.uncertainty_budget.length;
  if (lines === 0) throw new Error('evaluate+budgets: no budget line');
  return result;
}

/**
 * Reads every component item of every entry (made when first read since issue 36's fourth pass);
 * returns the evaluation result it was given.
 */
export function readEveryComponent(result) {
  let items = 0;
  for (const entry of result.ghg_entries) items += entry.components.length;
  if (items === 0) throw new Error('evaluate+components: no component item');
  return result;
}

/**
 * The entry point `cdr-engine/<name>` of the build whose root entry is `distEntry` (its sibling
 * `<name>.js`), or the root entry itself for an earlier build that exported everything from it.
 */
export async function importEntry(distEntry, name) {
  const sibling = join(dirname(distEntry), `${name}.js`);
  return import(pathToFileURL(existsSync(sibling) ? sibling : distEntry).href);
}

/**
 * The graph file of issue 16 (generate-graph.mjs's ISSUE_16_GRAPH) in bench/out/, written on first
 * use and again whenever the generator changes (its name carries a hash of the generator's source).
 */
export async function issueGraphFile() {
  const { createHash } = await import('node:crypto');
  const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const { generateGraph, ISSUE_16_GRAPH } = await import('./generate-graph.mjs');
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256')
    .update(readFileSync(join(here, 'generate-graph.mjs')))
    .digest('hex')
    .slice(0, 10);
  const file = join(here, 'out', `graph-issue16-${hash}.json`);
  if (!existsSync(file)) {
    mkdirSync(join(here, 'out'), { recursive: true });
    writeFileSync(file, JSON.stringify(generateGraph(ISSUE_16_GRAPH).graph));
  }
  return file;
}
