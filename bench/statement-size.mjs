#!/usr/bin/env node
/**
 * The service at the size of a real GHG statement (issue 32), run by hand after `npm run build`:
 *
 *   node bench/statement-size.mjs [--sizes 50,100,200,400,720,2000] [--root DIR] [--bodies FILE]
 *
 * For each size N, a fresh `cdr-engine serve --port 0` (of `--root`, default this checkout; another
 * checkout's build compares a commit) on loopback, and over HTTP with keep-alive, as a host team
 * would: N GHG entries of project A from the demo template (two datapoints of their own each), a
 * project component amortised by ESTIMATED_PROJECT_TONNAGE (created first, over a datapoint of its
 * own), then the statement-wide steps, each timed: the statement created, a statement component
 * added, the project component's datapoint PATCHed, the statement submitted, verified, its credits
 * issued, and the statement and one entry read. Server CPU per step from /proc/<pid>/stat, peak RSS
 * (VmHWM) at the end. A second client polls a cheap GET (a datapoint) every 20 ms on its own
 * keep-alive connection from the first entry to the last read: its longest wait and every failed
 * request (a reset) are counted.
 *
 * The CLI evaluating the same statement: the graph document of the statement as it stands after
 * the PATCH (same blueprints, datapoints, components, attributions, statement and project
 * component) written to a file and evaluated by `cdr-engine evaluate FILE --format json` in a fresh
 * process, its wall time measured in the same run; the figures of every entry are checked equal to
 * the service's. Prints one JSON line per size.
 *
 * `--bodies FILE` writes every answer of the run (status and body, ids and date-times masked) to
 * FILE: the same run against two builds gives files to compare byte for byte.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '50,100,200,400,720,2000' },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    bodies: { type: 'string' },
  },
});
const ROOT = resolve(values.root);
const SIZES = values.sizes.split(',').map(Number);
const SECRET = 'demo-client-secret';
const TOKENS = { supplier: 'demo-token-supplier-a', verifier: 'demo-token-verifier' };
const PROJECT = 'prj_01JDEMOBIOCHARPROJA00';
const TEMPLATE = 'rvt_01JDEMOBIOCHARTPL0000';
const demo = JSON.parse(readFileSync(join(ROOT, 'worlds/demo.json'), 'utf8'));
const CLK_TCK = 100;

/** One HTTP client on its own keep-alive connection. */
function client(base, maxSockets = 1) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (who, method, path, body) =>
    new Promise((done, fail) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            'x-client-secret': SECRET,
            authorization: `Bearer ${TOKENS[who]}`,
            ...(text === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            done({ status: res.statusCode, raw, body: raw === '' ? undefined : JSON.parse(raw) });
          });
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(text);
    });
}

