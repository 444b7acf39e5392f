// No import cycle in src/: a module's parts never import the module that puts them together, and
// shared types live in leaf modules (accounting/prepare/prepared-graph.ts, testing/verdicts/types.ts...).
// Type-only imports count too: a cycle of types still ties the files' order and their folders.
// The lint holds the same rule (biome.jsonc, noImportCycles); this test keeps it in a plain test run.
// The resource folders of the service (src/adapter/resources/<resource>/) form no cycle either: what
// two resources share sits below them, at the top of resources/ (docs/architecture.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** The relative modules a file imports or re-exports, as absolute paths of .ts files. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
    const target = resolve(dirname(file), m[1] as string);
    const hit = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
    if (hit !== undefined) found.push(hit);
  }
  return found;
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('imports in src/', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(SRC, f));
  const graph = new Map(files.map((f) => [f, importsOf(f)] as const));

  it('reads the imports of every module', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(graph.get(join(SRC, 'accounting/index.ts'))).toContain(join(SRC, 'accounting/prepare/index.ts'));
  });

  it('form no cycle', () => {
    const named = cycles(graph).map((c) => c.map((f) => relative(SRC, f).replaceAll('\\', '/')));
    expect(named).toEqual([]);
  });

  it('would see a cycle', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([[a, b]]);
  });
});

/** The folder graph of the service's resources: an arrow from a resource folder to each other resource folder its files import. */
function resourceFolderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (file: string): string | undefined =>
    /^adapter\/resources\/([^/]+)\//.exec(relative(SRC, file).replaceAll('\\', '/'))?.[1];
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const arrows = folders.get(from) ?? new Set<string>();
    folders.set(from, arrows);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from) arrows.add(to);
    }
  }
  return new Map([...folders].map(([folder, arrows]) => [folder, [...arrows]]));
}

describe('the resource folders of the service', () => {
  const files = readdirSync(join(SRC, 'adapter'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SRC, 'adapter', f));
  const folders = resourceFolderGraph(new Map(files.map((f) => [f, importsOf(f)] as const)));

  it('are read, with their arrows', () => {
    expect(folders.size).toBeGreaterThanOrEqual(14);
    expect(folders.get('datapoints')).toContain('components');
  });

  it('import one another in no loop', () => {
    expect(cycles(folders)).toEqual([]);
  });

  it('would see a loop through two folders', () => {
    const planted = new Map([
      [join(SRC, 'adapter/resources/a/routes.ts'), [join(SRC, 'adapter/resources/b/view.ts')]],
      [join(SRC, 'adapter/resources/b/schemas.ts'), [join(SRC, 'adapter/resources/a/schemas.ts')]],
      [join(SRC, 'adapter/resources/b/view.ts'), [join(SRC, 'adapter/resources/common.ts')]],
    ]);
    expect(cycles(resourceFolderGraph(planted))).toEqual([['a', 'b']]);
  });
});
