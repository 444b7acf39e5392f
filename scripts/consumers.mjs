#!/usr/bin/env node
/**
 * Consumer tests (`npm run test:consumers`, run by .ci/run after `npm test`): the package as a
 * user receives it. Packs it (`npm pack --json`, whose output must be clean JSON), checks the
 * tarball's contents, installs it from the tarball into fresh scratch projects and there:
 *
 * - esm (`"type": "module"`): imports every entry point of the exports map, runs the README's
 *   first ```ts example (transpiled), checks that the CommonJS build's errors are recognised by the
 *   ESM build's guards and `instanceof` (scripts/consumers/esm.mjs), and runs the installed CLI;
 * - cjs: requires every entry point, evaluates the bundled example, and the other way round for
 *   the errors (scripts/consumers/cjs.cjs);
 * - ts-node16 and ts-bundler: TypeScript strict (skipLibCheck off) type-checks
 *   scripts/consumers/types*.ts, an import of every entry point, the README example and each
 *   ```ts example of docs/testing.md under moduleResolution node16 (ES module and CommonJS files)
 *   and bundler; the ESM declarations (.d.ts) must import no CommonJS ones (.d.cts);
 * - ts-node10: a CommonJS project under moduleResolution node10 (which ignores the exports map)
 *   type-checks an import of every entry point and scripts/consumers/types-cjs.cts (typesVersions);
 * - bare: the tarball alone, without the optional peer dependencies (fast-check, vega, vega-lite,
 *   better-sqlite3): its node_modules must stay under BARE_LIMIT_MB, the CLI evaluates, and a report
 *   and `serve --state` say which command installs what they need. The esm project, which has the peers, draws a report.
 *
 *   node scripts/consumers.mjs [--no-build] [--keep]
 *
 * --no-build  packs dist/ as it is (`npm pack --ignore-scripts`) instead of building it through
 *             `prepack`: for CI right after `npm test`, which built it
 * --keep      keeps the scratch projects (the path is printed), e.g. for
 *             `node bench/start-time.mjs --dir <path>/with-peers/esm`
 *
 * Installs use npm's shared cache (--prefer-offline); the registry is needed only for what the
 * cache lacks.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entrySpecifiers } from './consumers/checks.cjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(root, 'scripts', 'consumers');
const args = new Set(process.argv.slice(2));
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'cdr-engine-consumers-'));

/** Runs a command; resolves to its output, rejects with it when the exit code is not `expect` (0). */
function run(command, commandArgs, cwd, { quiet = true, expect = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!quiet && stdout.trim() !== '') console.log(stdout.trimEnd());
      if (code === expect) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${commandArgs.join(' ')} (in ${cwd}) exited with ${code}\n${stdout}\n${stderr}`));
    });
  });
}

const step = async (name, action) => {
  const t0 = performance.now();
  const result = await action();
  console.log(`consumers: ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return result;
};

function check(condition, message) {
  if (!condition) throw new Error(`consumers: ${message}`);
}

const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Bytes under a directory (files only, symbolic links not followed). */
function sizeOf(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += sizeOf(path);
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes;
}

/** The first ```ts block of README.md (not one marked no-run). */
function readmeExample() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /^```ts(?![^\n]*no-run)[^\n]*\n([\s\S]*?)^```/m.exec(readme);
  check(block !== null, 'README.md has no ```ts block');
  return block[1];
}

/** The ```ts blocks of docs/testing.md (not those marked no-run). */
function testingDocExamples() {
  const text = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
  const blocks = [...text.matchAll(/^```ts(?![^\n]*no-run)[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  check(blocks.length > 0, 'docs/testing.md has no ```ts block');
  return blocks;
}

/**
 * Relative links of the packed Markdown (README.md, docs/*.md) whose target the tarball does not
 * hold: a reader of the installed package follows them in node_modules/cdr-engine/.
 */
function brokenLinks(files) {
  const broken = [];
  for (const file of files.filter((f) => f.endsWith('.md') && (f === 'README.md' || f.startsWith('docs/')))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const resolved = posix.normalize(posix.join(posix.dirname(file), target)).replace(/\/$/, '');
      if (!files.some((f) => f === resolved || f.startsWith(`${resolved}/`))) broken.push(`${file}: ${target}`);
    }
  }
  return broken;
}

async function pack() {
  const packArgs = ['pack', '--json', '--pack-destination', work, ...(args.has('--no-build') ? ['--ignore-scripts'] : [])];
  const { stdout } = await run('npm', packArgs, root);
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    throw new Error(`consumers: npm pack --json printed more than JSON on stdout:\n${stdout.slice(0, 2000)}`);
  }
  const [tarball] = report;
  const files = tarball.files.map((f) => f.path);
  check(files.includes('LICENSE'), 'the tarball has no LICENSE');
  check(!files.some((f) => f.endsWith('.map')), 'the tarball has source maps');
  check(!files.some((f) => f.includes('metafile')), 'the tarball has esbuild metafiles');
  // Declarations for each module system: every entry has its .d.ts (ESM) and its .d.cts (CommonJS).
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const target of Object.values(manifest.exports)) {
    for (const types of typeof target === 'object' ? [target.import.types, target.require.types] : []) {
      check(files.includes(types.slice(2)), `the tarball has no ${types}`);
    }
  }
  const broken = brokenLinks(files);
  check(broken.length === 0, `the packed Markdown links to files the tarball does not hold:\n  ${broken.join('\n  ')}`);
  console.log(
    `consumers: tarball ${tarball.filename}: ${tarball.files.length} files, ${(tarball.size / 1024).toFixed(0)} KB packed, ${(tarball.unpackedSize / 1024).toFixed(0)} KB unpacked`,
  );
  return join(work, tarball.filename);
}

