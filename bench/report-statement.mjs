#!/usr/bin/env node
/**
 * Times the HTML report of one large GHG statement as a user runs it: a generated graph
 * (bench/generate-graph.mjs) whose entries all belong to one statement, written to a temporary
 * file, then `cdr-engine report <file> --statement ID --out <html>` in a fresh process (reading,
 * validation, evaluation, report). Prints the wall time, the CPU time (user + system, from
 * /usr/bin/time when present: on a shared machine closer to what an idle one takes) and the
 * page's size. Needs the build (npm run build).
 *
 *   node bench/report-statement.mjs [--entries 10000] [--components 20] [--seed 1]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateGraph } from './generate-graph.mjs';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    components: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
  },
});
const { graph } = generateGraph({ entries: Number(values.entries), components: Number(values.components), seed: Number(values.seed) });
const ids = graph.ghg_entries.map((e) => e.id);
graph.ghg_statements = [
  {
    id: 'ggs_BENCHSTATEMENT0000000000',
    project_id: 'prj_BENCHPROJECT00000000000',
    reporting_period_start_at: '2026-01-01',
    reporting_period_end_at: '2026-06-30',
    removal_ids: ids,
  },
];

const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-report-bench-'));
try {
  const input = join(dir, 'graph.json');
  const output = join(dir, 'report.html');
  const text = JSON.stringify(graph);
  writeFileSync(input, text);
  const command = [process.execPath, 'bin/cdr-engine.js', 'report', input, '--statement', graph.ghg_statements[0].id, '--out', output];
  const times = join(dir, 'times');
  const timed = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-o', times, '-f', '%U %S', ...command] : command;
  const started = performance.now();
  execFileSync(timed[0], timed.slice(1), { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const cpu = existsSync(times)
    ? readFileSync(times, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number)
        .reduce((a, b) => a + b, 0)
    : Number.NaN;
  const size = statSync(output).size;
  console.log(
    `${ids.length} entries, ${graph.components.length} components, ${graph.datapoints.length} datapoints (${(text.length / 1e6).toFixed(1)} MB of JSON): ` +
      `report written in ${seconds.toFixed(2)} s (CPU ${cpu.toFixed(2)} s), ${(size / 1e6).toFixed(2)} MB`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
