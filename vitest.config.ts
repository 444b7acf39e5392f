import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// 'cdr-engine' and its entry points resolve to the sources, as documentation examples import them.
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^cdr-engine$/, replacement: source('./src/index.ts') },
      { find: /^cdr-engine\/graph\.schema\.json$/, replacement: source('./schema/graph.schema.json') },
      { find: /^cdr-engine\/(worlds|examples)\/(.+)$/, replacement: source('./$1/$2') },
      { find: /^cdr-engine\/(units|schemas|registry|sandbox|testing|report|expressions)$/, replacement: source('./src/entry/$1.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's module cache instead of each importing the engine (mathjs, zod
    // schemas) afresh: the run's import time fell from 113 s to 9 s and its wall time from 298 s to
    // 140 s on the 2-core CI machine. Tests must therefore not rely on fresh module state (none
    // mocks modules; the unit cache tests allow for other files' strings).
    isolate: false,
    // Two workers even on two cores (vitest's default there is one): many tests wait on child
    // processes (the CLI, serve), so the second core was mostly idle. On the 2-core machine the run
    // fell from 343 s to 193 s wall, every test passing (lead, stop 41).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The type tests (test/**/*.test-d.ts: the types users write against) are checked by `npm run
    // typecheck` (tsc --noEmit over the whole project, test/ included), where a failed `expectTypeOf`
    // or an unused `@ts-expect-error` is a type error. vitest's own typecheck checked them a second
    // time inside the unit run (about 20 s of one core).
  },
});
