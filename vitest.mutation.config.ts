import { defineConfig } from 'vitest/config';
import { groupFromEnvironment } from './mutation/groups.mjs';
import base from './vitest.config';

// The unit test configuration narrowed to one mutation group's test files (stryker.config.mjs), without the type tests,
// in one worker: Stryker runs its own test runners side by side (its `concurrency`).
export default defineConfig({
  ...base,
  test: { ...base.test, include: groupFromEnvironment().tests, typecheck: { enabled: false }, maxWorkers: 1 },
});