const PROJECTS = {
  esm: { type: 'module', typescript: false, peers: true },
  cjs: { type: 'commonjs', typescript: false, peers: true },
  'ts-node16': { type: 'module', typescript: { module: 'node16', moduleResolution: 'node16' }, peers: true },
  'ts-bundler': { type: 'module', typescript: { module: 'esnext', moduleResolution: 'bundler' }, peers: true },
  // A CommonJS project of the old resolution (no exports map): typesVersions finds every subpath.
  'ts-node10': { type: 'commonjs', typescript: { module: 'commonjs', moduleResolution: 'node10' }, peers: true },
  bare: { type: 'module', typescript: false, peers: false },
};

/**
 * The most a consumer that draws no report installs (issue 27: vega and vega-lite alone were 25 MB).
 * 10 MB until each module system had its own declarations (issue 35: the ESM .d.ts files add 0.5 MB);
 * 10.5 MB until zod was bundled (issue 36: 155 KB of zod in each of the ESM and CommonJS builds, for
 * about 130 ms less at import, while the zod package stays installed for the declarations' types).
 */
const BARE_LIMIT_MB = 11;
const ENTRY = 'rmv_01JA0BATCHA000000000';

/**
 * The installs: one for every project with the peers (the projects are its subfolders, each with
 * its own package.json and tsconfig, and resolve the shared node_modules above them as Node and
 * TypeScript walk up), one for the bare project. Two installs instead of six: most of the consumer
 * tests' time was npm installing the same tarball over and over.
 */
async function installAll(tarball) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // better-sqlite3 is left out: only `serve --state` loads it, the repository's own tests run it, and
  // its native build (from source where no prebuilt binary can be fetched) took most of this
  // script's time when every project installed it. The bare project checks the message without it.
  const peers = Object.keys(manifest.peerDependencies ?? {})
    .filter((p) => p !== 'better-sqlite3')
    .map((p) => `${p}@${versionOf(p)}`);
  const tools = [`typescript@${versionOf('typescript')}`, `@types/node@${versionOf('@types/node')}`];
  const names = Object.keys(PROJECTS);
  const shared = join(work, 'with-peers');
  const roots = Object.fromEntries(names.map((name) => [name, PROJECTS[name].peers ? shared : join(work, name)]));
  const installs = [[shared, [...peers, ...tools]], ...names.filter((n) => !PROJECTS[n].peers).map((n) => [roots[n], []])];
  await Promise.all(installs.map(([dir, extra]) => installInto(dir, tarball, extra)));
  const dirs = {};
  for (const name of names) {
    const dir = PROJECTS[name].peers ? join(shared, name) : roots[name];
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: `consumer-${name}`, private: true, type: PROJECTS[name].type }, null, 2)}\n`,
    );
    dirs[name] = { dir, modules: join(roots[name], 'node_modules') };
  }
  return dirs;
}

/** Installs the tarball and `extra` packages into a new folder. */
async function installInto(dir, tarball, extra) {
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer-install', private: true }, null, 2)}\n`);
  const { stdout, stderr } = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', tarball, ...extra],
    dir,
  );
  check(!/install-scripts[\s\S]*cdr-engine@/.test(stdout + stderr), `installing the package warns about an install script:\n${stderr}`);
}

/**
 * An import of every entry point of the exports map, for the type checks. A JSON document is
 * imported with `with { type: 'json' }` except under module node16, which refuses import
 * attributes (node18 and later require them).
 */
