#!/usr/bin/env node
/**
 * Test of the build (`npm run test:build`, part of `npm test` after `tsup`): each entry point
 * loads only its own modules, package.json's `exports` lists exactly the entry points built, and
 * an error thrown by the CommonJS build is recognised by the ESM build and the other way round
 * (the dual-package hazard: both builds loaded in one process).
 *
 * What an entry loads is the closure of its output file over static imports between outputs
 * (chunks), read from esbuild's metafiles (dist/metafile-esm.json, dist/metafile-cjs.json); the
 * source modules of those outputs are what a `import('cdr-engine')` or `require('cdr-engine')`
 * runs. Dynamic imports (the CLI's commands) are not followed: they load when used.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MONTE_CARLO_GRAPHS } from '../bench/monte-carlo-graphs.mjs';
import { commonjsDeclaration } from './commonjs-declarations.mjs';
import { bundledPackages, packageOfInput } from './third-party-notices.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * What each output may load: a source module must match one of `modules`, an npm package (or a
 * Node built-in, as `node:<name>`) must be in `packages`. Entries not listed here (testing, report) are only kept away from the CLI.
 * Widen a rule only when the entry really needs the module: the root is what every user loads.
 */
const RULES = {
  // Evaluation: no service, no ledger, no resource schemas, no CLI.
  index: {
    modules: [
      /^src\/index\.ts$/,
      /^src\/version\.ts$/,
      /^src\/(accounting|expressions|uncertainty|units)\//,
      /^src\/model\/(graph[\w-]*|issues|quantity-kinds|calendar-date|error-brand|nearest-name|value-issues|strict-options|schema-walk|lazy-schema|decimal)\.ts$/,
    ],
    // decimal.js and mathjs are required when first used (src/model/decimal.ts, src/units/mathjs-load-required.ts), not imported.
    packages: ['zod', 'node:module'],
  },
  expressions: {
    modules: [
      /^src\/entry\/expressions\.ts$/,
      /^src\/(expressions|uncertainty|units)\//,
      /^src\/model\/(graph[\w-]*|issues|quantity-kinds|calendar-date|error-brand|nearest-name|strict-options|schema-walk|lazy-schema)\.ts$/,
    ],
    packages: ['zod', 'node:module'],
  },
  units: {
    modules: [/^src\/entry\/units\.ts$/, /^src\/units\//, /^src\/model\/(quantity-kinds|error-brand|nearest-name|lazy-schema)\.ts$/],
    packages: ['zod', 'node:module'],
  },
  // The ledger, and the GHG statement lifecycle credits are issued from (its records, policies and credit rounding).
  registry: {
    modules: [
      /^src\/entry\/registry\.ts$/,
      /^src\/registry\//,
      /^src\/accounting\/statements\/(lifecycle|checks|types|totals|resource)\.ts$/,
      /^src\/accounting\/(policies|bounded-cache|credits\/credits|credits\/integer)\.ts$/,
      /^src\/model\/(ids|issues|enums|error-brand|nearest-name|strict-options|schema-walk|lazy-schema|calendar-date|decimal|graph|quantity-kinds)\.ts$/,
    ],
    packages: ['zod', 'node:module'],
  },
  // The resources' schema modules (and the component shapes two of them share), none of their routes or views.
  schemas: {
    modules: [
      /^src\/entry\/schemas\.ts$/,
      /^src\/model\//,
      /^src\/adapter\/resources\/[\w-]+\/schemas\.ts$/,
      /^src\/adapter\/resources\/component-shapes\.ts$/,
    ],
    packages: ['zod'],
  },
  sandbox: {
    modules: [/^src\/(entry\/sandbox\.ts|adapter|registry|accounting|expressions|uncertainty|units|model)\b/],
    packages: ['zod', 'node:module'],
  },
  // `cdr-engine --version` and `--help`: the command table only, nothing of the engine.
  cli: { modules: [/^src\/cli\/(main|commands|io|usage)\.ts$/, /^src\/version\.ts$/], packages: [] },
};
const ANY_BUT_CLI = { modules: [/^src\/(?!cli\/)/], packages: null };

/**
 * A package an entry may load brings its own dependencies (they show in the metafile when the
 * package is bundled rather than imported, as mathjs may be).
 */
function withDependencies(packages) {
  const all = new Set(packages);
  for (const name of all) {
    const manifestPath = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(manifestPath)) continue;
    for (const dependency of Object.keys(JSON.parse(readFileSync(manifestPath, 'utf8')).dependencies ?? {})) all.add(dependency);
  }
  return all;
}

