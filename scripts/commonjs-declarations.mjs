#!/usr/bin/env node
/**
 * Writes the CommonJS declarations (dist/*.d.cts) from the ESM ones (dist/*.d.ts) after `tsup`.
 *
 * Each module system has its own declarations (issue 35, tsup.config.ts): an ESM `.d.ts` imports only
 * `.d.ts` files and a CommonJS `.d.cts` only `.d.cts` files, so that a peer's typings (fast-check)
 * resolve in the consumer's own module system. The two sets differ in nothing else: tsup's second
 * declaration pass (as long as the first, about a minute of one core) wrote the same text with
 * `.cjs` specifiers. Copying with the relative specifiers rewritten gives that set without the pass.
 *
 *   node scripts/commonjs-declarations.mjs
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

/** The CommonJS twin of an ESM declaration file's text: `'./x.js'` becomes `'./x.cjs'`. */
export function commonjsDeclaration(text) {
  return text.replace(/(['"])(\.\.?\/[^'"]+)\.js\1/g, '$1$2.cjs$1');
}

/** Writes every dist/X.d.cts from dist/X.d.ts; returns how many. */
export function writeCommonjsDeclarations(directory) {
  const files = readdirSync(directory).filter((file) => file.endsWith('.d.ts'));
  for (const file of files) {
    const text = readFileSync(join(directory, file), 'utf8');
    writeFileSync(join(directory, `${file.slice(0, -'.d.ts'.length)}.d.cts`), commonjsDeclaration(text));
  }
  return files.length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = writeCommonjsDeclarations(dist);
  if (count === 0) {
    console.error('commonjs-declarations: no dist/*.d.ts; run tsup first');
    process.exit(1);
  }
}