function everyEntryImport(manifest, jsonAttribute, commonJs) {
  const lines = [];
  entrySpecifiers(manifest).forEach(({ subpath, specifier }, i) => {
    const attribute = jsonAttribute ? " with { type: 'json' }" : '';
    lines.push(
      subpath.endsWith('.json') && !commonJs
        ? `import entry${i} from '${specifier}'${attribute};`
        : `import * as entry${i} from '${specifier}';`,
    );
    lines.push(`void entry${i};`);
  });
  return `${lines.join('\n')}\nexport {};\n`;
}

async function typeCheck(name, { dir, modules }, example) {
  const { module, moduleResolution } = PROJECTS[name].typescript;
  // skipLibCheck off: the package's declarations must compile as a consumer's do (the lib.*.d.ts of
  // TypeScript itself are left out: skipDefaultLibCheck).
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    module,
    moduleResolution,
    target: 'es2022',
    types: ['node'],
    resolveJsonModule: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
  };
  const installed = join(modules, 'cdr-engine');
  const esmDeclarations = readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.d.ts'));
  const reExports = esmDeclarations.filter((f) => /from '[^']+\.c(js|ts)'/.test(readFileSync(join(installed, 'dist', f), 'utf8')));
  check(reExports.length === 0, `ESM declarations import CommonJS ones: ${reExports.join(', ')}`);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  if (moduleResolution === 'node10') {
    // Every entry point, and what a CommonJS module writes against the root and the subpaths.
    const files = ['entries.ts', 'types-node10.ts'];
    writeFileSync(join(dir, 'entries.ts'), everyEntryImport(manifest, false, true));
    copyFileSync(join(fixtures, 'types-cjs.cts'), join(dir, 'types-node10.ts'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      // skipLibCheck on here only: fast-check's own declarations import pure-rand subpaths that
      // node10 cannot resolve. An entry point of this package that did not resolve would still fail
      // (TS2307 is reported in entries.ts, not in a library file).
      `${JSON.stringify({ compilerOptions: { ...compilerOptions, esModuleInterop: true, skipLibCheck: true }, files }, null, 2)}\n`,
    );
    await run(process.execPath, [join(modules, 'typescript', 'bin', 'tsc'), '-p', dir], dir);
    return;
  }
  // docs/testing.md's examples, each a module of its own: the testing entry's arbitraries are the
  // consumer's fast-check types (an ESM project resolves fast-check's ESM typings).
  // Under module node16 TypeScript refuses import attributes (a JSON import is typed the same without
  // one), so the examples' `with { type: 'json' }` is left out there, as for the fixtures' own imports.
  const docExamples = testingDocExamples().map((code) =>
    moduleResolution === 'node16' ? code.replaceAll(" with { type: 'json' }", '') : code,
  );
  docExamples.forEach((code, k) => writeFileSync(join(dir, `testing-doc-${k + 1}.ts`), code));
  const files = [
    'types.ts',
    'entries.ts',
    'readme.ts',
    ...docExamples.map((_, k) => `testing-doc-${k + 1}.ts`),
    ...(moduleResolution === 'node16' ? ['types-cjs.cts', 'types-identity.ts'] : []),
  ];
  for (const file of files.filter((f) => f.startsWith('types'))) copyFileSync(join(fixtures, file), join(dir, file));
  writeFileSync(join(dir, 'entries.ts'), everyEntryImport(manifest, module !== 'node16'));
  writeFileSync(join(dir, 'readme.ts'), example);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, files }, null, 2)}\n`);
  await run(process.execPath, [join(modules, 'typescript', 'bin', 'tsc'), '-p', dir], dir);
}

async function runEsm({ dir, modules }, example) {
  copyFileSync(join(fixtures, 'esm.mjs'), join(dir, 'esm.mjs'));
  copyFileSync(join(fixtures, 'checks.cjs'), join(dir, 'checks.cjs'));
  await run(process.execPath, ['esm.mjs'], dir, { quiet: false });
  const transpiled = ts.transpileModule(example, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  writeFileSync(join(dir, 'readme.mjs'), transpiled);
  const { stdout } = await run(process.execPath, ['readme.mjs'], dir);
  check(stdout.trim() !== '', "the README's first example printed nothing");
  console.log(`esm: the README's first example ran (${stdout.trim().split('\n').length} lines printed)`);
  const version = await run(join(modules, '.bin', 'cdr-engine'), ['--version'], dir);
  check(/^cdr-engine \d+\.\d+\.\d+/.test(version.stdout), `cdr-engine --version printed ${version.stdout}`);
  const table = await run(join(modules, '.bin', 'cdr-engine'), ['evaluate', '--format', 'table'], dir);
  check(table.stdout.includes('rmv_'), 'cdr-engine evaluate printed no GHG entry');
  const graph = join(modules, 'cdr-engine', 'examples', 'biochar-project.json');
  const report = await run(join(modules, '.bin', 'cdr-engine'), ['report', graph, '--entry', ENTRY], dir);
  check(
    report.stdout.includes('<svg') && report.stdout.includes(ENTRY),
    'cdr-engine report printed no chart (vega and vega-lite installed as peers)',
  );
  console.log('esm: the installed CLI runs (--version, evaluate, report with its charts)');
}

