/**
 * One benchmark phase in a fresh process, so that its peak memory is its own. Started by run.mjs
 * with `node --expose-gc bench/worker.mjs '<task json>'`; prints one JSON line of figures.
 *
 * Timing: a cold first run after a full garbage collection (its time, and the process's peak RSS
 * right after it, are reported), two untimed warm-up runs, then `reps` timed runs. When the task
 * compares with the floor, engine and floor runs alternate so that noise from other processes
 * falls on both alike. Timed runs are not preceded by a forced collection: after one, V8 starts
 * again from a small young generation, which made a 13 ms evaluation take 50 ms, a state no real
 * caller is in. The warm-up runs keep the memory reading's forced collections out of the first
 * timed run, too. The garbage of earlier runs is collected when V8 decides, as in a long-running
 * service.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importEntry, median, readEveryBudgetLine } from './measure.mjs';
import { compileFloorBlueprints, evaluateFloor, monteCarloFloor, prepareAndEvaluateFloor, prepareFloor } from './floor.mjs';

const task = JSON.parse(process.argv[2] ?? '{}');
const distEntry = process.env.CDR_ENGINE_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const engine = await import(pathToFileURL(distEntry).href);

const gc = globalThis.gc ?? (() => {});
const MB = 1024 * 1024;
const now = () => performance.now();

function memory() {
  const m = process.memoryUsage();
  return {
    rssMb: m.rss / MB,
    heapUsedMb: m.heapUsed / MB,
    externalMb: (m.external + m.arrayBuffers) / MB,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** Runs of each side between the memory reading's forced collections and the timed runs. */
const WARM_UP_RUNS = 2;

/** A pause between timed runs, so that concurrent sweeping of the last one does not land in the next. */
async function pause() {
  await new Promise((resolve) => setTimeout(resolve, 30));
}

/** A full collection and a pause: the baseline of the memory figures. */
async function settle() {
  gc();
  await pause();
}

function summarise(times) {
  return { medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), runs: times.length };
}

/** Pauses, then times one call; its result is dropped at once, as a caller done with it would. */
async function timeOne(fn) {
  await pause();
  const t = now();
  fn();
  return now() - t;
}

/**
 * Measures one implementation: cold run with memory, warm-up runs, then timed runs (alternating
 * with `other` when given). `run` returns the result, kept alive until the memory reading after
 * the cold run.
 */
async function measure(run, reps, other) {
  await settle();
  const before = memory();
  const t0 = now();
  let result = run();
  const coldMs = now() - t0;
  const afterCold = memory();
  gc();
  const retained = memory();
  result = null;
  gc();
  const times = [];
  const otherTimes = [];
  for (let r = 0; r < WARM_UP_RUNS + reps; r++) {
    const ms = await timeOne(run);
    const otherMs = other === undefined ? undefined : await timeOne(other);
    // The first rounds follow the forced collections above, for the reason given at the top: the
    // first run after one is slow (730 rather than 610 ms for prepare + evaluate at 10,000 entries).
    if (r < WARM_UP_RUNS) continue;
    times.push(ms);
    if (otherMs !== undefined) otherTimes.push(otherMs);
  }
  return {
    coldMs,
    ...summarise(times),
    memory: {
      rssBeforeMb: before.rssMb,
      heapBeforeMb: before.heapUsedMb,
      peakRssMb: afterCold.peakRssMb,
      resultHeapMb: retained.heapUsedMb - before.heapUsedMb,
    },
    other: other === undefined ? undefined : summarise(otherTimes),
  };
}

function loadGraph(file) {
  const t0 = now();
  const graph = JSON.parse(readFileSync(file, 'utf8'));
  return { graph, parseMs: now() - t0 };
}

function shape(graph) {
  let slots = 0;
  for (const c of graph.components) for (const i of c.inputs) slots += (i.datapoint_ids ?? [i.datapoint_id]).length;
  return {
    entries: graph.ghg_entries.length,
    components: graph.components.length,
    datapoints: graph.datapoints.length,
    slots,
    blueprints: graph.component_blueprints.length,
  };
}

function mustPrepare(graph) {
  const prepared = engine.prepareGraph(graph);
  if (!prepared.ok) throw new Error(`the generated graph is invalid: ${JSON.stringify(prepared.issues.slice(0, 5))}`);
  return prepared.prepared;
}

function mustEvaluate(prepared, options) {
  const outcome = engine.evaluatePreparedGraph(prepared, options);
  if (!outcome.ok) throw new Error(`evaluation failed: ${JSON.stringify(outcome.issues.slice(0, 5))}`);
  return outcome.result;
}

/** Engine and floor must agree on every net before anything is timed. */
function checkAgainstFloor(graph, prepared) {
  const mine = mustEvaluate(prepared, { propagate: false }).ghg_entries;
  const floor = evaluateFloor(prepareFloor(graph)).ghg_entries;
  let worst = 0;
  for (let e = 0; e < mine.length; e++) {
    const a = mine[e].co2e_net_removed_without_discount_kg;
    const b = floor[e].co2e_net_removed_without_discount_kg;
    worst = Math.max(worst, Math.abs(a - b) / Math.max(1, Math.abs(a)));
  }
  if (worst > 1e-9) throw new Error(`engine and floor disagree: worst relative difference ${worst}`);
  return worst;
}