const problems = [];

/** Source modules and npm packages the output `start` loads, following static imports. */
function closure(metafile, start) {
  const seen = new Set();
  const modules = new Set();
  const packages = new Set();
  const visit = (output) => {
    if (seen.has(output)) return;
    seen.add(output);
    const info = metafile.outputs[output];
    for (const input of Object.keys(info.inputs)) {
      const name = packageOfInput(input);
      if (name !== null) packages.add(name);
      else modules.add(input);
    }
    for (const imported of info.imports) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external && builtinModules.includes(imported.path.replace(/^node:/, '')))
        packages.add(`node:${imported.path.replace(/^node:/, '')}`);
      else if (imported.external) packages.add(imported.path.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1'));
      else visit(imported.path);
    }
  };
  visit(start);
  return { outputs: seen, modules, packages };
}

function checkFormat(format, extension) {
  const metafilePath = join(root, 'dist', `metafile-${format}.json`);
  if (!existsSync(metafilePath)) {
    problems.push(`${metafilePath} is missing: build with tsup first`);
    return;
  }
  const metafile = JSON.parse(readFileSync(metafilePath, 'utf8'));
  for (const output of Object.keys(metafile.outputs)) {
    if (!existsSync(join(root, output))) problems.push(`${output} of ${format} metafile is not in dist/ (stale metafile?)`);
  }
  // The package's entry points and the CLI; the chunks of dynamically imported commands are not.
  const entryOutputs = Object.entries(metafile.outputs).filter(([, info]) =>
    /^src\/(index|entry\/[\w-]+|cli\/main)\.ts$/.test(info.entryPoint ?? ''),
  );
  for (const [output] of entryOutputs) {
    const name = output.slice('dist/'.length, -extension.length);
    const rule = RULES[name] ?? ANY_BUT_CLI;
    const allowedPackages = rule.packages === null ? null : withDependencies(rule.packages);
    const loaded = closure(metafile, output);
    for (const module of loaded.modules) {
      if (!rule.modules.some((pattern) => pattern.test(module))) problems.push(`${output} loads ${module}`);
    }
    for (const pkg of loaded.packages) {
      if (allowedPackages !== null && !allowedPackages.has(pkg)) problems.push(`${output} loads the package ${pkg}`);
    }
    const bytes = [...loaded.outputs].reduce((sum, o) => sum + metafile.outputs[o].bytes, 0);
    console.log(
      `check-build: ${output} loads ${loaded.outputs.size} file(s), ${(bytes / 1024).toFixed(0)} KB, packages: ${[...loaded.packages].sort().join(', ') || 'none'}`,
    );
  }
}

/**
 * Every output is ASCII (issue 36): esbuild escapes a string's other characters but keeps those of a
 * regular expression, and one of them makes Node decode the whole file as two-byte text (the mathjs
 * and units chunk, 358 KB: 8.4 against 2.8 ms to decode, 30 against 26 ms to decode and compile, at
 * a load of 10). Write them as `\u` escapes in src/.
 */
function checkAscii() {
  for (const file of readdirSync(join(root, 'dist')).filter((name) => /\.c?js$/.test(name))) {
    const text = readFileSync(join(root, 'dist', file), 'latin1');
    const at = text.search(/[^\t\n\r -~]/);
    if (at >= 0) problems.push(`dist/${file} is not ASCII at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`);
  }
}

