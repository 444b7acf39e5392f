#!/usr/bin/env node
/**
 * Benchmark runner (`npm run bench`): generates the graphs, runs every phase in its own process
 * against the built package (dist/), puts the plain-number floor beside every figure, fits the
 * scaling exponent and checks the targets.
 *
 *   node bench/run.mjs [--quick] [--reps N] [--only a,b] [--skip-cli] [--markdown] [--json FILE]
 *
 * --quick     sizes / 4 and fewer repetitions (a smoke run of about 45 s)
 * --reps N    timed repetitions per phase at the largest size (default 5)
 * --only      comma list of: compile, prepare, evaluate, evaluate+budgets, evaluate-no-propagation, prepare+evaluate,
 *             monte-carlo, scaling, cli, ledger, sandbox, registry
 * --markdown  also print the summary as Markdown tables (what bench/RESULTS.md shows)
 * --json      where to write every figure (default bench/out/results.json); a full run is also
 *             kept as bench/out/results-<start time>.json for bench/summarise.mjs
 *
 * The built package is copied to bench/out/dist-snapshot first, so a rebuild during the run does
 * not disturb it. CDR_ENGINE_DIST=/path/to/index.js runs the benchmarks against another build.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateGraph } from './generate-graph.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const outDir = join(here, 'out');

function parseArgs(argv) {
  const args = { quick: false, reps: null, only: null, skipCli: false, markdown: false, json: join(outDir, 'results.json') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') args.quick = true;
    else if (a === '--reps') args.reps = Number(argv[++i]);
    else if (a === '--only') args.only = new Set(argv[++i].split(','));
    else if (a === '--skip-cli') args.skipCli = true;
    else if (a === '--markdown') args.markdown = true;
    else if (a === '--json') args.json = argv[++i];
    else {
      process.stderr.write(
        `unknown argument ${a}\nusage: node bench/run.mjs [--quick] [--reps N] [--only a,b] [--skip-cli] [--markdown] [--json FILE]\n`,
      );
      process.exit(2);
    }
  }
  return args;
}

/** The phases timed on the largest generated graph, in the order the summary lists them. */
const GRAPH_PHASES = ['prepare', 'evaluate-no-propagation', 'evaluate', 'evaluate+budgets', 'prepare+evaluate', 'monte-carlo'];

const args = parseArgs(process.argv.slice(2));
const wanted = (name) => args.only === null || args.only.has(name);
mkdirSync(outDir, { recursive: true });
const distEntry = process.env.CDR_ENGINE_DIST ?? (await snapshotDist());

/**
 * A private copy of dist/ for the whole run: a rebuild (tsup empties dist/ first) while the
 * benchmarks run must neither break them nor mix two builds in one report.
 */
