#!/usr/bin/env node
/**
 * The CLI as a user runs it, whole process, on issue 16's graph (or --file): `cdr-engine evaluate
 * <graph> --format json | table | ndjson`, beside the I/O floor (bench/io-floor.mjs: a node process
 * that only parses the same input and writes the same output bytes), in one run, rounds
 * alternating so that load from other processes falls on every column alike. Output goes to files
 * in a temporary directory. Wall time, CPU time (user + system) and peak RSS come from
 * /usr/bin/time; for ndjson, also when its first line reached the reading end of the pipe.
 *
 *   node bench/whole-process.mjs [--file graph.json] [--rounds 3] [--small-runs 5]
 *
 * Also times the small bundled example end to end (`cdr-engine evaluate
 * examples/biochar-project.json`), beside a bare `node -e 0`. Needs the build (npx tsup);
 * CDR_ENGINE_DIST=/path/to/index.js runs the CLI of another build (its sibling cli.js).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { issueGraphFile, median, parseOptions } from './measure.mjs';

const options = parseOptions(
  { file: '', rounds: 3, 'small-runs': 5 },
  'usage: node bench/whole-process.mjs [--file graph.json] [--rounds 3] [--small-runs 5]',
);
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const file = options.file === '' ? await issueGraphFile() : resolve(options.file);
const inputBytes = statSync(file).size;
const distEntry = process.env.CDR_ENGINE_DIST === undefined ? undefined : resolve(process.env.CDR_ENGINE_DIST);
// The CLI of the build measured: bin/cdr-engine.js, or the same launcher over another build's cli.js.
const cli =
  distEntry === undefined
    ? [join(root, 'bin', 'cdr-engine.js')]
    : [
        '--input-type=module',
        '-e',
        `import { main } from ${JSON.stringify(pathToFileURL(join(dirname(distEntry), 'cli.js')).href)}; main(process.argv.slice(1)).then((code) => { process.exitCode = code; });`,
      ];
const TIME = '/usr/bin/time';
const scratch = mkdtempSync(join(here, 'out', 'whole-process-'));

/**
 * Runs `node ...args` under /usr/bin/time with stdout to `outFile`, or to a pipe read here when
 * `outFile` is null (the time its first line arrived is then measured).
 */
