/**
 * `npm run conformance`: the comparisons with the real service's OpenAPI documents, which live
 * beside the repository (`../shared/spec/openapi/`), not in it. `npm test` never runs these, so
 * that a clone passes its own tests with nothing beside it; CI runs them where `../shared` exists.
 * The aliases are those of vitest.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^cdr-engine$/, replacement: source('./src/index.ts') },
      { find: /^cdr-engine\/(units|schemas|registry|sandbox|testing|report)$/, replacement: source('./src/entry/$1.ts') },
    ],
  },
  test: {
    include: ['conformance/**/*.test.ts'],
    testTimeout: 240_000,
    pool: 'forks',
  },
});
