import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The fault tests of `serve --state` (child servers under a file-size limit, in pid namespaces,
// killed with -9): seconds each on an idle machine, minutes on a loaded one, so they run apart
// from `npm test`, by `npm run test:faults` (.ci/run runs it after npm test).
export default mergeConfig(
  base,
  defineConfig({ test: { include: ['test/**/*.faults.ts'], testTimeout: 240_000, typecheck: { enabled: false } } }),
);