async function graphPhase() {
  const { graph, parseMs } = loadGraph(task.graphFile);
  const info = { ...shape(graph), parseMs };
  const reps = task.reps ?? 5;
  const floorOnly = task.impl === 'floor';
  let engineRun;
  let floorRun;
  let prepared;
  let floorPrepared;
  switch (task.phase) {
    case 'prepare':
      engineRun = () => engine.prepareGraph(graph);
      floorRun = () => prepareFloor(graph);
      break;
    case 'evaluate':
    case 'evaluate+budgets':
    case 'evaluate-no-propagation': {
      const options = { propagate: task.phase !== 'evaluate-no-propagation' };
      if (!floorOnly) {
        prepared = mustPrepare(graph);
        info.maxAbsRelDiffVsFloor = checkAgainstFloor(graph, prepared);
      }
      floorPrepared = prepareFloor(graph);
      // Budget lines are created when first read: this phase reads every one of them.
      engineRun =
        task.phase === 'evaluate+budgets'
          ? () => readEveryBudgetLine(mustEvaluate(prepared, options))
          : () => mustEvaluate(prepared, options);
      floorRun = () => evaluateFloor(floorPrepared);
      break;
    }
    case 'prepare+evaluate':
      engineRun = () => engine.evaluateGraph(graph);
      floorRun = () => prepareAndEvaluateFloor(graph);
      break;
    case 'monte-carlo': {
      const monteCarlo = { samples: task.samples, seed: 1 };
      if (!floorOnly) prepared = mustPrepare(graph);
      floorPrepared = prepareFloor(graph);
      engineRun = () => mustEvaluate(prepared, { propagate: false, monteCarlo });
      floorRun = () => {
        const result = evaluateFloor(floorPrepared);
        return { result, monteCarlo: monteCarloFloor(floorPrepared, monteCarlo.samples, monteCarlo.seed) };
      };
      info.samples = task.samples;
      break;
    }
    default:
      throw new Error(`unknown phase ${task.phase}`);
  }
  gc();
  info.documentHeapMb = memory().heapUsedMb;
  if (floorOnly) return { ...info, floor: await measure(floorRun, reps) };
  const m = await measure(engineRun, reps, floorRun);
  const { other, ...engineFigures } = m;
  return { ...info, engine: engineFigures, floorInterleaved: other, ratio: m.medianMs / other.medianMs };
}

/**
 * Compilation of the graph's blueprints. `compileBlueprint` is internal (not exported by any entry
 * point), so the blueprints are compiled as `prepareGraph` compiles them, in a document that has
 * nothing else: the figure also holds the validation of the blueprints' shapes (a few µs).
 */
async function compilePhase() {
  const { Bench } = await import('tinybench');
  const { graph } = loadGraph(task.graphFile);
  const definitions = graph.component_blueprints;
  const blueprintsOnly = { component_blueprints: definitions, datapoints: [], components: [], ghg_entries: [] };
  const compiled = engine.prepareGraph(blueprintsOnly);
  if (!compiled.ok) throw new Error(`the blueprints do not compile: ${JSON.stringify(compiled.issues)}`);
  const bench = new Bench({ time: task.timeMs ?? 800, warmupTime: 200 });
  bench.add('engine', () => {
    engine.prepareGraph(blueprintsOnly);
  });
  bench.add('floor', () => {
    compileFloorBlueprints(graph);
  });
  await bench.run();
  const figures = Object.fromEntries(
    bench.tasks.map((t) => {
      const r = t.result;
      const latency = r.latency ?? {};
      return [
        t.name,
        {
          medianMs: latency.p50 ?? latency.mean,
          meanMs: latency.mean,
          rmePercent: latency.rme,
          samples: latency.samplesCount ?? latency.samples?.length,
        },
      ];
    }),
  );
  return {
    blueprints: definitions.length,
    engine: {
      ...figures.engine,
      blueprintsPerSecond: (1000 * definitions.length) / figures.engine.medianMs,
      memory: { peakRssMb: memory().peakRssMb },
    },
    floorInterleaved: figures.floor,
    ratio: figures.engine.medianMs / figures.floor.medianMs,
  };
}

async function ledgerPhase() {
  const { runLedgerBenchmark } = await import('./ledger-load.mjs');
  return runLedgerBenchmark(await importEntry(distEntry, 'registry'), task);
}

async function sandboxPhase() {
  const { runSandboxBenchmark } = await import('./sandbox-load.mjs');
  return runSandboxBenchmark(await importEntry(distEntry, 'sandbox'), task);
}

const phases = { compile: compilePhase, ledger: ledgerPhase, sandbox: sandboxPhase };
const figures = await (phases[task.phase] ?? graphPhase)();
process.stdout.write(`${JSON.stringify({ task, figures, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