async function snapshotDist() {
  const source = join(root, 'dist');
  const target = join(outDir, 'dist-snapshot');
  for (let attempt = 1; ; attempt++) {
    if (existsSync(join(source, 'index.js')) && existsSync(join(source, 'cli.js'))) {
      try {
        rmSync(target, { recursive: true, force: true });
        cpSync(source, target, { recursive: true });
        await import(pathToFileURL(join(target, 'index.js')).href);
        await import(pathToFileURL(join(target, 'cli.js')).href);
        return join(target, 'index.js');
      } catch (error) {
        if (attempt >= 10) throw error;
      }
    } else if (attempt >= 10) {
      process.stderr.write(`bench: ${source} has no complete build; build the package first (npx tsup)\n`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

const COMPONENTS = 20;
const SEED = 1;
const BASE = args.quick ? 156 : 625;
const SIZES = [BASE, BASE * 4, BASE * 16];
const LARGEST = SIZES[2];
const REPS = args.reps ?? (args.quick ? 3 : 5);
const MC_SAMPLES = 20;

const log = (text) => process.stderr.write(`${text}\n`);

// ------------------------------------------------------------------------------------------------
// Graph files, cached by size and by the generator's source (a changed generator regenerates).

const generatorHash = createHash('sha256')
  .update(readFileSync(join(here, 'generate-graph.mjs')))
  .digest('hex')
  .slice(0, 10);

function graphFile(entries) {
  const file = join(outDir, `graph-${entries}x${COMPONENTS}-s${SEED}-${generatorHash}.json`);
  if (!existsSync(file)) {
    const t0 = performance.now();
    const { graph, stats } = generateGraph({ entries, components: COMPONENTS, seed: SEED });
    writeFileSync(file, JSON.stringify(graph));
    log(`  generated ${file.replace(`${root}/`, '')}: ${JSON.stringify(stats)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return file;
}

// ------------------------------------------------------------------------------------------------
// Workers

function runWorker(task) {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--expose-gc', join(here, 'worker.mjs'), JSON.stringify(task)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CDR_ENGINE_DIST: distEntry },
  });
  if (child.status !== 0) {
    log(child.stderr);
    throw new Error(`worker for ${JSON.stringify(task)} failed with status ${child.status}`);
  }
  const lines = child.stdout.trim().split('\n');
  const report = JSON.parse(lines[lines.length - 1]);
  report.wallSeconds = (performance.now() - started) / 1000;
  return report;
}

/** Runs a command under /usr/bin/time (when present) for its wall time and peak RSS. */
function timeCommand(command, commandArgs) {
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
  const t0 = performance.now();
  const child = timeBin
    ? spawnSync(timeBin, ['-f', '%e %M', command, ...commandArgs], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] })
    : spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const wallMs = performance.now() - t0;
  if (child.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed: ${child.stderr}`);
  const lastLine = child.stderr.trim().split('\n').pop() ?? '';
  const [, kb] = timeBin ? lastLine.split(' ').map(Number) : [0, NaN];
  return { wallMs, peakRssMb: kb / 1024 };
}

// ------------------------------------------------------------------------------------------------
// Run

const results = {
  startedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, loadAverageAtStart: loadavg() },
  dist: distEntry,
  command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  sizes: SIZES,
  components: COMPONENTS,
  reps: REPS,
  phases: {},
  scaling: {},
};
const t0 = performance.now();
log(
  `bench: sizes ${SIZES.join(', ')} entries x ${COMPONENTS} components, ${REPS} timed runs at the largest size, dist ${distEntry.replace(`${root}/`, '')}`,
);
const files = Object.fromEntries(SIZES.map((n) => [n, graphFile(n)]));

function phase(name, task) {
  if (!wanted(name)) return;
  log(`  ${name} ...`);
  const report = runWorker(task);
  results.phases[name] = { ...report.figures, wallSeconds: report.wallSeconds };
  log(`    done in ${report.wallSeconds.toFixed(1)} s`);
}

phase('compile', { phase: 'compile', graphFile: files[SIZES[0]], timeMs: args.quick ? 300 : 800 });
// Phases of seconds get fewer runs than those of a fraction of one, to keep the whole run short.
const longReps = Math.max(1, REPS - 2);
for (const name of ['prepare', 'evaluate-no-propagation', 'evaluate', 'evaluate+budgets', 'prepare+evaluate']) {
  phase(name, { phase: name, graphFile: files[LARGEST], reps: name.startsWith('prepare') ? longReps : REPS });
}
if (wanted('prepare+evaluate')) {
  log('  prepare+evaluate (floor alone, for its memory) ...');
  const report = runWorker({ phase: 'prepare+evaluate', impl: 'floor', graphFile: files[LARGEST], reps: 1 });
  results.phases['prepare+evaluate'].floorAlone = report.figures.floor;
}
phase('monte-carlo', { phase: 'monte-carlo', graphFile: files[LARGEST], reps: longReps, samples: MC_SAMPLES });

if (wanted('scaling')) {
  for (const name of ['evaluate', 'prepare+evaluate']) {
    const points = [];
    for (const entries of SIZES) {
      const known = entries === LARGEST ? results.phases[name] : undefined;
      let figures = known;
      if (figures === undefined) {
        log(`  scaling ${name} at ${entries} entries ...`);
        const reps = entries === SIZES[0] ? 2 * REPS : REPS;
        figures = runWorker({ phase: name, graphFile: files[entries], reps }).figures;
      }
      points.push({
        entries,
        datapoints: figures.datapoints,
        engineMs: figures.engine.medianMs,
        floorMs: figures.floorInterleaved.medianMs,
      });
    }
    results.scaling[name] = {
      points,
      engineExponent: fitExponent(points, 'engineMs'),
      floorExponent: fitExponent(points, 'floorMs'),
      // Between the two largest sizes only: fixed costs weigh least there.
      engineExponentLargest: fitExponent(points.slice(1), 'engineMs'),
    };
  }
}

if (wanted('cli') && !args.skipCli) {
  log('  cli (one end-to-end run each, output to /dev/null) ...');
  const cliFile = files[LARGEST];
  // The CLI of the same build as the rest (bin/cdr-engine.js does the same with dist/cli.js).
  const launcher = `import { main } from ${JSON.stringify(pathToFileURL(join(dirname(distEntry), 'cli.js')).href)}; main(process.argv.slice(1)).then((code) => { process.exitCode = code; });`;
  const engineCli = timeCommand(process.execPath, ['--input-type=module', '-e', launcher, 'evaluate', cliFile, '--format', 'json']);
  const floorCli = timeCommand(process.execPath, [join(here, 'floor-cli.mjs'), cliFile]);
  results.phases.cli = { entries: LARGEST, engine: engineCli, floor: floorCli, ratio: engineCli.wallMs / floorCli.wallMs };
}

phase('ledger', { phase: 'ledger', entries: args.quick ? 500 : 2000, operations: args.quick ? 10_000 : 40_000, reads: 100_000 });
phase('sandbox', { phase: 'sandbox', items: args.quick ? 20_000 : 100_000, reads: args.quick ? 5_000 : 20_000 });

if (wanted('registry')) {
  const script = join(here, 'registry.bench.mjs');
  if (existsSync(script)) {
    log('  registry.bench.mjs ...');
    const started = performance.now();
    const env = { ...process.env, CDR_ENGINE_DIST: distEntry, ...(args.quick ? { BENCH_BATCHES: '100000' } : {}) };
    const child = spawnSync(process.execPath, ['--expose-gc', script], { cwd: root, encoding: 'utf8', env });
    const wallSeconds = (performance.now() - started) / 1000;
    results.phases.registry = {
      status: child.status,
      wallSeconds,
      output: `${child.stdout}${child.status === 0 ? '' : child.stderr}`.trim(),
    };
  } else {
    results.phases.registry = { skipped: 'bench/registry.bench.mjs does not exist yet' };
  }
}

results.totalSeconds = (performance.now() - t0) / 1000;
results.machine.loadAverageAtEnd = loadavg();
writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
// Every full run is also kept under its start time, for bench/summarise.mjs to take medians over runs.
if (!args.quick && args.only === null && process.env.CDR_ENGINE_DIST === undefined) {
  writeFileSync(join(outDir, `results-${results.startedAt.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(results, null, 2)}\n`);
}
process.stdout.write(summary(results, args.markdown));
log(`bench: ${results.totalSeconds.toFixed(0)} s in all; every figure in ${args.json.replace(`${root}/`, '')}`);

// ------------------------------------------------------------------------------------------------
// Reporting

/** Least-squares slope of log(time) against log(entries). */
function fitExponent(points, key) {
  const xs = points.map((p) => Math.log(p.entries));
  const ys = points.map((p) => Math.log(p[key]));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

function fmtMs(ms) {
  if (ms === undefined || ms === null || Number.isNaN(ms)) return '-';
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(1)} us`;
}
function fmtMb(mb) {
  return mb === undefined || Number.isNaN(mb) ? '-' : `${mb.toFixed(0)} MB`;
}
function fmtRate(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} M/s` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k/s` : `${n.toFixed(0)} /s`;
}
function fmtX(r) {
  return r === undefined || Number.isNaN(r) ? '-' : `${r.toFixed(1)}x`;
}

function table(headers, rows, markdown) {
  if (markdown) {
    return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  }
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function summary(r, markdown) {
  const out = [];
  const p = r.phases;
  const graphRows = [];
  for (const name of GRAPH_PHASES) {
    const f = p[name];
    if (f === undefined) continue;
    const unit = name === 'monte-carlo' ? f.samples * f.datapoints : f.datapoints;
    graphRows.push([
      name === 'monte-carlo' ? `monte-carlo (${f.samples} samples, no propagation)` : name,
      fmtMs(f.engine.medianMs),
      `${fmtMs(f.engine.minMs)} - ${fmtMs(f.engine.maxMs)}`,
      fmtMs(f.engine.coldMs),
      `${fmtRate((1000 * unit) / f.engine.medianMs)} dp, ${fmtRate((1000 * f.entries) / f.engine.medianMs)} entries`,
      fmtMb(f.engine.memory.peakRssMb),
      fmtMb(f.engine.memory.rssBeforeMb),
      fmtMs(f.floorInterleaved.medianMs),
      fmtX(f.ratio),
    ]);
  }
  if (graphRows.length > 0) {
    // The graph's figures from whichever graph phase ran (every one of them loads the same graph).
    const any = GRAPH_PHASES.map((name) => p[name]).find((f) => f !== undefined);
    out.push(
      `Graph of ${any.entries} entries, ${any.components} components, ${any.datapoints} datapoints (${any.slots} datapoint uses), ${any.blueprints} blueprints; document parsed in ${fmtMs(any.parseMs)}, ${fmtMb(any.documentHeapMb)} of heap.`,
    );
    out.push(
      table(
        ['phase', 'engine median', 'engine range', 'engine cold', 'throughput', 'peak RSS', 'RSS before', 'floor median', 'engine / floor'],
        graphRows,
        markdown,
      ),
    );
    const floorAlone = p['prepare+evaluate']?.floorAlone;
    if (floorAlone !== undefined)
      out.push(
        `Floor alone (prepare+evaluate, own process): ${fmtMs(floorAlone.medianMs)}, peak RSS ${fmtMb(floorAlone.memory.peakRssMb)}.`,
      );
  }
  if (p.compile !== undefined) {
    out.push(
      `Compile: ${p.compile.blueprints} blueprints (prepareGraph of a document of blueprints only) in ${fmtMs(p.compile.engine.medianMs)} (${fmtRate(p.compile.engine.blueprintsPerSecond)} blueprints); floor (new Function per blueprint) ${fmtMs(p.compile.floorInterleaved.medianMs)}; engine / floor ${fmtX(p.compile.ratio)}.`,
    );
  }
  for (const [name, s] of Object.entries(r.scaling)) {
    out.push(
      `Scaling of ${name}: ${s.points.map((q) => `${q.entries} entries ${fmtMs(q.engineMs)} (floor ${fmtMs(q.floorMs)})`).join('; ')}; exponent k = ${s.engineExponent.toFixed(2)} over all three, ${s.engineExponentLargest.toFixed(2)} between the two largest (floor ${s.floorExponent.toFixed(2)}).`,
    );
  }
  if (p.cli !== undefined) {
    out.push(
      `CLI evaluate --format json at ${p.cli.entries} entries, end to end: ${fmtMs(p.cli.engine.wallMs)}, peak RSS ${fmtMb(p.cli.engine.peakRssMb)}; floor ${fmtMs(p.cli.floor.wallMs)}, ${fmtMb(p.cli.floor.peakRssMb)}; engine / floor ${fmtX(p.cli.ratio)}.`,
    );
  }
  if (p.ledger !== undefined) {
    const l = p.ledger;
    out.push(
      l.skipped
        ? `Ledger: skipped (${l.skipped}).`
        : `Ledger (${l.entries} entries issued, ${l.operations} splitting retirements/transfers, ${l.reads} reads; ${l.batchesAtEnd} batches at the end): issue ${fmtMs(l.engine.issueMs)}, splits ${fmtRate(l.engine.splitsPerSecond)} (floor ${fmtRate(l.floor.splitsPerSecond)}, ${fmtX(l.ratio.split)}), reads ${fmtRate(l.engine.readsPerSecond)} (floor ${fmtRate(l.floor.readsPerSecond)}, ${fmtX(l.ratio.read)}), peak RSS ${fmtMb(l.engine.memory.peakRssMb)}.`,
    );
  }
  if (p.sandbox !== undefined) out.push(sandboxLine(p.sandbox));
  if (p.registry !== undefined)
    out.push(
      p.registry.skipped
        ? `registry.bench.mjs: skipped (${p.registry.skipped}).`
        : `registry.bench.mjs (exit ${p.registry.status}):\n${p.registry.output}`,
    );
  out.push(targets(r, markdown));
  return `${out.join('\n\n')}\n`;
}

function sandboxLine(s) {
  if (s.skipped) return `Sandbox: skipped (${s.skipped}).`;
  const e = s.engine;
  const f = s.floor;
  return [
    `Sandbox handle(), in-process, demo world + ${s.items} datapoints of one organisation (world loaded in ${fmtMs(e.loadMs)}, peak RSS ${fmtMb(e.memory.peakRssMb)}):`,
    `  reads GET /mrv/v0/datapoints/{id}: ${fmtRate(e.readsPerSecond)} (floor ${fmtRate(f.readsPerSecond)}, ${fmtX(s.ratio.read)})`,
    `  list pages of 50 (total ${e.listTotal}): first ${fmtMs(e.firstPageMs)}, last (last=50) ${fmtMs(e.lastPageMs)}, 20 forward by cursor ${fmtMs(e.forwardPagesMs)}, 20 backward from the end ${fmtMs(e.backwardPagesMs)} (floor first page ${fmtMs(f.firstPageMs)})`,
    `  writes POST /mrv/v0/datapoints: ${fmtRate(e.writesPerSecond)} (floor ${fmtRate(f.writesPerSecond)}, ${fmtX(s.ratio.write)})`,
  ].join('\n');
}

function targets(r, markdown) {
  const p = r.phases;
  const rows = [];
  const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? 'met' : 'MISSED');
  const ev = p.evaluate;
  const pe = p['prepare+evaluate'];
  if (ev !== undefined)
    rows.push([
      `evaluate-only, full propagation, ${ev.entries} entries`,
      '< 2 s',
      fmtMs(ev.engine.medianMs),
      verdict(ev.engine.medianMs < 2000),
    ]);
  if (pe !== undefined)
    rows.push([
      `prepare+evaluate (validation included), ${pe.entries} entries`,
      '< 2 s',
      fmtMs(pe.engine.medianMs),
      verdict(pe.engine.medianMs < 2000),
    ]);
  if (pe !== undefined)
    rows.push([
      'peak RSS, process that loads the document, prepares and evaluates',
      '< 1 GB',
      fmtMb(pe.engine.memory.peakRssMb),
      verdict(pe.engine.memory.peakRssMb < 1024),
    ]);
  const np = p['evaluate-no-propagation'];
  if (np !== undefined)
    rows.push(['evaluate without propagation / floor (like for like)', '<= 5x', fmtX(np.ratio), verdict(np.ratio <= 5)]);
  if (ev !== undefined)
    rows.push(['evaluate with propagation / floor (floor has no uncertainty)', '<= 5x', fmtX(ev.ratio), verdict(ev.ratio <= 5)]);
  if (ev !== undefined)
    rows.push(['the same, issue 16 (judge by the median of several runs)', '<= 3x', fmtX(ev.ratio), verdict(ev.ratio <= 3)]);
  const eb = p['evaluate+budgets'];
  if (eb !== undefined)
    rows.push(['evaluate with propagation, every budget line read / floor', '<= 5x', fmtX(eb.ratio), verdict(eb.ratio <= 5)]);
  if (pe !== undefined) rows.push(['prepare+evaluate / floor prepare+evaluate', '<= 5x', fmtX(pe.ratio), verdict(pe.ratio <= 5)]);
  for (const [name, s] of Object.entries(r.scaling)) {
    const worst = Math.max(s.engineExponent, s.engineExponentLargest);
    rows.push([
      `scaling exponent, ${name}, ${s.points[0].entries} to ${s.points[2].entries} entries (fit; 4x to 16x)`,
      '<= 1.1',
      `${s.engineExponent.toFixed(2)}; ${s.engineExponentLargest.toFixed(2)}`,
      verdict(worst <= 1.1),
    ]);
    // Issue 16 asks for the fit over 1x to 16x; one run moves it by 0.1 or more (bench/RESULTS.md).
    rows.push([
      `the same fit, issue 16 (judge by the median of several runs)`,
      '<= 1.05',
      s.engineExponent.toFixed(2),
      verdict(s.engineExponent <= 1.05),
    ]);
  }
  const sb = p.sandbox;
  if (sb !== undefined && !sb.skipped) {
    rows.push([
      'sandbox handle() reads per second',
      '>= 20,000',
      fmtRate(sb.engine.readsPerSecond),
      verdict(sb.engine.readsPerSecond >= 20_000),
    ]);
    const deepest = Math.max(sb.engine.lastPageMs, sb.engine.backwardPagesMs);
    rows.push([
      `last page / first page of a ${sb.items}-item list`,
      '~1x',
      fmtX(deepest / sb.engine.firstPageMs),
      verdict(deepest / sb.engine.firstPageMs < 2),
    ]);
  } else rows.push(['sandbox targets', '-', '-', sb?.skipped ? 'skipped: no sandbox yet' : 'not run']);
  return `Targets\n${table(['target', 'goal', 'measured', 'verdict'], rows, markdown)}`;
}
