// The model folder is the leaf every other folder imports: its own modules must not import each
// other in a cycle (json-text and validation-error did; the 422 item types now live in
// validation-error-body.ts, which imports nothing).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../docs/code-blocks';

/** The model modules each model module imports (static `import`/`export ... from`, types included). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)[^;]*?from '\.\/([\w-]+)'/gms)].map((m) => `${m[1]}.ts`);
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle of the graph as a path `a -> b -> a`, or null when there is none. */
function findCycle(graph: Map<string, string[]>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node].join(' -> ');
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle !== null) return cycle;
  }
  return null;
}

describe('src/model imports', () => {
  it('form no cycle', () => {
    const graph = importGraph(join(ROOT, 'src/model'));
    expect(findCycle(graph)).toBeNull();
    // The imports were read (a type-only import counts: it is the one that made the cycle).
    expect(graph.get('json-text.ts')).toContain('validation-error-body.ts');
  });

  it('the cycle finder finds a cycle', () => {
    expect(findCycle(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]]))).toBe('a.ts -> b.ts -> a.ts');
  });
});
