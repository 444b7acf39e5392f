#!/usr/bin/env node
/**
 * Writes dist/THIRD-PARTY-NOTICES.md after `tsup`: the name, version, licence and licence text of
 * every npm package whose code the build bundles (mathjs and its own dependencies, and zod: they are
 * inlined so that only the factories and schemas the engine uses load). Packages imported at run time
 * (decimal.js, vega, fast-check; zod too, for its types) are installed with
 * their own licences and are not listed. The bundled packages are read from esbuild's metafiles,
 * so a new bundled package is listed without editing this file; scripts/check-build.mjs fails when
 * one is missing.
 *
 *   node scripts/third-party-notices.mjs
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The npm package a metafile input belongs to (`node_modules/<name>/...`), or null for a source module. */
export function packageOfInput(input) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? null;
}

/** Names of the npm packages whose modules appear among the inputs of either build. */
export function bundledPackages(distDir) {
  const names = new Set();
  for (const file of ['metafile-esm.json', 'metafile-cjs.json']) {
    const metafile = JSON.parse(readFileSync(join(distDir, file), 'utf8'));
    for (const input of Object.keys(metafile.inputs)) {
      const name = packageOfInput(input);
      if (name !== null) names.add(name);
    }
  }
  return [...names].sort();
}

function licenceText(directory) {
  const file = readdirSync(directory).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  return file === undefined ? undefined : readFileSync(join(directory, file), 'utf8').trim();
}

function authorOf(manifest) {
  const author = manifest.author;
  return typeof author === 'object' && author !== null ? author.name : String(author ?? 'not named');
}

function notice(name) {
  const directory = join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
  const text = licenceText(directory);
  const heading = `## ${name} ${manifest.version} (${manifest.license})\n\n`;
  // A few packages ship no licence file; their manifest's licence and author are what they state.
  if (text === undefined)
    return `${heading}No licence file in the package; its package.json states the ${manifest.license} licence, author: ${authorOf(manifest)}.\n`;
  // Apache-2.0 asks that a NOTICE file travel with the code (mathjs has one).
  const noticePath = join(directory, 'NOTICE');
  const noticeText = existsSync(noticePath) ? `\nNOTICE:\n\n\`\`\`text\n${readFileSync(noticePath, 'utf8').trim()}\n\`\`\`\n` : '';
  return `${heading}\`\`\`text\n${text}\n\`\`\`\n${noticeText}`;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'metafile-esm.json'))) {
    console.error('third-party-notices: no dist/metafile-esm.json; run tsup first');
    process.exit(1);
  }
  const names = bundledPackages(dist);
  const header = '# Third-party notices\n\nThe build of cdr-engine includes code of the following packages, under their licences.\n\n';
  writeFileSync(join(dist, 'THIRD-PARTY-NOTICES.md'), header + names.map(notice).join('\n'));
}
