// The documentation names only functions the package exports: in the prose of README.md and docs/
// (code blocks run, and fail on a missing export, in examples.test.ts), every backticked call
// `name(...)` whose name looks like an export (camelCase: `evaluateGraph`, not `sum` or `handle`), and
// every backticked bare name of a function the sources export (`createGhgStatement`), is exported by
// some entry point. Two kinds of lines may name others: those that name the source file they
// describe (`src/cli/main.ts`), and docs/architecture.md, the map of the sources.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, ROOT } from './code-blocks';

/** Functions a page may name that are not the package's, with where they come from. */
const NOT_THE_PACKAGES: Readonly<Record<string, string>> = { createRequire: 'node:module' };

/** Every name the entry points export at run time (functions and values; types have no call). */
async function exportedNames(): Promise<Set<string>> {
  const entries = [join(ROOT, 'src/index.ts'), ...readdirSync(join(ROOT, 'src/entry')).map((f) => join(ROOT, 'src/entry', f))];
  const names = new Set<string>();
  for (const entry of entries) for (const name of Object.keys((await import(/* @vite-ignore */ entry)) as object)) names.add(name);
  return names;
}

/** The functions the sources' modules export (`export function name`), public or not. */
function sourceFunctions(dir = join(ROOT, 'src')): Set<string> {
  const names = new Set<string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const f of sourceFunctions(path)) names.add(f);
    else if (path.endsWith('.ts'))
      for (const m of readFileSync(path, 'utf8').matchAll(/^export (?:async )?function\*? ([A-Za-z_$][\w$]*)/gm)) names.add(m[1] as string);
  }
  return names;
}

/** The names a line of prose gives as functions: `name(` in a code span, and a code span that is a source function's name. */
function namedFunctions(line: string, functions: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const [, span] of line.matchAll(/`([^`\n]+)`/g)) {
    const bare = /^[a-z][a-z0-9]*[A-Z][\w$]*$/.exec(span as string)?.[0];
    if (bare !== undefined && functions.has(bare)) names.push(bare);
    for (const call of (span as string).matchAll(/(?:^|[^.\w$])([a-z][a-z0-9]*[A-Z][\w$]*)\(/g)) names.push(call[1] as string);
  }
  return names;
}

describe('the documentation names exported functions only', () => {
  it('reads calls and bare function names, not methods, formulas or fields', () => {
    const functions = new Set(['createGhgStatement', 'roundNetRemoval']);
    expect(namedFunctions('see `evaluateGraph(graph, { policies })` and `createGhgStatement`', functions)).toEqual([
      'evaluateGraph',
      'createGhgStatement',
    ]);
    expect(
      namedFunctions('`sandbox.handle(request)`, `sum({t})`, `max(0, {x})`, `roundingIncrementKg`, `handle(request)`', functions),
    ).toEqual([]);
  });

  it('every function README.md and docs/ name is exported by an entry point', async () => {
    const exported = await exportedNames();
    expect(exported.has('createLedger')).toBe(true);
    const functions = sourceFunctions();
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const relative = file.slice(ROOT.length);
      if (relative === 'docs/architecture.md') continue;
      let fenced = false;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
          if (fenced || /`src\//.test(line)) return;
          for (const name of namedFunctions(line, functions))
            if (!exported.has(name) && !(name in NOT_THE_PACKAGES)) missing.push(`${relative}:${i + 1}: ${name}`);
        });
    }
    expect(missing).toEqual([]);
  });
});