/** A server process of ROOT on a free port. */
async function startServer() {
  const child = spawn(process.execPath, [join(ROOT, 'bin/cdr-engine.js'), 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise((done, fail) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) done(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${out}`)));
  });
  return { child, url };
}

/** CPU seconds (user + system) of a process so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

function peakRssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** Polls a cheap GET every 20 ms until stopped: longest wait and failures. */
function poller(base, path) {
  const call = client(base);
  const state = { running: true, longestMs: 0, requests: 0, failures: [] };
  const done = (async () => {
    while (state.running) {
      const t0 = performance.now();
      try {
        const answer = await call('supplier', 'GET', path);
        if (answer.status !== 200) state.failures.push(`status ${answer.status}`);
      } catch (error) {
        state.failures.push(error.code ?? error.message);
      }
      state.longestMs = Math.max(state.longestMs, performance.now() - t0);
      state.requests += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      await done;
      return {
        longest_wait_ms: Math.round(state.longestMs),
        requests: state.requests,
        failures: state.failures.length,
        first_failure: state.failures[0] ?? null,
      };
    },
  };
}

/** Masks what differs between two runs of the same requests: ids and date-times. */
function masked(text) {
  return text.replace(/\b[a-z]{3}_[0-9A-Z]{16,32}\b/g, '<id>').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
}

function datapoint(reference, magnitude, unit, sd) {
  return {
    supplier_reference_id: reference,
    display_name: `bench ${reference}`,
    type: 'REPORTED',
    quantity: { magnitude, unit, standard_deviation: sd },
    description: 'statement-size bench',
    source_ids: [],
    project_id: PROJECT,
  };
}

function dieselComponent(reference, volume) {
  return {
    supplier_reference_id: reference,
    project_id: PROJECT,
    component_blueprint_key: 'diesel_combustion',
    display_name: `bench ${reference}`,
    activity_started_at: '2026-01-01T00:00:00Z',
    activity_completed_at: '2026-12-31T00:00:00Z',
    inputs: [
      { input_key: 'volume', datapoint_ids: [volume] },
      { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
    ],
  };
}

/** The template components of an entry: the demo template's, with the entry's own datapoints. */
function entryInputs(dryMass, diesel) {
  return {
    rtc_01JDEMOTPLCOMP000001: [
      { input_key: 'dry_mass', datapoint_ids: [dryMass] },
      { input_key: 'carbon_content', datapoint_ids: ['dtp_01JA0CARBONA1000000', 'dtp_01JA0CARBONA2000000', 'dtp_01JA0CARBONA3000000'] },
    ],
    rtc_01JDEMOTPLCOMP000002: [{ input_key: 'mass', datapoint_ids: ['dtp_01JA0FEEDMASSA000000'] }],
    rtc_01JDEMOTPLCOMP000003: [{ input_key: 'energy', datapoint_ids: ['dtp_01JA0ENERGYA00000000'] }],
    rtc_01JDEMOTPLCOMP000004: [{ input_key: 'volume', datapoint_ids: [diesel] }],
  };
}

/**
 * The graph document of the statement: the demo blueprints and datapoints, the bench's own, each
 * entry's components as the template instantiates them, the statement and the project component.
 */
function statementDocument(run) {
  const template = demo.removal_templates.find((t) => t.id === TEMPLATE);
  const datapoints = [...demo.datapoints.map((d) => ({ id: d.id, quantity: d.quantity })), ...run.datapoints];
  const components = [...run.sharedComponents];
  const entries = run.entries.map((entry, k) => {
    const attributions = [];
    for (const group of template.groups)
      for (const slot of group.components) {
        const given = entry.inputs[slot.id];
        const id = `cmp_E${k}_${slot.id}`;
        components.push({
          id,
          blueprint_key: slot.blueprint_key,
          inputs: slot.inputs.map(
            (i) => given?.find((g) => g.input_key === i.input_key) ?? { input_key: i.input_key, datapoint_ids: [i.datapoint_id] },
          ),
        });
        attributions.push({ component_id: id, attribution_factor: 1 });
      }
    return { id: entry.id, risk_of_reversal_percentage: 5, component_attributions: attributions };
  });
  const project = demo.projects.find((p) => p.id === PROJECT);
  return {
    component_blueprints: demo.component_blueprints.map(({ key, type, inputs, expressions, ...rest }) => ({
      key,
      type,
      inputs,
      expressions,
      ...pick(rest),
    })),
    datapoints,
    components,
    ghg_entries: entries,
    ghg_statements: [
      {
        id: run.statement,
        project_id: PROJECT,
        reporting_period_start_at: '2026-03-01',
        reporting_period_end_at: '2026-03-31',
        removal_ids: run.entries.map((e) => e.id),
        component_ids: [run.statementComponent],
      },
    ],
    projects: [
      {
        id: PROJECT,
        estimated_gross_tonnage_kg: project.estimated_gross_tonnage_kg,
        estimated_lifetime: project.estimated_lifetime,
        components: [
          {
            component_id: run.projectComponent,
            allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
            custom_period_start_on: '2026-01-01',
            custom_period_end_on: '2026-12-31',
          },
        ],
      },
    ],
  };
}

/** The blueprint fields a graph document takes besides key, type, inputs and expressions. */
function pick(rest) {
  const out = {};
  for (const key of ['display_name', 'description', 'version', 'result_expression']) if (rest[key] !== undefined) out[key] = rest[key];
  return out;
}

/** Wall time of the CLI evaluating the document, and its entries' figures. */
function cliEvaluation(document) {
  const dir = mkdtempSync(join(tmpdir(), 'statement-size-'));
  try {
    const file = join(dir, 'statement.json');
    writeFileSync(file, JSON.stringify(document));
    const t0 = performance.now();
    const out = execFileSync(process.execPath, [join(ROOT, 'bin/cdr-engine.js'), 'evaluate', file, '--format', 'json'], {
      maxBuffer: 1 << 30,
    });
    const seconds = (performance.now() - t0) / 1000;
    return { seconds, entries: JSON.parse(out.toString('utf8')).ghg_entries };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runSize(n, log) {
  const { child, url } = await startServer();
  const call = client(url);
  const record = (label, answer) => {
    log.push(`${label} ${answer.status} ${masked(answer.raw)}`);
    return answer;
  };
  const ok = async (label, who, method, path, body) => {
    const answer = record(label, await call(who, method, path, body));
    if (answer.status !== 200 && answer.status !== 204) throw new Error(`${label}: ${answer.status} ${answer.raw.slice(0, 500)}`);
    return answer.body;
  };
  const polled = poller(url, '/mrv/v0/datapoints/dtp_01JA0DIESELFACTOR000');
  const run = { entries: [], datapoints: [], sharedComponents: [] };
  try {
    // The project component amortised by estimated tonnage, over a datapoint of its own.
    const sharedVolume = await ok('shared datapoint', 'supplier', 'POST', '/mrv/v0/datapoints', datapoint('shared-volume', 2000, 'l', 50));
    run.datapoints.push({ id: sharedVolume.id, quantity: { magnitude: 4000, unit: 'l', standard_deviation: 50 } });
    const projectComponent = await ok('project component', 'supplier', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
      component_data: dieselComponent('shared-diesel', sharedVolume.id),
    });
    run.projectComponent = projectComponent.id;
    run.sharedComponents.push({
      id: projectComponent.id,
      blueprint_key: 'diesel_combustion',
      inputs: dieselComponent('', sharedVolume.id).inputs,
    });
    for (let k = 0; k < n; k++) {
      const dryMass = await ok(
        'entry datapoint',
        'supplier',
        'POST',
        '/mrv/v0/datapoints',
        datapoint(`dry-${k}`, 10 + (k % 17) * 0.1, 't', 0.3),
      );
      const diesel = await ok(
        'entry datapoint',
        'supplier',
        'POST',
        '/mrv/v0/datapoints',
        datapoint(`diesel-${k}`, 150 + (k % 13), 'l', 10),
      );
      run.datapoints.push({ id: dryMass.id, quantity: dryMass.quantity }, { id: diesel.id, quantity: diesel.quantity });
      const inputs = entryInputs(dryMass.id, diesel.id);
      const entry = await ok('entry', 'supplier', 'POST', '/mrv/v0/removals', {
        project_id: PROJECT,
        started_on: '2026-03-01',
        completed_on: '2026-03-31',
        supplier_reference_id: `entry-${k}`,
        removal_template_id: TEMPLATE,
        removal_template_components: Object.entries(inputs).map(([id, given]) => ({ removal_template_component_id: id, inputs: given })),
      });
      run.entries.push({ id: entry.id, inputs });
    }
    const steps = {};
    const cpu = {};
    const step = async (name, who, method, path, body) => {
      const c0 = cpuSeconds(child.pid);
      const t0 = performance.now();
      const answer = await ok(name, who, method, path, body);
      steps[name] = (performance.now() - t0) / 1000;
      cpu[name] = cpuSeconds(child.pid) - c0;
      return answer;
    };
    const statement = await step('create statement', 'supplier', 'POST', '/mrv/v0/ghg_statements', {
      project_id: PROJECT,
      end_on: '2026-03-31',
    });
    run.statement = statement.id;
    const statementVolume = await ok(
      'statement datapoint',
      'supplier',
      'POST',
      '/mrv/v0/datapoints',
      datapoint('statement-volume', 900, 'l', 30),
    );
    run.datapoints.push({ id: statementVolume.id, quantity: statementVolume.quantity });
    const statementComponent = await step('statement component', 'supplier', 'POST', '/mrv/v0/ghg_statement_components', {
      ghg_statement_id: statement.id,
      component_data: dieselComponent('statement-diesel', statementVolume.id),
    });
    run.statementComponent = statementComponent.id;
    run.sharedComponents.push({
      id: statementComponent.id,
      blueprint_key: 'diesel_combustion',
      inputs: dieselComponent('', statementVolume.id).inputs,
    });
    await step('patch shared datapoint', 'supplier', 'PATCH', `/mrv/v0/datapoints/${sharedVolume.id}`, {
      quantity: { magnitude: 4000, unit: 'l', standard_deviation: 50 },
    });
    const served = [];
    for (const e of run.entries) served.push(await ok('entry read', 'supplier', 'GET', `/mrv/v0/removals/${e.id}`));
    await step('submit', 'supplier', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example/s.pdf',
    });
    await step('verify', 'verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, { outcome: 'VERIFIED' });
    await step('issue credits', 'supplier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/issue_credits`);
    const read = await step('read statement', 'supplier', 'GET', `/mrv/v0/ghg_statements/${statement.id}`);
    await step('read entry', 'supplier', 'GET', `/mrv/v0/removals/${run.entries[0].id}`);
    const poll = await polled.stop();
    const rss = peakRssMb(child.pid);
    const cli = cliEvaluation(statementDocument(run));
    const mismatched = cli.entries.filter((e, k) => e.co2e_net_removed_kg !== served[k].co2e_net_removed_kg).length;
    const worst = Math.max(...Object.values(steps));
    return {
      n,
      root: ROOT,
      steps_s: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, Number(v.toFixed(3))])),
      server_cpu_s: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Number(v.toFixed(2))])),
      statement_wide_cpu_s: Number(
        Object.values(cpu)
          .reduce((a, b) => a + b, 0)
          .toFixed(2),
      ),
      cli_s: Number(cli.seconds.toFixed(3)),
      worst_step_over_cli: Number((worst / cli.seconds).toFixed(2)),
      cli_entries_differing: mismatched,
      serve_peak_rss_mb: rss,
      poller: poll,
      status: read.status,
    };
  } finally {
    await polled.stop().catch(() => undefined);
    child.kill('SIGTERM');
  }
}

const log = [];
const results = [];
for (const n of SIZES) {
  const result = await runSize(n, log);
  results.push(result);
  console.log(JSON.stringify(result));
}
for (let i = 1; i < results.length; i++) {
  const [a, b] = [results[i - 1], results[i]];
  const exponent = Math.log(b.statement_wide_cpu_s / a.statement_wide_cpu_s) / Math.log(b.n / a.n);
  console.log(JSON.stringify({ growth: `${a.n}->${b.n}`, exponent_of_statement_wide_cpu: Number(exponent.toFixed(2)) }));
}
if (values.bodies !== undefined) writeFileSync(values.bodies, `${log.join('\n')}\n`);
