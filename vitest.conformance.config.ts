/**
 * `npm run conformance`: the comparisons with the real service's OpenAPI documents, which live
 * beside the repository (`../shared/spec/openapi/`), not in it. `npm test` never runs these, so
 * that a clone passes its own tests with nothing beside it; CI runs them where `../shared` exists.
 * The aliases and pool are those of vitest.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { missingSpecDocuments } from './scripts/conformance-spec.mjs';
import base from './vitest.config.ts';

const missing = missingSpecDocuments(fileURLToPath(new URL('.', import.meta.url)));
if (missing !== null) {
  console.error(`conformance: ${missing}`);
  process.exit(2);
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['conformance/**/*.test.ts'],
    testTimeout: 240_000,
    // The responses suite compiles both real documents and runs its scenario before its tests: past 10 s on a loaded machine.
    hookTimeout: 240_000,
  },
});