/** The tarball without its optional peers: small, evaluates, and a report names the install command. */
async function runBare({ dir, modules }) {
  const mb = sizeOf(modules) / 1024 / 1024;
  console.log(`bare: node_modules without the optional peers: ${mb.toFixed(1)} MB (limit ${BARE_LIMIT_MB} MB)`);
  check(mb <= BARE_LIMIT_MB, `a consumer without the report's peers installs ${mb.toFixed(1)} MB, more than ${BARE_LIMIT_MB} MB`);
  const bin = join(modules, '.bin', 'cdr-engine');
  const table = await run(bin, ['evaluate', '--format', 'table'], dir);
  check(table.stdout.includes('rmv_'), 'bare: cdr-engine evaluate printed no GHG entry');
  const example = join(modules, 'cdr-engine', 'examples', 'biochar-project.json');
  const report = await run(bin, ['report', example, '--entry', ENTRY], dir, { expect: 2 });
  check(
    report.stderr.includes('npm install vega@') && report.stdout === '',
    `bare: cdr-engine report did not name the install command:\n${report.stderr}`,
  );
  const script = `import { renderHtmlReport } from 'cdr-engine/report';
import { readFileSync } from 'node:fs';
const graph = JSON.parse(readFileSync(${JSON.stringify(example)}, 'utf8'));
await renderHtmlReport(graph, { ghgEntryId: '${ENTRY}' }).then(() => { throw new Error('rendered without vega'); }, (error) => {
  if (!String(error.message).includes('npm install vega@')) throw error;
  console.log(error.message);
});
`;
  writeFileSync(join(dir, 'report.mjs'), script);
  await run(process.execPath, ['report.mjs'], dir);
  const serve = await run(bin, ['serve', '--state', join(dir, 'state'), '--port', '0'], dir, { expect: 2 });
  check(
    serve.stderr.includes('npm install better-sqlite3@'),
    `bare: serve --state without better-sqlite3 did not name the install command:\n${serve.stderr}`,
  );
  console.log(
    'bare: evaluate runs; a report without vega says: npm install vega@... vega-lite@...; serve --state without better-sqlite3 says: npm install better-sqlite3@...',
  );
}

async function runCjs({ dir }) {
  copyFileSync(join(fixtures, 'cjs.cjs'), join(dir, 'cjs.cjs'));
  copyFileSync(join(fixtures, 'checks.cjs'), join(dir, 'checks.cjs'));
  await run(process.execPath, ['cjs.cjs'], dir, { quiet: false });
}

try {
  const example = readmeExample();
  const tarball = await step(args.has('--no-build') ? 'packed dist/ as built' : 'built and packed', pack);
  const dirs = await step(`installed the tarball for ${Object.keys(PROJECTS).length} scratch projects (two installs)`, () =>
    installAll(tarball),
  );
  const modulesKb = sizeOf(dirs.esm.modules) / 1024;
  console.log(`consumers: node_modules of a consumer (the package and its dependencies): ${(modulesKb / 1024).toFixed(1)} MB`);
  await step('esm, cjs, bare and both TypeScript resolutions', () =>
    Promise.all([
      runEsm(dirs.esm, example),
      runCjs(dirs.cjs),
      runBare(dirs.bare),
      typeCheck('ts-node16', dirs['ts-node16'], example).then(() =>
        console.log("ts-node16: strict type check passed (ES module and CommonJS files, docs/testing.md's examples)"),
      ),
      typeCheck('ts-bundler', dirs['ts-bundler'], example).then(() =>
        console.log("ts-bundler: strict type check passed (docs/testing.md's examples included)"),
      ),
      typeCheck('ts-node10', dirs['ts-node10'], example).then(() =>
        console.log('ts-node10: every entry point type-checks in a CommonJS project under moduleResolution node10'),
      ),
    ]),
  );
  console.log(`consumers: all passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (args.has('--keep')) console.log(`consumers: scratch projects kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
