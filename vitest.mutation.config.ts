import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { defineConfig } from 'vitest/config';
import { groupFromEnvironment } from './mutation/groups.mjs';
import base from './vitest.config';

// The unit test configuration narrowed to one mutation group's test files (stryker.config.mjs), without the type tests,
// in one worker: Stryker runs its own test runners side by side (its `concurrency`).
//
// Stryker's Vitest runner starts a new worker for every mutant, which imports the engine afresh. Importing mathjs's
// ES modules (about a thousand files, and its entry builds the default instance with every function) took 5-9 s of
// each mutant's run on the loaded machine, against 1-2 s of tests. Here `mathjs` and `mathjs/number` resolve to
// one-file bundles of the names src/units/mathjs-instance.ts and test/units/mathjs-number-units.test.ts import (the same
// mathjs code, built by esbuild once per run): about 0.2 s to import. They are written under node_modules/.cache, so the worker imports them natively as it
// does mathjs.
const bundles = fileURLToPath(new URL('./node_modules/.cache/cdr-mutation/', import.meta.url));
const MATHJS_BUNDLES = [
  {
    find: /^mathjs$/,
    file: 'mathjs.mjs',
    // The unit factories src/units/mathjs-instance.ts reads; the rest is the full build's unit instance of
    // test/units/mathjs-number-units.test.ts.
    contents:
      "export { create, createCreateUnit, createUnitClass, createUnitDependencies, createUnitFunction, unitDependencies } from 'mathjs';",
  },
  {
    find: /^mathjs\/number$/,
    file: 'mathjs-number.mjs',
    contents: [
      'export { create, createAbs, createAddScalar, createDivideScalar, createEqual, createEqualScalar, createFormat, createIsNumeric,',
      "  createMultiplyScalar, createNumber, createPow, createRound, createSubtractScalar, createTyped, factory, parseDependencies } from 'mathjs/number';",
    ].join('\n'),
  },
];
const resolveDir = fileURLToPath(new URL('.', import.meta.url));
for (const { file, contents } of MATHJS_BUNDLES) {
  await build({
    stdin: { contents, resolveDir },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundles + file,
    logLevel: 'warning',
  });
}
const baseAliases = Array.isArray(base.resolve?.alias) ? base.resolve.alias : [];

export default defineConfig({
  ...base,
  resolve: { ...base.resolve, alias: [...MATHJS_BUNDLES.map(({ find, file }) => ({ find, replacement: bundles + file })), ...baseAliases] },
  test: { ...base.test, include: groupFromEnvironment().tests, typecheck: { enabled: false }, maxWorkers: 1 },
});