/** Every src/entry/<name>.ts is `cdr-engine/<name>` in the exports map, and every target exists. */
function checkExports() {
  const expected = [
    '.',
    ...readdirSync(join(root, 'src/entry'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `./${f.slice(0, -3)}`),
  ];
  for (const subpath of expected) {
    if (!(subpath in manifest.exports))
      problems.push(`package.json exports has no '${subpath}' (src/entry/${subpath.slice(2)}.ts is built)`);
  }
  const targets = (value) => (typeof value === 'string' ? [value] : Object.values(value).flatMap(targets));
  for (const [subpath, value] of Object.entries(manifest.exports)) {
    for (const target of targets(value)) {
      if (!target.includes('*') && !existsSync(join(root, target)))
        problems.push(`exports '${subpath}' -> ${target}, which does not exist`);
    }
  }
}

/** Whether the package's declarations (dist/*.d.ts, *.d.cts) import `name`: then its types must be installed. */
function declarationsImport(name) {
  const pattern = new RegExp(`from ['"]${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/[^'"]*)?['"]`);
  return readdirSync(join(root, 'dist'))
    .filter((file) => /\.d\.c?ts$/.test(file))
    .some((file) => pattern.test(readFileSync(join(root, 'dist', file), 'utf8')));
}

/**
 * A bundled package is not installed with the package, so it must not be a dependency (its code
 * is already in dist/), unless the declarations import its types (zod: the public schemas are zod
 * types); and its licence must be in dist/THIRD-PARTY-NOTICES.md.
 */
function checkBundledPackages() {
  const noticesPath = join(root, 'dist', 'THIRD-PARTY-NOTICES.md');
  const notices = existsSync(noticesPath) ? readFileSync(noticesPath, 'utf8') : '';
  if (notices === '') problems.push('dist/THIRD-PARTY-NOTICES.md is missing: run node scripts/third-party-notices.mjs after tsup');
  for (const name of bundledPackages(join(root, 'dist'))) {
    if (notices !== '' && !notices.includes(`## ${name} `))
      problems.push(`dist/THIRD-PARTY-NOTICES.md does not list the bundled package ${name}`);
    if (name in (manifest.dependencies ?? {}) && !declarationsImport(name))
      problems.push(`${name} is bundled into dist/ and also a dependency (installed for nothing): move it to devDependencies`);
  }
}

/**
 * Each module system's declarations import only their own kind (issue 35): every dist/X.d.ts has its
 * dist/X.d.cts, the same text with `.cjs` specifiers (scripts/commonjs-declarations.mjs), and no
 * declaration of one kind names a file of the other.
 */
function checkDeclarations() {
  const files = readdirSync(join(root, 'dist'));
  for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(join(root, 'dist', file), 'utf8');
    const twin = `${file.slice(0, -'.d.ts'.length)}.d.cts`;
    if (/(['"])\.\.?\/[^'"]+\.cjs\1/.test(text)) problems.push(`dist/${file} imports a CommonJS declaration`);
    if (!files.includes(twin)) problems.push(`dist/${twin} is missing: run node scripts/commonjs-declarations.mjs after tsup`);
    else if (readFileSync(join(root, 'dist', twin), 'utf8') !== commonjsDeclaration(text))
      problems.push(`dist/${twin} is not dist/${file} with .cjs specifiers (stale? run npm run build)`);
  }
}

/** What `run` throws (undefined when nothing is). */
function thrown(run) {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * decimal.js and mathjs load on first use (issue 36): importing the root entry loads neither; an
 * evaluation in the ESM build and one in the CommonJS build then load one copy of each, the same
 * CommonJS files (dist/mathjs-units.cjs, decimal.js's decimal.js).
 */
function checkLoadedOnFirstUse() {
  const lazy = ['/dist/mathjs-units.cjs', '/decimal.js/decimal.js', '/decimal.js/decimal.mjs'];
  const script = `
    import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    const require = createRequire(import.meta.url);
    const lazy = ${JSON.stringify(lazy)};
    const loaded = () => Object.keys(require.cache).filter((file) => lazy.some((end) => file.endsWith(end))).map((file) => file.slice(file.lastIndexOf('/') + 1));
    const esm = await import(${JSON.stringify(pathToFileURL(join(root, 'dist', 'index.js')).href)});
    const atImport = loaded();
    const graph = JSON.parse(readFileSync(${JSON.stringify(join(root, 'examples', 'biochar-statement.json'))}, 'utf8'));
    esm.evaluateGraph(graph);
    require(${JSON.stringify(join(root, 'dist', 'index.cjs'))}).evaluateGraph(graph);
    console.log(JSON.stringify({ atImport, afterEvaluation: loaded() }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  if (out.atImport.length > 0) problems.push(`import('cdr-engine') loads ${out.atImport.join(', ')} (they load on first use)`);
  if (out.afterEvaluation.sort().join() !== 'decimal.js,mathjs-units.cjs')
    problems.push(`an evaluation in both builds loads ${out.afterEvaluation.join(', ')}, not one decimal.js and one mathjs-units.cjs`);
}

/** Each public error class of one build recognises the errors of the other, both ways round. */
async function checkErrorIdentity() {
  const require = createRequire(import.meta.url);
  const builds = { esm: {}, cjs: {} };
  for (const entry of ['index', 'units', 'registry']) {
    builds.esm[entry] = await import(pathToFileURL(join(root, 'dist', `${entry}.js`)).href);
    builds.cjs[entry] = require(join(root, 'dist', `${entry}.cjs`));
  }
  const errors = [
    ['index', 'GraphValidationError', 'isGraphValidationError', (b) => b.index.evaluateGraph({ datapoints: 'none' })],
    ['units', 'UnitError', 'isUnitError', (b) => b.units.parseUnit('not a unit')],
    ['registry', 'CreditLedgerError', 'isCreditLedgerError', (b) => b.registry.createLedger().createTransfer({})],
  ];
  for (const [from, to] of [
    ['cjs', 'esm'],
    ['esm', 'cjs'],
  ]) {
    for (const [entry, className, guard, fail] of errors) {
      const error = thrown(() => fail(builds[from]));
      const recognised = builds[to][entry][guard](error) && error instanceof builds[to][entry][className];
      if (!recognised) problems.push(`a ${className} thrown by the ${from} build is not recognised by the ${to} build`);
    }
  }
}

/**
 * The built CLI's Monte Carlo in worker threads (dist/monte-carlo-worker.js): one thread and
 * two give the same JSON byte for byte (issue 25), on the bundled statement example and on the
 * enhanced-weathering tracer example (sample sets, a branch), and on element-wise lists.
 */
function checkThreads(document = join(root, 'examples', 'biochar-statement.json'), more = []) {
  const run = (threads) =>
    execFileSync(
      process.execPath,
      [
        join(root, 'bin', 'cdr-engine.js'),
        'evaluate',
        document,
        '--discount',
        'monte-carlo',
        '--samples',
        '3000',
        '--threads',
        String(threads),
      ],
      { encoding: 'utf8' },
    );
  const one = run(1);
  if (run(2) !== one || run(3) !== one) problems.push(`evaluate --threads 2 or 3 does not give the bytes of --threads 1 on ${document}`);
  for (const threads of more)
    if (run(threads) !== one) problems.push(`evaluate --threads ${threads} does not give the bytes of --threads 1 on ${document}`);
  if (!JSON.parse(one).ghg_entries.every((e) => e.uncertainty_discount?.method === 'monte_carlo'))
    problems.push('evaluate --discount monte-carlo does not credit the Monte Carlo percentile');
}

checkFormat('esm', '.js');
checkFormat('cjs', '.cjs');
checkThreads();
// Branches, trigonometry and unit literals (the formula language of docs/rules.md) in worker threads.
checkThreads(join(root, 'test', 'fixtures', 'formula-language.json'));
// Sample sets (a paired bootstrap) and a branch, over threads too.
checkThreads(join(root, 'examples', 'enhanced-weathering-tracer.json'));
// Element-wise LIST arithmetic, six list lengths (one program per signature), kinks and a branch on a reduced list.
checkThreads(join(root, 'test', 'fixtures', 'element-wise-lists.json'));
// 64 entries: --threads auto takes two threads on two cores or more, workers started after the
// document is prepared (with --threads N they start before it is read).
const scratch = mkdtempSync(join(tmpdir(), 'check-build-'));
writeFileSync(join(scratch, 'biochar-64.json'), JSON.stringify(MONTE_CARLO_GRAPHS.biochar(64)));
checkThreads(join(scratch, 'biochar-64.json'), ['auto']);
rmSync(scratch, { recursive: true, force: true });
checkExports();
checkAscii();
checkLoadedOnFirstUse();
checkDeclarations();
checkBundledPackages();
await checkErrorIdentity();
if (problems.length > 0) {
  console.error(`check-build: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(
    'check-build: every entry point loads only its own modules; Monte Carlo in 1, 2 or 3 threads gives the same bytes; each .d.ts has its .d.cts twin; bundled packages are listed in THIRD-PARTY-NOTICES.md and are not dependencies; errors are recognised across the ESM and CommonJS builds',
  );
}
