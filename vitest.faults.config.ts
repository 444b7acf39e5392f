/**
 * The fault tests of `serve --state` (child servers under a file-size limit, in pid namespaces,
 * killed with -9): seconds each on an idle machine, minutes on a loaded one, so they run apart
 * from `npm test`, by `npm run test:faults` (.ci/run runs it after npm test). The aliases and pool
 * are those of vitest.config.ts; only the include differs (mergeConfig would add it to the unit
 * tests' include and run those a second time).
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/**/*.faults.ts'], testTimeout: 240_000, typecheck: { enabled: false } },
});
