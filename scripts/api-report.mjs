#!/usr/bin/env node
/**
 * One api-extractor report per entry point of the package (etc/<report>.api.md), from the built
 * declarations (run `tsup` first).
 *
 *   node scripts/api-report.mjs           check (`npm run api:check`): fails when a report differs
 *                                         from the API, on any api-extractor warning (an undocumented
 *                                         export, a type an entry uses but does not export), or when
 *                                         the root entry exports more than ROOT_LIMIT names, or when a
 *                                         declaration of src/ tagged `@public` is on no entry point
 *   node scripts/api-report.mjs --local   update (`npm run api:update`): writes the reports
 *
 * The entry points are those of package.json's `exports` whose `require.types` is a declaration
 * file: a new entry is reported as soon as it is exported. api-extractor.json holds the settings
 * shared by every entry; this script sets the entry file and the report's name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

/** The most names the root entry may export (issue 15): a newcomer sees what they need. */
const ROOT_LIMIT = 60;

const root = fileURLToPath(new URL('..', import.meta.url));
const local = process.argv.includes('--local');
const packageJsonPath = join(root, 'package.json');
const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
const baseConfigPath = join(root, 'api-extractor.json');

/** `[report name, declaration file]` of every entry point. */
function entryPoints() {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const types = typeof target === 'object' ? target.require?.types : undefined;
    if (typeof types !== 'string' || !types.endsWith('.d.cts')) continue;
    const name = subpath === '.' ? manifest.name : `${manifest.name}-${subpath.slice(2).replaceAll('/', '-')}`;
    entries.push([name, join(root, types)]);
  }
  return entries;
}

/** The distinct names a report shows as exported (overloads and merged declarations count once). */
export function exportedNames(report) {
  const names = new Set();
  for (const match of report.matchAll(
    /^export (?:declare )?(?:abstract )?(?:class|function|const|let|var|interface|type|enum|namespace) (\w+)/gm,
  )) {
    names.add(match[1]);
  }
  for (const match of report.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * Declarations of src/ tagged `@public` whose name no entry point exports: `@public` means "on an
 * entry point" (a declaration the package keeps to itself has no release tag; `@internal` is kept
 * for what the declarations strip, tsup.config.ts).
 */
function publicOnNoEntry(exported) {
  const files = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  const found = [];
  for (const file of files(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    // A doc comment holding @public, then the declaration it documents.
    for (const match of text.matchAll(
      /\/\*\*(?:(?!\*\/)[\s\S])*@public\b(?:(?!\*\/)[\s\S])*\*\/\s*export (?:declare )?(?:abstract )?(?:async )?(?:class|function|const|let|interface|type|enum) (\w+)/g,
    )) {
      if (!exported.has(match[1])) found.push(`${relative(root, file)}: ${match[1]}`);
    }
  }
  return found;
}

let failed = false;
const counts = [];
const everyExport = new Set();
for (const [reportName, entryFile] of entryPoints()) {
  const configObject = ExtractorConfig.loadFile(baseConfigPath);
  configObject.mainEntryPointFilePath = entryFile;
  configObject.apiReport = { ...configObject.apiReport, reportFileName: reportName };
  const config = ExtractorConfig.prepare({ configObject, configObjectFullPath: baseConfigPath, packageJsonFullPath: packageJsonPath });
  const result = Extractor.invoke(config, { localBuild: local, showVerboseMessages: false });
  // The report as generated from this build (the temporary one: in a check, etc/ may be older).
  const report = readFileSync(join(config.reportTempFolder, config.reportConfigs[0].fileName), 'utf8');
  const names = exportedNames(report);
  for (const name of names) everyExport.add(name);
  const count = names.size;
  counts.push(`${reportName} ${count}`);
  if (!result.succeeded) {
    failed = true;
    console.error(
      `api-report: ${reportName}: ${result.errorCount} error(s), ${result.warningCount} warning(s)${result.apiReportChanged ? ', the API differs from etc/' + reportName + '.api.md (run npm run api:update and commit it)' : ''}`,
    );
  }
  if (reportName === manifest.name && count > ROOT_LIMIT) {
    failed = true;
    console.error(
      `api-report: the root entry exports ${count} names; at most ${ROOT_LIMIT} (move building blocks to the entry where they belong)`,
    );
  }
}
const untrue = publicOnNoEntry(everyExport);
if (untrue.length > 0) {
  failed = true;
  console.error(`api-report: tagged @public but exported by no entry point (export it, or drop the tag):\n  ${untrue.join('\n  ')}`);
}
console.log(`api-report: exported names per entry: ${counts.join(', ')}`);
if (failed) process.exitCode = 1;