function timed(args, outFile) {
  return new Promise((done, fail) => {
    const timesFile = join(scratch, 'times');
    const stdout = outFile === null ? 'pipe' : openSync(outFile, 'w');
    const started = performance.now();
    const child = spawn(TIME, ['-o', timesFile, '-f', '%e %M %U %S', process.execPath, ...args], {
      cwd: root,
      stdio: ['ignore', stdout, 'pipe'],
    });
    if (typeof stdout === 'number') closeSync(stdout);
    let firstLineMs = Number.NaN;
    let bytes = 0;
    let lines = 0;
    child.stdout?.on('data', (chunk) => {
      if (Number.isNaN(firstLineMs) && chunk.includes(10)) firstLineMs = performance.now() - started;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => {
      const wallMs = performance.now() - started;
      if (status !== 0) return fail(new Error(`node ${args.join(' ')} exited with ${status}:\n${stderr}`));
      const [, rssKb, user, system] = readFileSync(timesFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      done({ wallMs, cpuMs: (user + system) * 1000, peakRssMb: rssKb / 1024, firstLineMs, bytes, lines, stderr });
    });
  });
}

const evaluate = (format, target = file) => [...cli, 'evaluate', target, '--format', format];
const jsonOut = join(scratch, 'engine.json');
const floorOut = join(scratch, 'floor.json');
const columns = { json: [], floor: [], table: [], ndjson: [] };
const ndjsonSupported =
  spawnSync(process.execPath, [...cli, 'evaluate', '--format', 'ndjson'], { cwd: root, stdio: 'ignore' }).status === 0;

process.stdout.write(
  `input ${file.replace(`${root}/`, '')}: ${(inputBytes / 1e6).toFixed(1)} MB; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
// Warm-up (the page cache, and the output the floor writes), then the rounds.
await timed(evaluate('json'), jsonOut);
for (let round = 0; round < options.rounds; round++) {
  columns.json.push(await timed(evaluate('json'), jsonOut));
  columns.floor.push(await timed([join(here, 'io-floor.mjs'), file, jsonOut], floorOut));
  columns.table.push(await timed(evaluate('table'), join(scratch, 'engine.txt')));
  if (ndjsonSupported) columns.ndjson.push(await timed(evaluate('ndjson'), null));
}
const outputBytes = statSync(jsonOut).size;
if (!readFileSync(floorOut).equals(readFileSync(jsonOut))) throw new Error('the floor did not write the same bytes');
if (ndjsonSupported && columns.ndjson.some((r) => r.lines !== JSON.parse(readFileSync(jsonOut, 'utf8')).ghg_entries.length)) {
  process.stdout.write('ndjson: the number of lines is not the number of entries\n');
  columns.ndjson.length = 0; // a column that does not match the JSON output is not reported
}

const small = { engine: [], bare: [] };
const example = join(root, 'examples', 'biochar-project.json');
for (let r = 0; r < options['small-runs']; r++) {
  small.engine.push(await timed(evaluate('json', example), join(scratch, 'small.json')));
  small.bare.push(await timed(['-e', '0'], join(scratch, 'bare.txt')));
}
rmSync(scratch, { recursive: true, force: true });

const summary = (runs) => ({
  wallMs: median(runs.map((r) => r.wallMs)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
  peakRssMb: median(runs.map((r) => r.peakRssMb)),
  walls: runs.map((r) => r.wallMs.toFixed(0)).join(' '),
});
const s = Object.fromEntries(
  Object.entries(columns)
    .filter(([, runs]) => runs.length > 0)
    .map(([name, runs]) => [name, summary(runs)]),
);
const line = (name, f) =>
  `  ${name.padEnd(14)} ${(f.wallMs / 1000).toFixed(2).padStart(6)} s wall (${f.walls}), ${(f.cpuMs / 1000).toFixed(2).padStart(5)} s CPU, peak RSS ${f.peakRssMb.toFixed(0).padStart(5)} MB = ${(
    (f.peakRssMb * 1024 * 1024) / inputBytes
  ).toFixed(1)}x the input`;
process.stdout.write(`output of --format json: ${(outputBytes / 1e6).toFixed(1)} MB; medians of ${options.rounds} rounds\n`);
process.stdout.write(`${line('json', s.json)}\n${line('I/O floor', s.floor)}\n${line('table', s.table)}\n`);
if (s.ndjson !== undefined) {
  process.stdout.write(
    `${line('ndjson', s.ndjson)}; first line after ${(median(columns.ndjson.map((r) => r.firstLineMs)) / 1000).toFixed(2)} s\n`,
  );
} else process.stdout.write('  ndjson: not supported by this build\n');
process.stdout.write(
  `json / I/O floor: ${(s.json.wallMs / s.floor.wallMs).toFixed(2)}x wall (target at most 1.25x), ${(s.json.cpuMs / s.floor.cpuMs).toFixed(2)}x CPU\n`,
);
process.stdout.write(`table / json: ${(s.table.wallMs / s.json.wallMs).toFixed(2)}x wall (target at most 1x)\n`);
const peak = Math.max(...Object.values(s).map((f) => f.peakRssMb));
process.stdout.write(`largest peak RSS / input: ${((peak * 1024 * 1024) / inputBytes).toFixed(1)}x (target at most 8x)\n`);
const smallEngine = summary(small.engine);
const bare = summary(small.bare);
process.stdout.write(
  `small example (examples/biochar-project.json --format json), ${options['small-runs']} runs: ${smallEngine.wallMs.toFixed(0)} ms wall (${smallEngine.walls}), ` +
    `${smallEngine.cpuMs.toFixed(0)} ms CPU; bare node -e 0 ${bare.wallMs.toFixed(0)} ms wall, ${bare.cpuMs.toFixed(0)} ms CPU\n`,
);
process.stdout.write(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
