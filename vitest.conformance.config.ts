/**
 * `npm run conformance`: the comparisons with the real service's OpenAPI documents, which live
 * beside the repository (`../shared/spec/openapi/`), not in it. `npm test` never runs these, so
 * that a clone passes its own tests with nothing beside it; CI runs them where `../shared` exists.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['conformance/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
