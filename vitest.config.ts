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
  },
});
